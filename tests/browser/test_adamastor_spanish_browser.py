"""Adamastor in Spanish in a real browser (issue #16): opened with ?lang=es, a whole game is played by clicking,
and the page, its prompt, action bar, log and end screen read in Spanish with the rulebook's terms."""

from __future__ import annotations

import re

import pytest

from tests.browser.test_adamastor_browser import BOT_SEED, CANDIDATE_SEEDS, MAX_MOVES
from tests.support.driver import BoardDriver, explained
from tests.support.rehearsal import first_seed_ending

pytestmark = pytest.mark.browser

SLUG = "adamastor"
ENGLISH = re.compile(r"\b(Your move|Adventure Row|Your hand|Sailing deck|Ship's log|End the Actions phase|"
                     r"Draw a card|Navigate|Swap|Weather|You lose|you lost|you won|Turn \d+ begins)\b")


# A player who asked for no motion: the game in Spanish played through that path of the page (the English
# games play with motion).
@pytest.mark.reduced_motion
def test_play_a_whole_voyage_in_spanish_by_clicking(live_server, page, page_problems, artifacts):
    plan = first_seed_ending(SLUG, "lost", bot="random", bot_seed=BOT_SEED, seeds=CANDIDATE_SEEDS, min_moves=10)
    with explained(page, live_server, "opening Adamastor's page in Spanish"):
        page.goto(f"{live_server.base_url}/games/{SLUG}?lang=es")
        assert page.locator("html").get_attribute("lang") == "es"
        assert "Cómo se juega" in page.locator("body").inner_text()
        page.locator('input[name="seed"]').fill(str(plan.seed))
        page.locator("#new-game").click()
        page.wait_for_url(re.compile(r"/play/[^/?#]+$"))
        page.locator("#board").wait_for()
    session_id = page.url.rstrip("/").rsplit("/", 1)[-1]
    assert page.locator("html").get_attribute("lang") == "es"
    driver = BoardDriver(page, live_server, session_id, SLUG, bot_seed=BOT_SEED, bot="random")

    prompt = page.locator("#board .decision .prompt").inner_text()
    assert prompt.startswith("Elige la fila en la que empieza tu barco"), prompt
    assert "Tu jugada" in page.locator("#board .decision").inner_text()

    driver.step(keyboard=True)
    driver.play(4)
    board = page.locator("#board").inner_text()
    for term in ("Fila de aventuras", "Tu mano", "Moral", "Experiencia", "Clima", "Eventos",
                 "Cuaderno de bitácora", "El barco zarpa"):
        assert term in board, term
    assert not ENGLISH.search(board), ENGLISH.search(board)
    buttons = " ".join(page.locator("#board button[data-action]").all_inner_texts())
    assert re.search(r"Robar una carta|Intercambiar|Navegar|Terminar|Descartar|Dejar de navegar", buttons), buttons

    driver.play_to_end(max_moves=MAX_MOVES, check_every=20)
    end = page.locator("#end-screen")
    end.wait_for(state="visible")
    text = end.inner_text()
    assert "has perdido" in text and "puntuación" in text.lower() and "Total" in text, text
    why = end.locator(".end-reason").inner_text()
    assert why.startswith(("Motín a bordo", "La tripulación está desmoralizada")), why
    assert not ENGLISH.search(page.locator("#board").inner_text())
    assert page.locator("html").get_attribute("lang") == "es"
    page.screenshot(path=str(artifacts / "adamastor-es-end.png"), full_page=True)
    page_problems.assert_clean()
