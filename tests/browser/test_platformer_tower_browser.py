"""Platformer's tower as a player first sees it, on a laptop and on a phone.

The moves and the log name a cell by level, row and column ("Step to level 1, row 2, column 5"): the tower numbers
its columns above and below and each level's rows beside it, and each number stands in line with its cells. Levels
not in play yet are one-line strips at every size, so the level the hero starts on is seen without scrolling.
"""

from __future__ import annotations

import pytest

from tests.support.driver import SEEN, start_game
from tests.support.table_checks import LAPTOP, PHONE

pytestmark = pytest.mark.browser

# The middles of the elements a selector finds, in page order.
_MIDDLES = """els => els.map(e => { const r = e.getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2]; })"""


@pytest.mark.parametrize("size", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_the_tower_numbers_its_rows_and_columns_and_shows_level_one_at_once(live_server, browser, size):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, reduced_motion="reduce")
    tab = context.new_page()
    try:
        start_game(tab, live_server, "platformer", seed=5)
        level = tab.locator('.tower .level[data-level="1"]')
        cells = level.locator(".tile-map > .cell")
        assert cells.count() == 32, "level 1 is revealed: four rows of eight cells"
        for corner in (cells.first, cells.last):
            assert corner.evaluate(SEEN), f"level 1's corner cell {corner.get_attribute('data-part')} is not seen"
        for strip in tab.locator(".tower .level.lv-hidden").all():
            height = strip.bounding_box()["height"]
            assert height < 60, f"an unexplored level is {height:.0f}px tall, not a strip"

        middles = cells.evaluate_all(_MIDDLES)
        bottom_row, first_column = middles[24:], middles[::8]
        for ruler in tab.locator(".tower .col-nums").all():
            numbers = ruler.locator("span:not(.col-gap)")
            assert numbers.all_inner_texts() == [str(n) for n in range(1, 9)]
            for (x, _), (cell_x, _) in zip(numbers.evaluate_all(_MIDDLES), bottom_row, strict=True):
                assert abs(x - cell_x) <= 1.5, f"a column number stands at x={x:.0f}, its cells at x={cell_x:.0f}"
        assert tab.locator(".tower .col-nums").count() == 2, "the columns are numbered above and below the tower"
        rows = level.locator(".row-nums span")
        assert rows.all_inner_texts() == ["4", "3", "2", "1"], "rows count from the level's bottom, as the moves do"
        for (_, y), (_, cell_y) in zip(rows.evaluate_all(_MIDDLES), first_column, strict=True):
            assert abs(y - cell_y) <= 1.5, f"a row number stands at y={y:.0f}, its cells at y={cell_y:.0f}"
        assert tab.evaluate("document.documentElement.scrollWidth") <= size[0], "nothing scrolls sideways"
    finally:
        context.close()
