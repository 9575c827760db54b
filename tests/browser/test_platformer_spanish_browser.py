"""Platformer in Spanish in a real browser (issue #16): the game page opened with ?lang=es, a new game started from
its form, and the whole game played to its end by clicking; the page says <html lang="es">, and the prompt, the
action bar, the log and the end screen read Spanish (the rulebook's words), with no English sentence left."""

from __future__ import annotations

import re

import pytest

from tests.support.driver import BoardDriver, explained
from tests.support.rehearsal import Rehearsal, rehearse

pytestmark = pytest.mark.browser

SLUG = "platformer"
BOT_SEED = 7
SHORTEST = 110  # keeps the test near a minute on a shared machine
ENGLISH = re.compile(r"\b(Dice pool|Your move|Adventure log|Rolled|Turn \d|Event:|Enemy die|The tower|Gravity now|"
                     r"Respawn|Use the|End the action step|Score if you win)\b")


def won_plan() -> Rehearsal:
    """The first rehearsed win short enough to click through in time."""
    for seed in range(1, 200):
        plan = rehearse(SLUG, bot="heuristic", bot_seed=BOT_SEED, seed=seed)
        if plan.status.state == "won" and plan.moves <= SHORTEST:
            return plan
    raise AssertionError("no short won game to play")


def spanish_parts(page) -> dict[str, str]:
    return {"prompt": page.locator("#board .prompt").inner_text(),
            "bar": page.locator("#bar-prompt").inner_text(),
            "log": page.locator("#board .chronicle").inner_text(),
            "board": page.locator("#board").inner_text()}


# A player who asked for no motion: the game in Spanish played through that path of the page (the English
# games play with motion).
@pytest.mark.reduced_motion
def test_play_platformer_in_spanish_to_the_end_by_clicking(live_server, page, page_problems, artifacts):
    plan = won_plan()
    with explained(page, live_server, "opening Platformer's page in Spanish"):
        page.goto(f"{live_server.base_url}/games/{SLUG}?lang=es")
        page.locator("#new-game").wait_for()
    assert page.locator("html").get_attribute("lang") == "es"
    assert "Cómo se juega" in page.locator("main").inner_text()
    with explained(page, live_server, "starting a new game in Spanish"):
        page.locator('input[name="seed"]').fill(str(plan.seed))
        page.locator("#new-game").click()
        page.wait_for_url(re.compile(r"/play/[^/?#]+$"))
        page.locator("#board").wait_for()
    assert page.locator("html").get_attribute("lang") == "es", "the language did not stick (lang cookie)"
    session_id = page.url.rstrip("/").rsplit("/", 1)[-1]
    driver = BoardDriver(page, live_server, session_id, SLUG, bot_seed=BOT_SEED)

    start = spanish_parts(page)
    assert start["prompt"].startswith("Tu Héroe está fuera del Mapa"), start["prompt"]
    assert "Reaparecer" in start["bar"] or "Reaparecer" in start["prompt"], start["bar"]
    assert "Reserva de Dados" in start["board"] and "Diario de la aventura" in start["board"]

    driver.play(plan.moves // 2)
    middle = spanish_parts(page)
    log = middle["log"].lower()  # the turn headings are drawn in capitals
    assert "turno" in log and "tirada:" in log and "evento:" in log and "diario de la aventura" in log, log
    assert "Dado de Enemigo" in middle["board"], middle["board"]
    # the gems' count is drawn with their symbol, named for a screen reader (as text only in some positions)
    assert page.locator('#board .roll-line [aria-label="Gemas"]').count() == 1
    assert not ENGLISH.search(middle["board"]), ENGLISH.search(middle["board"])
    assert not ENGLISH.search(page.locator("#bar-prompt").inner_text())
    page.screenshot(path=str(artifacts / "platformer-es-board.png"), full_page=True)

    driver.play_to_end(max_moves=plan.moves * 2, check_every=40)
    end = page.locator("#end-screen")
    end.wait_for(state="visible")
    text = end.inner_text().lower()  # the caption is drawn in capitals
    assert "has ganado" in text and "puntuación" in text and "enemigos derrotados" in text, text
    assert "has derrotado a" in text and "jugar otra vez" in text, text
    assert not ENGLISH.search(page.locator("#board").inner_text())
    assert page.locator("html").get_attribute("lang") == "es"
    assert driver.api()["status"]["state"] == "won" and driver.steps == plan.moves
    page.screenshot(path=str(artifacts / "platformer-es-end.png"), full_page=True)
    page_problems.assert_clean()
