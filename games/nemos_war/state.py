"""The state of a game of Nemo's War: plain lists, dicts and ints only, so `dump` is JSON as it stands.

Where every piece lies:
- ships: `pool` (unplaced, face down, order hidden), `discard`, `boxes[ocean]` (a list of box contents, a ship
  id or None; event ships may add a box past the ocean's count), `register[ocean]`, `salvage`, `refits[key]`,
  `waiting[group]` (reinforcement groups and event ships not in play yet), `unused` (Deadly Seas ships left out).
- cards: `deck` (index 0 is the top), `out` (set aside unseen), `kept`, `pass_pile`, `fail_pile`, `gone`
  (declined, or discarded with the cannon), `current` (the card being resolved), `cannon_card`.
- treasures: `treasure_at[ocean]`, `cup`, `collected`, `spent`.
- `pending` is a stack of decisions (the last one is asked now); `queue` holds the steps still to run.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

PHASES = ("setup", "prep", "action", "post", "over")


@dataclass
class State:
    seed: int
    options: dict[str, Any]
    rng: int
    phase: str = "setup"
    turn: int = 1
    week: int = 1
    side: str = "10+"
    commitment: str | None = None
    final_done: bool = False
    nautilus: str | None = None
    notoriety: int = 1
    liberation: int = 0
    res: dict[str, int] = field(default_factory=dict)
    passengers: dict[str, bool] = field(default_factory=dict)
    pool: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    boxes: dict[str, list] = field(default_factory=dict)
    revealed: list[str] = field(default_factory=list)
    register: dict[str, list] = field(default_factory=dict)
    salvage: list[str] = field(default_factory=list)
    refits: dict[str, Any] = field(default_factory=dict)
    seek_times: int = 0
    waiting: dict[str, list] = field(default_factory=dict)
    arrived: list[str] = field(default_factory=list)
    unused: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    out: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    pass_pile: list[str] = field(default_factory=list)
    fail_pile: list[str] = field(default_factory=list)
    gone: list[str] = field(default_factory=list)
    current: list[str] = field(default_factory=list)
    cannon_card: list[str] = field(default_factory=list)
    cannon: int = 0
    treasure_at: dict[str, Any] = field(default_factory=dict)
    cup: list[str] = field(default_factory=list)
    collected: list[str] = field(default_factory=list)
    spent: list[str] = field(default_factory=list)
    wreck: str | None = None  # an ocean key, "held", or None
    last_rest_turn: int = -9
    acted: bool = False
    pending: list[dict] = field(default_factory=list)
    queue: list[dict] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    result: str = ""
    end_reason: str = ""
    tragic: bool = False
    imperial: bool = False

    def clone(self) -> State:
        """A copy that shares nothing mutable (fields copied by their known shapes: fast, as apply needs)."""
        new = object.__new__(State)
        d = new.__dict__
        for name, value in self.__dict__.items():
            if name in _FLAT:
                d[name] = value.copy()
            elif name in _NESTED:
                d[name] = {k: v.copy() for k, v in value.items()}
            elif name in ("pending", "queue"):
                d[name] = deep_copy(value)
            else:
                d[name] = value
        return new

    @property
    def top(self) -> dict | None:
        return self.pending[-1] if self.pending else None

    @property
    def historical(self) -> bool:
        return self.options.get("historical") == "on"

    def opt_on(self, key: str) -> bool:
        return self.options.get(key) == "on"

    def ships_in(self, ocean: str) -> list[str]:
        return [x for x in self.boxes[ocean] if x is not None]


FIELD_NAMES = tuple(f.name for f in fields(State))
_NESTED = frozenset(("boxes", "register", "waiting"))  # dicts of lists of ship ids
_FLAT = frozenset(n for n in FIELD_NAMES if n not in _NESTED and n not in ("pending", "queue")
                  and isinstance(getattr(State(0, {}, 0), n), (list, dict)))
_ATOMS = (str, int, float, bool, type(None))


def deep_copy(v: Any) -> Any:
    """A copy of plain JSON-like data (faster than copy.deepcopy or pickle for these small shapes)."""
    t = type(v)
    if t is list:
        return [x if type(x) in _ATOMS else deep_copy(x) for x in v]
    if t is dict:
        return {k: x if type(x) in _ATOMS else deep_copy(x) for k, x in v.items()}
    return v


def dump_state(s: State) -> dict[str, Any]:
    return {n: deep_copy(getattr(s, n)) for n in FIELD_NAMES}
