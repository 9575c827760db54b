"""Fixtures for the real-browser tests.

`live_server` starts `python -m app serve` in a subprocess on a free port with its own SQLite file,
waits for /healthz and stops it at the end of the session. `browser` launches Debian's Chromium
(never a Playwright-downloaded one) and `page` gives each test a fresh tab that records script
errors and HTTP error answers, so the tests can fail on them.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
STARTUP_SECONDS = 180  # a deadline for a loaded machine, not a measure (see app/bench/server.py)


@dataclass
class LiveServer:
    base_url: str
    database_url: str
    log_path: Path
    process: subprocess.Popen

    def log_tail(self, lines: int = 40) -> str:
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return "(no server log)"
        return "\n".join(text.splitlines()[-lines:])


@dataclass
class PageProblems:
    """What went wrong inside the pages while a test ran: script errors and HTTP error answers."""

    js_errors: list[str] = field(default_factory=list)
    http_errors: list[tuple[int, str]] = field(default_factory=list)

    def watch(self, tab) -> None:
        tab.on("pageerror", lambda exc: self.js_errors.append(str(exc)))
        tab.on("console", self._console)
        tab.on("response", self._response)

    def _console(self, msg) -> None:
        # A failed request is also logged to the console; it is judged from its response instead.
        if msg.type == "error" and not msg.text.startswith("Failed to load resource"):
            self.js_errors.append(msg.text)

    def _response(self, resp) -> None:
        if resp.status >= 400:
            self.http_errors.append((resp.status, f"{resp.request.method} {resp.url}"))

    def assert_clean(self, *, expected_statuses: tuple[int, ...] = ()) -> None:
        """No script errors, and no HTTP error except the statuses the test provoked on purpose."""
        assert not self.js_errors, f"errors in the page's console: {self.js_errors}"
        unexpected = [(status, what) for status, what in self.http_errors if status not in expected_statuses]
        assert not unexpected, f"unexpected HTTP errors: {unexpected}"


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_healthy(server: LiveServer) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    last_error = "no answer yet"
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            pytest.fail(f"the server exited with code {server.process.returncode}:\n{server.log_tail()}")
        try:
            with urllib.request.urlopen(f"{server.base_url}/healthz", timeout=2) as resp:
                if resp.status == 200:
                    return
                last_error = f"status {resp.status}"
        except (urllib.error.URLError, OSError) as exc:
            last_error = str(exc)
        time.sleep(0.25)
    pytest.fail(f"/healthz did not answer 200 within {STARTUP_SECONDS}s ({last_error}):\n{server.log_tail()}")


def _stop(process: subprocess.Popen) -> None:
    if process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    workdir = tmp_path_factory.mktemp("live-server")
    port = _free_port()
    database_url = f"sqlite:///{workdir / 'browser.db'}"
    env = {**os.environ, "DATABASE_URL": database_url, "DATA_DIR": str(workdir)}
    log_path = workdir / "server.log"
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "app", "serve", "--host", "127.0.0.1", "--port", str(port)],
            cwd=REPO,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    server = LiveServer(f"http://127.0.0.1:{port}", database_url, log_path, process)
    try:
        _wait_healthy(server)
        yield server
    finally:
        _stop(process)


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    executable = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    if not os.access(executable, os.X_OK):
        pytest.fail(
            f"Chromium not found at {executable}: install Debian's 'chromium' package "
            "(`make test` does it when run as root) or point the CHROMIUM env var at it"
        )
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=executable, headless=True, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def page_problems() -> PageProblems:
    return PageProblems()


@pytest.fixture
def page(browser, page_problems: PageProblems):
    context = browser.new_context(viewport={"width": 1440, "height": 1000})
    tab = context.new_page()
    tab.set_default_timeout(20_000)
    page_problems.watch(tab)
    try:
        yield tab
    finally:
        context.close()
