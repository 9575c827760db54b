"""Which Chromium a browser run starts, and with which flags: the bench's browser run, the README's screenshots
and the browser tests.

Chromium comes from Debian's packages (Playwright cannot download browsers here): `chromium`, the browser a player
uses, and `chromium-headless-shell`, the same Chromium without the browser's own WebUI pages (what `make test`
installs: the browser tests take a quarter less CPU in it). A fresh machine may hold either or both.
"""

from __future__ import annotations

import os

FULL = "/usr/bin/chromium"
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
# Headless on this machine's closed network: without the background-networking flags Chromium keeps trying to
# reach Google's hosts and is refused, many connections at a time.
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]


def find(prefer: str = FULL) -> str:
    """The Chromium to start: the CHROMIUM environment variable when set; else `prefer` if it is installed, else
    the other Debian build if that one is; else `prefer` (the caller's error names the path it looked for)."""
    named = os.environ.get("CHROMIUM")
    if named:
        return named
    other = HEADLESS_SHELL if prefer == FULL else FULL
    return next((path for path in (prefer, other) if os.access(path, os.X_OK)), prefer)
