"""Nemo's War in Spanish in a real browser (issue #16): the game opened with ?lang=es and played to its end by
clicking; the page says <html lang="es">, and the prompt, the turn bar, the log and the end screen read Spanish."""

from __future__ import annotations

import re

import pytest

from tests.browser.test_nemos_war_browser import BOT_SEED, MAX_MOVES, pick_seed
from tests.support.driver import BoardDriver, explained

pytestmark = pytest.mark.browser

SLUG = "nemos_war"
ENGLISH = re.compile(r"\b(Your move|Log book|Notoriety|Liberation|Hull|Crew|Turn \d|week \d|Score now|"
                     r"The voyage|you lost|you won|preparation roll)\b")


def start_in_spanish(page, server, seed: int) -> str:
    with explained(page, server, "opening Nemo's War's page in Spanish"):
        page.goto(f"{server.base_url}/games/{SLUG}?lang=es")
        page.locator("#new-game").wait_for()
    assert page.locator("html").get_attribute("lang") == "es"
    assert "Cómo se juega" in page.locator(".howto").inner_text()
    with explained(page, server, "starting a new game"):
        page.locator('input[name="seed"]').fill(str(seed))
        page.locator("#new-game").click()
        page.wait_for_url(re.compile(r"/play/[^/?#]+$"))
        page.locator("#board").wait_for()
    return page.url.rstrip("/").rsplit("/", 1)[-1]


def check_spanish(page, when: str) -> None:
    assert page.locator("html").get_attribute("lang") == "es", when
    prompt = page.locator("#board .decision .prompt").inner_text()
    bar = page.locator("#board .turn-no").inner_text()
    log = page.locator("#board .game-log").inner_text()
    assert "Turno" in bar and "semana" in bar, (when, bar)
    assert "Cuaderno de bitácora" in log, (when, log[:200])
    for part, text in (("prompt", prompt), ("bar", bar), ("log", log)):
        assert not ENGLISH.search(text), (when, part, ENGLISH.search(text).group(0), text[:300])


# A player who asked for no motion: the game in Spanish played through that path of the page (the English
# games play with motion).
@pytest.mark.reduced_motion
def test_play_nemos_war_in_spanish_to_the_end_by_clicking(live_server, page, page_problems, artifacts):
    plan = pick_seed()
    session_id = start_in_spanish(page, live_server, plan.seed)
    driver = BoardDriver(page, live_server, session_id, SLUG, bot_seed=BOT_SEED)
    check_spanish(page, "at the start")
    assert "Elige el Compromiso de Nemo" in page.locator("#board .decision .prompt").inner_text()
    driver.play(20)
    check_spanish(page, "after 20 moves")
    log = page.locator("#board .game-log").inner_text()
    assert "Semana" in log and "tirada de Preparación" in log, log[:400]
    driver.play(plan.moves // 2 - driver.steps)
    check_spanish(page, "mid-game")
    page.screenshot(path=str(artifacts / "nemos_war-es-board.png"), full_page=True)
    driver.play_to_end(max_moves=MAX_MOVES + 10)
    end = page.locator("#end-screen")
    end.wait_for(state="visible")
    text = end.inner_text()
    assert "El viaje ha terminado" in text or "se ha perdido" in text or "El Imperio se impone" in text, text[:300]
    assert "puntuación" in text.lower() and "Total" in text and "Jugar otra vez" in text, text[:300]
    assert not ENGLISH.search(text), (ENGLISH.search(text).group(0), text[:400])
    page.screenshot(path=str(artifacts / "nemos_war-es-end.png"), full_page=True)
    assert driver.steps == plan.moves and driver.api()["status"] == plan.status.to_json()
    page_problems.assert_clean()
