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

from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send


class BodyLimitMiddleware:
    def __init__(self, app: ASGIApp, *, limit: int, refuse: Callable[[Request], Response]) -> None:
        self.app = app
        self.limit = limit
        self.refuse = refuse

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = Headers(scope=scope).get("content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await self.refuse(Request(scope))(scope, receive, send)
            return
        received = 0

        async def receive_within_limit() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise HTTPException(status_code=413)
            return message

        await self.app(scope, receive_within_limit, send)
