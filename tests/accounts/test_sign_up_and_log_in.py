"""Accounts: sign up, log in and out, log-in sessions and their timeouts, passwords, API tokens, admin, modes."""

from __future__ import annotations

from datetime import timedelta

from fastapi.testclient import TestClient
from sqlalchemy import select

from app.core.config import Settings
from app.db.models import ApiToken, AuthSession, GameSession, Player
from app.main import create_app
from app.shelf.store import create_session
from tests.support.accountkit import PASSWORD, accounts_app, api_token, bearer, log_in, pre_form, sign_up

GAME = {"game": "adamastor", "seed": 7}


def _db(app):
    return app.state.sessionmaker()


def _age(app, field: str, by: timedelta) -> None:
    """Move a timestamp of every log-in back in time (as if that much time had passed)."""
    with _db(app) as db:
        for row in db.scalars(select(AuthSession)):
            setattr(row, field, getattr(row, field) - by)
        db.commit()


def test_first_account_is_the_admin_and_keeps_the_saves_made_before_accounts(db_url):
    single = create_app(Settings(database_url=db_url, auth_mode="single"))
    with _db(single) as db:
        old = create_session(db, game="adamastor", seed=1, name="Before accounts").id
    single.state.db_engine.dispose()
    with accounts_app(db_url) as app:
        first = sign_up(app, "Ana")
        second = sign_up(app, "Bruno")
        with _db(app) as db:
            players = {p.name: p for p in db.scalars(select(Player))}
            assert players["Ana"].is_admin and not players["Bruno"].is_admin
            assert players["Ana"].password_hash.startswith("$argon2id$")
            assert PASSWORD not in players["Ana"].password_hash
            assert db.get(GameSession, old).owner_id == players["Ana"].id
        assert [s["id"] for s in first.api("GET", "/api/sessions").json()] == [old]
        assert second.api("GET", "/api/sessions").json() == []
        assert second.client.get(f"/play/{old}").status_code == 404


def test_log_in_sets_a_fresh_random_cookie_and_stores_only_its_hash(db_url):
    with accounts_app(db_url) as app:
        sign_up(app, "Ana")
        tokens = []
        for _ in range(2):
            client, r = log_in(app, "ana")  # names are case-insensitive
            assert r.status_code == 303 and r.headers["location"] == "/"
            cookie = next(c for c in r.headers.get_list("set-cookie") if c.startswith("solo_shelf_login="))
            assert "httponly" in cookie.lower() and "samesite=lax" in cookie.lower()
            assert "secure" not in cookie.lower().replace("samesite", "")
            tokens.append(client.cookies["solo_shelf_login"])
        assert tokens[0] != tokens[1] and all(len(t) >= 43 for t in tokens)  # 32 bytes, base64url
        with _db(app) as db:
            stored = set(db.scalars(select(AuthSession.token_hash)))
        assert not stored & set(tokens) and len(stored) == 3  # sign-up, two log-ins; hashes only


def test_cookie_is_secure_when_cookie_secure_is_set(db_url):
    with accounts_app(db_url, cookie_secure=True) as app:
        client = TestClient(app, base_url="https://testserver")
        token = pre_form(client, "/signup")
        r = client.post("/signup", data={"csrf_token": token, "name": "Ana", "password": PASSWORD,
                                         "confirm": PASSWORD}, follow_redirects=False)
        cookie = next(c for c in r.headers.get_list("set-cookie") if c.startswith("solo_shelf_login="))
        assert "; secure" in cookie.lower()
        assert client.get("/").status_code == 200


def test_wrong_password_unknown_name_and_bad_form_are_refused(db_url):
    with accounts_app(db_url) as app:
        sign_up(app, "Ana")
        for name, password in (("Ana", "wrong password"), ("Nobody", PASSWORD), ("", ""), ("Ana", "")):
            client, r = log_in(app, name, password)
            assert r.status_code == 401 and "do not match" in r.text
            assert "solo_shelf_login" not in client.cookies
            assert client.get("/", follow_redirects=False).status_code == 303


def test_anonymous_pages_redirect_to_log_in_and_the_api_answers_401(db_url):
    with accounts_app(db_url) as app:
        client = TestClient(app)
        r = client.get("/saves", follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"] == "/login?next=%2Fsaves"
        r = client.get("/saves", headers={"HX-Request": "true"}, follow_redirects=False)
        assert r.status_code == 401 and r.headers["HX-Redirect"].startswith("/login")
        r = client.get("/api/sessions")
        assert r.status_code == 401 and r.headers["www-authenticate"] == "Bearer"
        assert client.get("/api/games", headers=bearer("ssk_not-a-token")).status_code == 401
        assert client.get("/healthz").status_code == 200 and client.get("/openapi.json").status_code == 200


def test_log_in_goes_back_to_the_page_asked_for_but_never_off_site(db_url):
    with accounts_app(db_url) as app:
        sign_up(app, "Ana")
        for target, expected in (("/saves", "/saves"), ("//evil.example/x", "/"), ("https://evil.example", "/"),
                                 ("/\\evil.example", "/")):
            client = TestClient(app)
            token = pre_form(client, "/login")
            r = client.post("/login", data={"csrf_token": token, "name": "Ana", "password": PASSWORD,
                                             "next": target}, follow_redirects=False)
            assert r.headers["location"] == expected


def test_log_out_ends_the_log_in_for_good(db_url):
    with accounts_app(db_url) as app:
        ana = sign_up(app, "Ana")
        cookie = ana.client.cookies["solo_shelf_login"]
        assert ana.client.get("/").status_code == 200
        r = ana.form("/logout")
        assert r.status_code == 303 and r.headers["location"] == "/login"
        replay = TestClient(app, cookies={"solo_shelf_login": cookie})  # a stolen copy of the old cookie
        assert replay.get("/", follow_redirects=False).status_code == 303
        assert replay.get("/api/sessions").status_code == 401
        with _db(app) as db:
            assert db.scalar(select(AuthSession).limit(1)) is None


def test_idle_and_absolute_timeouts_end_a_log_in(db_url):
    with accounts_app(db_url, session_idle_minutes=30, session_absolute_minutes=600) as app:
        ana = sign_up(app, "Ana")
        assert ana.client.get("/").status_code == 200
        _age(app, "last_seen_at", timedelta(minutes=29))
        assert ana.client.get("/").status_code == 200  # still within the idle time, and touched now
        _age(app, "last_seen_at", timedelta(minutes=31))
        assert ana.client.get("/", follow_redirects=False).status_code == 303
        bob = sign_up(app, "Bob")
        _age(app, "created_at", timedelta(minutes=601))  # active all along, but logged in too long ago
        assert bob.client.get("/", follow_redirects=False).status_code == 303


def test_a_request_touches_the_idle_time_at_most_once_a_minute(db_url):
    with accounts_app(db_url) as app:
        ana = sign_up(app, "Ana")
        with _db(app) as db:
            before = db.scalar(select(AuthSession.last_seen_at))
        for _ in range(3):
            assert ana.client.get("/api/sessions").status_code == 200
        with _db(app) as db:
            assert db.scalar(select(AuthSession.last_seen_at)) == before
        _age(app, "last_seen_at", timedelta(seconds=61))
        ana.client.get("/api/sessions")
        with _db(app) as db:
            assert db.scalar(select(AuthSession.last_seen_at)) > before


def test_changing_the_password_ends_every_other_log_in(db_url):
    with accounts_app(db_url) as app:
        ana = sign_up(app, "Ana")
        other, _ = log_in(app, "Ana")
        r = ana.form("/settings/password", {"current": "not it", "new": "n3w password!", "confirm": "n3w password!"})
        assert r.status_code == 422 and "current password is not right" in r.text
        r = ana.form("/settings/password", {"current": PASSWORD, "new": "short", "confirm": "short"})
        assert r.status_code == 422
        r = ana.form("/settings/password", {"current": PASSWORD, "new": "n3w password!", "confirm": "n3w password!"})
        assert r.status_code == 303
        assert ana.client.get("/settings").status_code == 200  # this browser got a fresh log-in
        assert other.get("/", follow_redirects=False).status_code == 303
        assert log_in(app, "Ana")[1].status_code == 401
        assert log_in(app, "Ana", "n3w password!")[1].status_code == 303


def test_changing_the_password_revokes_every_api_token_and_the_page_says_so(db_url):
    with accounts_app(db_url) as app:
        ana = sign_up(app, "Ana")
        bob = sign_up(app, "Bob")
        stolen, kept = api_token(ana, "made with a stolen log-in"), api_token(bob, "Bob's bot")
        script = TestClient(app)
        assert script.get("/api/sessions", headers=bearer(stolen)).status_code == 200
        page = ana.client.get("/settings").text
        effects = page[page.index('id="password-effects"'):]
        assert "API token" in effects[:300] and "revoked" in effects[:300]  # said next to the form
        r = ana.form("/settings/password", {"current": PASSWORD, "new": "n3w password!", "confirm": "n3w password!"})
        assert r.status_code == 303
        assert script.get("/api/sessions", headers=bearer(stolen)).status_code == 401
        assert "API tokens were revoked" in ana.client.get(r.headers["location"]).text
        assert script.get("/api/sessions", headers=bearer(kept)).status_code == 200  # Bob's are his own
        with _db(app) as db:
            assert [t.name for t in db.scalars(select(ApiToken))] == ["Bob's bot"]


def test_sign_up_refuses_taken_names_bad_passwords_and_mismatches(db_url):
    with accounts_app(db_url) as app:
        sign_up(app, "Ana")
        client = TestClient(app)
        token = pre_form(client, "/signup")
        for name, password, confirm, words in (("ANA", PASSWORD, PASSWORD, "taken"),
                                                ("Carla", "short", "short", "at least 8"),
                                                ("Carla", PASSWORD, PASSWORD + "x", "differ"),
                                                ("", PASSWORD, PASSWORD, "Choose a name"),
                                                ("x" * 41, PASSWORD, PASSWORD, "at most 40"),
                                                ("bad\u0000name", PASSWORD, PASSWORD, "control")):
            r = client.post("/signup", data={"csrf_token": token, "name": name, "password": password,
                                             "confirm": confirm}, follow_redirects=False)
            assert r.status_code == 422 and words in r.text, (name, r.text[:300])
        with _db(app) as db:
            assert len(list(db.scalars(select(Player)))) == 1


def test_the_admin_closes_sign_up_and_disables_a_player(db_url):
    with accounts_app(db_url) as app:
        admin = sign_up(app, "Ana")
        bob = sign_up(app, "Bob")
        token = api_token(bob)
        assert bob.client.get("/admin").status_code == 403
        assert bob.form("/admin/signup", {"open": "0"}).status_code == 403
        page = admin.client.get("/admin")
        assert page.status_code == 200 and "Bob" in page.text
        assert admin.form("/admin/signup", {"open": "0"}).status_code == 303
        client = TestClient(app)
        assert "Sign-up is closed" in client.get("/signup").text
        token_form = pre_form(client, "/login")
        r = client.post("/signup", data={"csrf_token": token_form, "name": "Carla", "password": PASSWORD,
                                         "confirm": PASSWORD}, follow_redirects=False)
        assert r.status_code == 403
        with _db(app) as db:
            bob_id = db.scalar(select(Player.id).where(Player.name == "Bob"))
            ana_id = db.scalar(select(Player.id).where(Player.name == "Ana"))
        assert admin.form(f"/admin/players/{ana_id}/disable").status_code == 422  # not yourself
        assert admin.form(f"/admin/players/{bob_id}/disable").status_code == 303
        assert bob.client.get("/", follow_redirects=False).status_code == 303
        assert TestClient(app).get("/api/sessions", headers=bearer(token)).status_code == 401
        _client, r = log_in(app, "Bob")
        assert r.status_code == 401 and "disabled" in r.text
        assert admin.form(f"/admin/players/{bob_id}/enable").status_code == 303
        assert log_in(app, "Bob")[1].status_code == 303
        assert TestClient(app).get("/api/sessions", headers=bearer(token)).status_code == 200
        assert admin.form("/admin/players/nobody/disable").status_code == 404
        assert admin.form("/admin/signup", {"open": "1"}).status_code == 303
        assert "Create my account" in TestClient(app).get("/signup").text


def test_api_tokens_are_shown_once_stored_hashed_and_revocable(db_url):
    with accounts_app(db_url) as app:
        ana = sign_up(app, "Ana")
        token = api_token(ana, "my bot")
        assert token.startswith("ssk_") and len(token) >= 40
        settings = ana.client.get("/settings").text
        assert "my bot" in settings and token not in settings  # listed, never shown again
        with _db(app) as db:
            row = db.scalar(select(ApiToken))
            assert row.token_hash != token and token not in row.token_hash
        script = TestClient(app)  # no cookie: the bearer token alone, and no CSRF token needed
        created = script.post("/api/sessions", json=GAME, headers=bearer(token))
        assert created.status_code == 201
        assert [s["id"] for s in ana.api("GET", "/api/sessions").json()] == [created.json()["id"]]
        bob = sign_up(app, "Bob")
        assert bob.form(f"/settings/tokens/{row.id}/revoke").status_code == 404  # not Bob's to revoke
        assert ana.form(f"/settings/tokens/{row.id}/revoke").status_code == 303
        assert script.get("/api/sessions", headers=bearer(token)).status_code == 401
        assert ana.form("/settings/tokens", {"name": "  "}).status_code == 422


def test_single_mode_needs_no_log_in(db_url):
    app = create_app(Settings(database_url=db_url, auth_mode="single"))
    try:
        client = TestClient(app)
        assert client.get("/").status_code == 200
        assert client.get("/login", follow_redirects=False).headers["location"] == "/"
        assert client.post("/api/sessions", json=GAME).status_code == 201
        assert "Log out" not in client.get("/").text
    finally:
        app.state.db_engine.dispose()


def test_accounts_is_the_default_mode(monkeypatch):
    monkeypatch.delenv("AUTH_MODE", raising=False)
    assert Settings().auth_mode == "accounts"


def test_log_ins_that_timed_out_are_swept_at_the_next_log_in(db_url):
    with accounts_app(db_url, session_idle_minutes=30) as app:
        sign_up(app, "Ana")
        log_in(app, "Ana")
        _age(app, "last_seen_at", timedelta(minutes=31))  # both abandoned, never presented again
        log_in(app, "Ana")
        with _db(app) as db:
            assert len(list(db.scalars(select(AuthSession)))) == 1
