"""`RequestGuard`: the ASGI middleware that applies the host, origin, proxy and body-type rules.

It runs before any route, dependency or database connection, in every mode:
1. behind a trusted proxy, the client address and scheme become the ones the proxy forwards (`proxies`);
2. a `Host` that ALLOWED_HOSTS does not list: 400 (`/healthz` excepted: a liveness probe comes by any
   name, and it reveals and changes nothing);
3. an unsafe request from another origin: 403 (`origin`);
4. a body sent to the JSON API (`/api/...`) that is not `application/json`: 415.
Refusals are `{"detail": ...}` for the API and the "Not allowed" page for pages.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from app.http import origin
from app.http.errors import refusal
from app.http.hosts import AllowedHosts
from app.http.proxies import TrustedProxies
from games.engine import words

EXEMPT_FROM_HOST_CHECK = frozenset({"/healthz"})
BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def _has_body(headers: dict[str, str]) -> bool:
    length = headers.get("content-length")
    return "transfer-encoding" in headers or (length is not None and length.strip() not in ("", "0"))


def _is_json(content_type: str | None) -> bool:
    return (content_type or "").split(";")[0].strip().lower() == "application/json"


class RequestGuard:
    """See the module docstring. Pure ASGI: a few dictionary look-ups per request."""

    def __init__(self, app: ASGIApp, *, allowed_hosts: str, trusted_proxies: str) -> None:
        self.app = app
        self.hosts = AllowedHosts.parse(allowed_hosts)
        self.proxies = TrustedProxies.parse(trusted_proxies)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", ())}
        if self.proxies:
            scope = self._behind_proxy(scope, headers)
        refused = self._refusal(scope, headers)
        if refused is not None:
            await refused(scope, receive, send)
            return
        await self.app(scope, receive, send)

    def _behind_proxy(self, scope: Scope, headers: dict[str, str]) -> Scope:
        peer = scope["client"][0] if scope.get("client") else None
        if not self.proxies.trusts(peer):
            return scope
        scope = dict(scope)
        client = self.proxies.client(peer, headers.get("x-forwarded-for"))
        if client is not None and client != peer:
            scope["client"] = (client, 0)
        scope["scheme"] = self.proxies.scheme(peer, scope.get("scheme", "http"), headers.get("x-forwarded-proto"))
        return scope

    def _refusal(self, scope: Scope, headers: dict[str, str]) -> Response | None:
        path, method = scope.get("path", ""), scope.get("method", "GET")
        host = headers.get("host")
        if path not in EXEMPT_FROM_HOST_CHECK and not self.hosts.allows(host):
            return _refuse(scope, 400, words("Unknown host name"), _host_message(host))
        why = origin.refusal(method, headers, scope.get("scheme", "http"), host or "")
        if why is not None:
            return _refuse(scope, 403, words("Not allowed"), why)
        if (path.startswith("/api/") and method in BODY_METHODS and _has_body(headers)
                and not _is_json(headers.get("content-type"))):
            sent = (headers.get("content-type") or "none").split(";")[0].strip()[:60]
            return _refuse(scope, 415, words("Not JSON"), words(
                "The JSON API takes only JSON bodies: send the header Content-Type: application/json (this "
                "request's was {sent}).", sent=sent))
        return None


def _host_message(host: str | None) -> str:
    named = (words("the host name {host}", host=repr(host[:100])) if host
             else words("no host name (the request had no Host header)"))
    return words("This shelf does not answer to {named}. If that is the name or address its players use, the "
                 "operator adds it to ALLOWED_HOSTS (a comma-separated list, with or without a port, e.g. "
                 "ALLOWED_HOSTS=shelf.example.org,192.168.1.20,localhost) and restarts the app.", named=named)


def _refuse(scope: Scope, status: int, heading: str, message: str) -> Response:
    return refusal(Request(scope), status, message, heading=heading)
