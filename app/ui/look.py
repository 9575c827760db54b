""""Look closer" : which component of a board a look id names, found in the game's view.

Every lookable component on a board carries `data-look="<id>"`. `boards.find_look(game, view, look_id)` answers the
`Look` (what kind of component it is, its data from the view, where it lies) or None for an id the board does
not show right now. It reads only `view(state)`, never the state: a face-down card, a deck or a hidden ship
gives only what the board itself shows (a count, "a hidden ship"). The words live in the game's template
templates/games/<slug>/_look.html, which draws the large view from the Look.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Look:
    """A component seen up close: `kind` picks the template's drawing, `item` is its part of the view,
    `where` says where it lies (a key the template puts in words), `extra` carries what else it needs."""

    id: str
    kind: str
    item: Any = None
    where: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


def by_id(items: Any, wanted: str, key: str = "id") -> dict[str, Any] | None:
    """The dict of `items` whose `key` is `wanted` (compared as text), else None."""
    for item in items or ():
        if isinstance(item, dict) and str(item.get(key)) == wanted:
            return item
    return None
