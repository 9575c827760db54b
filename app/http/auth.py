"""Who is asking: the request's player, CSRF checks, the login cookie, and the security headers.

- `api_player` / `page_player`: FastAPI dependencies every JSON-API and page router requires. They
  answer with the request's `Principal` (its player), or raise `LoginRequired` (401 for the API, a
  redirect to /login for pages). In single mode every request is the one implicit player's.
- The JSON API takes a personal token (`Authorization: Bearer ...`) or the login cookie; pages take
  the cookie. A request that rides on the cookie and changes anything must carry the log-in's CSRF
  token: the `X-CSRF-Token` header (htmx sends it, see base.html) or the `csrf_token` form field (every
  form has it, see partials/actions.html). A bearer request needs none: nothing ambient authenticates it.
- `SecurityMiddleware`: the security headers on every answer, static files and errors included, and
  the per-request holder (app/accounts/current.py) the templates read the CSRF token and the player from.
"""

from __future__ import annotations

import hmac
from typing import Annotated, Any

from fastapi import Depends, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.accounts import current, logins, players
from app.accounts.logins import Principal
from games.engine import words

COOKIE = "solo_shelf_login"
PRE_COOKIE = "solo_shelf_form"  # the CSRF token of the log-in and sign-up forms, before there is a log-in
CSRF_HEADER = "X-CSRF-Token"
UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'")
SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
    # Every page and answer is a player's own (their games, history, exports) unless it says otherwise: static
    # files and /assets set their own caching.
    (b"cache-control", b"private, no-store"),
]


class LoginRequired(Exception):
    """No valid log-in (401 for the API, a redirect to the log-in page for pages)."""

    def __init__(self, api: bool) -> None:
        super().__init__(words("log in first") if not api
                         else words("authentication required: a bearer token or a log-in"))
        self.api = api


class CsrfRefused(Exception):
    """A state change that rides on the cookie without the log-in's CSRF token (403)."""

    def __init__(self, api: bool) -> None:
        super().__init__(words("this request lacks a valid CSRF token: reload the page and try again"))
        self.api = api


class Forbidden(Exception):
    """Logged in, but not allowed (the admin page for a non-admin): 403."""


# ---------------------------------------------------------------- dependencies

_bearer = HTTPBearer(auto_error=False, description="A personal API token from the settings page.")


async def _authenticate(request: Request, bearer: str | None) -> Principal | None:
    """The request's player. Only a lookup of a token or a log-in reads the database, in a worker thread; the
    rest (single mode, no credentials at all) is answered on the event loop: a thread hop per request costs
    more than the check itself."""
    settings = request.app.state.settings
    if settings.auth_mode == "single":
        player_id = request.app.state.single_player_id
        return Principal(player_id, "", False, "single")
    token = request.cookies.get(COOKIE)
    if bearer is None and not token:
        return None
    return await run_in_threadpool(_look_up, request, settings, bearer, token)


def _look_up(request: Request, settings: Any, bearer: str | None, token: str | None) -> Principal | None:
    # A session of its own, closed at once: its connection is back in the pool before the request goes
    # on to wait for its body, a form or a worker thread (see app/http/capacity).
    with request.app.state.sessionmaker() as db:
        if bearer is not None:
            return logins.token_principal(db, bearer)
        return logins.session_principal(db, settings, token)


def _cross_site(request: Request) -> bool:
    # Browsers say where a request comes from; a form posted from another site is refused in every mode.
    return request.headers.get("sec-fetch-site", "").lower() == "cross-site"


def _check_csrf(request: Request, principal: Principal, sent: str | None, api: bool) -> None:
    if request.method not in UNSAFE:
        return
    if _cross_site(request) and principal.via != "bearer":
        raise CsrfRefused(api)
    if principal.via != "cookie":
        return
    expected = principal.csrf_token or ""
    if not sent or not hmac.compare_digest(sent.encode("utf-8", "replace"), expected.encode()):
        raise CsrfRefused(api)


async def api_player(
    request: Request,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
) -> Principal:
    """The JSON API's player (bearer token or cookie); 401 without one, 403 for a cookie without CSRF."""
    principal = await _authenticate(request, credentials.credentials if credentials else None)
    if principal is None:
        raise LoginRequired(api=True)
    _check_csrf(request, principal, request.headers.get(CSRF_HEADER), api=True)
    current.remember(principal, principal.csrf_token)
    return principal


async def _page_principal(request: Request) -> Principal:
    principal = await _authenticate(request, None)
    if principal is None:
        raise LoginRequired(api=False)
    return principal


async def page_player(request: Request, principal: Annotated[Principal, Depends(_page_principal)]) -> Principal:
    """The pages' player (the cookie); a redirect to /login without one, 403 for a form without CSRF."""
    sent = request.headers.get(CSRF_HEADER)
    if not sent and request.method in UNSAFE and principal.via == "cookie":
        sent = await _form_token(request)
    _check_csrf(request, principal, sent, api=False)
    current.remember(principal, principal.csrf_token)
    return principal


async def _form_token(request: Request) -> str | None:
    content_type = request.headers.get("content-type", "")
    if not content_type.startswith(("application/x-www-form-urlencoded", "multipart/form-data")):
        return None
    value = (await request.form()).get(current.CSRF_FIELD)
    return value if isinstance(value, str) else None


async def pre_login_form(request: Request) -> None:
    """The log-in and sign-up forms: a double-submit token (cookie = hidden field), set by the GET."""
    if request.method not in UNSAFE:
        return
    expected = request.cookies.get(PRE_COOKIE) or ""
    sent = await _form_token(request) or request.headers.get(CSRF_HEADER) or ""
    if _cross_site(request) or not expected or not hmac.compare_digest(sent.encode("utf-8", "replace"),
                                                                       expected.encode("utf-8", "replace")):
        raise CsrfRefused(api=False)


def set_pre_login_token(request: Request) -> str:
    """The token the log-in form of this answer carries (the cookie's, or a new one the answer sets)."""
    token = request.cookies.get(PRE_COOKIE) or players.new_secret()
    holder = current.holder()
    if holder is not None:
        holder["csrf"], holder["set_pre_cookie"] = token, token
    return token


def require_admin(principal: Annotated[Principal, Depends(page_player)]) -> Principal:
    if not principal.is_admin or principal.via != "cookie":
        raise Forbidden()
    return principal


ApiPlayer = Annotated[Principal, Depends(api_player)]
PagePlayer = Annotated[Principal, Depends(page_player)]
AdminPlayer = Annotated[Principal, Depends(require_admin)]


# ---------------------------------------------------------------- cookies

def cookie_args(request: Request) -> dict[str, Any]:
    settings = request.app.state.settings
    return {"httponly": True, "samesite": "lax", "secure": bool(settings.cookie_secure), "path": "/"}


def set_login_cookie(request: Request, response: Any, token: str) -> None:
    settings = request.app.state.settings
    response.set_cookie(COOKIE, token, max_age=settings.session_absolute_minutes * 60, **cookie_args(request))


def clear_login_cookie(request: Request, response: Any) -> None:
    response.delete_cookie(COOKIE, **cookie_args(request))


# ---------------------------------------------------------------- middleware

class SecurityMiddleware:
    """Adds the security headers to every answer, and sets up the per-request holder for templates.

    Pure ASGI (no BaseHTTPMiddleware): it costs a few microseconds on the move path.
    """

    def __init__(self, app: ASGIApp, *, cookie_secure: bool = False) -> None:
        self.app = app
        self.cookie_secure = cookie_secure

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        with current.holding() as holder:
            await self.app(scope, receive, self._sending(send, holder))

    def _sending(self, send: Send, holder: dict[str, Any]) -> Send:
        """`send`, adding the security headers (and the log-in form's cookie) to the answer's start."""

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                headers.extend((k, v) for k, v in SECURITY_HEADERS if k not in present)
                pre = holder.get("set_pre_cookie")
                if pre:
                    secure = "; Secure" if self.cookie_secure else ""
                    headers.append((b"set-cookie", f"{PRE_COOKIE}={pre}; HttpOnly; Path=/; SameSite=Lax"
                                                   f"{secure}".encode()))
                message["headers"] = headers
            await send(message)

        return send_with_headers
