"""Bench players as real accounts: each signs up like a person, then plays with what a client of its kind uses.

In accounts mode (the default of a shared server) a JSON or campaign player is a script: it creates a
personal API token on the settings page and sends it as a bearer token. An HTML player is a browser:
it keeps the log-in cookie and sends the CSRF token the page gives it in the header htmx sends. In
single mode there is nobody to sign up: a plain client plays.
"""

from __future__ import annotations

import os
import re
import secrets

import httpx

PASSWORD = "bench players play all day"
_CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
_NEW_TOKEN = re.compile(r'<code id="new-token">([^<]+)</code>')


# The language every bench client reads the app in (`--lang`, sent as Accept-Language): "en" or "es". An
# environment variable, so that the players' worker processes see it too.
LANGUAGE_VARIABLE = "SOLO_SHELF_BENCH_LANG"


class SignUpFailed(RuntimeError):
    pass


def client(base_url: str, auth_mode: str, *, kind: str, name: str = "") -> httpx.Client:
    """A client logged in as a new player (kind "script": bearer token; "browser": cookie + CSRF)."""
    headers = {"Accept-Encoding": "gzip", "Accept-Language": os.environ.get(LANGUAGE_VARIABLE, "en")}
    http = httpx.Client(base_url=base_url, headers=headers, timeout=60)
    if auth_mode != "accounts":
        return http
    try:
        _sign_up(http, name or f"bench-{secrets.token_hex(6)}")
        csrf = _csrf(http.get("/settings"), "the settings page")
        if kind == "script":
            made = http.post("/settings/tokens", data={"name": "bench", "csrf_token": csrf})
            found = _NEW_TOKEN.search(made.text) if made.status_code == 201 else None
            if not found:
                raise SignUpFailed(f"creating an API token answered {made.status_code}")
            http.cookies.clear()  # a script holds no log-in cookie: only its token
            http.headers["Authorization"] = f"Bearer {found.group(1)}"
        else:
            http.headers["X-CSRF-Token"] = csrf  # what htmx sends with every request of the page
    except BaseException:
        http.close()
        raise
    return http


def _sign_up(http: httpx.Client, name: str) -> None:
    token = _csrf(http.get("/signup"), "the sign-up page")
    done = http.post("/signup", data={"csrf_token": token, "name": name, "password": PASSWORD,
                                      "confirm": PASSWORD})
    if done.status_code != 303:
        raise SignUpFailed(f"signing up {name!r} answered {done.status_code}: {done.text[:200]}")


def _csrf(page: httpx.Response, what: str) -> str:
    found = _CSRF.search(page.text) if page.status_code == 200 else None
    if not found:
        raise SignUpFailed(f"{what} answered {page.status_code} without a CSRF token")
    return found.group(1)
