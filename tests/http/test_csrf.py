"""CSRF: every state-changing request that rides on the log-in cookie needs the log-in's token.

The routes come from the app itself, so a route added later is checked too. Also: no GET changes
anything, every form in the templates carries the token, and a bearer request needs none.
"""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from app.core.config import ROOT
from app.db.models import ApiToken, AuthSession, Campaign, CampaignLogEntry, GameSession, LogEntry, Player, SiteSettings
from tests.support.accountkit import PASSWORD, accounts_app, all_routes, api_token, bearer, log_in, sign_up

UNSAFE = {"POST", "PUT", "PATCH", "DELETE"}
TEMPLATES = ROOT / "templates"


@pytest.fixture
def world(db_url):
    with accounts_app(db_url) as app:
        ana = sign_up(app, "Ana")
        sign_up(app, "Bob")
        session = ana.api("POST", "/api/sessions", json={"game": "adamastor", "seed": 3}).json()
        campaign = ana.api("POST", "/api/campaigns", json={"game": "adamastor", "seed": 4}).json()
        with app.state.sessionmaker() as db:
            bob_id = db.scalar(select(Player.id).where(Player.name == "Bob"))
        token_id = "0" * 16
        yield app, ana, {"session_id": session["id"], "campaign_id": campaign["id"], "index": "1",
                         "token_id": token_id, "player_id": bob_id, "slug": "adamastor"}


def _fill(path: str, ids: dict[str, str]) -> str:
    for key, value in ids.items():
        path = path.replace("{" + key + "}", value)
    return path


def _counts(app) -> dict[str, object]:
    """A fingerprint of everything stored, to tell whether a request changed anything."""
    with app.state.sessionmaker() as db:
        out = {m.__tablename__: db.scalar(select(func.count()).select_from(m))
               for m in (GameSession, LogEntry, Campaign, CampaignLogEntry, ApiToken, AuthSession, Player)}
        out["versions"] = sorted(db.scalars(select(GameSession.version)).all())
        out["names"] = sorted(db.scalars(select(GameSession.name)).all())
        out["disabled"] = sorted(db.scalars(select(Player.disabled)).all())
        out["signup"] = db.scalar(select(SiteSettings.signup_open))
    return out


def _unsafe_routes(app) -> list[tuple[str, str]]:
    routes = [(m, p) for m, p in all_routes(app) if m in UNSAFE]
    assert len(routes) >= 25, routes
    return routes


def test_every_state_change_with_the_cookie_but_no_token_is_refused(world):
    app, ana, ids = world
    before = _counts(app)
    for method, path in _unsafe_routes(app):
        url = _fill(path, ids)
        data = {"action": "draw", "version": "0", "name": "renamed", "open": "0"}
        if path in ("/login", "/signup"):
            continue  # no log-in yet: their own token is checked below
        for sent in ({}, {"csrf_token": "forged"}):
            if path.startswith("/api/"):
                headers = {"X-CSRF-Token": sent["csrf_token"]} if sent else {}
                body = {"action": "draw", "version": 0, "name": "x", "game": "adamastor"}
                r = ana.client.request(method, url, json=body, headers=headers)
            else:
                r = ana.client.request(method, url, data={**data, **sent}, follow_redirects=False)
            assert r.status_code == 403, (method, path, sent, r.status_code, r.text[:200])
    assert _counts(app) == before


def test_the_token_of_another_log_in_is_refused(world):
    app, ana, ids = world
    other, _ = log_in(app, "Ana")
    stolen_from_other_login = re.search(r'name="csrf_token" value="([^"]+)"', other.get("/saves").text).group(1)
    assert stolen_from_other_login != ana.csrf
    r = ana.client.post(f"/saves/{ids['session_id']}/rename", data={"name": "x", "csrf_token": stolen_from_other_login},
                        follow_redirects=False)
    assert r.status_code == 403


def test_with_the_token_forms_and_htmx_go_through(world):
    app, ana, ids = world
    r = ana.form(f"/saves/{ids['session_id']}/rename", {"name": "Renamed by form"})
    assert r.status_code == 303
    r = ana.client.post(f"/play/{ids['session_id']}/act", data={"action": "nope", "version": "0"},
                        headers={"HX-Request": "true", "X-CSRF-Token": ana.csrf})
    assert r.status_code == 422  # through the CSRF check, and refused by the rules instead
    r = ana.api("PATCH", f"/api/sessions/{ids['session_id']}", json={"name": "Renamed by script"})
    assert r.status_code == 200 and r.json()["name"] == "Renamed by script"


def test_a_bearer_request_needs_no_csrf_token(world):
    app, ana, ids = world
    token = api_token(ana)
    script = TestClient(app)
    r = script.patch(f"/api/sessions/{ids['session_id']}", json={"name": "by bot"}, headers=bearer(token))
    assert r.status_code == 200


def test_a_form_posted_from_another_site_is_refused_even_with_a_token(world):
    app, ana, ids = world
    r = ana.client.post(f"/saves/{ids['session_id']}/rename", data={"name": "x", "csrf_token": ana.csrf},
                        headers={"Sec-Fetch-Site": "cross-site"}, follow_redirects=False)
    assert r.status_code == 403


def test_log_in_and_sign_up_forms_need_their_own_token(world):
    app, _ana, _ids = world
    client = TestClient(app)
    for path, data in (("/login", {"name": "Ana", "password": PASSWORD}),
                       ("/signup", {"name": "Eve", "password": PASSWORD, "confirm": PASSWORD})):
        assert client.post(path, data=data, follow_redirects=False).status_code == 403
        assert client.post(path, data={**data, "csrf_token": "forged"}, follow_redirects=False).status_code == 403
    assert "solo_shelf_login" not in client.cookies


def test_no_get_changes_anything(world):
    app, ana, ids = world
    admin_get = [(m, p) for m, p in all_routes(app) if m == "GET"]
    before = _counts(app)
    for _method, path in admin_get:
        r = ana.client.get(_fill(path, ids), follow_redirects=False)
        assert r.status_code < 500, (path, r.status_code)
    assert _counts(app) == before
    assert len(admin_get) >= 20


def test_every_form_in_the_templates_carries_the_token():
    """A POST form without {{ csrf_field() }} would fail for every player: catch it here, not in use."""
    forms = 0
    for template in TEMPLATES.rglob("*.html"):
        text = template.read_text()
        for match in re.finditer(r"<form\b[^>]*>(.*?)</form>", text, re.S):
            tag = match.group(0)
            if 'method="post"' not in tag.lower():
                continue
            forms += 1
            assert "csrf_field()" in match.group(1), f"{template.relative_to(TEMPLATES)}: a POST form without the token"
    assert forms >= 10
