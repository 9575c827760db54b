"""Platformer in a real browser: a whole solo game played by clicking, with a reload mid-game.

A bot decides (reading the saved state from the database), the page is only ever driven through its buttons:
dice, tower cells, cards and the decision panel. The seed is picked by rehearsing games offline first, so the
test knows it is heading for a win (with its score lines) and how many moves that takes.
"""

from __future__ import annotations

import re

import pytest

from tests.support.driver import BoardDriver, check_fits_screen, explained
from tests.support.motion import quick_motion
from tests.support.rehearsal import Rehearsal, rehearse

pytestmark = pytest.mark.browser

SLUG = "platformer"
BOT_SEED = 7
CANDIDATE_SEEDS = range(1, 200)
MOVES_BEFORE_RELOAD = 25
MAX_MOVES = 2000
LONGEST_GAME = 260  # keeps the whole test near two minutes on a shared machine
RESULT_WORDS = {
    "won": re.compile(r"\byou won\b", re.I),
    "lost": re.compile(r"\byou lost\b", re.I),
}


def shortest_plan(outcome: str, *, bot: str = "heuristic", min_moves: int = 2 * MOVES_BEFORE_RELOAD) -> Rehearsal:
    """The first rehearsed game with this outcome short enough to click through in time."""
    for seed in CANDIDATE_SEEDS:
        plan = rehearse(SLUG, bot=bot, bot_seed=BOT_SEED, seed=seed)
        if plan.status.state == outcome and min_moves <= plan.moves <= LONGEST_GAME:
            return plan
    raise AssertionError(f"no seed in {CANDIDATE_SEEDS} gives the {bot} bot a {outcome} game of "
                         f"{min_moves}-{LONGEST_GAME} moves")


def start_new_game(page, server, seed: int) -> str:
    """Library -> Platformer's page -> New game with this seed; returns the new session's id."""
    with explained(page, server, "opening the library and Platformer's page"):
        page.goto(f"{server.base_url}/")
        page.locator(f'a[data-game="{SLUG}"]').first.click()
        page.locator("#new-game").wait_for()
    with explained(page, server, "starting a new game"):
        page.locator('input[name="seed"]').fill(str(seed))
        page.locator("#new-game").click()
        page.wait_for_url(re.compile(r"/play/[^/?#]+$"))
        page.locator("#board").wait_for()
    return page.url.rstrip("/").rsplit("/", 1)[-1]


def check_end_screen(page, driver: BoardDriver) -> None:
    """The end screen says won or lost, the reason of a loss, every score line and the score."""
    status = driver.api()["status"]
    assert status["state"] in ("won", "lost"), f"the game ended as {status['state']!r}"
    assert driver.page_status() == status["state"]
    end = page.locator("#end-screen")
    end.wait_for(state="visible")
    text = end.inner_text()
    assert RESULT_WORDS[status["state"]].search(text), f"the end screen does not say {status['state']}: {text!r}"
    if status["state"] == "won":
        assert status["breakdown"], "a won game has no score breakdown"
    else:
        assert status["reason"] and status["reason"] in text, f"the reason {status['reason']!r} is not shown"
    for line in status["breakdown"]:
        assert line["label"] in text, f"score line {line['label']!r} missing from the end screen"
    assert str(status["score"] or 0) in text, f"final score {status['score']} missing from the end screen"
    assert not driver.page_actions(), "the finished game still offers action buttons"


def assert_same_outcome(driver: BoardDriver, plan: Rehearsal) -> None:
    status = driver.api()["status"]
    assert driver.steps == plan.moves, f"the clicked game took {driver.steps} moves, the rehearsal {plan.moves}"
    assert status == plan.status.to_json(), f"the clicked game ended as {status}, the rehearsal as {plan.status}"


def test_play_platformer_to_the_end_by_clicking(live_server, page, page_problems, artifacts):
    plan = shortest_plan("won")
    session_id = start_new_game(page, live_server, plan.seed)
    driver = BoardDriver(page, live_server, session_id, SLUG, bot_seed=BOT_SEED)
    assert driver.page_status() == "in_progress"
    styled = page.evaluate("getComputedStyle(document.querySelector('.tower-zone')).borderTopLeftRadius")
    assert styled not in ("", "0px"), "the board's stylesheet did not load"
    driver.check_buttons_match_api("at the start")

    driver.step(keyboard=True)
    driver.play(MOVES_BEFORE_RELOAD - 1)
    driver.check_buttons_match_api(f"after {driver.steps} moves")
    assert page.locator('link[href*="/css/board-platformer.css"]').count() == 1, "moves piled up stylesheets"

    version = driver.version()
    with explained(page, live_server, "reloading the board"):
        page.reload()
        page.locator("#board").wait_for()
    assert driver.version() == version, "a reload did not bring the board back at the same version"
    driver.check_buttons_match_api("after a reload")

    driver.play(plan.moves // 2 - driver.steps)
    page.screenshot(path=str(artifacts / "platformer-board.png"), full_page=True)
    driver.play_to_end(max_moves=MAX_MOVES, check_every=30)
    check_end_screen(page, driver)
    page.screenshot(path=str(artifacts / "platformer-end.png"), full_page=True)
    assert_same_outcome(driver, plan)
    page_problems.assert_clean()


@pytest.mark.parametrize("width,height", [(390, 844), (820, 1180)], ids=["phone", "tablet"])
def test_the_board_fits_the_screen_and_every_action_is_visible(live_server, browser, page_problems, width, height):
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        tab = context.new_page()
        quick_motion(context, tab)
        page_problems.watch(tab)
        session_id = start_new_game(tab, live_server, 5)
        driver = BoardDriver(tab, live_server, session_id, SLUG, bot_seed=BOT_SEED)
        check_fits_screen(tab, driver, width, rounds=3, moves_between=6)
    finally:
        context.close()
    page_problems.assert_clean()
