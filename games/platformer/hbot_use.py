"""How the heuristic Platformer bot answers a symbol being used (hbot.py): where to step, how to build and
strike an attack (gems on the boss strike only), which enemy to shove and where, and where to respawn.
"""

from __future__ import annotations

from games.platformer import symbols as sy
from games.platformer.combat import adjacent_enemies, attack_wounds
from games.platformer.hbot_reckon import boss_hp, potential_steps
from games.platformer.hbot_route import plan, respawn_value
from games.platformer.movement import shift_targets
from games.platformer.table import State, gem_step_cost, layout


def answer_use(comp, s: State, p: dict, ids: list[str]) -> str:
    """The answer to the pending "use" decision `p`."""
    sym = p["symbol"]
    if sym == "respawn":
        cells = [a for a in ids if a.startswith("respawn:")]
        return max(cells, key=lambda a: respawn_value(comp, s, a[8:]))
    if sym == "move":
        best = plan(comp, s, p["steps_left"] + potential_steps(comp, s))
        if best and best[1]:
            return f"step:{best[1][0]}"
        return "done" if "done" in ids else "cancel"
    if sym == "sword":
        return _sword(comp, s, p, ids)
    if sym == "gold":
        return "take"
    if sym == "star":
        return "star"
    if sym == "hand":
        return _hand(comp, s, p, ids)
    return ids[-1]


def _sword(comp, s: State, p: dict, ids: list[str]) -> str:
    for a in ids:
        if a.startswith("add:"):
            return a
    boss = "strike:boss" in ids or ("boss" in adjacent_enemies(comp, s, s["hero_cell"]))
    if boss:
        for a in ids:
            if a.startswith("addforge:"):
                return a
        need = boss_hp(comp, s)
        now = attack_wounds(comp, s, sy.value(comp, s, p), "boss")
        gems = sorted((a for a in ids if a.startswith("gem:")),
                      key=lambda a: next(x["mult"] for x in p["parts"] if x["id"] == a[4:]))
        if gems:
            part = next(x for x in p["parts"] if x["id"] == gems[0][4:])
            if now < need or gem_step_cost(s, part["mult"]) <= 2:
                return gems[0]
        if "strike:boss" in ids:
            return "strike:boss"
    strikes = [a for a in ids if a.startswith("strike:")]
    if strikes:
        return strikes[0]
    return "cancel" if "cancel" in ids else "done"


def _hand(comp, s: State, p: dict, ids: list[str]) -> str:
    hero = s["hero_cell"]
    if p["enemy"] is None:
        links = {c for c, _ in layout(comp, s).links[hero]}
        near = [a for a in ids if a.startswith("grab:") and a[5:] in adjacent_enemies(comp, s, hero)
                and set(shift_targets(comp, s, a[5:])) - links]
        return near[0] if near else ("cancel" if "cancel" in ids else ids[0])
    near = {c for c, _ in layout(comp, s).links[hero]}
    far = [a for a in ids if a.startswith("shift:") and a[6:] not in near]
    if far:
        return far[0]
    return "done" if "done" in ids else "cancel"
