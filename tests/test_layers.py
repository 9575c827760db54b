"""app/ is built in layers, each a folder, each importing only the layers below it (app/__init__.py draws them).

    games/ <- core <- db, i18n <- accounts <- shelf <- ui <- http <- api, pages <- main <- ops

A module may import its own folder and any folder of a lower rank; two folders of the same rank (db and i18n,
api and pages) never import each other. The entry points (app/asgi.py, app/__main__.py) sit on top. games/
imports nothing from app/ (tests/games/test_purity.py). Checked by parsing every module with `ast`, function-level
imports included, so nothing has to be imported to find out.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from app.core.config import ROOT

APP = ROOT / "app"
RANKS = {"core": 0, "db": 1, "i18n": 1, "accounts": 2, "shelf": 3, "ui": 4, "http": 5, "api": 6, "pages": 6,
         "main": 7, "ops": 8, "asgi": 9, "__main__": 9}
MODULES = sorted(p for p in APP.rglob("*.py") if p != APP / "__init__.py")


def layer_of(module: str) -> str:
    """The layer of a dotted module of app/ ("app.shelf.moves" -> "shelf"); "" for `app` itself."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def imported_app_modules(tree: ast.AST) -> list[tuple[int, str]]:
    """Every module of app/ that `tree` imports, with its line: `from app.x import y` gives app.x.y when y may be
    a module, so `from app import shelf` counts as the shelf layer."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names if a.name.split(".")[0] == "app"]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module == "app":
                found += [(node.lineno, f"app.{a.name}") for a in node.names]
            elif node.module.split(".")[0] == "app":
                found.append((node.lineno, node.module))
    return found


def violations(layer: str, tree: ast.AST) -> list[str]:
    """What a module of `layer` imports that its layer may not, as 'line N: app.x.y (x)'."""
    if layer not in RANKS:
        return [f"the folder {layer!r} is no layer: give it a rank in tests/test_layers.py and app/__init__.py"]
    bad = []
    for line, target in imported_app_modules(tree):
        other = layer_of(target)
        if other == layer or not other:
            continue
        if other not in RANKS or RANKS[other] >= RANKS[layer]:
            bad.append(f"line {line}: {target} ({other} is not below {layer})")
    return bad


def _module_layer(path: Path) -> str:
    rel = path.relative_to(APP)
    return rel.parts[0] if len(rel.parts) > 1 else rel.stem


def test_there_are_layers_to_check():
    assert {_module_layer(p) for p in MODULES} >= {"core", "db", "shelf", "ui", "http", "api", "pages", "ops"}


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(APP)))
def test_module_imports_only_the_layers_below_it(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    bad = violations(_module_layer(path), tree)
    assert not bad, f"app/{path.relative_to(APP)} reaches up or sideways:\n  " + "\n  ".join(bad)


def test_no_flat_module_beside_the_layers():
    """A new capability finds its layer: only the entry points live directly in app/."""
    flat = {p.name for p in APP.glob("*.py")}
    assert flat == {"__init__.py", "__main__.py", "asgi.py", "main.py"}, flat


def test_the_checker_catches_offenders():
    def bad(layer: str, source: str) -> list[str]:
        return violations(layer, ast.parse(source))

    assert bad("shelf", "from app.ui.templating import templates")  # up
    assert bad("shelf", "def f():\n    from app.http import auth")  # up, inside a function
    assert bad("api", "from app.pages.common import page")  # sideways
    assert bad("db", "from app.i18n import render")  # sideways
    assert bad("core", "import app.db.models")  # up, plain import
    assert bad("ui", "from app import pages")  # a layer imported as a module
    assert bad("main", "from app.ops import cli")
    assert bad("tools", "import json")  # a folder with no rank
    assert not bad("pages", "from app.http.auth import PagePlayer\nfrom app.shelf import moves\nfrom app import ui")
    assert not bad("shelf", "from app.shelf.store import get_session\nfrom games.engine import Words\nimport json")
    assert "line 2: app.api.common (api is not below pages)" in bad("pages", "import os\nfrom app.api.common import x")
