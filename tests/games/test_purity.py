"""games/ is pure rules: no web, database or template imports, and no module-level `random`.

Checked by parsing every module's source with `ast`, so nothing has to be imported to find out.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from app.core.config import ROOT

GAMES = ROOT / "games"
BANNED = ("app", "fastapi", "starlette", "sqlalchemy", "jinja2", "random")
MODULES = sorted(GAMES.rglob("*.py"))


def imported_roots(tree: ast.AST) -> set[str]:
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "__import__" and node.args:
            arg = node.args[0]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                roots.add(arg.value.split(".")[0])
    return roots


def test_there_are_modules_to_check():
    assert any(p.name == "engine.py" for p in MODULES) and len(MODULES) > 5


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(GAMES)))
def test_module_imports_nothing_banned(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    bad = imported_roots(tree) & set(BANNED)
    assert not bad, f"{path.relative_to(GAMES)} imports {sorted(bad)}"


def test_the_checker_catches_offenders():
    for source in (
        "import random",
        "from random import shuffle",
        "import fastapi.routing",
        "from sqlalchemy.orm import Session",
        "from app import db",
        "__import__('jinja2')",
    ):
        assert imported_roots(ast.parse(source)) & set(BANNED), source
    assert not imported_roots(ast.parse("from games.engine import Rng\nimport json")) & set(BANNED)
