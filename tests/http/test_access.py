"""Each player's games are theirs alone: every route that takes an id, through the pages and the API.

The routes are read from the app itself, so a route added later is covered (or this test fails
until it is): another player's id answers 404 exactly like a missing id, nothing of it leaks, nothing
of it changes; an anonymous request is sent to the log-in page (pages) or answered 401 (API).
"""

from __future__ import annotations

import html
import re

import pytest
from fastapi.testclient import TestClient
from markupsafe import escape

from tests.support.accountkit import Browser, accounts_app, all_routes, api_token, bearer, sign_up

SECRET_NAME = "Ana's secret voyage"
SHOWN = (SECRET_NAME, str(escape(SECRET_NAME)), html.escape(SECRET_NAME))  # as JSON has it, as pages show it
# The schema and its docs are public; so are the stylesheets, scripts and sprites (the log-in page needs them).
PUBLIC_ROUTES = {"/login", "/signup", "/reset-password", "/healthz", "/openapi.json", "/docs",
                 "/assets/{digest}/{path:path}"}
# Path parameters this test knows how to fill; any other would be a new kind of id to think about.
KNOWN_PARAMS = {"session_id", "campaign_id", "index", "token_id", "player_id", "slug", "look_id"}


def _routes(app) -> list[tuple[str, str]]:
    routes = all_routes(app)
    assert len(routes) > 40, routes  # the app's routes were found (not an empty list that checks nothing)
    return routes


@pytest.fixture
def world(db_url):
    """Ana (the admin) with a game, a campaign and an API token; Bob, another player."""
    with accounts_app(db_url) as app:
        ana = sign_up(app, "Ana")
        session = ana.api("POST", "/api/sessions", json={"game": "adamastor", "seed": 3, "name": SECRET_NAME}).json()
        campaign = ana.api("POST", "/api/campaigns", json={"game": "adamastor", "seed": 4,
                                                           "name": SECRET_NAME + " campaign"}).json()
        for action in (campaign["legal_actions"][0]["id"], "sail"):  # choose a route card, then set sail
            choice = {"action": action, "version": campaign["version"]}
            campaign = ana.api("POST", f"/api/campaigns/{campaign['id']}/actions", json=choice).json()
        assert campaign["games"], "the campaign's first game has begun"
        token = api_token(ana, "Ana's bot")
        token_id = ana.client.get("/settings").text.split('data-token="')[1].split('"')[0]
        bob = sign_up(app, "Bob")
        yield app, ana, bob, {"session_id": session["id"], "campaign_id": campaign["id"], "index": "1",
                              "token_id": token_id, "slug": "adamastor", "look_id": "deck"}, token


def _fill(path: str, ids: dict[str, str]) -> str:
    for key, value in ids.items():
        path = path.replace("{" + key + "}", value)
    return path


def _call(browser: Browser, method: str, path: str):
    if path.startswith("/api/"):
        body = {"action": "draw", "version": 0, "name": "taken over", "game": "adamastor"}
        return browser.api(method, path, json=body if method != "GET" else None)
    if method == "GET":
        return browser.client.get(path, follow_redirects=False)
    return browser.form(path, {"action": "draw", "version": "0", "name": "taken over"})


def test_every_route_with_an_id_hides_another_players_things(world):
    app, ana, bob, ids, _token = world
    before = (ana.api("GET", f"/api/sessions/{ids['session_id']}").json(),
              ana.api("GET", f"/api/campaigns/{ids['campaign_id']}").json())
    missing = {**ids, "session_id": "0123456789abcdef", "campaign_id": "0123456789abcdef", "token_id": "0" * 16}
    checked = []
    for method, path in _routes(app):
        if path in PUBLIC_ROUTES:
            continue
        params = set(re.findall(r"\{(\w+)\}", path))
        assert params <= KNOWN_PARAMS, f"a new kind of id in {path}: add it to this test"
        if not params & {"session_id", "campaign_id", "token_id"}:
            continue
        theirs, nothing = _call(bob, method, _fill(path, ids)), _call(bob, method, _fill(path, missing))
        assert theirs.status_code == 404, (method, path, theirs.status_code, theirs.text[:200])
        assert nothing.status_code == 404, (method, path, nothing.status_code)
        assert not any(s in theirs.text for s in SHOWN) and "Ana" not in theirs.text
        assert theirs.headers["content-type"] == nothing.headers["content-type"]
        checked.append((method, path))
    after = (ana.api("GET", f"/api/sessions/{ids['session_id']}").json(),
             ana.api("GET", f"/api/campaigns/{ids['campaign_id']}").json())
    assert after == before  # nothing Bob sent changed Ana's game or campaign
    assert ana.client.get("/settings").text.count('data-token="') == 1  # her token survived
    paths = {p for _m, p in checked}
    for expected in ("/api/sessions/{session_id}", "/api/sessions/{session_id}/actions",
                     "/api/sessions/{session_id}/undo", "/api/sessions/{session_id}/log",
                     "/api/sessions/{session_id}/export", "/api/campaigns/{campaign_id}",
                     "/api/campaigns/{campaign_id}/actions", "/api/campaigns/{campaign_id}/log",
                     "/api/campaigns/{campaign_id}/export", "/play/{session_id}", "/play/{session_id}/act",
                     "/play/{session_id}/undo", "/saves/{session_id}/rename", "/saves/{session_id}/delete",
                     "/saves/{session_id}/export", "/campaigns/{campaign_id}", "/campaigns/{campaign_id}/act",
                     "/campaigns/{campaign_id}/rename", "/campaigns/{campaign_id}/delete",
                     "/campaigns/{campaign_id}/export", "/campaigns/{campaign_id}/games/{index}/log",
                     "/settings/tokens/{token_id}/revoke"):
        assert expected in paths
    assert len(checked) >= 28


# What the owner gets where it is not a plain 200: the advisor starts its estimate (202, the figures so far), and a
# game in progress has no review yet (404 that says so, not that the game is missing).
OWNER_ANSWERS = {"/api/sessions/{session_id}/advice": (202, "options"),
                 "/api/sessions/{session_id}/review": (404, "has not been reviewed")}


def test_the_owner_still_reaches_every_one_of_them(world):
    app, ana, _bob, ids, _token = world
    for method, path in _routes(app):
        if method == "GET" and ("{session_id}" in path or "{campaign_id}" in path):
            r = _call(ana, method, _fill(path, ids))
            status, said = OWNER_ANSWERS.get(path, (200, ""))
            assert r.status_code == status and said in r.text, (path, r.status_code)


def test_lists_show_only_your_own_games(world):
    _app, ana, bob, ids, _token = world
    assert bob.api("GET", "/api/sessions").json() == [] and bob.api("GET", "/api/campaigns").json() == []
    for page in ("/", "/saves", "/campaigns", "/games/adamastor"):
        text = bob.client.get(page).text
        assert not any(s in text for s in SHOWN) and ids["session_id"] not in text and ids["campaign_id"] not in text
    assert str(escape(SECRET_NAME)) in ana.client.get("/saves").text
    mine = [s["id"] for s in ana.api("GET", "/api/sessions").json()]
    assert ids["session_id"] in mine and len(mine) == 2  # her game and her campaign's first game


def test_bearer_tokens_reach_only_their_owners_games(world):
    app, _ana, bob, ids, token = world
    script = TestClient(app)
    assert script.get(f"/api/sessions/{ids['session_id']}", headers=bearer(token)).status_code == 200
    bobs = api_token(bob)
    for path in (f"/api/sessions/{ids['session_id']}", f"/api/campaigns/{ids['campaign_id']}/log",
                 f"/api/sessions/{ids['session_id']}/export"):
        assert script.get(path, headers=bearer(bobs)).status_code == 404
    r = script.post(f"/api/sessions/{ids['session_id']}/actions", json={"action": "draw", "version": 0},
                    headers=bearer(bobs))
    assert r.status_code == 404


def test_anonymous_requests_go_to_log_in_or_get_401(world):
    app, _ana, _bob, ids, _token = world
    anonymous = TestClient(app)
    for method, path in _routes(app):
        if path in PUBLIC_ROUTES:
            continue
        r = anonymous.request(method, _fill(path, {**ids, "player_id": "x"}), follow_redirects=False,
                              json={} if path.startswith("/api/") and method != "GET" else None)
        if path.startswith("/api/"):
            assert r.status_code == 401, (method, path, r.status_code)
        else:
            assert r.status_code == 303 and r.headers["location"].startswith("/login"), (method, path)


def test_an_imported_save_belongs_to_the_importer(world):
    _app, ana, bob, ids, _token = world
    save = ana.api("GET", f"/api/sessions/{ids['session_id']}/export").json()
    copy = bob.api("POST", "/api/sessions/import", json=save)
    assert copy.status_code == 201
    assert [s["id"] for s in bob.api("GET", "/api/sessions").json()] == [copy.json()["id"]]
    assert copy.json()["id"] not in [s["id"] for s in ana.api("GET", "/api/sessions").json()]
