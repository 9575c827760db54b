"""static/js/keep.js in a real browser: moves name the board parts the page holds, answers leave out the unchanged
ones, and the board after each swap is the board a reload shows (app/ui/keep.py).
"""

from __future__ import annotations

import re

import pytest

from tests.browser.test_call_to_adventure_browser import start_new_game
from tests.support.driver import BoardDriver

pytestmark = pytest.mark.browser

MOVES = 12
BOARD_WORDS = """() => [...document.querySelectorAll('#board x-keep')].map(k =>
  k.dataset.keep + '=' + k.dataset.h + ':' + k.textContent.replace(/\\s+/g, ' ').trim()).join('\\n')"""


def test_the_answers_leave_out_the_parts_the_page_holds(live_server, browser, page_problems):
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    try:
        tab = context.new_page()
        page_problems.watch(tab)
        claimed, left_out = [], []
        tab.on("request", lambda r: claimed.append(r.headers.get("x-kept", "")) if r.url.endswith("/act") else None)

        def answered(response):
            if response.url.endswith("/act"):
                left_out.append(len(re.findall(r" data-kept>", response.text())))
        tab.on("response", answered)
        session_id = start_new_game(tab, live_server, seed=11)
        driver = BoardDriver(tab, live_server, session_id, "call_to_adventure", bot_seed=3)
        for _ in range(MOVES):
            if driver.over():
                break
            driver.step()
            assert tab.locator("#board x-keep[data-kept]").count() == 0, "a left-out part stayed empty on the page"
            assert tab.locator("#board x-keep:empty").count() == 0
        swapped = tab.evaluate(BOARD_WORDS)
        tab.reload()
        tab.locator("#board").wait_for()
        assert tab.evaluate(BOARD_WORDS) == swapped, "the board after the moves is not the board a reload shows"
        assert claimed and all(re.fullmatch(r"(\S+:[0-9a-f]{16} ?)+", c) for c in claimed), claimed
        assert sum(left_out) >= MOVES, f"the answers left out only {sum(left_out)} parts in {len(left_out)} moves"
    finally:
        context.close()
    page_problems.assert_clean()
