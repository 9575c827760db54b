"""Crafted positions for Platformer rules tests.

`position(...)` builds an engine whose components hold the real data plus crafted tiles, and a state on a
tower drawn in text: each level is 4 rows of 8 cell codes (TOP row first, codes as in CONTRACT.md). Unlisted
regular levels are open rooms with a floor; the boss level defaults to an open room with one-way floor.
"""

from __future__ import annotations

import json
from typing import Any

from games.platformer.components import DATA_DIR, build_components
from games.platformer.engine import PlatformerEngine
from games.platformer.table import new_enemy

OPEN = ["e . . . . . . .", ". . . . . . . .", ". . . . . . . .", "f f f . f f f ."]
BOSS = [". . x . . . . .", ". . . . . . . .", ". b . . . b e .", "u us u u u u u us"]
_ENGINES: dict[str, PlatformerEngine] = {}


def _raw_data() -> dict[str, Any]:
    return {p.stem: json.loads(p.read_text()) for p in sorted(DATA_DIR.glob("*.json"))}


def _split(rows: list[str]) -> tuple[list[str], list[str]]:
    cells = [r.split() for r in rows]
    assert all(len(c) == 8 for c in cells), rows
    return [" ".join(c[:4]) for c in cells], [" ".join(c[4:]) for c in cells]


def engine_for(levels: list[list[str]]) -> tuple[PlatformerEngine, list[list[str]]]:
    """An engine knowing the crafted tiles of `levels` (bottom first, the boss level last) and their tile ids."""
    key = json.dumps(levels)
    ids = [[f"X{i}L", f"X{i}R"] for i in range(len(levels))]
    if key not in _ENGINES:
        data = _raw_data()
        for i, rows in enumerate(levels):
            boss = i == len(levels) - 1
            left, right = _split(rows)
            data["tiles"].append({"id": ids[i][0], "set": "void", "boss": boss, "rows": left})
            data["tiles"].append({"id": ids[i][1], "set": "void", "boss": boss, "rows": right})
        _ENGINES[key] = PlatformerEngine(build_components(data))
    return _ENGINES[key], ids


def position(levels: list[list[str]] | None = None, *, revealed: int = 1, hero: str | None = "r0c0",
             enemies: dict[str, str] | None = None, dice: list[str] | None = None, hero_id: str = "angelo",
             boss: str = "medusa", opts: dict | None = None, **fields: Any) -> tuple[PlatformerEngine, dict]:
    """A state in the action step of turn 1 on the crafted tower, with `fields` overriding state keys.

    `enemies` maps cells to enemy types (`zombie`, ... ; `boss` for the boss; `summon`)."""
    levels = list(levels or [OPEN])
    n_regular = 4 if (opts or {}).get("map") == "big" else 3
    while len(levels) < n_regular:
        levels.append(OPEN)
    if len(levels) == n_regular:
        levels.append(BOSS)
    eng, ids = engine_for(levels)
    s = eng.new_game(1, {"hero": hero_id, "boss": boss, **(opts or {})})
    s["levels"] = ids
    s["lstate"] = ["revealed"] * revealed + ["hidden"] * (len(ids) - revealed)
    s.update(figs={}, next_fig=1, gold_cells=[], gem_cells=[], tokens={}, hero_cell=hero, phase="actions", pending=None,
             push=None, bonus=[], special=None, mods={}, end_effects=[], log=[])
    for cell, kind in (enemies or {}).items():
        if kind == "boss":
            new_enemy(s, "boss", boss, cell)
        elif kind == "summon":
            new_enemy(s, "summon", "snake", cell)
        else:
            new_enemy(s, "enemy", kind, cell)
    s["dice"] = [{"face": f, "used": False} for f in (dice or ["move"] * 5)]
    s.update(fields)
    return eng, s


def play(eng: PlatformerEngine, s: dict, *ids: str) -> tuple[dict, list]:
    """Apply actions in order; return the final state and all events."""
    events = []
    for aid in ids:
        s, ev = eng.apply(s, aid)
        events += ev
    return s, events


def legal(eng: PlatformerEngine, s: dict) -> set[str]:
    return {a.id for a in eng.legal_actions(s)}
