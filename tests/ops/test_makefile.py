"""`make run` for a newcomer: the port is a knob (PORT=8100), the address stays this machine's only."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from app.core.config import ROOT

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="GNU make is not installed")


def _run_command(*variables: str) -> str:
    """The command `make run` would start (make -n prints it without running anything)."""
    out = subprocess.run(["make", "-n", "run", *variables], cwd=ROOT, capture_output=True, text=True, check=True)
    return next(line for line in out.stdout.splitlines() if " -m app serve " in line)


def test_make_run_defaults_to_port_8000_on_this_machine():
    command = _run_command()
    assert "AUTH_MODE=single" in command
    assert "--host 127.0.0.1 --port 8000" in command


def test_make_run_takes_another_port():
    assert "--host 127.0.0.1 --port 8100" in _run_command("PORT=8100")
