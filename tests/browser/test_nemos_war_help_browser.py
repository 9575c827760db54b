"""Nemo's War on a laptop: at a combat, the emergency help (Aronnax, Ned Land, Conseil: what the decision may call
on) stands whole beside "Your move", the log panel yielding its room (static/css/board-nemos_war.css). A playtest
found it cut under the log at 1366x900, its list stopped at its first line.
"""

from __future__ import annotations

import pytest

from tests.support.driver import SEEN, BoardDriver, start_game

pytestmark = pytest.mark.browser


def test_at_a_combat_the_emergency_help_is_seen_whole(live_server, browser, page_problems):
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    try:
        tab = context.new_page()
        page_problems.watch(tab)
        driver = BoardDriver(tab, live_server, start_game(tab, live_server, "nemos_war", seed=5), "nemos_war",
                             bot_seed=3)
        for _ in range(40):
            if tab.locator(".nw-at-combat").count() or driver.over():
                break
            driver.step()
        assert tab.locator(".nw-at-combat").count(), f"no combat within {driver.steps} moves"
        helpers = tab.locator(".nw-pass li")
        assert helpers.count() == 3
        for i in range(3):
            assert helpers.nth(i).evaluate(SEEN), f"after {driver.steps} moves: helper {i + 1} of 3 is cut off"
        assert tab.locator(".table-panels").evaluate("el => el.getBoundingClientRect().height") > 100, "the log stays"
    finally:
        context.close()
    page_problems.assert_clean()
