"""Security headers on every answer, and pages that keep to the Content-Security-Policy.

Every GET route of the app is fetched (logged in, with real ids), plus static files, error pages,
the API and the log-in pages: each answer carries the headers. The HTML itself has no inline script,
no style attribute and no on...= handler, which the CSP would block in a browser anyway.
"""

from __future__ import annotations

import json
import re

import pytest
from fastapi.testclient import TestClient

from app.http.auth import CSP
from tests.support.accountkit import accounts_app, all_routes, sign_up

EXPECTED = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
    "x-frame-options": "DENY",
}


@pytest.fixture
def world(db_url):
    with accounts_app(db_url) as app:
        ana = sign_up(app, "Ana")
        session = ana.api("POST", "/api/sessions", json={"game": "adamastor", "seed": 3}).json()
        campaign = ana.api("POST", "/api/campaigns", json={"game": "adamastor", "seed": 4}).json()
        ids = {"session_id": session["id"], "campaign_id": campaign["id"], "index": "1", "slug": "adamastor"}
        yield app, ana, ids


def _check_headers(r, what: str) -> None:
    for name, value in EXPECTED.items():
        assert r.headers.get(name) == value, (what, name, r.headers.get(name))
    assert r.headers.get("content-security-policy") == CSP, what


def test_the_policy_itself_is_strict():
    directives = dict(d.strip().split(" ", 1) for d in CSP.split(";"))
    assert directives["script-src"] == "'self'" and directives["style-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'" and directives["object-src"] == "'none'"
    assert "unsafe" not in CSP and "*" not in CSP and "http" not in CSP


def _pages(app, ids) -> list[str]:
    urls = []
    for method, path in all_routes(app):
        if method != "GET" or "{player_id}" in path or "{token_id}" in path:
            continue
        url = path
        for key, value in ids.items():
            url = url.replace("{" + key + "}", value)
        urls.append(url)
    assert len(urls) >= 15
    return urls


def test_every_page_and_answer_has_the_headers(world):
    app, ana, ids = world
    for url in _pages(app, ids):
        _check_headers(ana.client.get(url, follow_redirects=False), url)
    anonymous = TestClient(app)
    for url in ("/login", "/signup", "/", "/api/sessions", "/static/css/app.css", "/static/js/app.js",
                "/static/vendor/htmx/htmx.min.js", "/no/such/page", "/api/sessions/nope", "/healthz",
                "/openapi.json"):
        _check_headers(anonymous.get(url, follow_redirects=False), url)
    _check_headers(ana.client.post("/logout", follow_redirects=False), "403 without CSRF token")
    _check_headers(ana.client.get("/play/nope"), "404 page")


INLINE_SCRIPT = re.compile(r"<script\b(?![^>]*\bsrc=)[^>]*>", re.I)
STYLE_ATTR = re.compile(r"<[a-z][^>]*\sstyle\s*=", re.I)
HANDLER_ATTR = re.compile(r"<[a-z][^>]*\son[a-z]+\s*=", re.I)
STYLE_ELEMENT = re.compile(r"<style\b", re.I)


def test_pages_have_no_inline_script_style_or_handler(world):
    app, ana, ids = world
    seen = 0
    for url in [*_pages(app, ids), "/login"]:
        r = ana.client.get(url)
        if "text/html" not in r.headers.get("content-type", ""):
            continue
        seen += 1
        for pattern in (INLINE_SCRIPT, STYLE_ATTR, HANDLER_ATTR, STYLE_ELEMENT):
            found = pattern.search(r.text)
            assert found is None, (url, found.group(0) if found else "")
    assert seen >= 10


def test_htmx_is_configured_for_the_policy_and_sends_the_csrf_header(world):
    _app, ana, ids = world
    page = ana.client.get(f"/play/{ids['session_id']}").text
    config = re.search(r"<meta name=\"htmx-config\" content='([^']+)'>", page)
    assert config, "no htmx-config meta"
    settings = json.loads(config.group(1))
    assert settings == {"includeIndicatorStyles": False, "allowEval": False, "allowScriptTags": False}
    headers = re.search(r"<body[^>]*hx-headers='([^']+)'", page)
    assert headers and json.loads(headers.group(1)) == {"X-CSRF-Token": ana.csrf}


def test_every_games_board_keeps_to_the_policy(world):
    """Each registered game's board page (a new game of it): nothing the CSP would block."""
    from games.registry import all_engines

    _app, ana, _ids = world
    slugs = [e.spec.slug for e in all_engines()]
    assert "adamastor" in slugs
    for slug in slugs:
        created = ana.api("POST", "/api/sessions", json={"game": slug, "seed": 11})
        assert created.status_code == 201, (slug, created.text[:200])
        for url in (f"/play/{created.json()['id']}", f"/games/{slug}", f"/games/{slug}/rules"):
            r = ana.client.get(url)
            assert r.status_code == 200, (url, r.status_code)
            for pattern in (INLINE_SCRIPT, STYLE_ATTR, HANDLER_ATTR, STYLE_ELEMENT):
                found = pattern.search(r.text)
                assert found is None, (url, found.group(0)[:200] if found else "")


def test_every_route_of_the_app_is_kept_out_of_shared_caches_and_static_files_are_not(world):
    """A player's pages and answers (history, statistics, replays, look views, settings, exports) say
    `private, no-store`; the static files and fingerprinted assets keep the caching they set themselves."""
    app, ana, ids = world
    for url in _pages(app, ids):
        if url.startswith("/assets/"):  # the fingerprinted files: below
            continue
        said = ana.client.get(url, follow_redirects=False).headers.get("cache-control")
        assert said == "private, no-store", (url, said)
    page = ana.client.get(f"/play/{ids['session_id']}").text
    for url in ("/static/css/app.css", re.search(r'src="(/assets/[^"]+)"', page).group(1)):
        cached = ana.client.get(url).headers.get("cache-control", "")
        assert "max-age" in cached and "no-store" not in cached, (url, cached)


def test_head_is_answered_as_get_without_the_body(world):
    app, ana, ids = world
    checked = 0
    for url in _pages(app, ids):
        got, head = ana.client.get(url, follow_redirects=False), ana.client.head(url, follow_redirects=False)
        assert head.status_code == got.status_code != 405, (url, head.status_code, got.status_code)
        assert head.content == b"", url
        assert head.headers.get("content-type") == got.headers.get("content-type"), url
        checked += 1
    assert checked >= 15
    # Only where a GET is served: a route that takes POST alone still refuses HEAD.
    assert ana.client.head(f"/api/sessions/{ids['session_id']}/actions").status_code == 405
