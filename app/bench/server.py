"""The real server for a bench run: a fresh database, `python -m app serve` in a subprocess, a free port."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import httpx

from app.config import ROOT

PROBE_ENV = "SOLO_SHELF_BENCH_PROBE"
# A deadline, not a measure: a loaded 2-CPU machine (CI beside other jobs) can take half a minute to import the
# app and compile its templates, so the bench waits long enough never to mistake a busy machine for a dead server.
START_TIMEOUT = 180.0


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def fresh_database(url: str | None) -> tuple[str, Path]:
    """The database URL to use (a new SQLite file unless one is given) and a scratch folder for logs."""
    scratch = Path(tempfile.mkdtemp(prefix="solo-shelf-bench-"))
    return (url or f"sqlite:///{scratch / 'bench.db'}"), scratch


@dataclass
class BenchServer:
    url: str
    process: subprocess.Popen
    log_path: Path

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

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

    def log_tail(self, lines: int = 20) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""


def start(database_url: str, scratch: Path, *, workers: int, auth_mode: str = "single") -> BenchServer:
    """Start the server with the bench probe enabled and wait until /healthz answers."""
    port = free_port()
    # Every player signs up from this one address: the sign-up throttle of a real shelf would stop the 11th.
    env = {**os.environ, "DATABASE_URL": database_url, PROBE_ENV: "1", "DATA_DIR": str(scratch),
           "AUTH_MODE": auth_mode, "SIGNUP_MAX_PER_ADDRESS": "1000000"}
    env.pop("SOLO_SHELF_SKIP_MIGRATIONS", None)
    log_path = scratch / "server.log"
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "app", "serve", "--host", "127.0.0.1", "--port", str(port),
             "--workers", str(workers)],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
        )
    server = BenchServer(f"http://127.0.0.1:{port}", process, log_path)
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with {process.returncode}:\n{server.log_tail()}")
        try:
            if httpx.get(f"{server.url}/healthz", timeout=2).status_code == 200:
                return server
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    server.stop()
    raise RuntimeError(f"the server did not answer /healthz in {START_TIMEOUT:.0f} s:\n{server.log_tail()}")
