"""Nemo's War on a laptop: at a combat, the emergency help (Aronnax, Ned Land, Conseil: what the decision may call
on) stands whole beside "Your move", the log panel yielding its room (static/css/board-nemos_war.css). A playtest
found it cut under the log at 1366x900, its list stopped at its first line.
"""

from __future__ import annotations

import re

import pytest

from tests.support.driver import BoardDriver, explained

pytestmark = pytest.mark.browser

# Seen, not only on the screen: the point at its centre is the element itself (not clipped by a scroll box).
_SEEN = """el => { const r = el.getBoundingClientRect(); const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (r.width === 0 || x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
  const hit = document.elementFromPoint(x, y); return !!hit && el.contains(hit); }"""


def test_at_a_combat_the_emergency_help_is_seen_whole(live_server, browser, page_problems):
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    try:
        tab = context.new_page()
        page_problems.watch(tab)
        with explained(tab, live_server, "starting a game of Nemo's War"):
            tab.goto(f"{live_server.base_url}/games/nemos_war")
            tab.locator('input[name="seed"]').fill("5")
            tab.locator("#new-game").click()
            tab.wait_for_url(re.compile(r"/play/[^/?#]+$"))
        driver = BoardDriver(tab, live_server, tab.url.rsplit("/", 1)[-1], "nemos_war", bot_seed=3)
        for _ in range(40):
            if tab.locator(".nw-at-combat").count() or driver.over():
                break
            driver.step()
        assert tab.locator(".nw-at-combat").count(), f"no combat within {driver.steps} moves"
        helpers = tab.locator(".nw-pass li")
        assert helpers.count() == 3
        for i in range(3):
            assert helpers.nth(i).evaluate(_SEEN), f"after {driver.steps} moves: helper {i + 1} of 3 is cut off"
        assert tab.locator(".table-panels").evaluate("el => el.getBoundingClientRect().height") > 100, "the log stays"
    finally:
        context.close()
    page_problems.assert_clean()
