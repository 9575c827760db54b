"""No request body larger than the largest import (with its form), however it is sent.

Starlette's own limit (FastAPI's `max_body_size`) let the route run when the length was declared
too large and only swapped the answer afterwards: a `DELETE` with `Content-Length: 10000000` deleted
the game and then answered 413 (in plain text, not the app's message), and the swap went through
the request log as an unhandled error (a 500 with a traceback). Here:

- a declared `Content-Length` past the limit is answered 413 before any route runs, so nothing
  changes, with the app's own message (JSON for the API, a page for the pages);
- a body sent without a length (chunked) is counted as it arrives and cut off past the limit with
  an HTTPException(413) from `receive`, which the app's 413 handler answers like any other error.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

# Room for a form's other fields and the multipart framing around an import file.
FORM_SLACK = 64 * 1024


def body_limit(max_import_bytes: int) -> int:
    """The largest request body: the largest import file, with its form around it."""
    return max_import_bytes + FORM_SLACK


class BodyLimitMiddleware:
    """Every request body within `body_limit(settings.max_import_bytes)`, read from the settings as each request
    comes (the one place the limit is enforced; an import's own file limit is the routes')."""

    def __init__(self, app: ASGIApp, *, settings: Any, refuse: Callable[[Request], Response]) -> None:
        self.app = app
        self.settings = settings
        self.refuse = refuse

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = body_limit(self.settings.max_import_bytes)
        declared = Headers(scope=scope).get("content-length")
        if declared is not None and (not (declared.isascii() and declared.isdigit()) or int(declared) > limit):
            await self.refuse(Request(scope))(scope, receive, send)
            return
        received = 0

        async def receive_within_limit() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise HTTPException(status_code=413)
            return message

        await self.app(scope, receive_within_limit, send)
