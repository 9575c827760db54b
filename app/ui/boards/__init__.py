"""Everything one game's pages need beyond its templates, one module per game, registered here by slug.

A game's module gives:
- `home(view, action_id)`: the component an action is drawn on, `(kind, key)`, or None for the decision panel;
- `find_look(view, look_id)`: the component a look id names (app.ui.look.Look), or None;
- `trips(before, after, events)`: what a move moved, and from where (app.ui.travel.Trips);
- `CHRONICLE`: how its log falls into turns (app.ui.chronicle.Chronicle; optional);
- `TOLD`: what each event of a move touches, and which kinds begin a phase (app.ui.story.Told; optional);
- `TEMPLATE_GLOBALS`: the helpers its board templates call (optional).
A new game is one rules package (games/<slug>/), one module here, and its templates (templates/games/<slug>/).
A game without a module (the tests' Pebbles) still plays: every action in the panel, nothing to look at or move.

May import what app.ui may.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from app.i18n.render import say_in
from app.ui.boards import adamastor, call_to_adventure, nemos_war, platformer
from app.ui.chronicle import DEFAULT as DEFAULT_CHRONICLE
from app.ui.chronicle import Chronicle, Turn
from app.ui.look import Look
from app.ui.placement import Placement
from app.ui.story import Step, Told, steps
from app.ui.travel import Events, Trips, View
from games.engine import Action

MAX_LOOK_ID = 40


@dataclass(frozen=True)
class Board:
    home: Callable[[View, str], tuple[str, str] | None]
    find_look: Callable[[View, str], Look | None]
    trips: Callable[[View, View, Events], Trips]
    chronicle: Chronicle = DEFAULT_CHRONICLE
    told: Told = field(default_factory=Told)
    template_globals: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, module: ModuleType) -> Board:
        return cls(module.home, module.find_look, module.trips, getattr(module, "CHRONICLE", DEFAULT_CHRONICLE),
                   getattr(module, "TOLD", Told()), getattr(module, "TEMPLATE_GLOBALS", {}))


BOARDS: dict[str, Board] = {
    "adamastor": Board.of(adamastor),
    "nemos_war": Board.of(nemos_war),
    "platformer": Board.of(platformer),
    "call_to_adventure": Board.of(call_to_adventure),
}


def template_globals() -> dict[str, Any]:
    """Every game's template helpers, for the one Jinja environment."""
    return {name: value for board in BOARDS.values() for name, value in board.template_globals.items()}


def place_actions(game: str, view: View, actions: Iterable[Action]) -> Placement:
    """Sort legal actions onto the board's components; a game without a board module puts them all in the panel."""
    board = BOARDS.get(game)
    placement = Placement()
    for action in actions:
        placement.add(board.home(view, action.id) if board else None, action)
    return placement


def find_look(game: str, view: View, look_id: str) -> Look | None:
    """The component `look_id` names on this game's board now, or None (unknown game or id)."""
    board = BOARDS.get(game)
    if board is None or not look_id or len(look_id) > MAX_LOOK_ID:
        return None
    return board.find_look(view, look_id)


def trips(game: str, before: View | None, after: View, events: Events) -> Trips:
    """What the move from `before` to `after` (with its events, as JSON) moved, and from where."""
    board = BOARDS.get(game)
    if board is None or not isinstance(before, dict) or not isinstance(after, dict):
        return Trips()
    return board.trips(before, after, events)


def chronicle(game: str, lines: list[dict[str, Any]], view: View) -> list[Turn]:
    """The log's lines grouped by turn, oldest first, as this game's chronicle shows them."""
    board = BOARDS.get(game)
    return (board.chronicle if board else DEFAULT_CHRONICLE).turns(lines, view)


def story(game: str, lines: list[dict[str, Any]], events: Events, before: View | None, after: View) -> list[Step]:
    """The steps of a move, as this game's table tells them (app/ui/story.py)."""
    board = BOARDS.get(game)
    return steps(lines, events, before, after, board.told if board else Told(), say=lambda words: say_in(words, game))
