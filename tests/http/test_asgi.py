"""The served application (app.asgi) parks its start-up objects outside the garbage collector."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from app.core.config import ROOT


def test_served_app_freezes_what_it_built_at_start(tmp_path: Path) -> None:
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'x.db'}", "AUTH_MODE": "single"}
    probe = ("import gc, app.asgi; frozen = gc.get_freeze_count(); gc.collect();"
             "print(frozen, len(gc.get_objects()))")
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    frozen, tracked = map(int, done.stdout.split()[-2:])
    # the app, its templates and the games' data are frozen; what a full collection still walks is a fraction
    assert frozen > 50_000
    assert tracked < frozen / 4
