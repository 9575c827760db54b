"""What a request asks for: JSON (the API, the health check, the schema) or HTML, and whether htmx sent it."""

from __future__ import annotations

from starlette.requests import HTTPConnection

JSON_PATHS = ("/healthz", "/openapi.json")


def wants_json(path: str) -> bool:
    """A path whose answers, errors included, are JSON."""
    return path.startswith("/api/") or path in JSON_PATHS


def is_htmx(request: HTTPConnection) -> bool:
    """The request came from htmx (it answers with a fragment, and follows HX-Redirect itself)."""
    return request.headers.get("HX-Request", "").lower() == "true"
