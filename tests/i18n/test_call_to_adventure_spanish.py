"""Call to Adventure in Spanish through the real app (issue #16): the game page, rules, play and look pages have no
word outside a catalog (pseudo-locale `qps`), and the API answers labels in Spanish with the same ids."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from app.core.config import Settings
from app.main import create_app
from tests.support.i18n_check import untranslated

SLUG = "call_to_adventure"
LOOK = re.compile(r'\bdata-look="([^"]*)"')


@pytest.fixture
def i18n_client(db_url):
    app = create_app(Settings(database_url=db_url, auth_mode="single", pseudo_locale=True))
    with TestClient(app) as c:
        yield c
    app.state.db_engine.dispose()


def new_session(client, seed: int = 11, **options: str) -> str:
    r = client.post(f"/games/{SLUG}/new", data={"seed": str(seed), "name": "Tale", **options},
                    follow_redirects=False)
    assert r.status_code == 303, r.text
    return r.headers["location"].rsplit("/", 1)[1]


def play(client, sid: str, moves: int) -> None:
    for _ in range(moves):
        sv = client.get(f"/api/sessions/{sid}").json()
        if sv["status"]["state"] != "in_progress":
            return
        ids = [a["id"] for a in sv["legal_actions"]]
        pick = next((i for i in ids if i.split(":")[0] in ("keep", "challenge", "cast", "accept", "choose", "place")),
                    ids[0])
        r = client.post(f"/api/sessions/{sid}/actions", json={"action": pick, "version": sv["version"]})
        assert r.status_code == 200, r.text


def test_the_game_page_and_the_rules_page_are_translated(i18n_client):
    page = i18n_client.get(f"/games/{SLUG}?lang=qps")
    assert page.status_code == 200 and 'id="new-game"' in page.text
    assert untranslated(page.text) == []
    rules = i18n_client.get(f"/games/{SLUG}/rules?lang=qps")
    assert rules.status_code == 200
    assert untranslated(rules.text) == []


def test_the_play_page_and_every_look_page_are_translated(i18n_client):
    i18n_client.get("/?lang=qps")
    sid = new_session(i18n_client)
    seen: set[str] = set()
    for _ in range(4):
        html = i18n_client.get(f"/play/{sid}").text
        assert untranslated(html) == []
        for look_id in sorted(set(LOOK.findall(html)) - seen):
            seen.add(look_id)
            r = i18n_client.get(f"/play/{sid}/look/{look_id}")
            assert r.status_code == 200, look_id
            assert untranslated(r.text) == [], look_id
        play(i18n_client, sid, 6)
    assert len(seen) > 10


def test_the_api_says_action_labels_in_spanish_with_unchanged_ids(i18n_client):
    sid = new_session(i18n_client, seed=5)
    english = i18n_client.get(f"/api/sessions/{sid}").json()
    spanish = i18n_client.get(f"/api/sessions/{sid}", headers={"Accept-Language": "es"}).json()
    assert [a["id"] for a in spanish["legal_actions"]] == [a["id"] for a in english["legal_actions"]]
    label = spanish["legal_actions"][0]["label"]
    assert label.startswith("Quedarte ") and "como tu Origen" in label, label
    assert english["legal_actions"][0]["label"].startswith("Keep ")
    assert spanish["view"]["prompt"] == "Elige la carta de Origen que te quedas."


def test_a_game_played_in_english_reads_in_spanish_after_a_switch(i18n_client):
    sid = new_session(i18n_client, seed=7)
    play(i18n_client, sid, 12)
    english = i18n_client.get(f"/play/{sid}?lang=en").text
    assert "You keep" in english
    spanish = i18n_client.get(f"/play/{sid}?lang=es").text
    assert '<html lang="es">' in spanish
    assert "Te quedas" in spanish and "You keep" not in spanish
    assert "La historia hasta ahora" in spanish and "Tu jugada" in spanish
    r = i18n_client.post(f"/api/sessions/{sid}/actions", json={"action": "nonsense", "version": 999},
                         headers={"Accept-Language": "es"})
    assert r.status_code in (409, 422)
