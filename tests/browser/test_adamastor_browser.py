"""Adamastor in a real browser: whole games played by clicking, with a reload and a resume.

A bot decides (reading the saved state from the database), the page is only ever driven through
its buttons, some steps by keyboard. Each game's seed is picked by rehearsing it offline first, so
the test knows it is heading for a win (or a loss) and how many moves that takes.
"""

from __future__ import annotations

import re

import pytest

from tests.support.driver import (
    BoardDriver,
    action_selector,
    check_fits_screen,
    explained,
    take_back_a_move,
    wait_for_board,
)
from tests.support.motion import quick_motion
from tests.support.rehearsal import first_seed_ending

pytestmark = pytest.mark.browser

GAME_SEED = 2024
BOT_SEED = 7
CANDIDATE_SEEDS = range(1, 1000)
MOVES_BEFORE_RELOAD = 30
MAX_MOVES = 1500
RESULT_WORDS = {
    "won": re.compile(r"\b(won|win|victor\w*|success\w*)\b", re.I),
    "lost": re.compile(r"\b(lost|lose|defeat\w*|fail\w*)\b", re.I),
}


def start_new_game(page, server, seed: int = GAME_SEED) -> str:
    """Library -> Adamastor's page -> New game with this seed; returns the new session's id."""
    with explained(page, server, "opening the library and Adamastor's page"):
        page.goto(f"{server.base_url}/")
        page.locator('a[data-game="adamastor"]').first.click()
        page.locator("#new-game").wait_for()
    with explained(page, server, "starting a new game"):
        page.locator('input[name="seed"]').fill(str(seed))
        page.locator("#new-game").click()
        page.wait_for_url(re.compile(r"/play/[^/?#]+$"))
        page.locator("#board").wait_for()
    return page.url.rstrip("/").rsplit("/", 1)[-1]


def resume_from_saves(page, server, session_id: str) -> None:
    with explained(page, server, "resuming the game from the saves page"):
        page.goto(f"{server.base_url}/saves")
        page.locator(f'a.resume[data-session="{session_id}"]').click()
        page.wait_for_url(re.compile(rf"/play/{re.escape(session_id)}$"))
        page.locator("#board").wait_for()


def check_end_screen(page, driver: BoardDriver) -> None:
    """The end screen says won or lost, and why: the score lines of a win, the reason for a loss."""
    status = driver.api()["status"]
    assert status["state"] in ("won", "lost"), f"the game ended as {status['state']!r}"
    assert driver.page_status() == status["state"]
    end = page.locator("#end-screen")
    end.wait_for(state="visible")
    text = end.inner_text()
    assert RESULT_WORDS[status["state"]].search(text), (
        f"the end screen does not say the game was {status['state']}: {text!r}"
    )
    if status["state"] == "won":
        assert status["breakdown"], "a won game has no score breakdown"
    else:
        assert status["reason"], "a lost game does not say why"
    if status["reason"]:  # said in words (the rulebook's endings), never as the engine's code ("mutiny")
        why = end.locator(".end-reason").inner_text()
        assert len(why.split()) >= 8 and why.strip(". ") != status["reason"], f"the end screen's why: {why!r}"
        if status["reason"] == "mutiny":
            assert "Mutiny on board: 3 or more icons of each threat" in why, why
        elif status["reason"].startswith("demoralised"):
            assert "demoralised" in why and "Sailing deck" in why, why
    for line in status["breakdown"]:
        assert line["label"] in text, f"score line {line['label']!r} missing from the end screen"
    if status["score"] is not None:
        assert str(status["score"]) in text, f"final score {status['score']} missing from the end screen"
    assert not driver.page_actions(), "the finished game still offers action buttons"


def test_play_adamastor_to_the_end_by_clicking(live_server, page, page_problems, artifacts):
    plan = first_seed_ending(
        "adamastor", "won", bot="heuristic", bot_seed=BOT_SEED, seeds=CANDIDATE_SEEDS, min_moves=2 * MOVES_BEFORE_RELOAD
    )
    session_id = start_new_game(page, live_server, plan.seed)
    driver = BoardDriver(page, live_server, session_id, "adamastor", bot_seed=BOT_SEED)
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
    driver.play(5)

    version = driver.version()
    resume_from_saves(page, live_server, session_id)
    assert driver.version() == version, "resuming from the saves page did not bring back the same version"
    driver.check_buttons_match_api("after resuming from the saves page")
    driver.step(keyboard=True)

    driver.play(plan.moves // 2 - driver.steps)
    page.screenshot(path=str(artifacts / "adamastor-board.png"), full_page=True)
    driver.play_to_end(max_moves=MAX_MOVES, check_every=40)
    check_end_screen(page, driver)
    page.screenshot(path=str(artifacts / "adamastor-end.png"), full_page=True)
    assert_same_outcome(driver, plan)
    page_problems.assert_clean()


def test_a_lost_game_ends_on_a_screen_that_says_why(live_server, page, page_problems, artifacts):
    plan = first_seed_ending("adamastor", "lost", bot="random", bot_seed=BOT_SEED, seeds=CANDIDATE_SEEDS, min_moves=10)
    session_id = start_new_game(page, live_server, plan.seed)
    driver = BoardDriver(page, live_server, session_id, "adamastor", bot_seed=BOT_SEED, bot="random")
    driver.step(keyboard=True)
    driver.play_to_end(max_moves=MAX_MOVES, check_every=10)
    check_end_screen(page, driver)
    page.screenshot(path=str(artifacts / "adamastor-lost.png"), full_page=True)
    assert_same_outcome(driver, plan)
    page_problems.assert_clean()


def assert_same_outcome(driver: BoardDriver, plan) -> None:
    """The game clicked through the page ended exactly as the offline rehearsal did."""
    status = driver.api()["status"]
    assert driver.steps == plan.moves, f"the clicked game took {driver.steps} moves, the rehearsal {plan.moves}"
    assert status == plan.status.to_json(), f"the clicked game ended as {status}, the rehearsal as {plan.status}"


def test_a_stale_tab_gets_the_current_board_and_a_notice(live_server, browser, page, page_problems):
    session_id = start_new_game(page, live_server)
    driver = BoardDriver(page, live_server, session_id, "adamastor", bot_seed=BOT_SEED)
    old_version = driver.version()
    stale_action = driver.bot.choose(
        driver.engine, driver.state(), driver.engine.legal_actions(driver.state()), driver.rng
    )

    other = browser.new_context().new_page()
    page_problems.watch(other)
    try:
        other.goto(page.url)
        other.locator("#board").wait_for()
        other_driver = BoardDriver(other, live_server, session_id, "adamastor", bot_seed=BOT_SEED + 1)
        other_driver.step()
        current = other_driver.version()
    finally:
        other.context.close()

    with explained(page, live_server, f"clicking {stale_action!r} in the stale tab"):
        page.locator(action_selector(stale_action)).filter(visible=True).first.click()
        wait_for_board(page, current, at_version=True)
    notice = page.locator("#notice")
    assert notice.first.is_visible(), "the stale tab shows no notice"
    assert notice.first.inner_text().strip(), "the stale tab's notice is empty"
    assert driver.api()["version"] == current == old_version + 1, "the stale click was applied"
    driver.check_buttons_match_api("after the stale click")
    page_problems.assert_clean(expected_statuses=(409,))


def test_the_undo_button_takes_back_a_move(live_server, page, page_problems):
    session_id = start_new_game(page, live_server)
    driver = BoardDriver(page, live_server, session_id, "adamastor", bot_seed=BOT_SEED)
    take_back_a_move(page, live_server, driver)
    page_problems.assert_clean()


@pytest.mark.parametrize("width,height", [(390, 844), (820, 1180), (1280, 800)], ids=["phone", "tablet", "laptop"])
def test_the_board_fits_the_screen_and_every_action_is_visible(live_server, browser, page_problems, width, height):
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        tab = context.new_page()
        quick_motion(context, tab)
        page_problems.watch(tab)
        session_id = start_new_game(tab, live_server)
        driver = BoardDriver(tab, live_server, session_id, "adamastor", bot_seed=BOT_SEED)
        check_fits_screen(tab, driver, width, rounds=3, moves_between=8)
    finally:
        context.close()
    page_problems.assert_clean()
