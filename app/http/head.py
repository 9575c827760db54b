"""`HeadAsGet`: a HEAD request is answered as the GET of the same address would be, without the body.

The routes are declared for GET only (FastAPI adds no HEAD to them), so a HEAD used to answer 405. HTTP wants
HEAD wherever GET is served: link checkers, monitors and caches ask it. The request goes in as a GET; the answer
keeps its status and headers (its Content-Length too, as the GET's would be) and sends no body.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send


class HeadAsGet:
    """See the module docstring. Pure ASGI: one comparison for any other request."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def without_body(message: Message) -> None:
            if message["type"] == "http.response.body":
                if message.get("more_body", False):
                    return
                message = {"type": "http.response.body", "body": b"", "more_body": False}
            await send(message)

        await self.app({**scope, "method": "GET"}, receive, without_body)
