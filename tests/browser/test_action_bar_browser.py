"""The action bar in a real browser (issue #15, items 1, 2 and 6), for every game at 390x844 and 1366x900.

After each of several moves (a bot decides, the page is clicked): the bar and its first action are in
view, focus is on that first action (never on Undo, where Enter twice would take the move back), the
live region that tells the last move is the same node as before with new words (the move's own log
lines), and the page does not scroll sideways. Keys: 1 presses the bar's first action, U undoes, ? opens
the list of keys and Esc closes it. Under prefers-reduced-motion the board swap runs no view transition.
"""

from __future__ import annotations

import pytest

from games.registry import all_engines
from tests.support.driver import BoardDriver, explained, start_game, wait_for_board

pytestmark = pytest.mark.browser

SLUGS = [e.spec.slug for e in all_engines()]
SIZES = [(390, 844), (1366, 900)]
MOVES = 6

_IN_VIEW = """sel => { const el = document.querySelector(sel); if (!el) return null;
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5; }"""
# Seen, not only on the screen: the point at its centre is the element itself (not clipped by a scroll box).
_SEEN = """sel => { const el = document.querySelector(sel); if (!el) return null;
  const r = el.getBoundingClientRect(); const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
  const hit = document.elementFromPoint(x, y); return !!hit && el.contains(hit); }"""
_FOCUS = """() => { const el = document.activeElement;
  return el ? (el.id || el.dataset.action || el.tagName.toLowerCase()) : null; }"""
# The bar's first choice: a button, or the summary that opens a group of them.
_FIRST_CHOICE = "#bar-actions .bar-buttons > button[data-action], #bar-actions .bar-buttons > details > summary"
_FIRST = f"""() => {{ const b = document.querySelector({_FIRST_CHOICE!r});
  return b && (b.dataset.action || b.tagName.toLowerCase()); }}"""
_FIRST_KEY = f"() => document.querySelector({_FIRST_CHOICE!r}).dataset.key"
_KEYS = """() => Object.fromEntries([...document.querySelectorAll('#bar-actions [data-key]')]
  .map(el => [el.dataset.action,
              [el.dataset.key, el.getAttribute('aria-keyshortcuts'), el.querySelector('.bar-key').textContent]]))"""
_MARK_LIVE = """() => { const live = document.getElementById('bar-summary');
  window.__live = live; window.__liveChild = live.firstElementChild; return live.textContent.trim(); }"""
_LIVE_NOW = """() => { const live = document.getElementById('bar-summary');
  const child = live.firstElementChild;
  return {same: live === window.__live, fresh: !!child && child !== window.__liveChild,
          polite: live.getAttribute('aria-live'), text: live.textContent.replace(/\\s+/g, ' ').trim()}; }"""


def newest_lines(driver: BoardDriver) -> list[str]:
    data = driver.api()
    return [" ".join(line["text"].split()) for line in data["log_tail"] if line["seq"] == data["version"]]


def check_bar(tab, driver: BoardDriver, where: str) -> None:
    assert tab.evaluate(_IN_VIEW, "#table-bar"), f"{where}: the action bar is not wholly in view"
    overflow = tab.evaluate("document.documentElement.scrollWidth - innerWidth")
    assert overflow <= 0, f"{where}: the page scrolls sideways by {overflow}px"
    if driver.over():
        return
    first = tab.evaluate(_FIRST)
    assert first, f"{where}: the game goes on but the bar offers no action"
    assert tab.evaluate(_IN_VIEW, _FIRST_CHOICE), f"{where}: the bar's first action is out of view"
    assert tab.evaluate(_SEEN, "#bar-undo") is not False, f"{where}: Undo is offered but hidden"


@pytest.mark.parametrize("width,height", SIZES, ids=["phone", "laptop"])
@pytest.mark.parametrize("slug", SLUGS)
def test_after_each_move_the_bar_is_in_view_focused_and_tells_the_move(live_server, browser, page_problems,
                                                                       slug, width, height):
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        tab = context.new_page()
        page_problems.watch(tab)
        session_id = start_game(tab, live_server, slug)
        driver = BoardDriver(tab, live_server, session_id, slug, bot_seed=3)
        check_bar(tab, driver, "on arrival")
        for n in range(MOVES):
            if driver.over():
                break
            tab.evaluate(_MARK_LIVE)
            action = driver.step()
            where = f"{slug} at {width}x{height}, after move {n + 1} ({action})"
            check_bar(tab, driver, where)
            live = tab.evaluate(_LIVE_NOW)
            assert live["same"], f"{where}: the live region was replaced (a new node announces nothing)"
            # A told move's summary is swapped in unheard (its steps were heard), then the region listens again.
            tab.wait_for_function("() => document.getElementById('bar-summary').getAttribute('aria-live') === 'polite'",
                                  timeout=2000)
            assert live["fresh"], f"{where}: the last-move summary did not change"
            lines = newest_lines(driver)
            assert live["text"].startswith("Last move:"), f"{where}: summary {live['text']!r}"
            if lines:
                assert lines[0] in live["text"], f"{where}: summary {live['text']!r} misses {lines[0]!r}"
            if not driver.over():
                focus = tab.evaluate(_FOCUS)
                assert focus == tab.evaluate(_FIRST), f"{where}: focus is on {focus!r}, not the bar's first action"
                assert focus not in ("undo", "bar-undo")
    finally:
        context.close()
    page_problems.assert_clean()


@pytest.mark.parametrize("width,height", SIZES, ids=["phone", "laptop"])
@pytest.mark.parametrize("slug", SLUGS)
def test_keys_1_and_u_play_and_undo(live_server, browser, page_problems, slug, width, height):
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        tab = context.new_page()
        page_problems.watch(tab)
        session_id = start_game(tab, live_server, slug, seed=8)
        driver = BoardDriver(tab, live_server, session_id, slug, bot_seed=4)
        assert tab.locator("#bar-actions button[data-key='1'] .bar-key").first.is_visible(), \
            "the first button shows its key"
        for _ in range(40):  # the first choice's key (1, or the one it kept) until a move can be undone
            first, before = tab.evaluate(_FIRST), driver.version()
            key = tab.evaluate(_FIRST_KEY)
            offered = {a["id"] for a in driver.api()["legal_actions"]}
            with explained(tab, live_server, f"pressing {key} ({first})"):
                tab.keyboard.press(key)
                wait_for_board(tab, before, at_version=False)
            assert driver.version() == before + 1
            if driver.api()["can_undo"]:
                break
        else:
            pytest.fail("no undoable move came up after 40 presses of key 1")
        assert tab.evaluate(_FOCUS) == tab.evaluate(_FIRST), "after a key press focus is on the bar's first action"
        version = driver.version()
        tab.evaluate(_MARK_LIVE)
        with explained(tab, live_server, "pressing U"):
            tab.keyboard.press("u")
            wait_for_board(tab, version, at_version=False)
        after = driver.api()
        assert after["version"] == version + 1, "U did not undo"
        assert {a["id"] for a in after["legal_actions"]} == offered, "U did not bring back the earlier choices"
        assert tab.evaluate(_LIVE_NOW)["fresh"], "the summary tells the undo"
        assert tab.evaluate(_FOCUS) not in ("undo", "bar-undo")
        tab.keyboard.press("?")
        assert tab.locator("#keys-help").is_visible(), "? opens the list of keys"
        tab.keyboard.press("Escape")
        assert not tab.locator("#keys-help").is_visible(), "Esc closes it"
    finally:
        context.close()
    page_problems.assert_clean()


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_board_swaps_at_once_without_a_view_transition(live_server, browser, page_problems, motion):
    """A view transition held the new table's first frame until htmx had settled and the page was captured twice
    (static/js/table.js): the board is swapped and settled, and no transition starts, whatever the motion setting."""
    context = browser.new_context(viewport={"width": 1366, "height": 900}, reduced_motion=motion)
    try:
        tab = context.new_page()
        page_problems.watch(tab)
        session_id = start_game(tab, live_server, "adamastor")
        driver = BoardDriver(tab, live_server, session_id, "adamastor", bot_seed=3)
        tab.evaluate("""() => { window.__vt = 0; window.__swapped = [];
          if (document.startViewTransition) {
            const start = document.startViewTransition.bind(document);
            document.startViewTransition = u => { window.__vt++; return start(u); };
          }
          document.addEventListener('htmx:beforeTransition', () => window.__vt++);
          document.addEventListener('htmx:afterSwap', e => {
            if (e.detail.target && e.detail.target.id === 'board')
              window.__swapped.push(document.querySelector('#board').dataset.version);
          });
          document.addEventListener('htmx:afterSettle', e => {
            if (e.detail.target && e.detail.target.id === 'board') window.__swapped.push('settled');
          }); }""")
        driver.step()
        assert tab.evaluate("window.__vt") == 0, "a view transition ran"
        swapped = tab.evaluate("window.__swapped")
        assert swapped and swapped[-1] == "settled", swapped
        live = tab.evaluate(_LIVE_NOW)
        assert live["text"].startswith("Last move:"), "reduced motion keeps the summary"
    finally:
        context.close()
    page_problems.assert_clean()


def test_a_choice_keeps_its_key_while_the_decision_only_loses_choices(live_server, browser, page_problems):
    """The keys were the choices' places in the bar: a choice taken, the ones after it moved up a number, and a key
    pressed a moment later took the choice after the one meant (in Call to Adventure, a card's 3 became the cast's).
    Adamastor, seed 1, the third move: four choices of a navigation; key 1 adds card 37 and leaves the other three,
    which keep 2, 3 and 4. The next decision with a new choice is numbered from 1 again."""
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    try:
        tab = context.new_page()
        page_problems.watch(tab)
        session_id = start_game(tab, live_server, "adamastor", seed=1)
        driver = BoardDriver(tab, live_server, session_id, "adamastor", bot_seed=1)
        driver.play(3)
        keys = tab.evaluate(_KEYS)
        assert keys == {"nav:add:37": ["1"] * 3, "nav:add:29": ["2"] * 3, "nav:move:s0.1.0": ["3"] * 3,
                        "nav:stop": ["4"] * 3}, keys
        before = driver.version()
        with explained(tab, live_server, "pressing 1"):
            tab.keyboard.press("1")
            wait_for_board(tab, before, at_version=False)
        assert tab.evaluate(_KEYS) == {"nav:add:29": ["2"] * 3, "nav:move:s0.1.0": ["3"] * 3, "nav:stop": ["4"] * 3}
        tab.keyboard.press("1")  # names no choice now: nothing happens
        tab.wait_for_timeout(300)
        assert driver.version() == before + 1
        with explained(tab, live_server, "pressing 3"):
            tab.keyboard.press("3")
            wait_for_board(tab, before + 1, at_version=False)
        keys = tab.evaluate(_KEYS)
        assert sorted(k[0] for k in keys.values()) == [str(n) for n in range(1, len(keys) + 1)], keys
    finally:
        context.close()
    page_problems.assert_clean()


_MENU = """() => { const open = [...document.querySelectorAll('#bar-actions details[open]')];
  const el = document.activeElement;
  return {open: open.length, focus: el ? (el.dataset.action || el.tagName.toLowerCase()) : null}; }"""


def test_a_group_of_the_bar_closes_as_a_menu_does(live_server, browser, page_problems):
    """A group of the bar ("Attempt… (6)") opened as a menu but did not close as one: Esc and a click elsewhere
    left it open over the table, the arrow keys did nothing, and two could stand open at once (Call to Adventure
    playtest). Esc closes it back onto its heading, the arrows go through its choices, a click outside closes it,
    and opening another closes the first."""
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    try:
        tab = context.new_page()
        page_problems.watch(tab)
        session_id = start_game(tab, live_server, "call_to_adventure", seed=8)
        driver = BoardDriver(tab, live_server, session_id, "call_to_adventure", bot_seed=8)
        for _ in range(30):
            if tab.locator("#bar-actions details summary[data-key]").count() >= 2:
                break
            driver.step()
        else:
            pytest.fail("no bar of two groups came up in 30 moves")
        first, second = tab.locator("#bar-actions details summary[data-key]").all()[:2]
        version = driver.version()
        actions = first.locator("xpath=..").locator("button[data-action]").evaluate_all(
            "els => els.map(e => e.dataset.action)")
        tab.keyboard.press(first.get_attribute("data-key"))
        assert tab.evaluate(_MENU) == {"open": 1, "focus": actions[0]}, "its key opens it on its first choice"
        tab.keyboard.press("ArrowDown")
        assert tab.evaluate(_MENU)["focus"] == actions[1], "the down arrow goes to its next choice"
        tab.keyboard.press("ArrowUp")
        tab.keyboard.press("ArrowUp")
        assert tab.evaluate(_MENU)["focus"] == "summary", "the up arrow goes back up to its heading"
        tab.keyboard.press("Escape")
        assert tab.evaluate(_MENU) == {"open": 0, "focus": "summary"}, "Esc closes it back onto its heading"
        first.click()
        second.click()
        assert tab.evaluate(_MENU)["open"] == 1, "opening another group closes the first"
        assert second.evaluate("el => el.parentElement.open"), "the one opened last is the one open"
        tab.locator("#table-bar .bar-prompt, #table-bar").first.click(position={"x": 5, "y": 5})
        assert tab.evaluate(_MENU)["open"] == 0, "a click outside closes it"
        assert driver.version() == version, "none of this made a move"
    finally:
        context.close()
    page_problems.assert_clean()
