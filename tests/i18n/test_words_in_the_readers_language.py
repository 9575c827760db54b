"""The language machinery of issue #16 (app/i18n): choosing a language, Words, catalogs, the pseudo-locale."""

from __future__ import annotations

import pickle

import pytest
from fastapi.testclient import TestClient

from app.core.config import Settings
from app.i18n import catalogs, context
from app.i18n.locales import negotiate, pick
from app.i18n.pseudo import unmarked
from app.i18n.render import say, say_json
from app.main import create_app
from games.engine import Event, Words, words, words_n
from tests.support.i18n_check import untranslated


@pytest.mark.parametrize("header, expected", [
    (None, "en"), ("", "en"), ("es", "es"), ("es-AR,es;q=0.9,en;q=0.8", "es"), ("en-US,en;q=0.9,es;q=0.8", "en"),
    ("fr-FR,fr;q=0.9,es;q=0.5", "es"), ("fr", "en"), ("es;q=0", "en"), ("en;q=0.4, es;q=0.6", "es"),
    ("garbage;;;q=x", "en"),
])
def test_accept_language_is_negotiated(header, expected):
    assert negotiate(header) == expected


def test_pick_accepts_only_supported_languages():
    assert pick("ES") == "es" and pick("es_MX") == "es" and pick("de") is None and pick("qps") is None
    assert pick("qps", pseudo=True) == "qps"


def test_words_are_their_english_text_and_survive_json_and_pickle():
    w = words("Buy {card} for {cost} gold", card="Sword", cost=2)
    assert w == "Buy Sword for 2 gold" and isinstance(w, str)
    back = Words.from_json(w.to_json())
    assert back == w and back.msgid == w.msgid and back.params == w.params
    assert pickle.loads(pickle.dumps(w)).params == {"card": "Sword", "cost": 2}
    n = words_n("{n} coin", "{n} coins", 1)
    assert n == "1 coin" and words_n("{n} coin", "{n} coins", 3) == "3 coins"
    nested = words("You gain {what}.", what=words_n("{n} coin", "{n} coins", 2))
    assert Words.from_json(nested.to_json()) == "You gain 2 coins."
    assert Event("log", nested).to_json()["words"] == nested.to_json()
    assert Words.from_json({"m": "Broken {x}", "p": {"y": 1}}) is None and Words.from_json("text") is None


def test_say_uses_the_spanish_catalog_and_its_plural_forms():
    with context.using("es"):
        assert say(words("Took back: {action}.", action="x")) == "Deshecho: x."
        assert say_json({"m": "Undid {action}.", "p": {"action": "draw"}}) == "Se deshizo draw."
    with context.using("en"):
        assert say(words("Took back: {action}.", action="x")) == "Took back: x."


def test_pseudo_marks_known_words_and_the_check_finds_the_others():
    with context.using("qps"):
        assert say("Undid {action}.") == "⟦Undid {action}.⟧"
        assert say("Not in any catalog") == "Not in any catalog"
    assert unmarked("⟦Hola ⟦Juan⟧⟧ 12 ⟦x⟧") == []
    assert unmarked("⟦Hola⟧ world") == ["world"]
    assert untranslated('<p>⟦Hi⟧ <b translate="no">Ana</b></p><script>var x="y"</script>') == []
    assert untranslated('<button aria-label="Close">⟦Close⟧</button>')[0].startswith("<button aria-label")


@pytest.fixture
def i18n_client(db_url):
    app = create_app(Settings(database_url=db_url, auth_mode="single", pseudo_locale=True))
    with TestClient(app) as c:
        yield c
    app.state.db_engine.dispose()


def test_a_page_follows_accept_language_then_cookie_then_query(i18n_client):
    r = i18n_client.get("/", headers={"Accept-Language": "es-ES,es;q=0.9"})
    assert r.headers["content-language"] == "es" and '<html lang="es">' in r.text
    assert "Accept-Language" in r.headers["vary"]
    r = i18n_client.get("/?lang=en", headers={"Accept-Language": "es"})
    assert '<html lang="en">' in r.text and "lang=en" in r.headers["set-cookie"]
    r = i18n_client.get("/", headers={"Accept-Language": "es"})  # the cookie now wins over the header
    assert '<html lang="en">' in r.text
    i18n_client.get("/?lang=nonsense")
    assert '<html lang="en">' in i18n_client.get("/").text


def test_the_api_answers_in_the_language_of_accept_language_only(i18n_client):
    i18n_client.get("/?lang=es")  # a page cookie does not change what a script reads
    r = i18n_client.get("/api/games")
    assert r.headers["content-language"] == "en"
    r = i18n_client.get("/api/games", headers={"Accept-Language": "es"})
    assert r.headers["content-language"] == "es"


def test_catalogs_of_every_domain_exist():
    for domain in catalogs.domains():
        assert catalogs.po_path(domain, "es").exists(), domain


def test_a_word_filter_on_a_literal_is_said_when_rendered_not_when_compiled():
    from app.ui.templating import templates

    with context.using("en", "adamastor"):  # compiled while an English page renders (compile_all at start)
        template = templates.env.from_string('{{ "Off Madeira"|t }} · {{ 1234.5|number }}')
    with context.using("es", "adamastor"):
        assert template.render() == "Frente a Madeira · 1.234,5"
    with context.using("en", "adamastor"):
        assert template.render() == "Off Madeira · 1,234.5"


def test_content_is_checked_for_both_languages_on_load(monkeypatch, caplog):
    from app.i18n import coverage

    assert coverage.check() == {}  # every card, tile, ship... of every game has its Spanish
    real = coverage.content_texts
    monkeypatch.setattr(coverage, "content_texts",
                        lambda game: real(game) | ({"A card nobody translated"} if game == "platformer" else set()))
    with caplog.at_level("WARNING", logger="solo_shelf.i18n"):
        assert coverage.check() == {"platformer/es": ["A card nobody translated"]}
    assert any(getattr(r, "fields", {}).get("event") == "untranslated_content" for r in caplog.records)


def test_the_api_says_a_refusal_and_the_log_in_the_games_own_words(client):
    session = client.post("/api/sessions", json={"game": "call_to_adventure"}).json()
    es = {"Accept-Language": "es"}
    refused = client.post(f"/api/sessions/{session['id']}/actions", json={"action": "nonsense",
                                                                        "version": session["version"]}, headers=es)
    assert refused.status_code == 422
    assert refused.json()["detail"] == ("'nonsense' no es una acción legal ahora. "
                                        "Elige la carta de Origen que te quedas.")
    keep = next(a["id"] for a in session["legal_actions"] if a["id"].startswith("keep:"))
    client.post(f"/api/sessions/{session['id']}/actions", json={"action": keep, "version": session["version"]})
    event = client.get(f"/api/sessions/{session['id']}/log", headers=es).json()[-1]["events"][0]
    assert event["text"].startswith("Te quedas ") and event["words"]["m"] == "You keep {card} as your {kind}."
    english = client.get(f"/api/sessions/{session['id']}/log").json()[-1]["events"][0]
    assert english["text"].startswith("You keep ")


def test_a_saves_attention_is_kept_as_words_and_said_in_each_readers_language():
    from app.core.words import stored_words
    from app.shelf import upgrades
    from games.registry import get_engine

    stored = upgrades.attention_message(get_engine("nemos_war"), 1, words("version must be a whole number"))
    assert stored.startswith('{"m":')  # the column keeps the words, not one language's sentence
    assert stored_words(stored).startswith("This save was played under Nemo's War rules version 1")
    with context.using("es"):
        spanish = say(stored)
    assert spanish.startswith("Esta partida") or "versión" in spanish, spanish
    assert "This save" not in spanish
