"""The real server for tests that need one: `python -m app serve` in its own process group on a free port.

Used by the concurrency, crash and backup tests; `kill()` sends SIGKILL to the whole group (workers too).
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx

REPO = Path(__file__).resolve().parents[2]
STARTUP_SECONDS = 180  # a deadline for a loaded machine, not a measure (see app/bench/server.py)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class LiveServer:
    base_url: str
    process: subprocess.Popen
    log_path: Path

    def log_tail(self, lines: int = 40) -> str:
        return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])

    def kill(self) -> None:
        """SIGKILL, no goodbye: what a power cut or the OOM killer does to the server."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.kill()


def _wait_healthy(server: LiveServer) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    last = ""
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(f"the server exited with {server.process.returncode}:\n{server.log_tail()}")
        try:
            if httpx.get(f"{server.base_url}/healthz", timeout=2).status_code == 200:
                return
        except httpx.HTTPError as exc:
            last = str(exc)
        time.sleep(0.2)
    server.kill()
    raise RuntimeError(f"/healthz did not answer within {STARTUP_SECONDS}s ({last}):\n{server.log_tail()}")


def start_server(database_url: str, workdir: Path, *, workers: int = 1,
                 env: dict[str, str] | None = None) -> LiveServer:
    port = free_port()
    log_path = workdir / f"server-{port}.log"
    env = {**os.environ, "DATABASE_URL": database_url, "DATA_DIR": str(workdir), **(env or {})}
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "app", "serve", "--port", str(port), "--workers", str(workers)],
            cwd=REPO,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    server = LiveServer(f"http://127.0.0.1:{port}", process, log_path)
    _wait_healthy(server)
    return server


@contextmanager
def running_server(database_url: str, workdir: Path, *, workers: int = 1,
                   env: dict[str, str] | None = None) -> Iterator[LiveServer]:
    server = start_server(database_url, workdir, workers=workers, env=env)
    try:
        yield server
    finally:
        server.stop()
