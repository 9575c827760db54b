"""Call to Adventure in Spanish in a real browser (issue #16): opened with ?lang=es, a whole game is played by
clicking, and the page, its prompt, action bar, log and end screen read in Spanish."""

from __future__ import annotations

import re

import pytest

from tests.browser.test_call_to_adventure_browser import BOT_SEED, MAX_MOVES, SLUG, shortest_game
from tests.support.driver import BoardDriver, explained

pytestmark = pytest.mark.browser

ENGLISH = re.compile(r"\b(Your move|End your turn|The tale so far|Choose the|Cast the runes|You keep|you lost|"
                     r"you won)\b")


# A player who asked for no motion: the game in Spanish played through that path of the page (the English
# games play with motion).
@pytest.mark.reduced_motion
def test_play_a_whole_game_in_spanish_by_clicking(live_server, page, page_problems, artifacts):
    plan = shortest_game("lost", "random", min_moves=10)
    with explained(page, live_server, "opening Call to Adventure's page in Spanish"):
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
    assert prompt.startswith("Elige la carta de"), prompt
    assert "Tu jugada" in page.locator("#board .decision").inner_text()
    buttons = " ".join(page.locator("#board button[data-action]").all_inner_texts())
    assert "Quedarte" in buttons, buttons

    driver.step(keyboard=True)
    driver.play(6)
    log = page.locator("#board .game-log").inner_text()
    assert "La historia hasta ahora" in log and "Te quedas" in log, log
    board = page.locator("#board").inner_text()
    assert not ENGLISH.search(board), ENGLISH.search(board)
    for term in ("Runas", "Pista de Corrupción", "Experiencia", "Destino"):
        assert term in board, term

    driver.play_to_end(max_moves=MAX_MOVES, check_every=20)
    end = page.locator("#end-screen")
    end.wait_for(state="visible")
    text = end.inner_text()
    assert "has perdido" in text and "Destino" in text and "Total" in text, text
    assert not ENGLISH.search(page.locator("#board").inner_text())
    assert page.locator("html").get_attribute("lang") == "es"
    page.screenshot(path=str(artifacts / "call_to_adventure-es-end.png"), full_page=True)
    page_problems.assert_clean()
