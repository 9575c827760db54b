"""The server refuses a request whose head (request line and headers) outgrows HEAD_LIMIT: 431, then closes.

uvicorn's httptools protocol has no limit of its own on a request's headers: a 50 MB header was read whole into
memory and answered after seconds, and two at once held up the health check. `BoundedHttpToolsProtocol` counts the
bytes that arrive before a request's headers are complete and answers `431 Request Header Fields Too Large`
as soon as they pass the limit, before the rest is read: at most a few reads' worth is ever held. Every route,
anonymous or not, is behind it (`python -m app serve` runs uvicorn with it). The largest head the app itself
sends or expects (the keep header, a log-in cookie, a browser's usual headers) is a few kilobytes.
"""

from __future__ import annotations

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

HEAD_LIMIT = 32 * 1024  # bytes of request line and headers; nginx's default buffers take 4 x 8 KiB

_SAID = b"The request's headers are too large.\n"
_431 = (b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-type: text/plain; charset=utf-8\r\n"
        b"content-length: " + str(len(_SAID)).encode() + b"\r\nconnection: close\r\n\r\n" + _SAID)


class BoundedHttpToolsProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol, with the head of each request bounded (see the module docstring)."""

    _head_bytes = 0
    _in_head = True  # until the first request's headers are complete, and again after each request

    def data_received(self, data: bytes) -> None:
        if self._in_head:
            self._head_bytes += len(data)
            if self._head_bytes > HEAD_LIMIT:
                self._in_head = False
                self.transport.write(_431)
                self.transport.close()
                return
        super().data_received(data)

    def on_message_begin(self) -> None:
        self._in_head, self._head_bytes = True, 0
        super().on_message_begin()

    def on_headers_complete(self) -> None:
        self._in_head = False
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        self._in_head, self._head_bytes = True, 0
        super().on_message_complete()
