"""`python -m app bench --storm`: a crowd arriving at once, and clients that never finish their request.

Three scenes against the real server, each bounded in count and time, all on 127.0.0.1:
- slow clients: N authenticated `POST /api/sessions/import` that declare `Content-Length: 1000`, send
  only `{` and stay open; meanwhile `/healthz` and another request of the same player are timed;
- N identical moves on one session at one version, all at once: exactly one may apply, every other
  one must be told 409 (stale);
- N `GET /api/games` with a token, all at once.
It prints the figures and any 5xx. The live-server tests (tests/ops/test_storm.py) drive the same scenes.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import shutil
import socket
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import httpx

from app.ops.bench import account, server

HEALTHZ_TARGET_MS = 1000.0
# Every request of a scene gives up after this long: a scene never hangs, even on a server that does.
REQUEST_TIMEOUT = 60.0
HOLD_SETTLE = 0.5  # how long the slow clients are held before the first measure (their headers are in)


@dataclass
class Player:
    """A signed-up player with an API token, and a fresh game of theirs."""

    base_url: str
    headers: dict[str, str]
    session: dict

    @classmethod
    def sign_up(cls, base_url: str, auth_mode: str = "accounts") -> Player:
        http = account.client(base_url, auth_mode, kind="script")
        try:
            made = http.post("/api/sessions", json={"game": "adamastor", "seed": 14})
            made.raise_for_status()
            auth = http.headers.get("Authorization")
            return cls(base_url, {"Authorization": auth} if auth else {}, made.json())
        finally:
            http.close()


@dataclass
class HoldResult:
    clients: int
    held: int = 0  # still open and unanswered when the measures were done
    healthz_ms: list[float] = field(default_factory=list)
    healthz_status: Counter = field(default_factory=Counter)
    player_ms: list[float] = field(default_factory=list)
    player_status: Counter = field(default_factory=Counter)


def slow_request(base_url: str, path: str, headers: dict[str, str], content_type: str, first: bytes) -> bytes:
    """The head of a POST that promises 1,000 bytes of body, and the first few bytes of it (all it sends)."""
    lines = [f"POST {path} HTTP/1.1", f"Host: {urlsplit(base_url).netloc}", f"Content-Type: {content_type}",
             "Content-Length: 1000", *(f"{k}: {v}" for k, v in headers.items())]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + first


def slow_import(base_url: str, headers: dict[str, str]) -> bytes:
    """An authenticated `POST /api/sessions/import` that sends only `{` of its 1,000 bytes."""
    return slow_request(base_url, "/api/sessions/import", headers, "application/json", b"{")


@contextlib.contextmanager
def slow_clients(base_url: str, requests: list[bytes]) -> Iterator[list[socket.socket]]:
    """One open connection per request, each stuck in the middle of its body; all closed on leaving."""
    parts = urlsplit(base_url)
    socks: list[socket.socket] = []
    try:
        for request in requests:
            sock = socket.create_connection((parts.hostname, parts.port), timeout=10)
            socks.append(sock)
            sock.sendall(request)
        yield socks
    finally:
        for sock in socks:
            sock.close()


def unanswered(sock: socket.socket) -> bool:
    """True while the server has neither answered nor closed this connection."""
    sock.setblocking(False)
    try:
        return not sock.recv(1, socket.MSG_PEEK)  # b"": closed by the server
    except BlockingIOError:
        return True  # nothing to read: still waiting for the rest of its body
    except OSError:
        return False
    finally:
        sock.setblocking(True)


def timed_get(http: httpx.Client, path: str, timeout: float) -> tuple[float, int | str]:
    start = time.perf_counter()
    try:
        status: int | str = http.get(path, timeout=timeout).status_code
    except httpx.HTTPError as exc:
        status = type(exc).__name__
    return (time.perf_counter() - start) * 1000, status


def hold(player: Player, count: int, samples: int = 5, timeout: float = 5.0,
         others: tuple[bytes, ...] = ()) -> HoldResult:
    """Hold `count` slow imports (and `others`, more slow requests); meanwhile time `/healthz` and one of
    the player's own reads `samples` times (each given up after `timeout` seconds)."""
    result = HoldResult(count + len(others))
    with slow_clients(player.base_url, [slow_import(player.base_url, player.headers)] * count + list(others)) as socks:
        time.sleep(HOLD_SETTLE)
        with httpx.Client(base_url=player.base_url, headers=player.headers) as http:
            for _ in range(samples):
                ms, status = timed_get(http, "/healthz", timeout)
                result.healthz_ms.append(ms)
                result.healthz_status[status] += 1
                ms, status = timed_get(http, f"/api/sessions/{player.session['id']}", timeout)
                result.player_ms.append(ms)
                result.player_status[status] += 1
                time.sleep(0.1)
        result.held = sum(unanswered(s) for s in socks)
    return result


async def _all_at_once(base_url: str, count: int, send) -> Counter:  # noqa: ANN001 - send(client) -> Response
    limits = httpx.Limits(max_connections=count, max_keepalive_connections=count)
    async with httpx.AsyncClient(base_url=base_url, limits=limits, timeout=REQUEST_TIMEOUT) as http:
        async def one() -> int | str:
            try:
                return (await send(http)).status_code
            except httpx.HTTPError as exc:
                return type(exc).__name__

        return Counter(await asyncio.gather(*(one() for _ in range(count))))


def same_move(player: Player, count: int) -> Counter:
    """`count` copies of one legal move at the session's current version, all sent at once."""
    s = player.session
    body = {"action": s["legal_actions"][0]["id"], "version": s["version"]}
    path = f"/api/sessions/{s['id']}/actions"
    return asyncio.run(_all_at_once(player.base_url, count,
                                    lambda http: http.post(path, json=body, headers=player.headers)))


def reads(player: Player, count: int) -> Counter:
    """`count` `GET /api/games` with the player's token, all sent at once."""
    return asyncio.run(_all_at_once(player.base_url, count,
                                    lambda http: http.get("/api/games", headers=player.headers)))


def server_errors(counts: Counter) -> int:
    """5xx answers, and requests that got no answer at all (a timeout, a dropped connection)."""
    return sum(n for status, n in counts.items() if not isinstance(status, int) or status >= 500)


# ---------------------------------------------------------------- the bench scenario

def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--storm", action="store_true",
                        help="run only the storm: slow clients held while /healthz is timed, then many "
                             "identical moves and many reads all at once (see docs/PERFORMANCE.md)")
    parser.add_argument("--slow-clients", type=int, default=40, help="slow clients held in the storm (40)")
    parser.add_argument("--storm-moves", type=int, default=200, help="identical moves sent at once (200)")
    parser.add_argument("--storm-reads", type=int, default=100, help="GET /api/games sent at once (100)")


@dataclass
class StormResult:
    setup: dict[str, str]
    hold: HoldResult
    moves: Counter
    reads: Counter
    seconds: dict[str, float] = field(default_factory=dict)  # wall time of each burst, until the last answer

    def passed(self) -> bool:
        return (self.hold.held == self.hold.clients
                and max(self.hold.healthz_ms) < HEALTHZ_TARGET_MS
                and self.moves == Counter({200: 1, 409: sum(self.moves.values()) - 1})
                and self.fives() == 0)

    def fives(self) -> int:
        return sum(server_errors(c) for c in (self.hold.healthz_status, self.hold.player_status,
                                              self.moves, self.reads))

    def lines(self) -> list[str]:
        h = self.hold
        out = ["== Storm"]
        out += [f"{k + ':':13} {v}" for k, v in self.setup.items()]
        out += [
            f"slow clients: {h.clients} opened, {h.held} still held (unanswered) after the measures",
            f"/healthz while they are held: max {max(h.healthz_ms):.1f} ms, "
            f"median {sorted(h.healthz_ms)[len(h.healthz_ms) // 2]:.1f} ms over {len(h.healthz_ms)} tries "
            f"({_counts(h.healthz_status)})",
            f"a player's GET of their game meanwhile: max {max(h.player_ms):.1f} ms ({_counts(h.player_status)})",
            f"{sum(self.moves.values())} identical moves at one version: {_counts(self.moves)}"
            f"{self._took('moves')}",
            f"{sum(self.reads.values())} GET /api/games at once: {_counts(self.reads)}{self._took('reads')}",
            f"5xx or no answer: {self.fives()}",
            "== Targets",
            _target(max(h.healthz_ms) < HEALTHZ_TARGET_MS and h.held == h.clients,
                    f"/healthz within {HEALTHZ_TARGET_MS:.0f} ms while {h.clients} slow clients are held"),
            _target(self.moves == Counter({200: 1, 409: sum(self.moves.values()) - 1}),
                    "identical moves: exactly one 200, every other one 409"),
            _target(self.fives() == 0, "no 5xx, no request left unanswered"),
        ]
        return out


    def _took(self, burst: str) -> str:
        return f" (all answered in {self.seconds[burst]:.2f} s)" if burst in self.seconds else ""


def _counts(counts: Counter) -> str:
    return ", ".join(f"{n} × {status}" for status, n in sorted(counts.items(), key=lambda kv: str(kv[0])))


def _target(ok: bool, what: str) -> str:
    return f"{'PASS' if ok else 'FAIL'} {what}"


def storm(args: argparse.Namespace) -> StormResult:
    url, scratch = server.fresh_database(args.database_url or None)
    try:
        srv = server.start(url, scratch, workers=args.workers, auth_mode=args.auth_mode)
        try:
            player = Player.sign_up(srv.url, args.auth_mode)
            held = hold(player, args.slow_clients)
            started = time.perf_counter()
            moves = same_move(player, args.storm_moves)
            seconds = {"moves": time.perf_counter() - started}
            started = time.perf_counter()
            read = reads(player, args.storm_reads)
            seconds["reads"] = time.perf_counter() - started
        finally:
            srv.stop()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    from sqlalchemy.engine import make_url

    setup = {"database": make_url(url).render_as_string(hide_password=True), "workers": str(args.workers),
             "auth mode": args.auth_mode}
    return StormResult(setup, held, moves, read, seconds)


def run(args: argparse.Namespace) -> int:
    if min(args.slow_clients, args.storm_moves, args.storm_reads) < 1:
        print("--slow-clients, --storm-moves and --storm-reads must be at least 1")
        return 2
    try:
        result = storm(args)
    except (RuntimeError, httpx.HTTPError) as exc:
        print(f"storm failed: {exc}")
        return 2
    print("\n".join(result.lines()), flush=True)
    return 0 if result.passed() else 1
