"""Issue #16 for Adamastor through HTTP: every page of the game in the pseudo-locale has no word outside a
translation (the game page with its options and how-to, the rules, the play page, the look pages, the campaign),
and the JSON API says labels in the language of Accept-Language while the ids stay the same."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from app.core.config import Settings
from app.main import create_app
from tests.support.i18n_check import untranslated


@pytest.fixture
def i18n_client(db_url):
    app = create_app(Settings(database_url=db_url, auth_mode="single", pseudo_locale=True))
    with TestClient(app) as c:
        yield c
    app.state.db_engine.dispose()


def _start(client, seed: int = 4, maps: str = "3") -> str:
    r = client.post("/api/sessions", json={"game": "adamastor", "seed": seed, "options": {"maps": maps}})
    assert r.status_code == 201
    return r.json()["id"]


def _play(client, sid: str, moves: int) -> dict:
    """A few moves by the first legal action that is not "end the actions" (so the game goes somewhere)."""
    sv = client.get(f"/api/sessions/{sid}").json()
    for _ in range(moves):
        if sv["status"]["state"] != "in_progress":
            break
        ids = [a["id"] for a in sv["legal_actions"]]
        pick = next((i for i in ids if i.startswith(("nav:move", "nav:add", "navigate", "draw"))), ids[-1])
        sv = client.post(f"/api/sessions/{sid}/actions", json={"action": pick, "version": sv["version"]}).json()
    return sv


@pytest.mark.parametrize("path", ["/games/adamastor?lang=qps", "/games/adamastor/rules?lang=qps"])
def test_the_game_and_rules_pages_are_translated(i18n_client, path):
    r = i18n_client.get(path)
    assert r.status_code == 200 and '<html lang="qps">' in r.text
    assert untranslated(r.text) == []


def test_the_play_and_look_pages_are_translated(i18n_client):
    sid = _start(i18n_client)
    for moves in (0, 3, 12):
        _play(i18n_client, sid, moves)
        page = i18n_client.get(f"/play/{sid}?lang=qps").text
        assert untranslated(page) == [], moves
        for look in sorted(set(re.findall(r'data-look="([^"]+)"', page))):
            r = i18n_client.get(f"/play/{sid}/look/{look}?lang=qps")
            assert r.status_code == 200, look
            assert untranslated(r.text) == [], look


def test_the_api_says_labels_in_spanish_and_keeps_the_ids(i18n_client):
    sid = _start(i18n_client)
    en = i18n_client.get(f"/api/sessions/{sid}").json()
    es = i18n_client.get(f"/api/sessions/{sid}", headers={"Accept-Language": "es"}).json()
    assert [a["id"] for a in en["legal_actions"]] == [a["id"] for a in es["legal_actions"]]
    assert en["legal_actions"][0]["label"] == "Start on the left edge, row 1"
    assert es["legal_actions"][0]["label"] == "Empezar en el borde izquierdo, fila 1"
    assert es["view"]["prompt"].startswith("Elige la fila")
    assert es["view"]["end"] == en["view"]["end"] == ""


def test_a_game_played_in_english_reads_in_spanish_after_a_switch(i18n_client):
    sid = _start(i18n_client, seed=9)
    sv = _play(i18n_client, sid, 6)
    english = [line["text"] for line in sv["log_tail"]]
    assert any(t.startswith("The ship sets sail") for t in english)
    es = i18n_client.get(f"/api/sessions/{sid}", headers={"Accept-Language": "es"}).json()
    spanish = [line["text"] for line in es["log_tail"]]
    assert any(t.startswith("El barco zarpa") for t in spanish)
    assert not any(t.startswith(("The ship", "You ", "Weather")) for t in spanish), spanish
    page = i18n_client.get(f"/play/{sid}?lang=es").text
    assert '<html lang="es">' in page and "El barco zarpa" in page and "Cuaderno de bitácora" in page


def test_the_campaign_answers_in_spanish(i18n_client):
    r = i18n_client.post("/api/campaigns", json={"game": "adamastor", "seed": 3})
    assert r.status_code == 201, r.text
    cid = r.json()["id"]
    en = i18n_client.get(f"/api/campaigns/{cid}").json()
    es = i18n_client.get(f"/api/campaigns/{cid}", headers={"Accept-Language": "es"}).json()
    assert [a["id"] for a in en["legal_actions"]] == [a["id"] for a in es["legal_actions"]]
    assert any(a["label"].startswith("Elegir ") for a in es["legal_actions"])
    assert es["view"]["prompt"].startswith("Elige la carta de campaña")
    assert any(line.startswith("Viaje 1: la campaña ofrece") for line in es["view"]["log"]), es["view"]["log"]
    assert any(line.startswith("Voyage 1: the campaign offers") for line in en["view"]["log"])
    page = i18n_client.get(f"/campaigns/{cid}?lang=es").text  # the game's own parts of the campaign page
    for words_ in ("Elegir ", "Mejoras", "Lo que arrastra la campaña", "Primer viaje", "Viaje 1 de 3"):
        assert words_ in page, words_
