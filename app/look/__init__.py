""""Look closer" (issue #15, item 4): which component of a board a look id names, found in the game's view.

Every lookable component on a board carries `data-look="<id>"`. `find_look(game, view, look_id)` answers the
`Look` (what kind of component it is, its data from the view, where it lies) or None for an id the board does
not show right now. It reads only `view(state)`, never the state: a face-down card, a deck or a hidden ship
gives only what the board itself shows (a count, "a hidden ship"). The words live in the game's template
templates/games/<slug>/_look.html, which draws the large view from the Look.
"""

from __future__ import annotations

import re
from collections.abc import Callable
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


Finder = Callable[[dict[str, Any], str], "Look | None"]


def _finders() -> dict[str, Finder]:
    from app.look import adamastor, call_to_adventure, nemos_war, platformer

    return {"adamastor": adamastor.find, "nemos_war": nemos_war.find, "platformer": platformer.find,
            "call_to_adventure": call_to_adventure.find}


def find_look(game: str, view: dict[str, Any], look_id: str) -> Look | None:
    """The component `look_id` names on this game's board now, or None (unknown game or id)."""
    finder = _finders().get(game)
    if finder is None or not look_id or len(look_id) > 40:
        return None
    return finder(view, look_id)


def by_id(items: Any, wanted: str, key: str = "id") -> dict[str, Any] | None:
    """The dict of `items` whose `key` is `wanted` (compared as text), else None."""
    for item in items or ():
        if isinstance(item, dict) and str(item.get(key)) == wanted:
            return item
    return None


_LINK = re.compile(rb'<a href="\?look=[^"]*" aria-label="[^"]*"></a>')


def without_look_links(html: bytes) -> bytes:
    """A move's answer without the components' magnifier links (templates/partials/look.html): only a page with
    JavaScript asks for that answer, and static/js/look.js puts the links back from the components' data-look,
    so the answer stays light (some twenty links would cost a board a few hundred bytes compressed)."""
    return _LINK.sub(b"", html)
