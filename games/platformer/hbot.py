"""The `heuristic` bot: a plain climber. It plans its steps with a breadth-first search over the cells it can
reach with the move symbols it has (ending on something that holds it, avoiding provoked attacks and traps,
picking up gold and gems, touching the top row to reveal the next level), kills enemies when its swords suffice
without gems, keeps its gems for the boss, and strikes the boss once swords, gems and bonuses reach its health.

This module chooses among the legal actions; what it counts is in hbot_reckon.py, where it goes in
hbot_route.py, and how it answers a symbol being used in hbot_use.py.
"""

from __future__ import annotations

from typing import Any

from games.engine import Action, Rng
from games.platformer import symbols as sy
from games.platformer.combat import adjacent_enemies, attack_wounds, can_reach
from games.platformer.hbot_reckon import (
    BUY_ORDER,
    POTION_ORDER,
    boss_hp,
    convertible,
    kill_boss_wounds,
    spare_symbols,
    steps_in_hand,
    symbol_of,
)
from games.platformer.hbot_route import plan
from games.platformer.hbot_use import answer_use
from games.platformer.movement import shift_targets
from games.platformer.table import State, enemy_stats, layout, max_health, on_boss_level


class HeuristicBot:
    name = "heuristic"

    def choose(self, engine: Any, s: State, actions: list[Action], rng: Rng) -> str:
        comp = engine.components
        ids = [a.id for a in actions]
        pick = _choose(comp, s, ids)
        return pick if pick in ids else ids[-1]


def _choose(comp, s: State, ids: list[str]) -> str:
    if s["push"] is not None:
        return _push(comp, s, ids)
    if s["phase"] == "save":
        return _save(comp, s, ids)
    p = s["pending"]
    if p is not None:
        if p["kind"] in ("forge", "pick"):
            return "as:" + _wanted(comp, s)
        if p["kind"] == "reroll":
            return _worst_die(comp, s, ids)
        return answer_use(comp, s, p, ids)
    return _main(comp, s, ids)


# ---- what to do with the pool -------------------------------------------------------------------------------

def _wanted(comp, s: State) -> str:
    if on_boss_level(s) and kill_boss_wounds(comp, s, extra_sword=1) >= boss_hp(comp, s):
        return "sword"
    return "move"


def _worst_die(comp, s: State, ids: list[str]) -> str:
    rank = {"hand": 0, "gold": 1, "star": 2, "sword": 3, "move": 4}
    opts = [a for a in ids if a.startswith("reroll:")]
    return min(opts, key=lambda a: rank[s["dice"][int(a.split(":")[1][1:])]["face"]])


def _push(comp, s: State, ids: list[str]) -> str:
    hero = s["hero_cell"]
    near = {c for c, _ in layout(comp, s).links[hero]}
    opts = [a for a in ids if a.startswith("push:")]
    far = [a for a in opts if a[5:] not in near]
    return (far or opts)[0]


def _save(comp, s: State, ids: list[str]) -> str:
    if s["pending"] is not None:
        return "as:" + _wanted(comp, s)
    want = "sword" if on_boss_level(s) else "move"
    for a in ids:
        if a.startswith("save:d") and s["dice"][int(a[6:])]["face"] == want:
            return a
    if s["special"] is not None and symbol_of(comp, s, s["special"]) == want:
        return "save:skip"
    forge = [a for a in ids if a.startswith("saveforge:")]
    if forge:
        return forge[0]
    for a in ids:
        if a.startswith("save:d"):
            return a
    return "save:skip"


# ---- the main step -----------------------------------------------------------------------------------------

def _main(comp, s: State, ids: list[str]) -> str:
    src = sy.sources(s)
    if s["hero_cell"] is None:
        rank = {"hand": 0, "gold": 1, "star": 2, "sword": 3, "move": 4}
        return "use:" + min(src, key=lambda k: (rank[src[k]], k))
    for a in ids:  # free symbols and goods first
        if a.startswith(("item:", "potion:")) and _good_item(comp, s, a):
            return a
    boss_adjacent = "boss" in adjacent_enemies(comp, s, s["hero_cell"])
    if boss_adjacent and kill_boss_wounds(comp, s) >= boss_hp(comp, s):
        for a in ids:
            if a.startswith("potion:") and comp.potions[a[7:]].name == "Potion of Rage":
                return a
        if "item:i02" in ids:
            return "item:i02"
        for k, f in src.items():
            if symbol_of(comp, s, f) == "sword" and f"use:{k}" in ids:
                return f"use:{k}"
        pairs = [a for a in ids if a.startswith("forge:")]
        if pairs:
            return pairs[0]
    kill = _cheap_kill(comp, s, ids)
    if kill:
        return kill
    buy = _buy(comp, s, ids)
    if buy:
        return buy
    for k, f in src.items():
        if symbol_of(comp, s, f) == "move" and f"use:{k}" in ids:
            best = plan(comp, s, steps_in_hand(comp, s))
            if best and best[1]:
                return f"use:{k}"
            break
    convert = _convert(comp, s, src, ids)
    if convert:
        return convert
    for k, f in src.items():
        if symbol_of(comp, s, f) == "gold" and f"use:{k}" in ids:
            return f"use:{k}"
        if symbol_of(comp, s, f) == "star" and f"use:{k}" in ids and s["health"] < max_health(comp, s):
            return f"use:{k}"
    shove = _shove_start(comp, s, src, ids)
    if shove:
        return shove
    if "ability" in ids and comp.heroes[s["opts"]["hero"]].raw["ability"]["effects"][0]["op"] != "reroll_one":
        return "ability"
    if "ability" in ids and any(not d["used"] and d["face"] in ("hand", "gold") for d in s["dice"]):
        return "ability"
    return "end_actions"


def _convert(comp, s: State, src: dict[str, str], ids: list[str]) -> str | None:
    """Turn spare symbols into moves (a wildcard star, then forged pairs) when more steps reach a better place."""
    if on_boss_level(s):
        return None
    stars, pairs = convertible(comp, s, src)
    if not stars and not pairs:
        return None
    budget = steps_in_hand(comp, s)
    now, more = plan(comp, s, budget), plan(comp, s, budget + len(stars) + pairs)
    if not (now and more and more[0] > now[0] + 3):
        return None
    if stars and f"use:{stars[0]}" in ids:
        return f"use:{stars[0]}"
    spare = set(spare_symbols(comp, s, src)) - set(stars)
    for a in ids:
        if a.startswith("forge:") and a.split(":")[1] in spare:
            return a
    return None


def _good_item(comp, s: State, aid: str) -> bool:
    cid_ = aid.split(":")[1]
    card = comp.card(cid_).raw
    ops = {e["op"] for e in card["effects"]}
    if ops & {"attack_bonus"}:
        return False  # kept for the boss strike
    if ops & {"heal"}:
        return s["health"] < max_health(comp, s) - 1 or s["health"] == 1
    if ops & {"reroll", "reroll_one", "choose_symbol"}:
        return aid.startswith("item:") or on_boss_level(s)
    if card["kind"] == "potion" and card["name"] not in ("Gem Dust",) and not on_boss_level(s):
        return card["name"] == "Potion of Swiftness" and s["turn"] >= 6
    return True


def _cheap_kill(comp, s: State, ids: list[str]) -> str | None:
    """Defeat an adjacent regular enemy with swords alone (no gems), starting or continuing the attack."""
    swords = [k for k, f in sy.sources(s).items() if symbol_of(comp, s, f) == "sword"]
    if not swords:
        return None
    total = sum(sy.resolve_star(comp, sy.face_of(s, k), s["opts"]["hero"])[1] for k in swords)
    for fid in adjacent_enemies(comp, s, s["hero_cell"]):
        if fid == "boss" or not can_reach(s, fid):
            continue
        if attack_wounds(comp, s, total, fid) >= enemy_stats(comp, s, fid)["health"]:
            return f"use:{swords[0]}"
    return None


def _buy(comp, s: State, ids: list[str]) -> str | None:
    buys = [a for a in ids if a.startswith("buy:")]
    for want in BUY_ORDER:
        if f"buy:{want}" in buys:
            return f"buy:{want}"
    for name in POTION_ORDER:
        for a in buys:
            if a[4:] in comp.potions and comp.potions[a[4:]].name == name:
                return a
    return None


def _shove_start(comp, s: State, src: dict[str, str], ids: list[str]) -> str | None:
    """A hand symbol moves an adjacent enemy away (fewer attacks from the enemy die and when leaving)."""
    hero = s["hero_cell"]
    near = {c for c, _ in layout(comp, s).links[hero]}
    if not any(set(shift_targets(comp, s, f)) - near for f in adjacent_enemies(comp, s, hero) if can_reach(s, f)):
        return None
    for k, f in src.items():
        if symbol_of(comp, s, f) == "hand" and f"use:{k}" in ids:
            return f"use:{k}"
    return None
