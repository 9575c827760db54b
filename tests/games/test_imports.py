"""games/ imports plainly: every import at the top of its module, no private name taken from another module,
and no circle between modules (issue #22).

An import inside a function hides a dependency (often a circle) and a private name used elsewhere is a shared
name in disguise. The one exception is games/registry.py, whose factories import each engine when first built,
on purpose. Checked by parsing every module's source with `ast`, as tests/games/test_purity.py does.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from app.core.config import ROOT

GAMES = ROOT / "games"
MODULES = sorted(GAMES.rglob("*.py"))
LAZY = {"registry.py"}  # slug -> engine factories that import their engine when called


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def _parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def nested_imports(tree: ast.Module) -> list[int]:
    """Lines of the imports made inside a function or class body (a module-level `if` or `try` is still the top)."""
    out = []

    def visit(node: ast.AST, nested: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)) and nested:
                out.append(child.lineno)
            inner = nested or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda))
            visit(child, inner)

    visit(tree, False)
    return out


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def private_uses(tree: ast.Module) -> list[str]:
    """Private names this module takes from games/: `from games.x import _y`, or `x._y` on a name imported from
    games/ (a module, a class or a function)."""
    out, imported = [], set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").split(".")[0] == "games"):
            out += [f"from {node.module} import {a.name}" for a in node.names if _private(a.name)]
            imported |= {a.asname or a.name for a in node.names}
        elif isinstance(node, ast.Import):
            imported |= {a.asname or a.name.split(".")[0] for a in node.names if a.name.split(".")[0] == "games"}
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            base = node.value
            while isinstance(base, ast.Attribute):
                base = base.value
            if isinstance(base, ast.Name) and base.id in imported:
                out.append(ast.unparse(node))
    return out


def imports_of(tree: ast.Module, known: set[str]) -> set[str]:
    """The modules of `known` that this module imports (`from games.a import b` names games.a.b when it is one)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name in known}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            subs = {f"{node.module}.{a.name}" for a in node.names} & known
            out |= subs or ({node.module} & known)
    return out


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return found


def test_there_are_modules_to_check():
    assert any(p.name == "registry.py" for p in MODULES) and len(MODULES) > 5


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(GAMES)))
def test_every_import_is_at_the_top(path: Path):
    if str(path.relative_to(GAMES)) in LAZY:
        return
    lines = nested_imports(_parse(path))
    assert not lines, f"{path.relative_to(GAMES)} imports inside a function or class on lines {lines}"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(GAMES)))
def test_no_private_name_crosses_modules(path: Path):
    bad = private_uses(_parse(path))
    assert not bad, f"{path.relative_to(GAMES)} uses another module's private names: {bad}"


def test_no_circle_between_modules():
    known = {module_name(p) for p in MODULES}
    graph = {module_name(p): imports_of(_parse(p), known) for p in MODULES}
    assert not circles(graph)


def test_the_checkers_catch_offenders():
    assert nested_imports(ast.parse("def f():\n    from games.engine import Rng\n")) == [2]
    assert nested_imports(ast.parse("class A:\n    import json\n")) == [2]
    assert not nested_imports(ast.parse("import json\ntry:\n    import yaml\nexcept ImportError:\n    yaml = None\n"))
    assert private_uses(ast.parse("from games.platformer.movement import _supported"))
    assert private_uses(ast.parse("from games.platformer import symbols as sy\nsy._face(s, 'd0')"))
    assert private_uses(ast.parse("import games.platformer.symbols\ngames.platformer.symbols._face"))
    assert not private_uses(ast.parse("from games.engine import Rng\nself._x = Rng.__name__\nobj._y"))
    known = {"games.a", "games.b", "games.c"}
    graph = {"games.a": imports_of(ast.parse("from games import b"), known),
             "games.b": imports_of(ast.parse("import games.c"), known),
             "games.c": imports_of(ast.parse("from games.a import thing"), known)}
    assert circles(graph) == [["games.a", "games.b", "games.c"]]
    assert not circles({"games.a": {"games.b"}, "games.b": set()})
