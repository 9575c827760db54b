"""The state of one Adamastor game: card numbers and ids only (the card data stays in `Components`).

Lists are copied by `clone()` before an action changes anything, so `apply` never touches its
input. The dict-valued fields (`nav`, `encounter`, `pending`, the items of `todo`) are never
mutated in place: code that changes them builds a new dict.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from games.engine import Words

PHASES = ("setup", "actions", "events", "sunset", "over")
LIST_FIELDS = (
    "deck",
    "discard",
    "removed",
    "row",
    "hand",
    "skills",
    "traumas",
    "map_ids",
    "face_up",
    "enc_counts",
    "marked",
    "enc_deck",
    "enc_used",
    "tasks",
    "events_done",
    "todo",
    "log",
)
LOG_LINES = 12


@dataclass(slots=True)
class State:
    maps_n: int
    rng: int
    turn: int = 0
    phase: str = "setup"
    result: str = ""  # "", "won" or "lost"
    reason: str = ""
    # Sailing cards, by number. deck[0] is the top; discard[-1] is the top of the pile.
    deck: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    removed: list[int] = field(default_factory=list)
    row: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)
    skills: list[int] = field(default_factory=list)
    traumas: list[int] = field(default_factory=list)
    # The map: one id per slot, left to right; the last slot is the destination.
    map_ids: list[str] = field(default_factory=list)
    face_up: list[bool] = field(default_factory=list)
    enc_counts: list[int] = field(default_factory=list)  # encounters resolved on each map card
    marked: list[str] = field(default_factory=list)  # cell ids of resolved encounter spaces
    ship: str | None = None
    # Encounter cards, by id. enc_deck[0] is the top (its front is visible); draws take enc_deck[-1].
    enc_deck: list[str] = field(default_factory=list)
    enc_used: list[str] = field(default_factory=list)
    tasks: list[list[str]] = field(default_factory=list)  # [encounter id, section] of Task cards in play
    encounter: dict | None = None  # {"id", "section", "side", "cell"} while one is being resolved
    experience: int = 0
    encounters_completed: int = 0
    weather: int | None = None  # index into the weather table
    actions_left: int = 0
    nav_bonus: int = 0
    nav: dict | None = None  # {"points", "path", "can_add"} during a Navigate action
    step: int = 0  # progress through the Events or Sunset steps
    events_done: list[str] = field(default_factory=list)  # events triggered this turn
    ignore_choices: dict[str, str] = field(default_factory=dict)  # ignore_choice skill number -> type
    pending: dict | None = None  # the decision the game waits for, if any
    todo: list[dict] = field(default_factory=list)  # effects still to resolve, in order
    log: list[str] = field(default_factory=list)
    # Campaign Mode only (None in Classic): what the campaign carried into this voyage, plus "gained",
    # the campaign effects met so far. Never mutated in place (see voyage.py).
    campaign: dict | None = None

    def clone(self) -> State:
        new = State.__new__(State)
        for name in FIELD_NAMES:
            value = getattr(self, name)
            if value.__class__ is list:
                value = list(value)
            elif name == "ignore_choices":
                value = dict(value)
            setattr(new, name, value)
        return new

    def add_log(self, text: str) -> None:
        self.log.append(text)
        if len(self.log) > LOG_LINES:
            del self.log[: len(self.log) - LOG_LINES]


FIELD_NAMES = tuple(f.name for f in fields(State))


def deep_copy(data: Any) -> Any:
    """A deep copy of JSON-like data (dicts, lists and plain values)."""
    if isinstance(data, dict):
        return {k: deep_copy(v) for k, v in data.items()}
    if isinstance(data, list):
        return [deep_copy(v) for v in data]
    return data


def log_json(line: str) -> str | dict[str, Any]:
    """A log line as saved: its Words' JSON (so it can be said again in any language), or the plain text."""
    return line.to_json() if isinstance(line, Words) else str(line)


def log_line(data: Any) -> str:
    """A saved log line back as Words; a plain string (saves made before issue #16) stays as it is."""
    if not isinstance(data, dict):
        return data
    said = Words.from_json(data)
    return said if said is not None else str(data.get("m", ""))


def is_log_item(x: Any) -> bool:
    return isinstance(x, str) or (isinstance(x, dict) and isinstance(x.get("m"), str))


def dump_state(s: State) -> dict[str, Any]:
    """Every field, deep-copied: the saved data shares nothing with the live state."""
    out = {name: deep_copy(getattr(s, name)) for name in FIELD_NAMES}
    out["log"] = [log_json(line) for line in s.log]
    return out
