"""Fixtures for the real-browser tests.

`live_server` starts `python -m app serve` (app/ops/live.py) on a free port with its own SQLite file, and
stops it at the end of the session. `browser` launches Debian's Chromium, its headless shell
(never a Playwright-downloaded one) and `page` gives each test a fresh tab that records script
errors and HTTP error answers, so the tests can fail on them.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from app.core.config import ROOT
from app.ops import chromium, live
from tests.support.motion import quick_motion

ARTIFACTS = ROOT / "test-artifacts"


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


def start_server(workdir: Path, *, env: dict[str, str] | None = None) -> live.LiveServer:
    """`python -m app serve` on its own SQLite file in `workdir` (app/ops/live.py); the test fails if it does not
    come up."""
    try:
        return live.start(f"sqlite:///{workdir / 'browser.db'}", workdir, env=env, log_name="server.log")
    except live.ServerDidNotStart as exc:
        pytest.fail(str(exc))


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[live.LiveServer]:
    server = start_server(tmp_path_factory.mktemp("live-server"))
    try:
        yield server
    finally:
        server.stop()


# Package-scoped, not session-scoped: Playwright's sync API marks its event loop as running in this thread
# for as long as it lives, so a later test elsewhere that calls asyncio.run() (the bench storm) would fail.
@pytest.fixture(scope="package")
def browser():
    from playwright.sync_api import sync_playwright

    # Debian's headless shell where CHROMIUM names none (`make test` names it): the same Chromium without the
    # browser's own WebUI pages, a quarter less CPU for the browser tests; else the full browser.
    executable = chromium.find(chromium.HEADLESS_SHELL)
    if not os.access(executable, os.X_OK):
        pytest.fail(
            f"Chromium not found at {executable}: install Debian's 'chromium-headless-shell' package "
            "(`make test` does it when run as root) or point the CHROMIUM env var at a Chromium"
        )
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, headless=True, args=chromium.ARGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def page_problems() -> PageProblems:
    return PageProblems()


@pytest.fixture
def page(browser, page_problems: PageProblems, request):
    """A fresh tab whose motion plays quickly (tests/support/motion.py); under the `reduced_motion` mark, a
    tab of a player who asked for no motion (prefers-reduced-motion: reduce), whose glows (a colour, kept under
    reduced motion) play quickly too: at real speed they kept Chromium repainting the glowing parts between clicks."""
    still = request.node.get_closest_marker("reduced_motion") is not None
    context = browser.new_context(viewport={"width": 1440, "height": 1000},
                                  reduced_motion="reduce" if still else "no-preference")
    tab = context.new_page()
    quick_motion(context, tab)
    tab.set_default_timeout(20_000)
    page_problems.watch(tab)
    try:
        yield tab
    finally:
        context.close()
