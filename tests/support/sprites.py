"""The drawings a page names (a symbol's address in one of the fingerprinted icon sprites) and the sprites' files."""

from __future__ import annotations

import re
from functools import cache

from app.core.config import ROOT

DRAWING = re.compile(r"/assets/[0-9a-f]+/icons/([a-z_-]+)\.svg#gi-([a-z0-9-]+)")


@cache
def symbols(sprite: str) -> frozenset[str]:
    """The drawings static/icons/<sprite>.svg holds."""
    text = (ROOT / "static" / "icons" / f"{sprite}.svg").read_text()
    return frozenset(re.findall(r'<symbol id="gi-([a-z0-9-]+)"', text))


def in_its_sprite(drawing: str) -> bool:
    """`drawing` is the address of a symbol in a sprite that holds it."""
    found = DRAWING.fullmatch(drawing)
    return bool(found) and found.group(2) in symbols(found.group(1))
