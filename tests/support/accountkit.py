"""Helpers for the accounts-mode tests: an app with accounts on, and players who sign up and log in.

A `Browser` is a TestClient with its own cookie jar that behaves like a browser: it reads the CSRF
token from the pages it gets (the hidden `csrf_token` field) and sends it back with its forms.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from fastapi.testclient import TestClient

from app.core.config import Settings
from app.main import create_app

PASSWORD = "correct horse battery staple"
_TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')


def accounts_settings(db_url: str, **overrides) -> Settings:
    return Settings(database_url=db_url, auth_mode="accounts", **overrides)


@contextmanager
def accounts_app(db_url: str, **overrides) -> Iterator:
    app = create_app(accounts_settings(db_url, **overrides))
    try:
        yield app
    finally:
        app.state.stop_background_work()
        app.state.db_engine.dispose()


def csrf_in(html: str) -> str:
    found = _TOKEN.search(html)
    assert found, "no CSRF field in the page"
    return found.group(1)


@dataclass
class Browser:
    """One person's browser: a client with its own cookies, and the CSRF token of its log-in."""

    client: TestClient
    name: str = ""
    csrf: str = ""

    def form(self, path: str, data: dict | None = None, **kwargs):
        """Post a form the way a page would: with the CSRF token of the log-in."""
        return self.client.post(path, data={"csrf_token": self.csrf, **(data or {})}, follow_redirects=False,
                                **kwargs)

    def api(self, method: str, path: str, **kwargs):
        """A JSON-API call riding on the cookie, with the CSRF header (as htmx or a page script would)."""
        headers = {"X-CSRF-Token": self.csrf, **kwargs.pop("headers", {})}
        return self.client.request(method, path, headers=headers, **kwargs)

    def refresh_csrf(self) -> str:
        self.csrf = csrf_in(self.client.get("/settings").text)
        return self.csrf


def pre_form(client: TestClient, path: str) -> str:
    """The double-submit token of the log-in or sign-up form (its GET sets the cookie)."""
    return csrf_in(client.get(path).text)


def sign_up(app, name: str, password: str = PASSWORD) -> Browser:
    client = TestClient(app)
    token = pre_form(client, "/signup")
    r = client.post("/signup", data={"csrf_token": token, "name": name, "password": password, "confirm": password},
                    follow_redirects=False)
    assert r.status_code == 303, r.text
    browser = Browser(client, name)
    browser.refresh_csrf()
    return browser


def log_in(app, name: str, password: str = PASSWORD, *, client: TestClient | None = None):
    """Post the log-in form from a fresh client (or the given one); returns (client, response)."""
    client = client or TestClient(app)
    token = pre_form(client, "/login")
    r = client.post("/login", data={"csrf_token": token, "name": name, "password": password},
                    follow_redirects=False)
    return client, r


def api_token(browser: Browser, name: str = "bot") -> str:
    r = browser.form("/settings/tokens", {"name": name})
    assert r.status_code == 201, r.text
    found = re.search(r'<code id="new-token">([^<]+)</code>', r.text)
    assert found
    return found.group(1)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def all_routes(app) -> list[tuple[str, str]]:
    """Every (method, path) the app answers, read from the app (included routers flattened)."""
    found: set[tuple[str, str]] = set()
    for route in app.routes:
        contexts = route.effective_route_contexts() if hasattr(route, "effective_route_contexts") else [route]
        for ctx in contexts:
            methods = getattr(ctx, "methods", None) or set()
            for method in methods - {"HEAD"}:
                found.add((method, ctx.path))
    return sorted(found)
