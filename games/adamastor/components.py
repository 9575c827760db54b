"""Adamastor's components: load the data files (or in-memory dicts) into typed, frozen objects.

Everything is checked against games/adamastor/CONTRACT.md on load; a bad file raises
`ComponentError` naming the file, the card and what is wrong. The original dicts are kept
(`raw`) so the board can be given the card data exactly as authored.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from games.adamastor.effects_schema import ComponentError, check_effects, check_task

DATA_DIR = Path(__file__).parent / "data"
THREATS = ("unrest", "disease", "fatigue")
WEATHERS = ("sun", "cloud", "storm")
SKILL_KINDS = (
    "sunset_morale",
    "hand_limit",
    "nav_plus",
    "draw_two",
    "extra_action",
    "cheaper_skills",
    "reveal_maps",
    "ignore_storm",
    "ignore_icon",
    "ignore_choice",
    "burst",
)
CELL_KINDS = ("sea", "fog", "island", "current", "land", "none")
FLOWS = ("N", "E", "S", "W")


def _need(cond: bool, where: str, msg: str) -> None:
    if not cond:
        raise ComponentError(f"{where}: {msg}")


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


@dataclass(frozen=True)
class SailingCard:
    number: int
    title: str
    weather: str
    threats: tuple[int, int, int]  # unrest, disease, fatigue
    motivation: int
    nav: int
    trauma: str | None  # the trauma's type, or None for a skill card
    sunset_loss: bool  # a trauma with "Sunset: -1 Morale"
    skill: str | None  # the skill kind, or None for a trauma card
    cost: int
    n: int  # ignore_storm / burst amount, else 0
    types: tuple[str, ...]  # ignore_icon / ignore_choice types
    raw: Any

    def threat(self, kind: str) -> int:
        return self.threats[THREATS.index(kind)]


@dataclass(frozen=True)
class WeatherRow:
    icons: tuple[str, str, str]
    name: str
    actions: int
    nav_penalty: int
    raw: Any


@dataclass(frozen=True)
class Cell:
    kind: str
    storms: int
    anchor: bool
    flow: str | None


@dataclass(frozen=True)
class MapCard:
    id: str
    name: str
    kind: str  # regular | destination
    cells: tuple[tuple[Cell, ...], ...]
    raw: Any


@dataclass(frozen=True)
class EncounterCard:
    id: str
    title: str
    remove_from_campaign: bool
    raw: Any  # sections stay as validated dicts: their effects are copied into the game state

    def section(self, name: str) -> dict:
        return self.raw[name]


def _sailing(raw: Any, i: int) -> SailingCard:
    where = f"sailing_cards.json card #{i}"
    _need(isinstance(raw, dict), where, "must be an object")
    num = raw.get("number")
    _need(_is_int(num) and 1 <= num <= 40, where, "number must be 1-40")
    where = f"sailing_cards.json card {num}"
    _need(isinstance(raw.get("title"), str) and raw["title"], where, "title missing")
    _need(raw.get("weather") in WEATHERS, where, f"weather must be one of {WEATHERS}")
    thr = raw.get("threats")
    _need(isinstance(thr, dict) and set(thr) == set(THREATS), where, "threats needs unrest/disease/fatigue")
    _need(all(_is_int(thr[t]) and 0 <= thr[t] <= 2 for t in THREATS), where, "threat counts are 0-2")
    _need(raw.get("motivation") in (0, 1), where, "motivation is 0 or 1")
    _need(_is_int(raw.get("nav")) and 0 <= raw["nav"] <= 4, where, "nav is 0-4")
    trauma, skill = raw.get("trauma"), raw.get("skill")
    _need((trauma is None) != (skill is None), where, "exactly one of trauma and skill must be set")
    common = dict(
        number=num,
        title=raw["title"],
        weather=raw["weather"],
        threats=tuple(thr[t] for t in THREATS),
        motivation=raw["motivation"],
        nav=raw["nav"],
        raw=raw,
    )
    if trauma is not None:
        _need(isinstance(trauma, dict) and trauma.get("type") in THREATS, where, "trauma type invalid")
        _need(trauma.get("sunset_morale", 0) in (0, -1), where, "trauma sunset_morale is 0 or -1")
        return SailingCard(
            **common,
            trauma=trauma["type"],
            sunset_loss=trauma.get("sunset_morale", 0) == -1,
            skill=None,
            cost=0,
            n=0,
            types=(),
        )
    _need(isinstance(skill, dict) and skill.get("kind") in SKILL_KINDS, where, "unknown skill kind")
    kind = skill["kind"]
    _need(_is_int(skill.get("cost")) and 1 <= skill["cost"] <= 3, where, "skill cost is 1-3")
    n, types = 0, ()
    if kind in ("ignore_storm", "burst"):
        allowed = (1, 2) if kind == "ignore_storm" else (3, 5)
        _need(skill.get("n") in allowed, where, f"{kind} needs n in {allowed}")
        n = skill["n"]
    if kind in ("ignore_icon", "ignore_choice"):
        types = tuple(skill.get("types") or ())
        size_ok = len(types) == 1 if kind == "ignore_icon" else len(types) in (2, 3)
        _need(
            size_ok and all(t in THREATS for t in types) and len(set(types)) == len(types),
            where,
            f"{kind} has a bad types list",
        )
    return SailingCard(
        **common, trauma=None, sunset_loss=False, skill=kind, cost=skill["cost"], n=n, types=types
    )


def _weather(raw: Any, i: int) -> WeatherRow:
    where = f"weather.json row #{i}"
    _need(isinstance(raw, dict), where, "must be an object")
    icons = raw.get("icons")
    _need(
        isinstance(icons, list) and len(icons) == 3 and all(x in WEATHERS for x in icons), where, "bad icons"
    )
    _need(list(icons) == sorted(icons, key=WEATHERS.index), where, "icons must be sorted sun < cloud < storm")
    _need(isinstance(raw.get("name"), str), where, "name missing")
    _need(_is_int(raw.get("actions")) and 0 <= raw["actions"] <= 6, where, "actions must be 0-6")
    _need(raw.get("nav_penalty") in (0, 1), where, "nav_penalty is 0 or 1")
    return WeatherRow(tuple(icons), raw["name"], raw["actions"], raw["nav_penalty"], raw)


def _cell(raw: Any, where: str, dest: bool, col: int) -> Cell:
    _need(isinstance(raw, dict) and raw.get("kind") in CELL_KINDS, where, "bad cell kind")
    kind = raw["kind"]
    _need(raw.get("storms", 0) in (0, 1, 2), where, "storms is 0-2")
    _need(isinstance(raw.get("anchor", False), bool), where, "anchor is true/false")
    flow = raw.get("flow")
    _need((flow in FLOWS) if kind == "current" else flow is None, where, "flow is N/E/S/W on currents only")
    if kind in ("land", "none"):
        _need(dest and col == 3, where, "land/none cells only in column 3 of destination cards")
        _need(not raw.get("anchor", False), where, "no anchor on land/none")
    elif dest:
        _need(col < 3, where, "column 3 of a destination card is the continent")
    return Cell(kind, raw.get("storms", 0), raw.get("anchor", False), flow)


def _map(raw: Any, i: int) -> MapCard:
    where = f"maps.json card #{i}"
    _need(isinstance(raw, dict) and isinstance(raw.get("id"), str), where, "needs an id")
    where = f"maps.json card {raw['id']}"
    _need(raw.get("kind") in ("regular", "destination"), where, "kind is regular or destination")
    dest = raw["kind"] == "destination"
    cells = raw.get("cells")
    _need(
        isinstance(cells, list)
        and len(cells) == 3
        and all(isinstance(r, list) and len(r) == 4 for r in cells),
        where,
        "cells must be 3 rows of 4",
    )
    grid = tuple(
        tuple(_cell(c, f"{where} cell {r}.{k}", dest, k) for k, c in enumerate(row))
        for r, row in enumerate(cells)
    )
    _need(sum(c.anchor for row in grid for c in row) <= 3, where, "at most 3 anchors")
    if dest:
        col3 = sorted(row[3].kind for row in grid)
        _need(col3 == ["land", "land", "none"], where, "column 3 needs two land cells and one none")
    return MapCard(raw["id"], str(raw.get("name", raw["id"])), raw["kind"], grid, raw)


def _section(raw: Any, where: str) -> bool:
    """Check one section; return True if it (or its nested effects) can flip the card."""
    _need(isinstance(raw, dict), where, "section must be an object")
    _need(("effects" in raw) != ("task" in raw), where, "a section has either effects or a task")
    if "task" in raw:
        check_task(raw["task"], where)
        return False
    return check_effects(raw["effects"], where)


def _encounter(raw: Any, i: int) -> EncounterCard:
    where = f"encounters.json card #{i}"
    _need(isinstance(raw, dict) and isinstance(raw.get("id"), str), where, "needs an id")
    where = f"encounters.json card {raw['id']}"
    flips = _section(raw.get("sea"), f"{where} sea") | _section(raw.get("land"), f"{where} land")
    back = raw.get("back")
    if flips:
        _need(isinstance(back, dict), where, "a section can flip the card but there is no back")
    if back is not None:
        _need(isinstance(back, dict) and "effects" in back, where, "back needs effects")
        _need(not check_effects(back["effects"], f"{where} back"), where, "the back cannot flip again")
    return EncounterCard(
        raw["id"], str(raw.get("title", raw["id"])), bool(raw.get("remove_from_campaign")), raw
    )


@dataclass(frozen=True)
class Components:
    sailing: dict[int, SailingCard]
    weather: tuple[WeatherRow, ...]
    maps: dict[str, MapCard]
    encounters: dict[str, EncounterCard]

    @property
    def regular_ids(self) -> list[str]:
        return sorted(k for k, m in self.maps.items() if m.kind == "regular")

    @property
    def destination_ids(self) -> list[str]:
        return sorted(k for k, m in self.maps.items() if m.kind == "destination")

    def weather_index(self, icons: list[str]) -> int:
        key = tuple(sorted(icons, key=WEATHERS.index))
        for i, row in enumerate(self.weather):
            if row.icons == key:
                return i
        raise ComponentError(f"weather.json has no row for {key}")


def build(sailing: Any, weather: Any, maps: Any, encounters: Any) -> Components:
    """Validate in-memory component lists (as in the JSON files) and build `Components`."""
    for name, value in (
        ("sailing_cards", sailing),
        ("weather", weather),
        ("maps", maps),
        ("encounters", encounters),
    ):
        _need(isinstance(value, list), f"{name}.json", "must be a list")
    cards = [_sailing(c, i) for i, c in enumerate(sailing)]
    _need(
        sorted(c.number for c in cards) == list(range(1, 41)),
        "sailing_cards.json",
        "needs exactly 40 cards numbered 1-40, each once",
    )
    rows = tuple(_weather(w, i) for i, w in enumerate(weather))
    _need(
        len({r.icons for r in rows}) == 10 == len(rows),
        "weather.json",
        "needs the 10 combinations, each once",
    )
    map_cards = [_map(m, i) for i, m in enumerate(maps)]
    _need(len({m.id for m in map_cards}) == len(map_cards), "maps.json", "duplicate ids")
    _need(sum(m.kind == "regular" for m in map_cards) >= 4, "maps.json", "needs at least 4 regular cards")
    _need(any(m.kind == "destination" for m in map_cards), "maps.json", "needs a destination card")
    encs = [_encounter(e, i) for i, e in enumerate(encounters)]
    _need(len({e.id for e in encs}) == len(encs) and encs, "encounters.json", "needs unique ids")
    _need(all(":" not in e.id for e in encs), "encounters.json", "ids may not contain ':'")
    return Components(
        {c.number: c for c in cards}, rows, {m.id: m for m in map_cards}, {e.id: e for e in encs}
    )


def load_components(data_dir: Path | str | None = None) -> Components:
    """Read and validate the four JSON files of `data_dir` (default: the game's own data/)."""
    folder = Path(data_dir) if data_dir is not None else DATA_DIR
    loaded = []
    for name in ("sailing_cards", "weather", "maps", "encounters"):
        path = folder / f"{name}.json"
        try:
            loaded.append(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, json.JSONDecodeError) as exc:
            raise ComponentError(f"{path}: {exc}") from exc
    return build(*loaded)
