"""Structured request logs: one JSON line per request, and errors with their request id and traceback.

`install(app)` adds a pure ASGI middleware (no response buffering, so it costs microseconds) that:
- takes the request id from an incoming `X-Request-ID` header when it is sane (1-64 characters of
  letters, digits, `-`, `_`, `.`), or makes a new one, and returns it in the `X-Request-ID` header;
- logs `{"event": "request", method, path, status, duration_ms, request_id}` on the `solo_shelf.access`
  logger once the answer is sent;
- logs an unhandled error as `{"event": "error", ..., "traceback": ...}` on `solo_shelf.errors`, then
  answers 500 with `{"detail": ..., "request_id": ...}` so the player can quote the id.
uvicorn's own access log stays off (`python -m app serve` runs it at log level "warning").
"""

from __future__ import annotations

import json
import logging
import re
import secrets
import sys
import time
import traceback
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.i18n.render import say
from games.engine import words

access_log = logging.getLogger("solo_shelf.access")
error_log = logging.getLogger("solo_shelf.errors")
# Other JSON lines of the app (e.g. the start-up pass over saves made under older rules).
rules_log = logging.getLogger("solo_shelf.rules")

HEADER = "x-request-id"
_SANE_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")


def request_id_from(headers: list[tuple[bytes, bytes]]) -> str:
    """The client's request id if it is sane, else a fresh one."""
    for name, value in headers:
        if name.lower() == HEADER.encode():
            text = value.decode("latin-1")
            if _SANE_ID.fullmatch(text):
                return text
    return secrets.token_hex(8)


class JsonLineFormatter(logging.Formatter):
    """A record's `fields` (set through `extra=`) as one JSON object on one line."""

    def format(self, record: logging.LogRecord) -> str:
        fields = getattr(record, "fields", None) or {"message": record.getMessage()}
        return json.dumps({"level": record.levelname.lower(), **fields}, separators=(",", ":"), default=str)


class RequestLogMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        rid = request_id_from(scope.get("headers", []))
        scope.setdefault("state", {})["request_id"] = rid
        start = time.perf_counter()
        status = {"code": 500, "sent": False}

        async def send_with_id(message: Message) -> None:
            if message["type"] == "http.response.start":
                status["code"], status["sent"] = message["status"], True
                message = {**message, "headers": [*message.get("headers", []), (HEADER.encode(), rid.encode())]}
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        except Exception:
            error_log.error("unhandled error", extra={"fields": _fields(scope, rid, 500, start) | {
                "event": "error", "traceback": traceback.format_exc()}})
            if not status["sent"]:
                await _send_500(send_with_id, rid)
            status["code"] = 500
        access_log.info("request", extra={"fields": _fields(scope, rid, status["code"], start)})


def _fields(scope: Scope, rid: str, status: int, start: float) -> dict[str, Any]:
    return {
        "event": "request",
        "method": scope.get("method", ""),
        "path": scope.get("path", ""),
        "status": status,
        "duration_ms": round((time.perf_counter() - start) * 1000, 2),
        "request_id": rid,
    }


async def _send_500(send: Send, rid: str) -> None:
    body = json.dumps({"detail": say(words("Something went wrong on the server.")), "request_id": rid}).encode()
    await send({"type": "http.response.start", "status": 500,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


class _StderrHandler(logging.StreamHandler):
    """Writes to whatever sys.stderr is at the time (test runners swap it)."""

    @property  # type: ignore[override]
    def stream(self) -> Any:
        return sys.stderr

    @stream.setter
    def stream(self, _value: Any) -> None:
        pass


def configure_handlers() -> None:
    """Send both loggers to stderr as JSON lines, once per process (tests read them through caplog)."""
    for logger in (access_log, error_log, rules_log):
        if not any(isinstance(h, _StderrHandler) for h in logger.handlers):
            handler = _StderrHandler()
            handler.setFormatter(JsonLineFormatter())
            logger.addHandler(handler)
        logger.setLevel(logging.INFO)


def install(app: Any) -> None:
    """Add the middleware outermost, so it sees every answer, error pages and 500s included."""
    configure_handlers()
    app.add_middleware(RequestLogMiddleware)
