"""A group of the action bar (one piece's choices behind one button, app/ui/bar.py) opens where every choice in it
can be seen and pressed, on a phone (the bar stuck to the bottom of the screen, its choices in a box of their own)
as on a laptop: the first choice at once, each of the others at most a scroll of the bar's box away, never past
the screen's edge. A game is played by its bot until the bar offers a group; then the group is opened and its last
choice pressed, as a player would.
"""

from __future__ import annotations

import pytest

from games.registry import all_engines
from tests.support.driver import SEEN, BoardDriver, start_game

pytestmark = pytest.mark.browser

SLUGS = [e.spec.slug for e in all_engines()]
SIZES = [(390, 844), (1366, 900)]
MAX_MOVES = 60

_GROUP = "#bar-actions .bar-buttons > details.bar-group"


@pytest.mark.parametrize("width,height", SIZES, ids=["phone", "laptop"])
@pytest.mark.parametrize("slug", SLUGS)
def test_an_opened_group_shows_every_choice_on_the_screen(live_server, browser, page_problems, slug, width, height):
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        tab = context.new_page()
        page_problems.watch(tab)
        driver = BoardDriver(tab, live_server, start_game(tab, live_server, slug, seed=5), slug, bot_seed=3)
        for _ in range(MAX_MOVES):
            if tab.locator(_GROUP).count() or driver.over():
                break
            driver.step()
        assert tab.locator(_GROUP).count(), f"{slug}: no group in the bar within {driver.steps} moves"
        where = f"{slug} at {width}x{height} after {driver.steps} moves"
        group = tab.locator(_GROUP).first
        group.locator("summary").click()
        choices = group.locator(".bar-group-choices button[data-action]")
        count = choices.count()
        assert count >= 2, f"{where}: the group holds {count} choices"
        assert choices.first.evaluate(SEEN), f"{where}: the group's first choice is not seen when it opens"
        for i in range(count):
            choice = choices.nth(i)
            choice.evaluate("el => el.scrollIntoView({block: 'nearest'})")
            assert choice.evaluate(SEEN), f"{where}: choice {i + 1} of {count} cannot be brought into view"
            box = choice.bounding_box()
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= height + 0.5, f"{where}: choice {i + 1}"
        last = choices.nth(count - 1)
        action = last.get_attribute("data-action")
        before = driver.version()
        last.click()
        tab.wait_for_function(f"() => Number(document.getElementById('board').dataset.version) > {before}")
        assert driver.version() == before + 1, f"{where}: pressing {action!r} did not play it"
    finally:
        context.close()
    page_problems.assert_clean()
