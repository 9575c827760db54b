"""requirements.lock, the Docker image's pinned dependencies (`make lock`), holds every dependency the app
declares in pyproject.toml, each with its hashes (the image installs with --require-hashes)."""

from __future__ import annotations

import re
import tomllib

from app.core.config import ROOT

NAME = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)")


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _locked() -> dict[str, str]:
    """Each pinned package and its block of lines (its hashes)."""
    blocks: dict[str, str] = {}
    current = None
    for line in (ROOT / "requirements.lock").read_text().splitlines():
        if line and not line.startswith((" ", "#")):
            current = _norm(NAME.match(line).group(1))
            blocks[current] = line
        elif current and line.startswith(" "):
            blocks[current] += "\n" + line
    return blocks


def test_every_dependency_of_the_app_is_pinned_with_its_hashes():
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    locked = _locked()
    missing = [d for d in declared if _norm(NAME.match(d).group(1)) not in locked]
    assert not missing, f"not in requirements.lock (run `make lock`): {missing}"
    for name, block in locked.items():
        assert "==" in block.splitlines()[0] and "--hash=sha256:" in block, f"{name} is not pinned with a hash"
