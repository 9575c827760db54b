"""Which choices can achieve something (issue #24 §3, "no choice leads nowhere"; RULINGS.md, "Choices that lead
nowhere"): a symbol is offered for use, or a forged pair for a symbol, only if some answer to it does something
(a step, a strike, gold, an enemy moved, a star effect that changes the state); a card's effects only if one of
them can happen; a gem on a healing star only if the star would heal more.

`strict=False` gives the looser tests of the builds before that issue: `apply` still accepts what they offered,
so that saves made then replay (timeline, undo, export and import), though it is no longer offered.
"""

from __future__ import annotations

from collections import Counter

from games.platformer import movement as mv
from games.platformer import symbols as sy
from games.platformer.combat import adjacent_enemies, attack_wounds, can_reach
from games.platformer.components import SYMBOLS, Components
from games.platformer.table import State, enemy_stats, gem_step_cost, has_token, max_health


def symbol_useful(comp: Components, s: State, face: str, spent: set[str], strict: bool = True) -> bool:
    """Using `face` (a source's face, or the symbol a pair is forged into) with the sources `spent` set aside can
    do something: a move has a step, a sword can gather enough to defeat an adjacent enemy, a hand has an enemy
    to move, a star's effects can happen; gold always gains (every gold symbol is worth 1 or more)."""
    sym, base = sy.resolve_star(comp, face, s["opts"]["hero"])
    if sym == "sword":
        if not strict:
            return any(can_reach(s, f) for f in adjacent_enemies(comp, s, s["hero_cell"]))
        return can_defeat(comp, s, best_attack(comp, s, base, spent))
    if sym == "hand":
        return sy.can_grab(comp, s)
    if not strict:
        return True
    if sym == "move":
        return bool(mv.hero_steps(comp, s) or mv.portal_targets(comp, s))
    if sym == "star":
        return effects_possible(comp, s, comp.heroes[s["opts"]["hero"]].raw["star"]["effects"])
    return True


def forge_symbols(comp: Components, s: State, pair: set[str], strict: bool = True) -> list[str]:
    """The symbols a forged `pair` can usefully become."""
    return [sym for sym in SYMBOLS if symbol_useful(comp, s, sym, pair, strict)]


def best_attack(comp: Components, s: State, first: int, spent: set[str]) -> int:
    """The most sword symbols an attack whose first part is worth `first` can gather: every other sword added,
    the other sources forged in pairs of equal faces (unless jammed), then gems on the cheapest upgrades first
    (every sword part is worth 1 except a star counted as swords, so the cheapest first is the best)."""
    hero = s["opts"]["hero"]
    bases, others = [first], Counter()
    for src, face in sy.sources(s).items():
        if src in spent:
            continue
        sym, mult = sy.resolve_star(comp, face, hero)
        if sym == "sword":
            bases.append(mult)
        else:
            others[face] += 1
    if not has_token(s, "jam"):
        bases += [1] * sum(n // 2 for n in others.values())
    mults, gems = [1] * len(bases), s["gems"]
    while True:
        i = min(range(len(bases)), key=lambda j: (gem_step_cost(s, mults[j]), -bases[j]))
        cost = gem_step_cost(s, mults[i])
        if cost > gems:
            return sum(b * m for b, m in zip(bases, mults, strict=True))
        gems -= cost
        mults[i] += 1


def can_defeat(comp: Components, s: State, swords: int) -> bool:
    """An attack of `swords` sword symbols (with every bonus in force) defeats some enemy next to the hero."""
    return any(can_reach(s, f) and attack_wounds(comp, s, swords, f) >= enemy_stats(comp, s, f)["health"]
               for f in adjacent_enemies(comp, s, s["hero_cell"]))


def heal_room(comp: Components, s: State) -> int:
    """How much healing would take effect now (none under the Stone heart token)."""
    return 0 if has_token(s, "stone_heart") else max_health(comp, s) - s["health"]


def effects_possible(comp: Components, s: State, effects: list[dict], times: int = 1, strict: bool = True) -> bool:
    """Resolving `effects` a `times`-th time does something: a reroll needs an unused die, a heal a missing health
    token that the earlier times did not already restore; every other effect always does something."""
    for e in effects:
        if e["op"] in ("reroll", "reroll_one"):
            if any(not d["used"] for d in s["dice"]):
                return True
        elif e["op"] == "heal":
            if not strict or heal_room(comp, s) > e["n"] * (times - 1):
                return True
        else:
            return True
    return False
