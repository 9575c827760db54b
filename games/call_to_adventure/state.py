"""The state of one solo game of Call to Adventure: plain JSON-able fields only, so `dump` is a dict copy.

Card ids name every card; each lives in exactly one place (a deck, a row, a discard pile, under a challenge,
under a character card, in the hand, played, the Adversary's deck, removed from the game...).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields
from typing import Any

SLOTS = ("origin", "motivation", "destiny")
LOG_KEEP = 60


def fresh_flags() -> dict[str, Any]:
    """What a turn remembers until it ends."""
    return {"main_done": False, "travelled": False, "dark_used": 0, "power_used": False, "free_travel": False,
            "no_travel": False, "placed": 0, "spent": []}


@dataclass
class State:
    rng: int
    options: dict[str, str]
    turn: int = 1
    # Characters: the dealt pairs still to choose from, the kept card of each slot.
    dealt: dict[str, list[str]] = field(default_factory=dict)
    chars: dict[str, str | None] = field(default_factory=lambda: {k: None for k in SLOTS})
    # Story cards, by act ("1", "2", "3"): deck (top = last), face-up row, discard pile.
    decks: dict[str, list[str]] = field(default_factory=dict)
    rows: dict[str, list[str]] = field(default_factory=dict)
    discards: dict[str, list[str]] = field(default_factory=dict)
    revealed: list[int] = field(default_factory=lambda: [1])
    under: dict[str, str] = field(default_factory=dict)  # challenge id -> ally id under it
    placed: list[list[str]] = field(default_factory=list)  # [slot, card id, path] in the order placed
    allies: list[str] = field(default_factory=list)
    hero_deck: list[str] = field(default_factory=list)
    antihero_deck: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    played: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    exp: int = 3
    level: int = 3
    # Solo: the Adversary (a story card set aside), its cards and experience.
    boss: str = ""
    quest: str = ""
    victory: str = ""
    adv_exp: int = 0
    adv_deck: list[str] = field(default_factory=list)
    adv_discard: list[str] = field(default_factory=list)
    adv_revealed: list[str] = field(default_factory=list)
    boss_defeated: bool = False
    final: bool = False  # the final confrontation has begun (all three acts are complete)
    flags: dict[str, Any] = field(default_factory=fresh_flags)
    pending: dict[str, Any] | None = None  # the challenge being attempted
    choose: int = 0  # Hero/Antihero draws waiting for the player's choice of deck
    place_queue: list[str] = field(default_factory=list)  # revealed allies waiting to be placed
    result: str | None = None
    reason: str = ""
    log: list[str] = field(default_factory=list)

    def clone(self) -> State:
        new = copy.copy(self)
        for f in _LISTS:
            setattr(new, f, list(getattr(self, f)))
        for f in _DICTS_OF_LISTS:
            setattr(new, f, {k: list(v) for k, v in getattr(self, f).items()})
        new.options = dict(self.options)
        new.chars = dict(self.chars)
        new.under = dict(self.under)
        new.placed = [list(p) for p in self.placed]
        new.flags = {**self.flags, "spent": list(self.flags["spent"])}
        if self.pending is not None:  # its inner dicts (cast faces, stacked effects) are replaced, never changed
            p = self.pending
            new.pending = {**p, "pool": list(p["pool"]), "stack": list(p["stack"]),
                           "cast": list(p["cast"]) if p["cast"] is not None else None}
        return new

    def say(self, text: str) -> None:
        self.log.append(text)
        if len(self.log) > LOG_KEEP:
            del self.log[: len(self.log) - LOG_KEEP]


_LISTS = ("revealed", "allies", "hero_deck", "antihero_deck", "hand", "played", "removed", "adv_deck",
          "adv_discard", "adv_revealed", "place_queue", "log")
_DICTS_OF_LISTS = ("dealt", "decks", "rows", "discards")
FIELD_NAMES = tuple(f.name for f in fields(State))
