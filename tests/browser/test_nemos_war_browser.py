"""Nemo's War in a real browser: a whole game played by clicking, with a reload mid-game, and the board's fit.

The heuristic bot decides (reading the saved state from the database); the page is only driven through its
buttons, a few by keyboard. The seed is rehearsed offline first, so the test knows how the game ends and after
how many moves, and checks that the clicked game ended exactly the same way.
"""

from __future__ import annotations

import re

import pytest

from tests.support.driver import BoardDriver, check_fits_screen, explained, take_back_a_move
from tests.support.motion import quick_motion
from tests.support.rehearsal import Rehearsal, rehearse

pytestmark = pytest.mark.browser

SLUG = "nemos_war"
BOT_SEED = 7
CANDIDATE_SEEDS = range(1, 400)
MIN_MOVES, MAX_MOVES = 80, 150  # a real voyage (a turn takes 4-6 moves), short enough to click in a minute
MOVES_BEFORE_RELOAD = 25
HEADLINE = {
    "won": re.compile(r"\byou won\b", re.I),
    "lost": re.compile(r"\byou lost\b", re.I),
    "finished": re.compile(r"\bvoyage is over\b", re.I),
}


def pick_seed() -> Rehearsal:
    """The first seed whose heuristic game ends, any way, within the move range."""
    for seed in CANDIDATE_SEEDS:
        plan = rehearse(SLUG, bot="heuristic", bot_seed=BOT_SEED, seed=seed)
        if MIN_MOVES <= plan.moves <= MAX_MOVES:
            return plan
    raise AssertionError(f"no seed gives a heuristic {SLUG} game of {MIN_MOVES}-{MAX_MOVES} moves")


def start_new_game(page, server, seed: int) -> str:
    """Library -> Nemo's War's page -> New game with this seed and the default options; the new session's id."""
    with explained(page, server, "opening the library and Nemo's War's page"):
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
    """The end screen says how the voyage ended, why, every score line and the score."""
    status = driver.api()["status"]
    assert status["state"] != "in_progress"
    assert driver.page_status() == status["state"]
    end = page.locator("#end-screen")
    end.wait_for(state="visible")
    text = end.inner_text()
    assert HEADLINE[status["state"]].search(text), f"the end screen does not say {status['state']}: {text[:300]!r}"
    if status["state"] == "lost":
        assert status["reason"], "a lost game does not say why"
    why = page.locator("#end-screen .end-why").inner_text().strip()  # the reason, in the board's own words
    assert len(why.split()) >= 6, f"the end screen does not say why the voyage ended: {why!r}"
    assert "week52" not in text and "last_ship" not in text, "a raw ending code is shown"
    assert status["breakdown"], "the game ended without a score breakdown"
    for line in status["breakdown"]:
        assert line["label"] in text, f"score line {line['label']!r} missing from the end screen"
    assert str(status["score"] if status["score"] is not None else 0) in text
    level = (driver.api()["view"].get("end") or {}).get("level")
    if level:
        assert level in text, f"the victory level {level!r} is missing from the end screen"
    assert not driver.page_actions(), "the finished game still offers action buttons"


def test_play_nemos_war_to_the_end_by_clicking(live_server, page, page_problems, artifacts):
    plan = pick_seed()
    session_id = start_new_game(page, live_server, plan.seed)
    driver = BoardDriver(page, live_server, session_id, SLUG, bot_seed=BOT_SEED)
    assert driver.page_status() == "in_progress"
    driver.check_buttons_match_api("at the start")
    driver.step(keyboard=True)
    driver.play(MOVES_BEFORE_RELOAD - 1)
    driver.check_buttons_match_api(f"after {driver.steps} moves")

    version = driver.version()
    with explained(page, live_server, "reloading the board"):
        page.reload()
        page.locator("#board").wait_for()
    assert driver.version() == version, "a reload did not bring the board back at the same version"
    driver.check_buttons_match_api("after a reload")
    driver.step(keyboard=True)

    driver.play(plan.moves // 2 - driver.steps)
    page.screenshot(path=str(artifacts / "nemos_war-board.png"), full_page=True)
    driver.play_to_end(max_moves=MAX_MOVES + 10, check_every=30)
    check_end_screen(page, driver)
    page.screenshot(path=str(artifacts / "nemos_war-end.png"), full_page=True)
    status = driver.api()["status"]
    assert driver.steps == plan.moves, f"the clicked game took {driver.steps} moves, the rehearsal {plan.moves}"
    assert status == plan.status.to_json(), f"the clicked game ended as {status}, the rehearsal as {plan.status}"
    page_problems.assert_clean()


def test_the_undo_button_takes_back_a_move(live_server, page, page_problems):
    session_id = start_new_game(page, live_server, seed=42)
    driver = BoardDriver(page, live_server, session_id, SLUG, bot_seed=BOT_SEED)
    take_back_a_move(page, live_server, driver)
    page_problems.assert_clean()


@pytest.mark.parametrize("width,height", [(390, 844), (820, 1180), (1280, 800)], ids=["phone", "tablet", "laptop"])
def test_the_board_fits_the_screen_and_every_action_is_visible(live_server, browser, page_problems, width, height):
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        tab = context.new_page()
        quick_motion(context, tab)
        page_problems.watch(tab)
        session_id = start_new_game(tab, live_server, seed=99)
        driver = BoardDriver(tab, live_server, session_id, SLUG, bot_seed=BOT_SEED)
        check_fits_screen(tab, driver, width, rounds=2, moves_between=4, exactly_one=True)
    finally:
        context.close()
    page_problems.assert_clean()
