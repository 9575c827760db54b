"""What the player sees (CONTRACT.md, view): the revealed tower cell by cell, dice, hero, belongings, shop,
enemy cards, boss, event, live score and the prompt. Never deck order, face-down tiles or cards, or the RNG.
"""

from __future__ import annotations

from typing import Any

from games.engine import N_, Words, words, words_n
from games.platformer import symbols as sy
from games.platformer.combat import adjacent_enemies
from games.platformer.components import Components
from games.platformer.effects import price, shop_open
from games.platformer.geometry import COLS, TILE
from games.platformer.table import (
    State,
    boss_health,
    bottom_row,
    enemy_stats,
    gem_step_cost,
    layout,
    max_health,
    mod,
    restored,
)

GEM_COSTS = [0, 1, 3, 6, 10, 15, 21]


def _figure(comp: Components, s: State, fid: str) -> dict[str, Any]:
    f = s["figs"][fid]
    return {"kind": f["kind"], "id": fid, "type": f["type"], "name": enemy_stats(comp, s, fid)["name"]}


_STATIC: dict[int, tuple[object, dict[str, dict[str, Any]]]] = {}


def _static_cells(lay: Any) -> dict[str, dict[str, Any]]:
    """Every cell's view with nothing on it, built once per layout (shared by views: never mutated)."""
    hit = _STATIC.get(id(lay))
    if hit is not None and hit[0] is lay:
        return hit[1]
    out = {}
    for c, g in lay.cells.items():
        t = g.t
        out[c] = {"id": c, "row": g.row, "col": g.col, "level": g.level, "floor": t.floor, "oneway": t.oneway,
                  "wall_right": t.wall_right, "ladder": t.ladder, "ladder_down": t.ladder and t.floor,
                  "trap": t.trap, "shop": t.shop, "portal": t.portal, "spawn": t.spawn,
                  "boss_spawn": t.boss_spawn, "special": t.special, "gold": False, "gem": False, "token": None,
                  "bottom": False, "figure": None}
    if len(_STATIC) > 256:
        _STATIC.clear()
    _STATIC[id(lay)] = (lay, out)
    return out


def _cells(comp: Components, s: State) -> list[dict[str, Any]]:
    lay = layout(comp, s)
    static = _static_cells(lay)
    changed: dict[str, dict[str, Any]] = {}

    def cell(c: str) -> dict[str, Any]:
        if c not in changed:
            changed[c] = dict(static[c])
        return changed[c]

    for c in s["gold_cells"]:
        cell(c)["gold"] = True
    for c in s["gem_cells"]:
        cell(c)["gem"] = True
    for c, kind in s["tokens"].items():
        cell(c)["token"] = kind
    # The enemies next to the hero strike when it steps away (a provoked attack, combat.provoke): said on the tower,
    # so that a move's cost is seen before it is chosen.
    near = set(adjacent_enemies(comp, s, s["hero_cell"])) if s["hero_cell"] is not None else set()
    for fid in s["figs"]:
        fig = cell(s["figs"][fid]["cell"])["figure"] = _figure(comp, s, fid)
        if fid in near:
            fig["strikes"] = enemy_stats(comp, s, fid)["damage"]
    if s["hero_cell"] is not None:
        hero = s["opts"]["hero"]
        cell(s["hero_cell"])["figure"] = {"kind": "hero", "id": "hero", "type": hero, "name": comp.heroes[hero].name}
    bottom = bottom_row(s)
    for col in range(COLS):
        cell(f"r{bottom}c{col}")["bottom"] = True
    out = []
    for lv, st in enumerate(s["lstate"], start=1):
        if st == "revealed":
            out += [changed.get(c) or static[c] for c in lay.level_cells(lv)]
    return out


def _levels(comp: Components, s: State) -> list[dict[str, Any]]:
    out = []
    n = len(s["levels"])
    for i, st in enumerate(s["lstate"]):
        lv = i + 1
        boss = lv == n
        enemy = None
        if not boss and st != "hidden":
            enemy = comp.enemies[s["enemy_cards"][i]].raw
        out.append({"level": lv, "rows": [i * TILE, lv * TILE - 1], "boss": boss, "state": st,
                    "tiles": list(s["levels"][i]) if st == "revealed" else None, "enemy": enemy})
    return out


def _enemy_cards(comp: Components, s: State) -> list[dict[str, Any]]:
    out = []
    for i, eid in enumerate(s["enemy_cards"]):
        card = comp.enemies[eid].raw
        up = s["lstate"][i] != "hidden"
        out.append({"level": i + 1, "tier": card["tier"], "face_up": up, "card": card if up else None})
    return out


def _boss(comp: Components, s: State) -> dict[str, Any]:
    raw = comp.bosses[s["opts"]["boss"]].raw
    revealed = s["lstate"][-1] != "hidden"
    last = None
    if s["boss_last"] is not None:
        last = {"drawn": [comp.boss_cards[c].raw for c in s["boss_last"]["drawn"]],
                "resolved": [comp.boss_cards[c].raw for c in s["boss_last"]["resolved"]],
                "die": s["boss_last"]["die"]}
    summons = sum(1 for f in s["figs"].values() if f["kind"] == "summon")
    return {**{k: v for k, v in raw.items() if k != "deck"}, "health": boss_health(comp, s), "revealed": revealed,
            "on_map": "boss" in s["figs"], "cell": s["figs"].get("boss", {}).get("cell"),
            "deck_left": len(s["boss_deck"]), "discard": [comp.boss_cards[c].raw for c in s["boss_discard"]],
            "last_attack": last, "summons_left": raw["summon"]["tokens"] - summons}


def _decision(comp: Components, s: State) -> dict[str, Any] | None:
    if s["push"] is not None:
        return {"kind": "push", "figure": s["push"]["figure"], "from": s["push"]["from"]}
    p = s["pending"]
    if p is None:
        return None
    if p["kind"] != "use":
        return {k: restored(v) if k == "source" else v for k, v in p.items()}
    parts = [{"id": x["id"], "mult": x["mult"], "base": x["base"], "next_cost": gem_step_cost(s, x["mult"])}
             for x in p["parts"]]
    return {"kind": "use", "symbol": p["symbol"], "parts": parts, "steps_left": p["steps_left"],
            "started": p["started"], "value": sy.value(comp, s, p) if p["symbol"] != "respawn" else 0,
            "enemy": p["enemy"], "respawn": p["symbol"] == "respawn", "gems_spent": p["gems_spent"]}


def score_lines(comp: Components, s: State) -> list[dict[str, Any]]:
    """The solo score; before the end, the score of a win now (so the boss counts among the enemies defeated)."""
    net = s["gold"] + sum(comp.card(c).raw["price"] for c in s["items"] + s["potions"])
    left = len(s["event_deck"])
    defeated = s["kills"] + (0 if s["result"] else 1)  # a won game's kills already hold the boss
    if s["result"] == "lost":
        enemies = words("{n} × 2", n=defeated)
    else:
        enemies = words("{n} × 2, the boss included", n=defeated)
    return [
        {"label": words("Event cards left"), "points": 3 * left, "detail": words("{n} × 3", n=left)},
        {"label": words("Enemies defeated"), "points": 2 * defeated, "detail": enemies},
        {"label": words("Wounds beyond the boss's health"), "points": 2 * s["overkill"],
         "detail": words("{n} × 2", n=s["overkill"])},
        {"label": words("Gems"), "points": s["gems"], "detail": words("{n} × 1", n=s["gems"])},
        {"label": words("Net worth"), "points": net // 3,
         "detail": words("{n} gold (gold + prices of items and potions) ÷ 3", n=net)},
    ]


def prompt(comp: Components, s: State) -> Words:
    if s["phase"] == "over":
        reason = restored(s["reason"])
        return words(N_("You won! {reason}") if s["result"] == "won" else N_("You lost. {reason}"), reason=reason)
    if s["push"] is not None:
        return words("Choose where the pushed figure goes.")
    p = s["pending"]
    if s["phase"] == "save":
        return words(N_("Choose the symbol to save on the special die.") if p
                     else N_("Save an unused symbol, or end the turn."))
    if p is None:
        if s["hero_cell"] is None:
            return words("Your hero is off the map: use a symbol to respawn on the lowest row.")
        return words("Use your symbols, items and potions, then end the action step.")
    if p["kind"] in ("forge", "pick"):
        return words("Choose the symbol it becomes.")
    if p["kind"] == "reroll":
        return words("Choose the die to reroll.")
    n = p["steps_left"]
    if p["symbol"] == "move":
        return words_n("Move the hero ({n} step to go).", "Move the hero ({n} steps to go).", n)
    if p["symbol"] == "hand" and p["enemy"] is not None:
        return words_n("Move it ({n} step to go).", "Move it ({n} steps to go).", n)
    return words(PROMPTS[p["symbol"]])


PROMPTS = {"sword": N_("Gather swords, then strike."), "gold": N_("Take the gold."), "star": N_("Resolve the star."),
           "respawn": N_("Choose where the hero respawns."), "hand": N_("Choose an enemy to move.")}



def build_view(comp: Components, s: State) -> dict[str, Any]:
    hero = comp.heroes[s["opts"]["hero"]].raw
    lay = layout(comp, s)
    mods = [{"key": k, "n": n} for k, n in s["mods"].items()]
    open_ = shop_open(comp, s)
    played = [comp.events[e].raw for e in s["events_played"]]
    return {
        "turn": s["turn"], "phase": s["phase"], "prompt": prompt(comp, s), "decision": _decision(comp, s),
        "options": {"boss": s["opts"]["boss"], "hero": s["opts"]["hero"], "artifacts": s["opts"]["artifacts"],
                    "map": s["opts"]["map"]},
        "map": {"cols": COLS, "rows": len(lay.levels) * TILE, "levels": _levels(comp, s), "cells": _cells(comp, s),
                "hero": s["hero_cell"]},
        "dice": [{"id": f"d{i}", "face": d["face"], "used": d["used"]} for i, d in enumerate(s["dice"])],
        "bonus": [{"id": f"b{i}", **b, "source": restored(b.get("source", ""))} for i, b in enumerate(s["bonus"])],
        "special": {"face": s["special"], "used": s["special_used"]},
        "roll": [d["face"] for d in s["dice"]], "enemy_die": s["enemy_die"],
        "hero": {**hero, "health": s["health"], "max_health": max_health(comp, s), "ability_used": s["ability_used"],
                 "tokens": [t for t in comp.bosses[s["opts"]["boss"]].raw["tokens"] if t["kind"] in s["htokens"]],
                 "on_map": s["hero_cell"] is not None},
        "gold": s["gold"], "gems": s["gems"],
        "items": [{**comp.items[c].raw, "exhausted": c in s["exhausted"]} for c in s["items"]],
        "potions": [comp.potions[c].raw for c in s["potions"]],
        "artifacts": [{**comp.artifacts[c].raw, "exhausted": c in s["exhausted"]} for c in s["artifacts"]],
        "artifacts_table": [comp.artifacts[c].raw for c in s["art_table"]],
        "gem_costs": GEM_COSTS,
        "shop": {"items": [{**comp.items[c].raw, "cost": price(comp, s, c)} for c in s["shop_items"]],
                 "potions": [{**comp.potions[c].raw, "cost": price(comp, s, c)} for c in s["shop_potions"]],
                 "open": open_, "closed": bool(mod(s, "shop_closed")),  # an Event's lock, not the hero's place
                 "items_left": len(s["item_deck"]), "potions_left": len(s["potion_deck"])},
        "enemies": _enemy_cards(comp, s), "boss": _boss(comp, s),
        "event": {"current": played[-1] if played else None, "left": len(s["event_deck"]),
                  "turns_left": len(s["event_deck"]), "played": played},
        "mods": mods, "attack_bonus": s["attack_bonus"], "kills": s["kills"],
        "score": {"total": sum(x["points"] for x in score_lines(comp, s)), "lines": score_lines(comp, s),
                  "final": s["result"] == "won"},
        "result": s["result"] or None, "reason": restored(s["reason"]), "log": [restored(x) for x in s["log"][-12:]],
    }
