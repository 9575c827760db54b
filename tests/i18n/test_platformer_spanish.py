"""Issue #16 on Platformer's pages and answers: the game page (options form, how-to), the rules page, the play page
and every look page leave no word untranslated in the `qps` pseudo-locale; in Spanish the pages use the
rulebook's words, the API says action labels in the language of Accept-Language with the same ids, and a game
played in English reads in Spanish after a switch."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from app.core.config import Settings
from app.main import create_app
from tests.support.i18n_check import untranslated

SLUG = "platformer"
LOOK = re.compile(r'\bdata-look="([^"]*)"')


@pytest.fixture
def i18n_client(db_url):
    app = create_app(Settings(database_url=db_url, auth_mode="single", pseudo_locale=True))
    with TestClient(app) as c:
        yield c
    app.state.db_engine.dispose()


def new_game(client, seed: int = 3, **options) -> str:
    r = client.post("/api/sessions", json={"game": SLUG, "seed": seed, "options": options})
    assert r.status_code == 201, r.text
    return r.json()["id"]


def play(client, sid: str, moves: int) -> dict:
    """A few moves through the API, in English: respawn, then end each step at once (so turns go by and the log
    fills with rolls, Events and enemy dice); the last answer."""
    sv = client.get(f"/api/sessions/{sid}").json()
    for _ in range(moves):
        if not sv["legal_actions"]:
            break
        ids = [a["id"] for a in sv["legal_actions"]]
        action = next((i for i in ids if i in ("end_actions", "save:skip")), ids[0])
        r = client.post(f"/api/sessions/{sid}/actions", json={"action": action, "version": sv["version"]})
        assert r.status_code == 200, r.text
        sv = r.json()
    return sv


def test_the_game_page_with_its_options_and_how_to_is_translated(i18n_client):
    html = i18n_client.get(f"/games/{SLUG}?lang=qps").text
    assert "⟦Hero⟧" in html and "⟦Overlord Ikee⟧" in html and "⟦How to play⟧" in html
    assert untranslated(html) == []


def test_the_rules_page_is_translated(i18n_client):
    html = i18n_client.get(f"/games/{SLUG}/rules?lang=qps").text
    assert 'id="gems"' in html
    assert untranslated(html) == []


@pytest.mark.parametrize("options", [{"hero": "kira", "boss": "ikee", "artifacts": "on"},
                                     {"hero": "avys", "boss": "medusa", "map": "big"}])
def test_the_play_page_and_every_look_page_are_translated(i18n_client, options):
    sid = new_game(i18n_client, **options)
    looks: set[str] = set()
    for moves in (0, 6, 10):
        play(i18n_client, sid, moves)
        page = i18n_client.get(f"/play/{sid}?lang=qps").text
        assert untranslated(page) == [], moves
        looks |= set(LOOK.findall(page[page.index('id="board"'):]))
    assert {"hero", "hero-c", "boss-c", "event", "le1"} <= looks
    for look in sorted(looks):
        html = i18n_client.get(f"/play/{sid}/look/{look}?lang=qps").text
        assert untranslated(html) == [], look
        fragment = i18n_client.get(f"/play/{sid}/look/{look}", headers={"HX-Request": "true"}).text
        assert untranslated(fragment) == [], look


def test_the_spanish_pages_use_the_rulebook_words(i18n_client):
    game = i18n_client.get(f"/games/{SLUG}?lang=es").text
    assert '<html lang="es">' in game and "Señor Supremo Ikee" in game and "dados de acción" in game
    rules = i18n_client.get(f"/games/{SLUG}/rules?lang=es").text
    for term in ("dados de acción", "Gemas", "Jefe", "Forjar", "Reserva de Dados", "Abatido", "Reaparecer",
                 "Portales al Vacío", "Mejorar"):
        assert term in rules, term
    sid = new_game(i18n_client, hero="etern")
    board = i18n_client.get(f"/play/{sid}?lang=es").text
    assert "Reserva de Dados" in board and "dado especial" in board.lower() and "Dice pool" not in board


def test_the_api_says_labels_in_the_language_of_accept_language_with_the_same_ids(i18n_client):
    sid = new_game(i18n_client, hero="melosa")
    english = i18n_client.get(f"/api/sessions/{sid}").json()
    spanish = i18n_client.get(f"/api/sessions/{sid}", headers={"Accept-Language": "es"}).json()
    assert [a["id"] for a in spanish["legal_actions"]] == [a["id"] for a in english["legal_actions"]]
    assert english["legal_actions"][0]["label"].startswith("Respawn with")
    assert spanish["legal_actions"][0]["label"].startswith("Reaparecer con")
    assert spanish["view"]["prompt"].startswith("Tu Héroe está fuera del Mapa")
    assert spanish["view"]["hero"]["name"] == "Melosa" and spanish["view"]["hero"]["text"] != \
        english["view"]["hero"]["text"]
    wrong = i18n_client.post(f"/api/sessions/{sid}/actions", json={"action": "end_actions", "version": 0},
                             headers={"Accept-Language": "es"})
    assert wrong.status_code == 422 and "no es una acción legal" in wrong.json()["detail"]


def test_a_game_played_in_english_reads_in_spanish_after_a_switch(i18n_client):
    sid = new_game(i18n_client, hero="angelo")
    sv = play(i18n_client, sid, 12)
    assert any(line["text"].startswith("Rolled:") for line in sv["log_tail"])
    spanish = i18n_client.get(f"/api/sessions/{sid}", headers={"Accept-Language": "es"}).json()
    texts = [line["text"] for line in spanish["log_tail"]]
    assert any(t.startswith("Tirada:") for t in texts) and not any(t.startswith("Rolled:") for t in texts)
    page = i18n_client.get(f"/play/{sid}?lang=es").text
    assert '<html lang="es">' in page and "Diario de la aventura" in page and "Tirada:" in page
    assert "Rolled:" not in page and "Adventure log" not in page
