"""The app's own pages, notices and errors in Spanish (issue #16): the `messages` domain.

Every app page is rendered in the `qps` pseudo-locale and must carry no word outside the marks (see
tests/support/i18n_check.py), in single mode and in accounts mode (logged out, a player, the admin), and so must
the error pages (404, a refused import, a stale tab, a refused move, a forbidden page). The game on these
pages is a stub, Tally, whose few words are known to the pseudo catalog of this test only: what is checked is
the app's wrapper (header, action bar, notices, saves, settings...), not a real game's words (each game's
own tests check those).

The JSON API says its `detail` in the language of `Accept-Language`; the account remembers the language;
dates and numbers on the saves page follow the locale.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, inspect, text

from app.core.config import ROOT, Settings
from app.db.migrate import upgrade
from app.i18n import catalogs, context
from app.i18n import render as i18n_render
from app.i18n.pseudo import PseudoTranslations
from app.main import create_app
from games import registry
from games.engine import (
    N_,
    Action,
    Event,
    GameSpec,
    MalformedState,
    OptionSpec,
    Status,
    game_over,
    not_legal,
    not_text,
    words,
)
from tests.support.accountkit import PASSWORD, accounts_app, csrf_in, log_in, sign_up
from tests.support.i18n_check import untranslated

HX = {"HX-Request": "true"}


class TallyEngine:
    """Add a thousand points at a time, then stop: just enough of a game for the app's pages."""

    spec = GameSpec(slug="tally", title=N_("Tally"), rules_version=1, summary=N_("Count up, then stop."),
                    options=(OptionSpec("pace", N_("Pace"), (("slow", N_("Slow")), ("fast", N_("Fast"))), "slow",
                                        N_("How fast the count grows.")),))
    campaign = None

    def new_game(self, seed: int, options: dict, carried: dict | None = None) -> dict:
        return {"total": 0, "over": False, "step": 2500 if options["pace"] == "fast" else 1000}

    def legal_actions(self, state: dict) -> list[Action]:
        if state["over"]:
            return []
        return [Action("add", words("Add {n}", n=state["step"])), Action("stop", words("Stop counting"))]

    def apply(self, state: dict, action_id: str) -> tuple[dict, list[Event]]:
        if not isinstance(action_id, str):
            raise not_text()
        if state["over"]:
            raise game_over()
        if action_id not in {a.id for a in self.legal_actions(state)}:
            raise not_legal(action_id, words("Add or stop."))
        if action_id == "stop":
            return {**state, "over": True}, [Event("stop", words("You stop at {n}.", n=state["total"]))]
        total = state["total"] + state["step"]
        return {**state, "total": total}, [Event("add", words("The count is {n}.", n=total))]

    def status(self, state: dict) -> Status:
        return Status("won" if state["over"] else "in_progress", state["total"],
                      reason=words("You stopped.") if state["over"] else "")

    def over(self, state: dict) -> bool:
        return bool(state["over"])

    def view(self, state: dict) -> dict:
        return {"total": state["total"], "prompt": words("Add or stop.")}

    def dump(self, state: dict) -> dict:
        return dict(state)

    def load(self, data: dict) -> dict:
        if not isinstance(data, dict) or "total" not in data:
            raise MalformedState("not a tally")
        return dict(data)


TALLY_WORDS = frozenset({"Tally", "Count up, then stop.", "Pace", "Slow", "Fast", "How fast the count grows.",
                         "Add {n}", "Stop counting", "Add or stop.", "You stop at {n}.", "The count is {n}.",
                         "You stopped."})


@pytest.fixture
def tally(monkeypatch) -> Iterator[str]:
    """The stub game, registered; in qps its own words count as translated (a catalog of this test)."""
    real = i18n_render.translations

    def with_tally(locale: str, game: str | None = None):
        found = real(locale, game)
        if isinstance(found, PseudoTranslations):
            return PseudoTranslations(found.known | TALLY_WORDS)
        return found

    monkeypatch.setattr(i18n_render, "translations", with_tally)
    registry.register("tally", TallyEngine)
    yield "tally"
    registry.unregister("tally")


def _single(db_url: str) -> Iterator[TestClient]:
    app = create_app(Settings(database_url=db_url, auth_mode="single", pseudo_locale=True))
    with TestClient(app) as c:
        yield c
    app.state.db_engine.dispose()


@pytest.fixture
def single(db_url, tally) -> Iterator[TestClient]:
    yield from _single(db_url)


def _clean(r, where: str) -> None:
    assert r.headers.get("content-language") == "qps", where
    found = untranslated(r.text)
    assert found == [], f"{where}: {found}"


def _new_game(client: TestClient, csrf: str = "", **fields) -> str:
    r = client.post("/games/tally/new", data={"csrf_token": csrf, "pace": "slow", **fields}, follow_redirects=False)
    assert r.status_code == 303, r.text
    return r.headers["location"].rsplit("/", 1)[1]


def _act(client: TestClient, sid: str, action: str, version: int, csrf: str = "", **kw):
    return client.post(f"/play/{sid}/act", data={"csrf_token": csrf, "action": action, "version": str(version)}, **kw)


def test_every_single_mode_page_is_translated(single):
    c = single
    c.get("/?lang=qps")  # the cookie keeps qps for the rest
    _clean(c.get("/"), "empty library")
    _clean(c.get("/saves"), "no saves")
    sid = _new_game(c, name="Ana's game")
    _clean(c.get(f"/play/{sid}"), "a new board")
    _act(c, sid, "add", 0)
    _clean(c.get(f"/play/{sid}"), "a board after a move")
    _clean(_act(c, sid, "add", 1, headers=HX), "a move's answer")
    _clean(_act(c, sid, "add", 0, headers=HX), "a stale tab's answer (409)")
    _clean(c.get(f"/play/{sid}?notice=stale"), "a stale tab's page")
    _clean(_act(c, sid, "bogus", 2, headers=HX), "a refused move (422)")
    _clean(_act(c, sid, "bogus", 2), "a refused move, without htmx (422)")
    done = _new_game(c)
    _act(c, done, "add", 0)
    _act(c, done, "stop", 1)
    _clean(c.get(f"/play/{done}"), "a finished game")
    _clean(c.get("/"), "the library with a game in progress")
    _clean(c.get("/games/tally"), "a game page with saves")
    _clean(c.post("/games/tally/new", data={"seed": "x", "pace": "slow"}), "a refused new game")
    _clean(c.post("/games/tally/new", data={"pace": "nope"}), "a refused option")
    _clean(c.get("/saves"), "saves")
    _clean(c.get("/saves?done=renamed"), "saves after a rename")
    _clean(c.post(f"/saves/{sid}/rename", data={"name": " "}), "a refused rename")
    _clean(c.get(f"/saves/{sid}/delete"), "confirm a deletion")
    _clean(c.get("/saves?done=deleted"), "saves after a deletion")
    _clean(c.post("/saves/import", files={"file": ("x.json", b"{not json", "application/json")}),
           "an unreadable import")
    _clean(c.post("/saves/import", files={"file": ("x.json", b'{"format": "other"}', "application/json")}),
           "a refused import (422)")
    _clean(c.get("/settings"), "settings")
    _clean(c.get("/nowhere"), "404")
    _clean(c.get("/play/nope"), "a missing game (404)")
    _clean(c.get("/games/nope"), "a missing game page (404)")
    _clean(c.get("/games/tally/rules"), "rules not written (404)")


def test_every_accounts_mode_page_is_translated(db_url, tally):
    with accounts_app(db_url, pseudo_locale=True) as app:
        out = TestClient(app)  # logged out
        out.get("/login?lang=qps")
        _clean(out.get("/login"), "log-in")
        _clean(out.get("/signup"), "sign-up")
        _clean(out.post("/login", data={"csrf_token": csrf_in(out.get("/login").text), "name": "x",
                                        "password": "wrong password"}), "a refused log-in")
        _clean(out.post("/signup", data={"csrf_token": csrf_in(out.get("/signup").text), "name": "Cy",
                                         "password": PASSWORD, "confirm": "another one"}), "a refused sign-up")
        admin = sign_up(app, "Admiral")  # the first account is the admin
        player = sign_up(app, "Bea")
        for who, b in (("admin", admin), ("player", player)):
            b.client.get("/?lang=qps")
            sid = _new_game(b.client, b.csrf)
            _act(b.client, sid, "add", 0, b.csrf)
            _clean(b.client.get("/"), f"{who}: library")
            _clean(b.client.get("/saves"), f"{who}: saves")
            _clean(b.client.get(f"/play/{sid}"), f"{who}: a board")
            _clean(b.client.get("/settings"), f"{who}: settings")
            _clean(b.form("/settings/tokens", {"name": "my bot"}), f"{who}: a new token")
            _clean(b.client.get("/settings"), f"{who}: settings with a token")
            _clean(b.form("/settings/tokens", {"name": ""}), f"{who}: a refused token")
            _clean(b.form("/settings/password", {"current": "wrong", "new": "x" * 9, "confirm": "y" * 9}),
                   f"{who}: a refused password change")
        _clean(player.client.get("/admin"), "a player on the admin page (403)")
        _clean(player.client.post("/saves/import", data={}), "a form without its token (403)")
        _clean(admin.client.get("/admin"), "admin")
        bea = re.search(r'data-player="([^"]+)">\s*<td><span translate="no">Bea<', admin.client.get("/admin").text)
        assert admin.form(f"/admin/players/{bea.group(1)}/disable").status_code == 303
        _clean(admin.client.get("/admin"), "admin with a disabled player")
        assert admin.form("/admin/signup", {"open": "0"}).status_code == 303
        _clean(admin.client.get("/admin"), "admin, sign-up closed")
        _clean(out.get("/signup"), "sign-up closed")
        _clean(out.post("/signup", data={"csrf_token": csrf_in(out.get("/login").text), "name": "Cy",
                                         "password": PASSWORD, "confirm": PASSWORD}), "a sign-up refused (closed)")
        _clean(log_in(app, "Bea", client=out)[1], "a disabled player's log-in")


# ---------------------------------------------------------------- the JSON API

def test_the_api_says_its_errors_in_the_language_of_accept_language(single):
    c = single
    es = {"Accept-Language": "es-ES,es;q=0.9"}
    r = c.get("/api/sessions/nope", headers=es)
    assert r.status_code == 404 and r.json()["detail"] == "no hay ninguna partida guardada con el id 'nope'"
    assert c.get("/api/sessions/nope").json()["detail"] == "no saved game with id 'nope'"

    sid = c.post("/api/sessions", json={"game": "tally", "options": {"pace": "fast"}}).json()["id"]
    body = {"action": "bogus", "version": 0}
    english = c.post(f"/api/sessions/{sid}/actions", json=body)
    spanish = c.post(f"/api/sessions/{sid}/actions", json=body, headers=es)
    assert english.status_code == spanish.status_code == 422
    assert english.json()["detail"] == "'bogus' is not a legal action now: Add or stop."
    assert spanish.json()["detail"].startswith("'bogus' no es una acción legal ahora. ")

    c.post(f"/api/sessions/{sid}/actions", json={"action": "add", "version": 0})
    english = c.post(f"/api/sessions/{sid}/actions", json={"action": "add", "version": 0})
    spanish = c.post(f"/api/sessions/{sid}/actions", json={"action": "add", "version": 0}, headers=es)
    assert english.status_code == spanish.status_code == 409
    assert english.json()["detail"].startswith("This game has moved on since that page was loaded")
    assert spanish.json()["detail"] == ("Esta partida ha avanzado desde que se cargó esa página; "
                                        "aquí tienes el tablero actual.")
    # Ids never change with the language: the session, its version and its actions' ids.
    en_current, es_current = english.json()["current"], spanish.json()["current"]
    assert es_current["id"] == en_current["id"] == sid and es_current["version"] == en_current["version"] == 1
    assert [a["id"] for a in es_current["legal_actions"]] == [a["id"] for a in en_current["legal_actions"]]

    wrong = c.post("/api/sessions", json={"game": "tally", "options": {"pace": "warp"}}, headers=es)
    assert wrong.status_code == 422 and wrong.json()["detail"] == "la opción 'pace' debe ser una de estas: slow, fast"
    assert c.post(f"/api/sessions/{sid}/actions", json={"action": "stop", "version": 1}).status_code == 200
    over = c.post(f"/api/sessions/{sid}/undo", json={"version": 2}, headers=es)
    assert over.status_code == 422 and over.json()["detail"] == "la partida ha terminado; su resultado es definitivo"


def test_the_api_refuses_an_unreadable_import_in_spanish(single):
    r = single.post("/api/sessions/import", content=b"{oops", headers={"Accept-Language": "es",
                                                                       "Content-Type": "application/json"})
    assert r.status_code == 422
    assert r.json()["detail"].startswith("Este archivo de partida no se puede importar: no es un archivo JSON")


# ---------------------------------------------------------------- the account remembers the language

def test_the_account_remembers_the_language(db_url):
    with accounts_app(db_url) as app:
        ana = sign_up(app, "Ana")
        _client, r = log_in(app, "Ana")  # no language chosen yet: the log-in sets none
        assert r.status_code == 303 and "lang=" not in r.headers.get("set-cookie", "")
        linked = ana.client.get("/saves?lang=es")  # a link (a GET, maybe from another site): this browser only
        assert '<html lang="es">' in linked.text and "lang=es" in linked.headers["set-cookie"]
        _elsewhere, r = log_in(app, "Ana", client=TestClient(app))
        assert "lang=" not in r.headers.get("set-cookie", ""), "a GET stored the language on the account"
        # The header's switch, for a logged-in player, is a form: it keeps the choice and goes back to the page.
        switch = re.search(r'<form method="post" action="/settings/language">(.*?)</form>', linked.text, re.S)
        assert switch and 'name="next" value="/saves?lang=es"' in switch.group(1)
        r = ana.client.post("/settings/language", data={"csrf_token": csrf_in(linked.text), "lang": "es",
                                                        "next": "/saves?lang=en&game=adamastor"},
                            follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"] == "/saves?game=adamastor"
        assert "lang=es" in r.headers["set-cookie"]
        off_site = ana.client.post("/settings/language", data={"csrf_token": csrf_in(linked.text), "lang": "es",
                                                               "next": "//evil.example/x"}, follow_redirects=False)
        assert off_site.headers["location"] == "/evil.example/x"
        fresh = TestClient(app)  # another browser: no lang cookie, an English Accept-Language
        client, r = log_in(app, "Ana", client=fresh)
        assert r.status_code == 303 and "lang=es" in r.headers.get("set-cookie", "")
        page = client.get("/", headers={"Accept-Language": "en"})
        assert '<html lang="es">' in page.text and "Tu estantería" in page.text
        # The settings page shows the choice and changes it.
        settings = client.get("/settings").text
        assert re.search(r'<option value="es"[^>]*selected', settings)
        r = client.post("/settings/language", data={"csrf_token": csrf_in(settings), "lang": "en"},
                        follow_redirects=False)
        assert r.status_code == 303 and "lang=en" in r.headers["set-cookie"]
        again, r = log_in(app, "Ana")
        assert "lang=en" in r.headers.get("set-cookie", "")
        assert '<html lang="en">' in again.get("/", headers={"Accept-Language": "es"}).text


# ---------------------------------------------------------------- dates and numbers

def test_the_saves_page_writes_dates_and_numbers_the_readers_way(db_url, tally):
    for client in _single(db_url):
        sid = _new_game(client, pace="fast")
        for version in range(5):  # 5 × 2500
            _act(client, sid, "add", version)
        engine = create_engine(db_url)
        with engine.begin() as conn:  # played long ago: the page gives the date
            conn.execute(text("UPDATE sessions SET updated_at = :t WHERE id = :id"),
                         {"t": datetime(2026, 3, 5, 14, 30, tzinfo=UTC).replace(tzinfo=None), "id": sid})
        engine.dispose()
        english = client.get("/saves?lang=en").text
        spanish = client.get("/saves?lang=es").text
        assert "12,500" in english and "pts so far" in english and "3/5/26" in english
        assert "12.500" in spanish and "ptos. por ahora" in spanish and "5/3/26" in spanish
        assert "hace" not in spanish
        fresh = _new_game(client)
        assert "just now" in client.get("/saves?lang=en").text
        assert "ahora mismo" in client.get("/saves?lang=es").text or "justo ahora" in client.get("/saves").text
        assert fresh


def test_a_moment_ago_is_said_in_spanish():
    with context.using("es"):
        assert i18n_render.ago(datetime.now(UTC) - timedelta(hours=3)) == "hace 3 horas"
        assert i18n_render.ago(datetime.now(UTC)) != "just now"


def test_the_app_catalog_is_complete_and_holds_the_apps_words():
    from babel.messages.pofile import read_po

    with catalogs.po_path("messages", "es").open("rb") as fp:
        catalog = read_po(fp)
    empty = [m.id for m in catalog if m.id and (not m.string or (isinstance(m.string, tuple) and not all(m.string)))]
    fuzzy = [m.id for m in catalog if m.id and m.fuzzy]
    assert empty == [] and fuzzy == []
    # ... and it holds the app's own words: the header, the action bar, the errors the API says.
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in catalog}
    assert {"Skip to content", "Last move:", "no saved game with id {id}", "Look closer at %(name)s"} <= ids


# ---------------------------------------------------------------- migration 0010

def test_migration_0010_adds_the_players_language_and_takes_it_away(empty_db_url):
    db_url = empty_db_url  # nothing has run on it: the migrations are what is tested
    cfg = Config()
    cfg.set_main_option("script_location", str(ROOT / "migrations"))
    cfg.set_main_option("sqlalchemy.url", db_url.replace("%", "%%"))
    command.upgrade(cfg, "0009")
    engine = create_engine(db_url)
    assert "locale" not in {c["name"] for c in inspect(engine).get_columns("players")}
    with engine.begin() as conn:
        before = conn.execute(text("SELECT count(*) FROM players")).scalar_one()
    upgrade(db_url)
    with engine.begin() as conn:  # every player there was keeps going, with no language chosen yet
        rows = conn.execute(text("SELECT locale FROM players")).all()
        assert len(rows) == before and all(r[0] is None for r in rows)
        conn.execute(text("UPDATE players SET locale = 'es'"))
    command.downgrade(cfg, "0009")
    assert "locale" not in {c["name"] for c in inspect(engine).get_columns("players")}
    upgrade(db_url)
    assert {"locale"} <= {c["name"] for c in inspect(engine).get_columns("players")}
    engine.dispose()
