"""What just happened, in a real browser (issue #15, item 1), for every game at 1366x900.

Before each move the test remembers every [data-part] component (its data-at, class and text) and
watches the page: after the move, at least one component is lit with .just-changed, and every lit one
is new or reads differently from before (the highlight marks what the move changed, nothing else).
Every [data-vt] token that stands elsewhere after the move slides there from its old place (a transform
animation on it; one the answer says travelled, with data-from, travels along its path instead), and no name is
used twice.
Under prefers-reduced-motion: reduce the highlights stay, but no animation that moves anything (a transform:
the dice tumble, a token's slide) runs.
"""

from __future__ import annotations

import pytest

from games.registry import all_engines
from tests.support.driver import STEP_TIMEOUT_MS, BoardDriver
from tests.support.driver import start_game as start

pytestmark = pytest.mark.browser

SLUGS = [e.spec.slug for e in all_engines()]
MOVES = 3

# Remembers the parts and records, as it happens, each part lit and each animation running on the page
# (read a couple of frames after any class change, while the highlight is surely on).
_WATCH = """() => {
  const sig = el => (el.dataset.at || '') + '|' +
    (el.getAttribute('class') || '').replace(/\\bjust-changed\\b/, '').trim() + '|' +
    (el.textContent || '').replace(/\\s+/g, ' ').trim();
  const before = {};
  document.querySelectorAll('[data-part]').forEach(el => { before[el.dataset.part] = sig(el); });
  const spot = el => { const r = el.getBoundingClientRect(); return [Math.round(r.left), Math.round(r.top)]; };
  const stood = {};
  document.querySelectorAll('#board [data-vt]').forEach(el => { stood[el.dataset.vt] = spot(el); });
  const w = window.__watch = {sig, before, lit: [], anims: {}, spot, stood, slid: {}, look: null};
  if (window.__observer) window.__observer.disconnect();
  const look = () => {
    for (const a of document.getAnimations()) {
      const frames = a.effect && a.effect.getKeyframes ? a.effect.getKeyframes() : [];
      const name = a.animationName || a.transitionProperty || (a.effect && a.effect.pseudoElement) || 'other';
      const moves = frames.some(f => f.transform && f.transform !== 'none') ||
        (a.effect && (a.effect.pseudoElement || '').startsWith('::view-transition')) ;
      w.anims[name] = w.anims[name] || moves;
      const token = a.effect && a.effect.target && a.effect.target.dataset && a.effect.target.dataset.vt;
      if (token && moves) w.slid[token] = true;
    }
  };
  w.look = look;
  // A CSS animation is named as it starts, whatever the frame rate: on a loaded machine a short glow can begin and
  // end between two of the frames sampled below (getAnimations() then no longer lists it).
  if (!window.__started) {
    window.__started = true;
    document.addEventListener('animationstart', e => {
      const watch = window.__watch;
      if (watch) watch.anims[e.animationName] = watch.anims[e.animationName] || false;
    }, true);
  }
  window.__observer = new MutationObserver(records => {
    for (const r of records) {
      const el = r.target;
      if (el.classList && el.classList.contains('just-changed') && !w.lit.some(x => x.el === el)) {
        w.lit.push({el, part: el.dataset.part});
      }
    }
    requestAnimationFrame(() => { look(); requestAnimationFrame(look); });
  });
  window.__observer.observe(document.documentElement, {subtree: true, attributes: true, attributeFilter: ['class']});
}"""
# Read two frames after the first part lit: the glow starts with the frame that draws the class, which can come after
# the poll that saw the class (a page just loaded, a busy machine).
_LIT = """async () => { const w = window.__watch;
  await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
  w.look();
  return {lit: w.lit.map(x => x.part),
          same: w.lit.filter(x => x.el.isConnected && w.before[x.part] === w.sig(x.el)).map(x => x.part),
          anims: w.anims}; }"""
# Once nothing moves any more: each token, whether it stands elsewhere than before the move, and whether it slid.
_STILL = "() => !document.getAnimations().some(a => a.playState === 'running' && !a.animationName)"
_TOKENS = """() => { const w = window.__watch;
  return [...document.querySelectorAll('#board [data-vt]')].map(el => {
    const now = w.spot(el), was = w.stood[el.dataset.vt];
    return {vt: el.dataset.vt, moved: !!was && (Math.abs(was[0] - now[0]) > 2 || Math.abs(was[1] - now[1]) > 2),
            slid: !!w.slid[el.dataset.vt], travels: el.hasAttribute('data-from')};
  }); }"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
@pytest.mark.parametrize("slug", SLUGS)
def test_a_move_lights_what_it_changed_and_names_the_moving_tokens(live_server, browser, page_problems,
                                                                  slug, motion):
    context = browser.new_context(viewport={"width": 1366, "height": 900}, reduced_motion=motion)
    try:
        tab = context.new_page()
        page_problems.watch(tab)
        session_id = start(tab, live_server, slug)
        driver = BoardDriver(tab, live_server, session_id, slug, bot_seed=3)
        for n in range(MOVES):
            if driver.over():
                break
            tab.evaluate(_WATCH)
            action = driver.step()
            where = f"{slug} ({motion}), move {n + 1} ({action})"
            tab.wait_for_function("() => window.__watch.lit.length > 0", timeout=STEP_TIMEOUT_MS)
            seen = tab.evaluate(_LIT)
            assert seen["lit"], f"{where}: nothing was lit"
            assert all(seen["lit"]), f"{where}: a lit element carries no data-part"
            assert not seen["same"], f"{where}: lit although the move did not change them: {seen['same']}"
            assert "part-glow" in seen["anims"], f"{where}: the highlight does not glow ({seen['anims']})"
            if motion == "reduce":
                moving = [name for name, moves in seen["anims"].items() if moves]
                assert not moving, f"{where}: animations that move under reduced motion: {moving}"
            tab.wait_for_function(_STILL, timeout=STEP_TIMEOUT_MS)
            tokens = tab.evaluate(_TOKENS)
            assert tokens, f"{where}: no moving token on the board"
            for token in tokens:
                if motion == "reduce":
                    assert not token["slid"], f"{where}: {token['vt']} slid under reduced motion"
                elif token["moved"] and not token["travels"]:  # a traveller is animated along its path instead
                    assert token["slid"], f"{where}: {token['vt']} stands elsewhere but did not slide there"
            vts = [t["vt"] for t in tokens]
            assert len(vts) == len(set(vts)), f"{where}: a token's name is used twice: {vts}"
    finally:
        context.close()
    page_problems.assert_clean()
