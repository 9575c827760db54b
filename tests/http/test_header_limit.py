"""Oversized request headers are refused with 431 by the server itself, before they are read whole, on every
route (app/http/header_limit.py); a request with ordinary headers and the server's other clients carry on."""

from __future__ import annotations

import socket
import time

import httpx

from app.http.header_limit import HEAD_LIMIT
from app.ops import live


def _raw_request(base_url: str, header_bytes: int) -> tuple[bytes, int]:
    """A GET of /healthz with one header of `header_bytes`, sent in 64 KiB pieces: what came back, and how many
    bytes had been sent when the server stopped taking them."""
    host, port = base_url.removeprefix("http://").split(":")
    head = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Kept: "
    sent = 0
    with socket.create_connection((host, int(port)), timeout=20) as sock:
        try:
            sock.sendall(head)
            piece = b"a" * 65536
            while sent < header_bytes:
                sock.sendall(piece)
                sent += len(piece)
            sock.sendall(b"\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server closed the connection while the header was still coming: what it should do
        answer = b""
        try:
            while chunk := sock.recv(65536):
                answer += chunk
        except (ConnectionResetError, TimeoutError):
            pass
    return answer, sent


def test_headers_past_the_limit_get_431_before_they_are_all_read(tmp_path):
    server = live.start(f"sqlite:///{tmp_path / 'headers.db'}", tmp_path)
    try:
        started = time.monotonic()
        answer, sent = _raw_request(server.base_url, 50 * 1024 * 1024)
        assert answer.startswith(b"HTTP/1.1 431 "), answer[:200]
        assert sent < 50 * 1024 * 1024, "the server read the whole 50 MB header before it answered"
        assert time.monotonic() - started < 15
        ordinary = httpx.get(f"{server.base_url}/healthz", headers={"X-Kept": "k" * (HEAD_LIMIT // 2)}, timeout=20)
        assert ordinary.status_code == 200
        just_over, _ = _raw_request(server.base_url, HEAD_LIMIT + 1024)
        assert just_over.startswith(b"HTTP/1.1 431 "), just_over[:200]
        assert httpx.get(f"{server.base_url}/healthz", timeout=20).status_code == 200  # the server carries on
    finally:
        server.stop()
