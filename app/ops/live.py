"""A real server in its own process: `python -m app serve` on a free loopback port, for the bench and the tests.

`start()` runs it in a process group of its own, with its output in a log file, and waits for /healthz;
`stop()` asks it to finish (SIGTERM to the group, workers too), `kill()` pulls the plug (SIGKILL: what a power
cut or the OOM killer does). `running()` is the same as a `with` block.
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

from app.core.config import ROOT

# A deadline, not a measure: a loaded 2-CPU machine (CI beside other jobs) can take half a minute to import the
# app and compile its templates, so the callers wait long enough never to mistake a busy machine for a dead server.
START_TIMEOUT = 180.0


class ServerDidNotStart(RuntimeError):
    """The server exited, or did not answer /healthz in time; the message ends with its log."""


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class LiveServer:
    base_url: str
    database_url: str
    process: subprocess.Popen
    log_path: Path

    @property
    def url(self) -> str:
        return self.base_url

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no server log)"

    def kill(self) -> None:
        """SIGKILL to the whole group, no goodbye."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        """SIGTERM to the whole group; SIGKILL if it has not finished within 15 s."""
        if self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.kill()

    def cpu_seconds(self) -> float:
        """CPU time (user + system) used so far by the server and its worker processes (Linux /proc)."""
        total = 0.0
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                continue
            pid, ppid = int(stat.parent.name), int(fields[1])
            if self.process.pid in (pid, ppid):
                total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        return total


def start(database_url: str, data_dir: Path, *, workers: int = 1, env: dict[str, str] | None = None,
          asgi: str | None = None, log_name: str | None = None) -> LiveServer:
    """Start a server on `database_url` with `data_dir` as its DATA_DIR (its seal key and its log live there);
    `env` adds or overrides variables (AUTH_MODE, ...), `asgi` serves another app module."""
    port = free_port()
    log_path = data_dir / (log_name or f"server-{port}.log")
    full_env = {**os.environ, "DATABASE_URL": database_url, "DATA_DIR": str(data_dir), **(env or {})}
    full_env.pop("SOLO_SHELF_SKIP_MIGRATIONS", None)
    argv = [sys.executable, "-m", "app", "serve", "--host", "127.0.0.1", "--port", str(port), "--workers",
            str(workers), *(["--asgi", asgi] if asgi else [])]
    with log_path.open("wb") as log:
        process = subprocess.Popen(argv, cwd=ROOT, env=full_env, stdout=log, stderr=subprocess.STDOUT,
                                   start_new_session=True)
    server = LiveServer(f"http://127.0.0.1:{port}", database_url, process, log_path)
    try:
        _wait_healthy(server)
    except ServerDidNotStart:
        server.stop()
        raise
    return server


@contextmanager
def running(database_url: str, data_dir: Path, **kwargs: object) -> Iterator[LiveServer]:
    server = start(database_url, data_dir, **kwargs)  # type: ignore[arg-type]
    try:
        yield server
    finally:
        server.stop()


def _wait_healthy(server: LiveServer) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    last = "no answer yet"
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise ServerDidNotStart(f"the server exited with {server.process.returncode}:\n{server.log_tail()}")
        try:
            if httpx.get(f"{server.base_url}/healthz", timeout=2).status_code == 200:
                return
        except httpx.HTTPError as exc:
            last = str(exc)
        time.sleep(0.1)
    raise ServerDidNotStart(f"/healthz did not answer within {START_TIMEOUT:.0f} s ({last}):\n{server.log_tail()}")
