"""Cross-site and DNS-rebinding writes (issue #14, point 3), refused in single mode and accounts mode alike.

- An unsafe request whose Origin (or, without one, Referer) is another site's, or another port's, or
  whose Sec-Fetch-Site is not same-origin/none: 403, nothing changed.
- The JSON API takes only application/json bodies: 415 otherwise, nothing stored.
- The Host header must be one of ALLOWED_HOSTS (default: the loopback names, any port): 400 otherwise,
  with a message naming ALLOWED_HOSTS. /healthz answers any host.
- Behind a TLS proxy listed in TRUSTED_PROXIES, the app's own origin is https://<Host>.
"""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from app.core.config import Settings
from app.db.models import GameSession, LogEntry
from app.http.auth import CSP
from app.main import create_app
from tests.support.accountkit import accounts_app, api_token, bearer, sign_up

EVIL = "https://evil.example"
OTHER_PORT = "http://testserver:3000"


@pytest.fixture
def single(db_url):
    app = create_app(Settings(database_url=db_url, auth_mode="single"))
    with TestClient(app) as client:
        game = client.post("/api/sessions", json={"game": "adamastor", "seed": 3})
        assert game.status_code == 201
        export = client.get(f"/api/sessions/{game.json()['id']}/export").json()
        yield app, client, game.json(), export
    app.state.db_engine.dispose()


def _stored(app) -> tuple:
    with app.state.sessionmaker() as db:
        return (db.scalar(select(func.count()).select_from(GameSession)),
                db.scalar(select(func.count()).select_from(LogEntry)),
                sorted(db.scalars(select(GameSession.name))), sorted(db.scalars(select(GameSession.version))))


def _page_writes(game: dict, export: dict) -> list[tuple[str, dict]]:
    """The page forms of the issue's report: a move, a rename, a delete and an import."""
    sid, action = game["id"], game["legal_actions"][0]["id"]
    return [(f"/play/{sid}/act", {"data": {"action": action, "version": "0"}}),
            (f"/saves/{sid}/rename", {"data": {"name": "pwned"}}),
            (f"/saves/{sid}/delete", {"data": {}}),
            ("/saves/import", {"files": {"file": ("save.json", json.dumps(export), "application/json")}})]


@pytest.mark.parametrize("headers", [
    {"Origin": EVIL},  # an older browser: no Sec-Fetch-* at all
    {"Origin": OTHER_PORT, "Sec-Fetch-Site": "same-site"},  # another local port
    {"Sec-Fetch-Site": "same-site"},
    {"Sec-Fetch-Site": "cross-site"},
    {"Origin": "null"},  # a sandboxed frame or a data: page
    {"Referer": f"{EVIL}/attack.html"},  # no Origin, but a Referer from elsewhere
    {"Origin": "https://testserver"},  # the same name over another scheme is another origin
], ids=["evil-origin", "same-site-port", "same-site", "cross-site", "null", "evil-referer", "https"])
def test_single_mode_refuses_writes_from_another_origin(single, headers):
    app, client, game, export = single
    before = _stored(app)
    for path, body in _page_writes(game, export):
        r = client.post(path, headers=headers, follow_redirects=False, **body)
        assert r.status_code == 403, (path, r.status_code, r.text[:200])
        assert "only this site" in r.text and "Not allowed" in r.text
    api = client.post("/api/sessions/import?on_shelf=copy", json=export, headers=headers)
    assert api.status_code == 403 and "only this site" in api.json()["detail"]
    removed = client.delete(f"/api/sessions/{game['id']}", headers=headers)
    assert removed.status_code == 403
    assert _stored(app) == before


def test_single_mode_accepts_writes_from_its_own_pages(single):
    app, client, game, export = single
    own = [{"Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"},
           {"Referer": "http://testserver/saves"},
           {"Origin": "http://testserver:80"},  # the default port, written out
           {}]  # curl, or a script: nothing to judge by
    for headers in own:
        r = client.post(f"/saves/{game['id']}/rename", data={"name": "mine"}, headers=headers, follow_redirects=False)
        assert r.status_code == 303, (headers, r.status_code, r.text[:200])
    made = client.post("/api/sessions/import?on_shelf=copy", json=export, headers=own[0])
    assert made.status_code == 201


def test_the_api_takes_only_json_bodies(single):
    app, client, _game, export = single
    before = _stored(app)
    body = json.dumps(export).encode()
    for content_type in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
                         "application/jsonx", None):
        headers = {"content-type": content_type} if content_type else {}
        r = client.post("/api/sessions/import?on_shelf=copy", content=body, headers=headers)
        assert r.status_code == 415, (content_type, r.status_code, r.text[:200])
        assert "Content-Type: application/json" in r.json()["detail"]
    assert _stored(app) == before
    ok = client.post("/api/sessions/import?on_shelf=copy", content=body,
                     headers={"content-type": "application/json; charset=utf-8"})
    assert ok.status_code == 201


def test_dns_rebinding_is_refused_by_the_host_check(single):
    app, client, game, _export = single
    before = _stored(app)
    rebound = {"Host": "rebind.evil.example", "Sec-Fetch-Site": "same-origin", "Origin": "http://rebind.evil.example"}
    listed = client.get("/api/sessions", headers=rebound)
    assert listed.status_code == 400 and "ALLOWED_HOSTS" in listed.json()["detail"]
    assert client.delete(f"/api/sessions/{game['id']}", headers=rebound).status_code == 400
    page = client.get("/saves", headers=rebound)
    assert page.status_code == 400 and "ALLOWED_HOSTS" in page.text
    assert page.headers["content-security-policy"] == CSP and listed.headers["x-frame-options"] == "DENY"
    assert _stored(app) == before
    assert client.get("/healthz", headers={"Host": "10.1.2.3:8000"}).status_code == 200  # a probe, by any name


def test_allowed_hosts_default_to_the_loopback_names_on_any_port(db_url, monkeypatch):
    monkeypatch.delenv("ALLOWED_HOSTS", raising=False)
    settings = Settings(database_url=db_url, auth_mode="single")
    assert settings.allowed_hosts == "localhost,127.0.0.1,[::1]"
    app = create_app(settings)
    try:
        for base, status in (("http://localhost:8000", 200), ("http://127.0.0.1:5123", 200),
                             ("http://[::1]:8000", 200), ("http://LOCALHOST", 200),
                             ("http://testserver", 400), ("http://192.168.1.20:8000", 400),
                             ("http://localhost.evil.example:8000", 400)):
            with TestClient(app, base_url=base) as client:
                assert client.get("/api/games").status_code == status, base
    finally:
        app.state.db_engine.dispose()


def test_allowed_hosts_with_a_port_allow_that_port_only(db_url):
    app = create_app(Settings(database_url=db_url, auth_mode="single", allowed_hosts="shelf.lan:8443, 192.168.1.20"))
    try:
        for base, status in (("https://shelf.lan:8443", 200), ("http://shelf.lan:8000", 400),
                             ("http://shelf.lan", 400), ("http://192.168.1.20:8000", 200),
                             ("http://localhost:8000", 400)):
            with TestClient(app, base_url=base) as client:
                assert client.get("/api/games").status_code == status, base
    finally:
        app.state.db_engine.dispose()


def test_accounts_mode_refuses_another_origin_even_with_the_cookie_and_its_token(db_url):
    with accounts_app(db_url) as app:
        ana = sign_up(app, "Ana")
        token = api_token(ana)
        game = ana.api("POST", "/api/sessions", json={"game": "adamastor", "seed": 3}).json()
        before = _stored(app)
        r = ana.form(f"/saves/{game['id']}/rename", {"name": "pwned"}, headers={"Origin": EVIL})
        assert r.status_code == 403 and "only this site" in r.text
        r = ana.api("PATCH", f"/api/sessions/{game['id']}", json={"name": "pwned"},
                    headers={"Origin": OTHER_PORT, "Sec-Fetch-Site": "same-site"})
        assert r.status_code == 403
        r = ana.client.post("/api/sessions", json={"game": "adamastor"}, headers={**bearer(token), "Origin": EVIL})
        assert r.status_code == 403
        r = ana.client.post("/api/sessions/import?on_shelf=copy", content=b"{}",
                            headers={**bearer(token), "content-type": "text/plain"})
        assert r.status_code == 415
        assert _stored(app) == before
        # A script with its token and no browser headers needs nothing more; the cookie still needs its CSRF token.
        anonymous = TestClient(app)
        assert anonymous.post("/api/sessions", json={"game": "adamastor"}, headers=bearer(token)).status_code == 201
        no_csrf = ana.client.post("/api/sessions", json={"game": "adamastor"}, headers={"Origin": "http://testserver"})
        assert no_csrf.status_code == 403


def test_behind_a_trusted_tls_proxy_the_own_origin_is_https(db_url):
    settings = Settings(database_url=db_url, auth_mode="single", allowed_hosts="shelf.example.org",
                        trusted_proxies="10.0.0.2")
    app = create_app(settings)
    forwarded = {"X-Forwarded-Proto": "https", "Origin": "https://shelf.example.org"}
    try:
        with TestClient(app, base_url="http://shelf.example.org", client=("10.0.0.2", 40000)) as proxy:
            assert proxy.post("/api/sessions", json={"game": "adamastor"}, headers=forwarded).status_code == 201
            plain = proxy.post("/api/sessions", json={"game": "adamastor"},
                               headers={"X-Forwarded-Proto": "https", "Origin": "http://shelf.example.org"})
            assert plain.status_code == 403  # the proxy says the page was https: a plain-http origin is another
        with TestClient(app, base_url="http://shelf.example.org", client=("203.0.113.9", 40000)) as direct:
            # Not from the proxy: its X-Forwarded-Proto is not believed, and the answer says what to set.
            r = direct.post("/api/sessions", json={"game": "adamastor"}, headers=forwarded)
            assert r.status_code == 403 and "TRUSTED_PROXIES" in r.json()["detail"]
    finally:
        app.state.db_engine.dispose()
