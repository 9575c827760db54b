"""Issue #16 through HTTP for Nemo's War: the game page (options and how-to), the rules page, the play page and
the look pages leave no word outside the catalogs (`qps` pseudo-locale); the JSON API says labels in Spanish with
`Accept-Language: es` while the ids stay; a game played in English reads in Spanish after the switch."""

from __future__ import annotations

import gzip
import re

import pytest
from fastapi.testclient import TestClient

from app.core.config import Settings
from app.main import create_app
from games.engine import Rng
from games.registry import get_engine
from tests.support.i18n_check import untranslated

SLUG = "nemos_war"
ES = {"Accept-Language": "es"}


@pytest.fixture
def i18n_client(db_url):
    app = create_app(Settings(database_url=db_url, auth_mode="single", pseudo_locale=True))
    with TestClient(app) as c:
        yield c
    app.state.db_engine.dispose()


def _new(client, seed: int = 3, options=None, headers=None) -> dict:
    r = client.post("/api/sessions", json={"game": SLUG, "seed": seed, "options": options or {"commitment": "choose"}},
                    headers=headers or {})
    assert r.status_code == 201, r.text
    return r.json()


def _play(client, sv: dict, moves: int, seed: int = 3, headers=None) -> dict:
    """Bot moves through the API, keeping a local state in step to let the bot choose."""
    engine = get_engine(SLUG)
    state = engine.new_game(seed, engine.spec.normalize_options({"commitment": "choose"}))
    rng = Rng.from_seed(seed)
    for _ in range(moves):
        if engine.status(state).over:
            break
        action = engine.bots["heuristic"].choose(engine, state, engine.legal_actions(state), rng)
        r = client.post(f"/api/sessions/{sv['id']}/actions", json={"action": action, "version": sv["version"]},
                        headers=headers or {})
        assert r.status_code == 200, r.text
        sv = r.json()
        state, _ = engine.apply(state, action)
    return sv


def test_the_game_page_with_its_options_and_how_to_is_translated(i18n_client):
    html = i18n_client.get(f"/games/{SLUG}?lang=qps").text
    assert "⟦Relentless Pursuit⟧" in html and "⟦How to play⟧" in html
    assert untranslated(html) == [], "\n".join(untranslated(html))


def test_the_rules_page_is_translated(i18n_client):
    html = i18n_client.get(f"/games/{SLUG}/rules?lang=qps").text
    assert "⟦Staking resources⟧" in html
    assert untranslated(html) == [], "\n".join(untranslated(html))


def test_the_play_page_and_the_look_pages_are_translated(i18n_client):
    sv = _play(i18n_client, _new(i18n_client), 40)
    html = i18n_client.get(f"/play/{sv['id']}?lang=qps").text
    assert "⟦Notoriety⟧" in html
    assert untranslated(html) == [], "\n".join(untranslated(html))
    looks = set(re.findall(r'data-look="([^"]+)"', html))
    assert {"deck", "naut", "p-pass"} <= looks, looks
    for look in sorted(looks):
        r = i18n_client.get(f"/play/{sv['id']}/look/{look}?lang=qps")
        assert r.status_code == 200, (look, r.status_code)
        assert untranslated(r.text) == [], (look, untranslated(r.text)[:12])


def test_the_api_says_action_labels_in_spanish_and_keeps_their_ids(i18n_client):
    english = _new(i18n_client)
    spanish = i18n_client.get(f"/api/sessions/{english['id']}", headers=ES).json()
    en = {a["id"]: a["label"] for a in english["legal_actions"]}
    es = {a["id"]: a["label"] for a in spanish["legal_actions"]}
    assert en.keys() == es.keys() and "commit:war" in es
    assert en["commit:war"] == "Commit to War!" and es["commit:war"] == "Compromiso: ¡Guerra!"
    assert es["commit:roll"] == "Que decida Nemo: tirar el dado"
    assert spanish["view"]["prompt"] == "Elige el Compromiso de Nemo, o tira el dado para decidirlo."
    r = i18n_client.post(f"/api/sessions/{english['id']}/actions",
                         json={"action": "start:na", "version": english["version"]}, headers=ES)
    assert r.status_code == 422 and "no es una acción legal ahora" in r.json()["detail"], r.text
    assert "Elige el Compromiso de Nemo" in r.json()["detail"], r.text


def test_a_game_played_in_english_reads_in_spanish_after_the_switch(i18n_client):
    sv = _play(i18n_client, _new(i18n_client), 30)
    english = " ".join(line["text"] for line in sv["log_tail"])
    assert "preparation roll" in english
    spanish = i18n_client.get(f"/api/sessions/{sv['id']}", headers=ES).json()
    said = " ".join(line["text"] for line in spanish["log_tail"])
    assert "tirada de Preparación" in said and "preparation roll" not in said
    assert any(line.startswith("Semana ") for line in spanish["view"]["log"])
    page = i18n_client.get(f"/play/{sv['id']}?lang=es").text
    assert '<html lang="es">' in page and "Cuaderno de bitácora" in page and "Notoriedad" in page
    assert "Log book" not in page and "Notoriety" not in page


def test_a_spanish_move_answer_stays_within_its_budget(i18n_client):
    """Spanish is longer than English: the board a move answers with still fits 10 KB gzip-compressed."""
    from tests.ui.test_nemos_war_pages import HX, MAX_GZIP, board_version

    engine = get_engine(SLUG)
    sid = _new(i18n_client)["id"]
    html = i18n_client.get(f"/play/{sid}?lang=es").text
    state, rng = engine.new_game(3, engine.spec.normalize_options({"commitment": "choose"})), Rng.from_seed(3)
    biggest = 0
    for _ in range(80):
        action = engine.bots["heuristic"].choose(engine, state, engine.legal_actions(state), rng)
        r = i18n_client.post(f"/play/{sid}/act", data={"action": action, "version": board_version(html)}, headers=HX)
        assert r.status_code == 200 and r.headers["content-language"] == "es"
        html, (state, _) = r.text, engine.apply(state, action)
        biggest = max(biggest, len(gzip.compress(r.content)))
    assert "Notoriedad" in html and 4000 < biggest <= MAX_GZIP, biggest
