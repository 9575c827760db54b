"""The real server for a bench run: a fresh database and `python -m app serve` (app/ops/live.py) serving the app
with the bench's bare-write route (app/ops/bench/asgi.py)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from app.ops.live import LiveServer
from app.ops.live import start as start_live

BenchServer = LiveServer


def fresh_database(url: str | None) -> tuple[str, Path]:
    """The database URL to use (a new SQLite file unless one is given) and a scratch folder for logs."""
    scratch = Path(tempfile.mkdtemp(prefix="solo-shelf-bench-"))
    return (url or f"sqlite:///{scratch / 'bench.db'}"), scratch


def start(database_url: str, scratch: Path, *, workers: int, auth_mode: str = "single") -> LiveServer:
    """Start the server with the bench probe enabled and wait until /healthz answers."""
    # Every player signs up from this one address: the sign-up throttle of a real shelf would stop the 11th.
    env = {"AUTH_MODE": auth_mode, "SIGNUP_MAX_PER_ADDRESS": "1000000"}
    return start_live(database_url, scratch, workers=workers, env=env, asgi="app.ops.bench.asgi:app",
                      log_name="server.log")
