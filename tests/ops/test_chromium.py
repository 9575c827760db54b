"""Which Chromium the browser runs start (app/ops/chromium.py): the one named, else the preferred Debian build,
else the other one installed."""

from __future__ import annotations

import os

import pytest

from app.ops import chromium


@pytest.fixture
def installed(monkeypatch: pytest.MonkeyPatch):
    """Pretend exactly the given browsers are installed."""
    present: set[str] = set()
    real_access = os.access
    monkeypatch.setattr(chromium.os, "access",
                        lambda path, mode: path in present if path in (chromium.FULL, chromium.HEADLESS_SHELL)
                        else real_access(path, mode))
    monkeypatch.delenv("CHROMIUM", raising=False)
    return present


def test_the_named_browser_wins(installed, monkeypatch):
    installed.update({chromium.FULL, chromium.HEADLESS_SHELL})
    monkeypatch.setenv("CHROMIUM", "/opt/my/chrome")
    assert chromium.find(chromium.FULL) == "/opt/my/chrome"


@pytest.mark.parametrize("prefer", [chromium.FULL, chromium.HEADLESS_SHELL])
def test_the_preferred_build_when_both_are_installed(installed, prefer):
    installed.update({chromium.FULL, chromium.HEADLESS_SHELL})
    assert chromium.find(prefer) == prefer


def test_the_other_build_when_the_preferred_one_is_missing(installed):
    installed.add(chromium.HEADLESS_SHELL)  # what `make test` installs on a fresh machine
    assert chromium.find(chromium.FULL) == chromium.HEADLESS_SHELL
    installed.clear()
    installed.add(chromium.FULL)
    assert chromium.find(chromium.HEADLESS_SHELL) == chromium.FULL


def test_the_preferred_path_when_none_is_installed(installed):
    assert chromium.find(chromium.FULL) == chromium.FULL
    assert chromium.find(chromium.HEADLESS_SHELL) == chromium.HEADLESS_SHELL
