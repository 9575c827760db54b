"""What a move's answer costs the browser before its first frame (static/js/table.js, look.js, panels.js), for every
game at a laptop's and a phone's size.

The time itself is the bench's to measure (`python -m app bench --browser`, docs/PERFORMANCE.md); these tests hold the
work that made it shorter, each a count that does not depend on the machine's speed:
- htmx does not walk the old board: table.js takes its parts out of the page before the swap, so htmx's cleanup
  sends its events for a few dozen elements (the bar's parts), not for the old board's thousand and more;
- the phone bar's height is given only to the drawer's tabs and panels, never to <html> (where each change made
  every element of the page compute its style again), and the tabs still sit just above the bar.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from games.registry import all_engines
from tests.support.driver import STEP_TIMEOUT_MS, BoardDriver
from tests.support.driver import start_game as start

pytestmark = pytest.mark.browser

SLUGS = [e.spec.slug for e in all_engines()]
MOVES = 3
SIZES = {"laptop": (1366, 900), "phone": (390, 844)}

_COUNT = """() => {
  window.__cost = {cleanups: 0, boardElements: document.querySelectorAll('#board *').length};
  if (window.__costWired) return;
  window.__costWired = true;
  document.addEventListener('htmx:beforeCleanupElement', () => { window.__cost.cleanups += 1; }, true);
}"""

_BAR = """() => {
  const bar = document.getElementById('table-bar');
  const tabs = document.querySelector('#board .table-side .panel-tabs');
  const fixed = tabs && getComputedStyle(tabs).position === 'fixed';
  return {onRoot: document.documentElement.style.getPropertyValue('--bar-height'),
          gap: fixed ? Math.round(bar.getBoundingClientRect().top - tabs.getBoundingClientRect().bottom) : null};
}"""

_TABS_ON_BAR = f"() => {{ const b = ({_BAR})(); return b.gap !== null && Math.abs(b.gap) <= 1; }}"


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("slug", SLUGS)
def test_a_move_swaps_the_board_without_walking_the_old_one(live_server, browser, page_problems, slug, size):
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        tab = context.new_page()
        page_problems.watch(tab)
        session_id = start(tab, live_server, slug)
        driver = BoardDriver(tab, live_server, session_id, slug, bot_seed=4)
        for n in range(MOVES):
            if driver.over():
                break
            tab.evaluate(_COUNT)
            action = driver.step()
            where = f"{slug} at {size}, move {n + 1} ({action})"
            cost = tab.evaluate("window.__cost")
            assert cost["boardElements"] > 300, f"{where}: a board of {cost['boardElements']} elements"
            assert cost["cleanups"] < 100, (
                f"{where}: htmx cleaned up {cost['cleanups']} elements (the old board had {cost['boardElements']})")
            bar = tab.evaluate(_BAR)
            assert not bar["onRoot"], f"{where}: the bar's height is set on <html> ({bar['onRoot']})"
            if size == "phone":  # the tabs follow the bar's new height in the frames after the move (a ResizeObserver)
                try:
                    tab.wait_for_function(_TABS_ON_BAR, timeout=STEP_TIMEOUT_MS)
                except PlaywrightTimeout:
                    gap = tab.evaluate(_BAR)["gap"]
                    raise AssertionError(f"{where}: the drawer's tabs stand {gap} px from the bar") from None
    finally:
        context.close()
    page_problems.assert_clean()
