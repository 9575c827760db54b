"""What the heuristic Platformer bot counts before it chooses (hbot.py): what a symbol is for its hero, the
boss's health and the wounds its pool could deal the boss now (gems spent where they add most), the steps in
hand, the spare symbols it could turn into moves, and whether the shop is worth a detour.
"""

from __future__ import annotations

from games.platformer import symbols as sy
from games.platformer.combat import adjacent_enemies, attack_wounds
from games.platformer.effects import price
from games.platformer.table import State, enemy_stats, gem_step_cost, has_token, on_boss_level

BUY_ORDER = ("i15", "i09", "i07", "i01", "i02", "i14", "i03", "i11", "i06", "i10", "i13", "i12", "i04", "i05", "i08")
POTION_ORDER = ("Potion of Rage", "Gem Dust", "Potion of Swiftness", "Potion of Life", "Potion of Fortune")


def symbol_of(comp, s: State, face: str) -> str:
    """The symbol a face counts as for this hero (a star may count as its star symbol)."""
    return sy.resolve_star(comp, face, s["opts"]["hero"])[0]


# ---- the boss ------------------------------------------------------------------------------------------------

def boss_hp(comp, s: State) -> int:
    """The boss's health (99 before it is on the tower)."""
    return enemy_stats(comp, s, "boss")["health"] if "boss" in s["figs"] else 99


def _alloc(parts: list[int], gems: int, s: State) -> int:
    """Most wounds from sword parts of these bases with `gems` (cheapest upgrade first)."""
    mults = [1] * len(parts)
    while parts:
        i = min(range(len(parts)), key=lambda k: gem_step_cost(s, mults[k]))
        cost = gem_step_cost(s, mults[i])
        if cost > gems:
            break
        gems -= cost
        mults[i] += 1
    return sum(b * m for b, m in zip(parts, mults, strict=False))


def kill_boss_wounds(comp, s: State, extra_sword: int = 0) -> int:
    """The wounds one strike at the boss could deal now: every sword part (forged pairs of the rest too), the
    gems spent where they add most, Potions of Rage and a ready Hammer of Greed (i02)."""
    if "boss" not in s["figs"]:
        return 0
    src = sy.sources(s)
    parts = [sy.resolve_star(comp, f, s["opts"]["hero"])[1] for f in src.values() if symbol_of(comp, s, f) == "sword"]
    parts += [1] * extra_sword
    # Move symbols are needed to reach the boss, unless the hero stands next to it already: then they forge too.
    keep = ("sword",) if s["hero_cell"] and "boss" in adjacent_enemies(comp, s, s["hero_cell"]) else ("sword", "move")
    rest = {k: f for k, f in src.items() if symbol_of(comp, s, f) not in keep}
    if not has_token(s, "jam"):
        parts += [1] * _pair_count(rest)
    bonus = sum(2 for c in s["potions"] if comp.potions[c].name == "Potion of Rage")
    bonus += sum(1 for c in s["items"] if c == "i02" and c not in s["exhausted"])
    if not parts:
        return 0
    return attack_wounds(comp, s, _alloc(parts, s["gems"], s), "boss") + bonus


def _pair_count(src: dict[str, str]) -> int:
    counts: dict[str, int] = {}
    for f in src.values():
        counts[f] = counts.get(f, 0) + 1
    return sum(n // 2 for n in counts.values())


# ---- steps ---------------------------------------------------------------------------------------------------

def steps_in_hand(comp, s: State) -> int:
    """Steps still available from unused move symbols (not counting a symbol being used)."""
    total = 0
    for _k, f in sy.sources(s).items():
        sym, base = sy.resolve_star(comp, f, s["opts"]["hero"])
        if sym == "move":
            total += base
    return total


def spare_symbols(comp, s: State, src: dict[str, str]) -> list[str]:
    """Symbols the bot would turn into moves: hands, gold, swords with no enemy to hit, wildcard stars."""
    fighting = bool(adjacent_enemies(comp, s, s["hero_cell"])) or on_boss_level(s)
    keep = {"move"} | ({"sword"} if fighting else set())
    return [k for k, f in src.items() if symbol_of(comp, s, f) not in keep]


def convertible(comp, s: State, src: dict[str, str]) -> tuple[list[str], int]:
    """Wildcard stars and forgeable pairs of spare symbols (none on the boss level: swords matter there)."""
    if on_boss_level(s) or s["hero_cell"] is None:
        return [], 0
    spare = spare_symbols(comp, s, src)
    star = comp.heroes[s["opts"]["hero"]].raw["star"]
    wild = any(e["op"] == "choose_symbol" for e in star.get("effects", []))
    stars = [k for k in spare if symbol_of(comp, s, src[k]) == "star" and wild]
    rest = {k: src[k] for k in spare if symbol_of(comp, s, src[k]) != "star"}
    return stars, (0 if has_token(s, "jam") else _pair_count(rest))


def potential_steps(comp, s: State) -> int:
    """Steps in hand, plus those the spare symbols would make."""
    stars, pairs = convertible(comp, s, sy.sources(s))
    return steps_in_hand(comp, s) + len(stars) + pairs


# ---- the shop ------------------------------------------------------------------------------------------------

def shop_worth_a_visit(comp, s: State) -> bool:
    """Worth a detour: the shop has something the bot buys and it can pay for it."""
    wanted = [c for c in s["shop_items"] if c in BUY_ORDER[:8]]
    wanted += [c for c in s["shop_potions"] if comp.potions[c].name in POTION_ORDER[:2]]
    return any(price(comp, s, c) <= s["gold"] for c in wanted)
