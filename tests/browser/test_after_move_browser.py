"""The page's work after a move's answer runs once (static/js/app.js), in real Chromium.

htmx fires afterSettle on each element an answer swapped (the board, and each part of the bar swapped out of band).
What app.js does then (the logs kept scrolled to their last line, a notice brought into view, the focus put back,
the replay link following the board) reads the new layout each time it runs: it runs once an answer, when the board
itself has settled, not once per part.
"""

from __future__ import annotations

import pytest

from tests.support.driver import BoardDriver, start_game

pytestmark = pytest.mark.browser

# Counts each write app.js makes to a log's scrollTop (panels.js scrolls a log panel it shows again, on its own).
_SPY = r"""() => {
  const LOGS = '.log-lines, .chronicle, .game-log, .chronicle-turns';
  window.__logScrolls = 0;
  if (window.__spying) return;
  window.__spying = true;
  const own = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTop');
  Object.defineProperty(Element.prototype, 'scrollTop', {
    configurable: true, get() { return own.get.call(this); },
    set(v) { if (this.matches(LOGS) && /\/js\/app\.js/.test(new Error().stack)) window.__logScrolls += 1;
             own.set.call(this, v); },
  });
}"""
_LOGS = "() => document.querySelectorAll('.log-lines, .chronicle, .game-log, .chronicle-turns').length"


@pytest.mark.parametrize("slug", ["call_to_adventure", "adamastor"])
def test_a_moves_answer_scrolls_each_log_once(browser, live_server, slug):
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    driver = BoardDriver(page, live_server, start_game(page, live_server, slug), slug, bot_seed=3)
    for _ in range(3):
        page.evaluate(_SPY)
        driver.step()
        logs = page.evaluate(_LOGS)
        assert logs, "the board shows its log"
        assert page.evaluate("window.__logScrolls") == logs, "each log scrolled once after the move"
    context.close()
