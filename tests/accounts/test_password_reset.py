"""A server a household can run (issue #26 §3): a fresh shelf says who becomes the admin, a forgotten password has a
way back (a one-time reset link from the admin page or `python -m app reset-password NAME`), and a device logged
out by a password change or a reset says why."""

from __future__ import annotations

import re
from datetime import timedelta

from fastapi.testclient import TestClient
from sqlalchemy import select, update

from app.accounts.players import digest
from app.db.models import ApiToken, PasswordReset, Player
from app.ops.cli import main
from tests.support.accountkit import PASSWORD, accounts_app, api_token, bearer, log_in, pre_form, sign_up

NEW = "a brand new passphrase"
_LINK = re.compile(r'<code id="reset-link">([^<]+)</code>')


def _player_id(app, name: str) -> str:
    with app.state.sessionmaker() as db:
        return db.scalar(select(Player.id).where(Player.name == name))


def _reset_link(admin, player_id: str) -> str:
    r = admin.form(f"/admin/players/{player_id}/reset-link")
    assert r.status_code == 201, r.text
    found = _LINK.search(r.text)
    assert found, "the admin page shows the link it made"
    return found.group(1)


def _use(app, link: str, password: str = NEW, confirm: str | None = None, client: TestClient | None = None):
    client = client or TestClient(app)
    path = link.removeprefix("http://testserver")
    page = client.get(path)
    if page.status_code != 200:
        return client, page
    token = re.search(r'name="token" value="([^"]+)"', page.text).group(1)
    r = client.post("/reset-password", data={"csrf_token": pre_form(client, path), "token": token,
                                             "password": password, "confirm": password if confirm is None else confirm},
                    follow_redirects=False)
    return client, r


def test_a_fresh_shelf_says_there_is_no_account_and_the_first_becomes_the_admin(db_url):
    with accounts_app(db_url) as app:
        client = TestClient(app)
        first = client.get("/")  # anonymous: the log-in page
        assert first.status_code == 200 and 'id="first-account"' in first.text
        assert "no account yet" in first.text and "becomes its admin" in first.text
        assert 'href="/signup"' in first.text
        assert "no account yet" in client.get("/signup").text
        spanish = TestClient(app).get("/login?lang=es").text
        assert "todavía no tiene ninguna cuenta" in spanish and "la administrará" in spanish
        sign_up(app, "Ana")
        later = TestClient(app)
        assert 'id="first-account"' not in later.get("/login").text
        assert 'id="first-account"' not in later.get("/signup").text


def test_the_admin_makes_a_one_time_link_and_using_it_revokes_log_ins_and_tokens(db_url):
    with accounts_app(db_url) as app:
        admin = sign_up(app, "Ana")
        bob = sign_up(app, "Bob")
        token = api_token(bob)
        bob_id = _player_id(app, "Bob")
        assert bob.form(f"/admin/players/{bob_id}/reset-link").status_code == 403  # admins only
        link = _reset_link(admin, bob_id)
        secret = link.split("token=", 1)[1]
        assert link.startswith("http://testserver/reset-password?token=")
        with app.state.sessionmaker() as db:
            stored = list(db.scalars(select(PasswordReset.token_hash)))
        assert stored == [digest(secret)]  # only the digest is kept
        # Opening the link changes nothing (a link preview must not use it up); a refused password neither.
        assert TestClient(app).get(link).status_code == 200
        _client, r = _use(app, link, "short")
        assert r.status_code == 422 and "at least 8" in r.text
        _client, r = _use(app, link, NEW, NEW + "x")
        assert r.status_code == 422 and "differ" in r.text
        assert bob.client.get("/", follow_redirects=False).status_code == 200
        phone, r = _use(app, link)
        assert r.status_code == 303 and r.headers["location"] == "/settings?done=reset"
        assert "new password is set" in phone.get(r.headers["location"]).text  # logged in with it at once
        assert log_in(app, "Bob", NEW)[1].status_code == 303
        assert log_in(app, "Bob", PASSWORD)[1].status_code == 401
        assert TestClient(app).get("/api/sessions", headers=bearer(token)).status_code == 401
        with app.state.sessionmaker() as db:
            assert db.scalar(select(ApiToken).where(ApiToken.player_id == bob_id)) is None
            assert db.scalar(select(PasswordReset)) is None
        # Bob's other browser was logged out, and says why.
        gone = bob.client.get("/", follow_redirects=True)
        assert gone.url.path == "/login" and 'id="logged-out"' in gone.text and "reset" in gone.text
        _client, again = _use(app, link, "another passphrase")  # once only
        assert again.status_code == 410 and "does not work any more" in again.text
        assert log_in(app, "Bob", NEW)[1].status_code == 303


def test_a_link_expires_within_an_hour_and_a_newer_one_replaces_it(db_url):
    with accounts_app(db_url) as app:
        admin = sign_up(app, "Ana")
        sign_up(app, "Bob")
        bob_id = _player_id(app, "Bob")
        older = _reset_link(admin, bob_id)
        newer = _reset_link(admin, bob_id)
        assert _use(app, older)[1].status_code == 410
        with app.state.sessionmaker() as db:
            row = db.scalar(select(PasswordReset))
            assert timedelta(minutes=1) < row.expires_at - row.created_at <= timedelta(hours=1)
            db.execute(update(PasswordReset).values(expires_at=row.created_at - timedelta(seconds=1)))
            db.commit()
        _client, r = _use(app, newer)
        assert r.status_code == 410
        assert log_in(app, "Bob", PASSWORD)[1].status_code == 303  # nothing changed


def test_reset_refusals_are_4xx_and_change_nothing(db_url):
    with accounts_app(db_url) as app:
        admin = sign_up(app, "Ana")
        sign_up(app, "Bob")
        bob_id = _player_id(app, "Bob")
        assert admin.form("/admin/players/nobody/reset-link").status_code == 404
        assert admin.form(f"/admin/players/{bob_id}/disable").status_code == 303
        r = admin.form(f"/admin/players/{bob_id}/reset-link")
        assert r.status_code == 422 and "disabled" in r.text
        client = TestClient(app)
        for query in ("", "?token=", "?token=nonsense", "?token=" + "x" * 5000):
            assert client.get("/reset-password" + query).status_code == 410
        token = pre_form(client, "/login")
        r = client.post("/reset-password", data={"csrf_token": token, "token": "forged", "password": NEW,
                                                 "confirm": NEW}, follow_redirects=False)
        assert r.status_code == 410 and "does not work" in r.text
        assert client.post("/reset-password", data={"token": "forged", "password": NEW, "confirm": NEW},
                           follow_redirects=False).status_code == 403  # no CSRF token
        with app.state.sessionmaker() as db:
            assert db.scalar(select(PasswordReset)) is None


def test_another_device_logged_out_by_a_password_change_says_why(db_url):
    with accounts_app(db_url) as app:
        laptop = sign_up(app, "Ana")
        phone, r = log_in(app, "Ana")
        assert r.status_code == 303 and phone.get("/").status_code == 200
        r = laptop.form("/settings/password", {"current": PASSWORD, "new": NEW, "confirm": NEW})
        assert r.status_code == 303
        shown = phone.get("/", follow_redirects=True)
        assert shown.url.path == "/login"
        assert "You were logged out because your password was changed" in shown.text
        assert "solo_shelf_login" not in phone.cookies  # said once: the dead cookie is cleared
        assert 'id="logged-out"' not in phone.get("/login").text
        spanish_phone, _r = log_in(app, "Ana", NEW)
        laptop.refresh_csrf()
        assert laptop.form("/settings/password", {"current": NEW, "new": PASSWORD, "confirm": PASSWORD}
                           ).status_code == 303
        said = spanish_phone.get("/?lang=es", follow_redirects=True).text
        assert "Se cerró tu sesión porque se cambió tu contraseña" in said


def test_reset_password_command_prints_a_link_for_a_lone_admin(db_url, monkeypatch, capsys):
    with accounts_app(db_url) as app:
        sign_up(app, "Ana")
        monkeypatch.setenv("DATABASE_URL", db_url)
        assert main(["reset-password", "nobody"]) == 1
        assert "no player" in capsys.readouterr().err
        assert main(["reset-password", "ANA", "--url", "http://shelf.lan:8000/"]) == 0
        out = capsys.readouterr().out
        link = re.search(r"(http://shelf\.lan:8000/reset-password\?token=\S+)", out).group(1)
        assert "once" in out and "hour" in out
        _client, r = _use(app, link.replace("http://shelf.lan:8000", "http://testserver"))
        assert r.status_code == 303
        assert log_in(app, "Ana", NEW)[1].status_code == 303
