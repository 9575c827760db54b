"""Travel in a real browser (issue #15), on two phones (390x844 and 360x740).

What a move brought from somewhere plays a short animation from there (the server says where: data-from,
data-path; static/js/table.js animates): a drawn card from the deck, a falling Platformer hero through each
cell it passed. Nothing moves under prefers-reduced-motion: reduce, nor after a plain reload. Adamastor's
map on a phone has spaces a finger can use, scrolls inside its own box (never the page) and keeps the ship
in view after each move.
"""

from __future__ import annotations

import pytest

from games.engine import Rng
from games.registry import get_engine
from tests.browser.test_table_phones_browser import _session
from tests.support.driver import STEP_TIMEOUT_MS, action_selector
from tests.support.falls import SEED_OF_A_FALL, first_fall

pytestmark = pytest.mark.browser

PHONES = [{"width": 390, "height": 844}, {"width": 360, "height": 740}]
MOTIONS = ["no-preference", "reduce"]

# Right after the move's board has settled (table.js has had its turn: it listens first), what travels:
# each [data-from] element with the keyframe counts of its animations that move it, and the flying copies.
_RECORD = """() => {
  window.__travel = null;
  const moving = el => el.getAnimations().filter(a => a.effect && a.effect.getKeyframes()
    .some(f => f.transform && f.transform !== 'none')).map(a => a.effect.getKeyframes().length);
  document.addEventListener('htmx:afterSettle', () => {
    if (window.__travel) return;
    window.__travel = {
      movers: [...document.querySelectorAll('#board [data-from]')].map(el => ({
        part: el.dataset.part || '', from: el.dataset.from, path: el.dataset.path || '', moving: moving(el)})),
      ghosts: document.querySelectorAll('.travel-ghost').length};
  });
}"""
_LEFT_OVER = """() => document.querySelectorAll(
  '[data-from], [data-path], [data-took], .travelling, .travel-ghost').length"""
# The ship wholly inside the map's box, sideways (the box scrolls, the page does not).
_SHIP_IN_BOX = """() => {
  const box = document.querySelector('[data-follow="ship"]'), ship = box && box.querySelector('[data-part="ship"]');
  if (!ship) return false;
  const b = box.getBoundingClientRect(), s = (ship.closest('[data-place]') || ship).getBoundingClientRect();
  return s.left >= b.left - 1 && s.right <= b.left + box.clientWidth + 1;
}"""


def _tab(browser, server, sid: str, viewport: dict, motion: str = "no-preference"):
    # bypass_csp: the test's own wait_for_function strings are evaluated in the page
    context = browser.new_context(viewport=viewport, reduced_motion=motion, bypass_csp=True)
    tab = context.new_page()
    tab.set_default_timeout(STEP_TIMEOUT_MS)
    tab.goto(f"{server.base_url}/play/{sid}")
    tab.locator("#board").wait_for()
    return context, tab


def _move(tab, action: str) -> dict:
    """Click the action's visible button and return what travelled once the new board settled."""
    tab.evaluate(_RECORD)
    tab.locator(action_selector(action)).filter(visible=True).first.click()
    tab.wait_for_function("() => window.__travel !== null", timeout=STEP_TIMEOUT_MS)
    return tab.evaluate("() => window.__travel")


def _after(moves: int):
    """An `until` for _session: true once the bot has made `moves` moves."""
    made = iter(range(moves))
    return lambda eng, s: next(made, None) is None


@pytest.mark.parametrize("motion", MOTIONS)
@pytest.mark.parametrize("viewport", PHONES, ids=["390", "360"])
def test_a_drawn_card_travels_from_the_deck_but_not_on_reload(live_server, browser, viewport, motion):
    sid, _ = _session(live_server, "adamastor", 7, until=lambda eng, s: "draw" in {a.id for a in eng.legal_actions(s)})
    context, tab = _tab(browser, live_server, sid, viewport, motion)
    try:
        seen = _move(tab, "draw")
        drawn = [m for m in seen["movers"] if m["from"] == "deck"]
        assert drawn, f"no card came from the deck: {seen}"
        if motion == "reduce":
            assert not any(m["moving"] for m in seen["movers"]) and not seen["ghosts"], f"motion under reduce: {seen}"
        else:
            assert all(m["moving"] for m in drawn), f"the drawn card did not travel: {seen}"
        tab.reload()
        tab.locator("#board").wait_for()
        assert tab.evaluate(_LEFT_OVER) == 0, "a plain reload carries travel"
    finally:
        context.close()


@pytest.mark.parametrize("motion", MOTIONS)
@pytest.mark.parametrize("viewport", PHONES, ids=["390", "360"])
def test_a_falling_hero_steps_through_each_cell(live_server, browser, viewport, motion):
    # the first move of the heuristic bot that lets gravity drop the hero two cells or more
    n, action, cells = first_fall(SEED_OF_A_FALL)
    sid, s = _session(live_server, "platformer", SEED_OF_A_FALL, until=_after(n))
    context, tab = _tab(browser, live_server, sid, viewport, motion)
    try:
        seen = _move(tab, action)
        hero = [m for m in seen["movers"] if m["part"] == "hero"]
        assert hero and hero[0]["path"] == " ".join(cells), f"the hero's path: {seen}"
        if motion == "reduce":
            assert not hero[0]["moving"], f"the hero moves under reduce: {seen}"
        else:
            assert hero[0]["moving"] == [len(cells)], f"the hero does not step through each cell: {seen}"
    finally:
        context.close()


@pytest.mark.parametrize("viewport", PHONES, ids=["390", "360"])
def test_adamastor_map_on_a_phone_keeps_the_ship_in_its_box(live_server, browser, viewport):
    # seed 11: after 106 moves of the heuristic bot the ship sails the fourth map card, far right of the strip
    eng = get_engine("adamastor")
    sid, s = _session(live_server, "adamastor", 11, until=_after(106))
    assert s.ship.startswith("p3") or s.ship.startswith("s3"), s.ship
    context, tab = _tab(browser, live_server, sid, viewport)
    try:
        cell = tab.evaluate("() => document.querySelector('[data-follow] .space.cell').getBoundingClientRect().width")
        assert cell >= 44, f"map spaces are {cell}px wide"
        tab.wait_for_function(_SHIP_IN_BOX)
        rng = Rng.from_seed(11)
        for _ in range(4):
            actions = [a.id for a in eng.legal_actions(s)]
            sail = [a for a in actions if a.startswith("nav:move:")]
            action = sail[0] if sail else eng.bots["heuristic"].choose(eng, s, eng.legal_actions(s), rng)
            _move(tab, action)
            s, _ = eng.apply(s, action)
            tab.wait_for_function(_SHIP_IN_BOX)
            where = f"{viewport['width']}px, after {action}"
            assert tab.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0, \
                f"{where}: the page scrolls sideways"
            assert tab.evaluate("window.scrollX") == 0, f"{where}: the page was scrolled sideways"
            if eng.status(s).over:
                break
    finally:
        context.close()
