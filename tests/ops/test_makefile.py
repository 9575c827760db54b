"""`make run` for a newcomer: the port is a knob (PORT=8100), the address stays this machine's only."""

from __future__ import annotations

import re
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


def _dry_run(*goals: str) -> list[str]:
    """What make would run for `goals` on a machine without the environment yet (a .venv path that does not
    exist), without running it."""
    out = subprocess.run(["make", "-n", *goals, "VENV=/nonexistent/venv"], cwd=ROOT, capture_output=True, text=True,
                         check=True)
    return out.stdout.splitlines()


def test_make_install_installs_without_starting_a_server():
    lines = _dry_run("install")
    assert any("-m venv /nonexistent/venv" in line for line in lines)
    assert any("pip install" in line and "-e '.[dev]'" in line for line in lines)
    assert any("pybabel" in line and "compile" in line for line in lines)  # the translations
    assert not any(" -m app serve" in line for line in lines)


def test_make_run_installs_first_through_the_install_target():
    lines = _dry_run("run")
    serve = next(i for i, line in enumerate(lines) if " -m app serve " in line)
    installed = [i for i, line in enumerate(lines) if "pip install" in line]
    assert installed and max(installed) < serve
    rules = subprocess.run(["make", "-pn", "run"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert re.search(r"^run: install\b", rules, re.M), "`make run` depends on `make install`"


def test_the_readme_says_how_to_host_without_docker():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Self-hosting without Docker"):readme.index("## Self-hosting with Docker")]
    for needed in ("make install", "AUTH_MODE=accounts", "ALLOWED_HOSTS=", "--host 0.0.0.0",
                   "What `make install` (and so `make run`", "reset-password"):
        assert needed in section, needed
