"""The stylesheets are well formed: every block they open, they close.

A rule left open swallows every rule after it into its block without any error from the browser: a merge once
left a phone-only `@media` block open, so the replay controls' rules below it applied on phones alone and the
laptop drew the replay's list of steps as a bare numbered column.
"""

from __future__ import annotations

import re

import pytest

from app.core.config import ROOT

STATIC = ROOT / "static" / "css"
SHEETS = sorted(STATIC.glob("*.css"))


def _unbalanced(text: str) -> str | None:
    """Where the braces of a stylesheet go wrong (comments and strings aside), or None."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r'"(?:[^"\\]|\\.)*"|\'(?:[^\'\\]|\\.)*\'', '""', text)
    depth = 0
    for number, line in enumerate(text.splitlines(), 1):
        for ch in line:
            depth += {"{": 1, "}": -1}.get(ch, 0)
            if depth < 0:
                return f"line {number} closes a block that was never opened"
    return f"{depth} block(s) left open at the end" if depth else None


def test_there_are_stylesheets():
    assert len(SHEETS) >= 5, SHEETS


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda p: p.name)
def test_every_block_is_closed(sheet):
    assert _unbalanced(sheet.read_text(encoding="utf-8")) is None, (sheet.name, _unbalanced(sheet.read_text()))


def test_the_replay_rules_apply_at_every_width():
    """The replay's rules sit at the top level of app.css, not inside a media query."""
    text = re.sub(r"/\*.*?\*/", "", (STATIC / "app.css").read_text(encoding="utf-8"), flags=re.S)
    depth = 0
    for line in text.splitlines():
        if line.startswith(".replay-controls {"):
            assert depth == 0, "the replay controls' rule is nested in another block"
            return
        depth += line.count("{") - line.count("}")
    pytest.fail("app.css has no .replay-controls rule")
