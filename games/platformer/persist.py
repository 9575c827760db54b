"""Saving and rebuilding states. A state is already a JSON-safe dict: `dump` copies it; `load` checks every
field against the components (types, known ids, cells on the map, one figure per cell, cards in one place)
and raises `MalformedState` for anything else.
"""

from __future__ import annotations

from typing import Any

from games.engine import MalformedState, Words
from games.platformer.components import SYMBOLS, Components
from games.platformer.geometry import COLS, TILE, cid

KEYS = {
    "v": int, "rng": int, "opts": dict, "turn": int, "phase": str, "result": str, "reason": (str, dict), "levels": list,
    "lstate": list, "enemy_cards": list, "figs": dict, "next_fig": int, "gold_cells": list, "gem_cells": list,
    "tokens": dict, "hero_cell": (str, type(None)), "health": int, "htokens": list, "ability_used": bool,
    "gold": int, "gems": int, "items": list, "exhausted": list, "potions": list, "artifacts": list,
    "art_table": list, "shop_items": list, "item_deck": list, "shop_potions": list, "potion_deck": list,
    "dice": list, "bonus": list, "special": (str, type(None)), "special_used": bool,
    "enemy_die": (str, type(None)), "boss_deck": list, "boss_discard": list, "boss_last": (dict, type(None)),
    "overkill": int, "event_deck": list, "events_played": list, "mods": dict, "end_effects": list,
    "attack_bonus": int, "kills": int, "turn_kills": int, "best_attack": int, "bought": int, "kill_tiers": list,
    "shield_used": bool, "extra_steps_used": bool, "pending": (dict, type(None)), "push": (dict, type(None)),
    "log": list,
}
PENDING = ("use", "forge", "save_forge", "pick", "reroll")
_ALL_CELLS = {n: frozenset(cid(r, c) for r in range(n * TILE) for c in range(COLS)) for n in (4, 5)}


def copy(x: Any) -> Any:
    """A deep copy of JSON-like data (faster than copy.deepcopy)."""
    if isinstance(x, dict):
        return {k: copy(v) for k, v in x.items()}
    if isinstance(x, list):
        return [copy(v) for v in x]
    return x


FLAT_LISTS = ("lstate", "enemy_cards", "gold_cells", "gem_cells", "htokens", "items", "exhausted", "potions",
              "artifacts", "art_table", "shop_items", "item_deck", "shop_potions", "potion_deck", "boss_deck",
              "boss_discard", "event_deck", "events_played", "kill_tiers", "log", "end_effects")


def clone(s: dict) -> dict:
    """A copy of a state that shares nothing mutable with it (a fast, shape-aware deep copy)."""
    c = dict(s)
    for k in FLAT_LISTS:
        c[k] = s[k][:]  # strings and ints (end_effects: card dicts, never mutated)
    c["levels"] = [p[:] for p in s["levels"]]
    c["figs"] = {k: dict(v) for k, v in s["figs"].items()}
    c["tokens"] = dict(s["tokens"])
    c["opts"] = dict(s["opts"])
    c["mods"] = dict(s["mods"])
    c["dice"] = [dict(d) for d in s["dice"]]
    c["bonus"] = [dict(b) for b in s["bonus"]]
    for k in ("boss_last", "pending", "push"):
        if s[k] is not None:
            c[k] = copy(s[k])
    return c


def dump(s: dict) -> dict:
    return clone(s)


def _need(cond: bool, msg: str) -> None:
    if not cond:
        raise MalformedState(f"malformed Platformer state: {msg}")


def _check_cards(comp: Components, s: dict) -> None:
    items = s["items"] + s["shop_items"] + s["item_deck"]
    _need(sorted(items) == sorted(comp.items), "every item card is in exactly one place")
    potions = s["potions"] + s["shop_potions"] + s["potion_deck"]
    _need(sorted(potions) == sorted(comp.potions), "every potion card is in exactly one place")
    events = s["event_deck"] + s["events_played"]
    _need(sorted(events) == sorted(comp.events), "every event card is in exactly one place")
    boss_cards = sorted(c for c, card in comp.boss_cards.items() if card.raw["boss"] == s["opts"]["boss"])
    _need(sorted(s["boss_deck"] + s["boss_discard"]) == boss_cards, "every boss attack card is in one place")
    arts = s["artifacts"] + s["art_table"]
    _need(len(set(arts)) == len(arts) and set(arts) <= set(comp.artifacts), "artifacts")
    _need(set(s["exhausted"]) <= set(s["items"]) | set(s["artifacts"]), "exhausted cards must be held")


def _check_map(comp: Components, s: dict) -> None:
    lv = s["levels"]
    _need(len(lv) in (4, 5) and all(isinstance(p, list) and len(p) == 2 for p in lv), "levels")
    ids = [t for p in lv for t in p]
    _need(len(set(ids)) == len(ids) and all(t in comp.tiles for t in ids), "tile ids")
    _need(all(comp.tiles[t].boss == (i == len(lv) - 1) for i, p in enumerate(lv) for t in p), "boss tiles on top")
    _need(len(s["lstate"]) == len(lv) and set(s["lstate"]) <= {"revealed", "hidden", "removed"}, "level states")
    _need(len(s["enemy_cards"]) == len(lv) - 1 and all(e in comp.enemies for e in s["enemy_cards"]), "enemy cards")
    cells = _ALL_CELLS[len(lv)]
    spots = [f.get("cell") for f in s["figs"].values() if isinstance(f, dict)]
    _need(len(spots) == len(s["figs"]), "figures must be objects")
    for fid, f in s["figs"].items():
        _need(f.get("kind") in ("enemy", "summon", "boss") and isinstance(f.get("type"), str), f"figure {fid}")
        _need(f["kind"] != "enemy" or f["type"] in comp.enemies, f"figure {fid} type")
    if s["hero_cell"] is not None:
        spots.append(s["hero_cell"])
    _need(all(c in cells for c in spots), "figures stand on map cells")
    if s["push"] is not None:  # mid-push, the pushed figure still shares the hero's cell
        _need(s["figs"].get(s["push"].get("figure"), {}).get("cell") == s["hero_cell"], "push")
        spots.remove(s["hero_cell"])
    _need(len(set(spots)) == len(spots), "one figure per cell")
    _need(all(c in cells for c in s["gold_cells"] + s["gem_cells"] + list(s["tokens"])), "token cells")


def _check_values(comp: Components, s: dict) -> None:
    _need(s["opts"].get("hero") in comp.heroes and s["opts"].get("boss") in comp.bosses, "hero/boss")
    _need(s["opts"].get("map") in ("normal", "big") and s["opts"].get("artifacts") in ("on", "off"), "options")
    _need(s["phase"] in ("actions", "save", "over"), "phase")
    _need(s["result"] in ("", "won", "lost") and (s["result"] != "") == (s["phase"] == "over"), "result")
    for k in ("turn", "health", "gold", "gems", "kills", "overkill", "rng", "next_fig", "bought", "best_attack"):
        _need(s[k] >= 0, f"{k} must not be negative")
    _need(s["health"] > 0 or s["result"] == "lost", "a hero with no health is knocked out")
    _need(all(isinstance(d, dict) and d.get("face") in SYMBOLS and isinstance(d.get("used"), bool)
              for d in s["dice"] + s["bonus"]), "dice")
    _need(s["special"] is None or s["special"] in SYMBOLS, "special die face")
    _need(s["pending"] is None or s["pending"].get("kind") in PENDING, "pending decision")
    kinds = {t["kind"] for t in comp.bosses[s["opts"]["boss"]].raw["tokens"]}
    _need(set(s["htokens"]) <= kinds and len(set(s["htokens"])) == len(s["htokens"]), "boss tokens")
    _need(all(isinstance(x, str) or Words.from_json(x) is not None for x in s["log"]), "log lines are text or words")
    _need(isinstance(s["reason"], str) or Words.from_json(s["reason"]) is not None, "reason")


def load_state(comp: Components, data: Any) -> dict:
    _need(isinstance(data, dict), "not an object")
    _need(set(data) == set(KEYS), f"keys differ: {sorted(set(data) ^ set(KEYS))}")
    for k, t in KEYS.items():
        ok = isinstance(data[k], t) and not (t is int and isinstance(data[k], bool))
        _need(ok, f"{k} has the wrong type")
    s = clone(data)  # top-level types are checked; a wrong inner shape fails here or in the checks below
    _check_values(comp, s)
    _check_map(comp, s)
    _check_cards(comp, s)
    return s
