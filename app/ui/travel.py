"""Where the things a move changed came from, so the board can show them travel .

A move's answer marks each component that arrived from somewhere with `data-from="<place>"` (a place is
an element's `data-part` or `data-place` id: the deck, the old cell, the hand), and, when the move's events
say it went several steps, `data-path="<place> <place> ..."` (the places it passed, in order, ending where
it stands). A pile that took cards it does not show carries `data-took="<part> ..."` (the parts the cards
left). static/js/table.js reads them and animates; nothing here is a rule.

Each game's `trips(before, after, events)` (app/ui/boards/<slug>.py, reached by `boards.trips(game, ...)`)
compares the view before the move with the view after it (and reads the move's events for paths); it knows
the game's components by the ids its templates give them. Only a move's answer has trips: a plain page load
has none, so a reload shows no motion. The board templates ask `came(part)` and `took(pile)` for the
attributes while the answer renders (`rendering(trips)`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup, escape

View = dict[str, Any]
Events = list[dict[str, Any]]
MAX_GHOSTS = 3  # a pile that took many cards at once shows a few flying, not a cloud


@dataclass(frozen=True)
class Trip:
    """A component's journey: from a place, through `path` (empty for a plain slide)."""

    frm: str
    path: tuple[str, ...] = ()


@dataclass
class Trips:
    moved: dict[str, Trip] = field(default_factory=dict)  # part id of the mover -> its trip
    took: dict[str, list[str]] = field(default_factory=dict)  # pile part -> parts of the cards it took

    def __bool__(self) -> bool:
        return bool(self.moved or self.took)


def through(start: str, steps: list[str]) -> tuple[str, ...]:
    """The places passed from `start` (kept only when there are two steps or more: else it is a slide)."""
    path = [start]
    for place in steps:
        if place != path[-1]:
            path.append(place)
    return tuple(path) if len(path) > 2 else ()


# ---------------------------------------------------------------- the templates' side

_current: ContextVar[Trips | None] = ContextVar("table_trips", default=None)


@contextmanager
def rendering(moved: Trips | None) -> Iterator[None]:
    """While a move's answer renders, `came` and `took` answer from `moved`."""
    token = _current.set(moved)
    try:
        yield
    finally:
        _current.reset(token)


def came(part: str) -> Markup:
    """The attributes of a component the move brought from somewhere (' data-from=...'), else ''."""
    moved = _current.get()
    trip = moved.moved.get(part) if moved else None
    if trip is None:
        return Markup("")
    attrs = f' data-from="{escape(trip.frm)}"'
    if trip.path:
        attrs += f' data-path="{escape(" ".join(trip.path))}"'
    return Markup(attrs)


def took(pile: str) -> Markup:
    """The attribute of a pile that took cards it does not show (' data-took=...'), else ''."""
    moved = _current.get()
    parts = moved.took.get(pile) if moved else None
    return Markup(f' data-took="{escape(" ".join(parts))}"') if parts else Markup("")
