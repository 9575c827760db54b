"""Call to Adventure's components, loaded from data/*.json and validated into typed, read-only models.

The format of each file is in CONTRACT.md; `load_components` refuses anything else with a ComponentError
that names the card and the problem.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"
ABILITIES = ("str", "dex", "con", "int", "wis", "cha")
STORY_ICONS = ("divinity", "justice", "nature", "arcane", "royalty", "villainy")
ICONS = ABILITIES + STORY_ICONS
WHENS = ("before_cast", "after_cast", "any")
EFFECT_OPS = ("add", "rune", "reroll", "exp", "virtue", "corruption", "adv_exp", "free_travel", "draw")
ADV_OPS = ("adv_exp", "difficulty", "total", "steal_exp", "lose_ally", "no_travel")
POWER_OPS = ("dark_cost", "travel_cost", "difficulty", "no_hero")
TRIGGERS = ("fail", "trait", "virtue", "corruption", "travel") + tuple(f"success:{a}" for a in ABILITIES)
FEEDS = ("draw", "travel", "trait", "corruption", "dark", "fail")
REWARD_KEYS = ("triumph", "tragedy", "icons", "virtue", "corruption", "hero", "antihero", "exp")
NEED_KEYS = ("icon", "level_max", "level_min", "allies", "adversaries", "hero_played", "antihero_played", "exp")
COUNTS = {"origin": 15, "motivation": 15, "destiny": 15, "act1": 29, "act2": 32, "act3": 30, "hero": 22,
          "antihero": 22, "solo": 12, "runes": 24}


class ComponentError(ValueError):
    """A data file does not match CONTRACT.md."""


def need(cond: bool, where: str, what: str) -> None:
    if not cond:
        raise ComponentError(f"{where}: {what}")


@dataclass(frozen=True)
class Path_:
    name: str
    marked: bool
    reward: dict[str, Any]


@dataclass(frozen=True)
class Character:
    id: str
    kind: str
    name: str
    triumph: int
    tragedy: int
    icons: dict[str, int]
    first_game: bool
    power: dict[str, Any] | None
    destiny: tuple[dict[str, Any], ...]
    raw: dict[str, Any] = field(repr=False, compare=False)


@dataclass(frozen=True)
class Story:
    id: str
    act: int
    type: str
    name: str
    first_game: bool
    paths: dict[str, Path_]
    requires: tuple[dict[str, Any], ...] = ()
    difficulty: int = 0
    abilities: tuple[str, ...] = ()
    power: dict[str, Any] | None = None
    spend: dict[str, Any] | None = None
    sacrifice: dict[str, Any] | None = None
    raw: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)


@dataclass(frozen=True)
class HeroCard:
    id: str
    kind: str
    name: str
    when: str
    effects: tuple[dict[str, Any], ...]
    skull: bool
    first_game: bool
    adversary: tuple[dict[str, Any], ...]
    raw: dict[str, Any] = field(repr=False, compare=False)


@dataclass(frozen=True)
class Face:
    value: int
    draw: bool
    corruption: int
    bonus: str | None


@dataclass(frozen=True)
class Rune:
    id: str
    kind: str
    ability: str | None
    special: bool
    faces: tuple[Face, Face]
    raw: dict[str, Any] = field(repr=False, compare=False)


@dataclass(frozen=True)
class Components:
    characters: dict[str, Character]
    story: dict[str, Story]
    heroes: dict[str, HeroCard]
    solo: dict[str, dict[str, Any]]
    runes: dict[str, Rune]
    levels: tuple[dict[str, Any], ...]
    start_level: int
    sets: dict[int, int]
    sets_extra: int

    def quest_for(self, adversary_id: str) -> dict[str, Any]:
        return next(q for q in self.solo.values() if q["kind"] == "quest" and q["adversary"] == adversary_id)
