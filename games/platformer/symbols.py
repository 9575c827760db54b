"""Using symbols: the dice pool (action dice `dN`, bonus symbols `bN`, the special die `sp`), forging two equal
symbols into any symbol, upgrading with gems, and the pending "use" decision that spends a symbol one answer
at a time (steps, an attack, gold, moving an enemy, a star effect, a respawn).
"""

from __future__ import annotations

from games.engine import Event, Words, words, words_n
from games.platformer import movement as mv
from games.platformer.combat import adjacent_enemies, attack_wounds, can_reach, defeat
from games.platformer.components import Components
from games.platformer.effects import apply_effects
from games.platformer.table import (
    State,
    bottom_cells,
    enemy_stats,
    face_word,
    gem_step_cost,
    has_token,
    mod,
    occupied,
    passive,
    say,
)


def sources(s: State) -> dict[str, str]:
    """Unused symbols by source id, in a stable order."""
    out = {f"d{i}": d["face"] for i, d in enumerate(s["dice"]) if not d["used"]}
    out.update({f"b{i}": b["face"] for i, b in enumerate(s["bonus"]) if not b["used"]})
    if s["special"] is not None and not s["special_used"] and not has_token(s, "shock"):
        out["sp"] = s["special"]
    return out


def equal_pairs(src: dict[str, str]) -> list[tuple[str, str]]:
    ids = sorted(src)
    return [(a, b) for i, a in enumerate(ids) for b in ids[i + 1:] if src[a] == src[b]]


def mark(s: State, srcs: list[str], used: bool) -> None:
    for src in srcs:
        if src == "sp":
            s["special_used"] = used
        elif src[0] == "d":
            s["dice"][int(src[1:])]["used"] = used
        else:
            s["bonus"][int(src[1:])]["used"] = used


def resolve_star(comp: Components, symbol: str, hero: str) -> tuple[str, int]:
    """A star counts as the hero's star symbol (with its multiplier), or stays a star with effects."""
    if symbol != "star":
        return symbol, 1
    star = comp.heroes[hero].raw["star"]
    if "as" in star:
        return star["as"], star["mult"]
    return "star", 1


def start_use(comp: Components, s: State, ev: list[Event], srcs: list[str], symbol: str) -> None:
    """Open the pending decision that spends `srcs` as `symbol` (a forged pair when two sources)."""
    mark(s, srcs, True)
    if s["hero_cell"] is None:
        s["pending"] = {"kind": "use", "symbol": "respawn", "parts": [_part(srcs, 1)], "steps_left": 0,
                        "started": False, "enemy": None, "gems_spent": 0}
        return
    sym, base = resolve_star(comp, symbol, s["opts"]["hero"])
    p = {"kind": "use", "symbol": sym, "parts": [_part(srcs, base)], "steps_left": 0, "started": False,
         "enemy": None, "gems_spent": 0}
    if sym == "move":
        extra = 0 if s["extra_steps_used"] else passive(comp, s, "extra_steps")
        p["steps_left"] = base + extra
        p["extra"] = extra
    elif sym == "hand":
        p["steps_left"] = base * hand_mult(comp, s)
    s["pending"] = p
    if len(srcs) == 2:
        say(s, ev, "use", words("Forging {dice} into a {face} symbol.", dice=names(s, srcs), face=face_word(sym)),
            dice_ids=list(srcs))
    else:
        say(s, ev, "use", words("Using {die} as a {face} symbol.", die=die_name(s, srcs[0]), face=face_word(sym)),
            dice_ids=list(srcs))


def _part(srcs: list[str], base: int) -> dict:
    return {"id": "+".join(srcs), "srcs": list(srcs), "mult": 1, "base": base}


def hand_mult(comp: Components, s: State) -> int:
    return max(1, passive(comp, s, "hand_mult"))


def value(comp: Components, s: State, p: dict) -> int:
    raw = sum(x["base"] * x["mult"] for x in p["parts"])
    if p["symbol"] == "gold":
        return raw + mod(s, "gold_plus") * len(p["parts"])
    if p["symbol"] == "hand":
        return raw * hand_mult(comp, s)
    if p["symbol"] == "move":
        return raw + p.get("extra", 0)
    return raw


def upgrade(comp: Components, s: State, ev: list[Event], part_id: str) -> None:
    p = s["pending"]
    part = next(x for x in p["parts"] if x["id"] == part_id)
    cost = gem_step_cost(s, part["mult"])
    s["gems"] -= cost
    p["gems_spent"] += cost
    part["mult"] += 1
    if p["symbol"] in ("move", "hand"):
        p["steps_left"] += part["base"] * (hand_mult(comp, s) if p["symbol"] == "hand" else 1)
    say(s, ev, "gem", words_n("{n} gem spent: {part} now counts ×{mult}.", "{n} gems spent: {part} now counts ×{mult}.",
                              cost, part=part_name(s, part_id), mult=part["mult"]))


def commit(s: State) -> None:
    """The symbol is spent for good: a used special die is reset, Kira's extra step is gone."""
    p = s["pending"]
    if p["started"]:
        return
    p["started"] = True
    if any("sp" in x["srcs"] for x in p["parts"]):
        s["special"] = None
        s["special_used"] = False
    if p.get("extra"):
        s["extra_steps_used"] = True


def cancel(s: State, ev: list[Event]) -> None:
    p = s["pending"]
    for x in p["parts"]:
        mark(s, x["srcs"], False)
    s["gems"] += p["gems_spent"]
    s["pending"] = None
    say(s, ev, "cancel", words("Symbol given back."))


def finish(s: State) -> None:
    if s["push"] is None:
        s["pending"] = None


def sword_sources(comp: Components, s: State) -> list[str]:
    hero = s["opts"]["hero"]
    return [k for k, f in sources(s).items() if resolve_star(comp, f, hero)[0] == "sword"]


def add_sword(comp: Components, s: State, ev: list[Event], srcs: list[str]) -> None:
    base = resolve_star(comp, face_of(s, srcs[0]), s["opts"]["hero"])[1] if len(srcs) == 1 else 1
    mark(s, srcs, True)
    s["pending"]["parts"].append(_part(srcs, base))
    say(s, ev, "use", words("Adding {dice} to the attack.", dice=names(s, srcs)), dice_ids=list(srcs))


def die_name(s: State, src: str) -> Words:
    """A symbol source named by its face and kind, never by its position: "the move die", "the special sword die",
    "the bonus star" ("a move die" when another unused die shows the same face)."""
    face = face_word(face_of(s, src))
    if src == "sp":
        return words("the special {face} die", face=face)
    if src[0] == "b":
        return words("the bonus {face}", face=face)
    twins = sum(1 for d in s["dice"] if not d["used"] and d["face"] == face_of(s, src))
    return words("a {face} die", face=face) if twins > 1 else words("the {face} die", face=face)


def names(s: State, srcs: list[str] | tuple[str, ...]) -> Words:
    """Several sources in words: two equal dice read "two move dice", else "the move die and the special move die"."""
    if len(srcs) == 2 and all(x[0] == "d" for x in srcs):
        return words("two {face} dice", face=face_word(face_of(s, srcs[0])))
    if len(srcs) == 2 and all(x[0] == "b" for x in srcs) and face_of(s, srcs[0]) == face_of(s, srcs[1]):
        return words("both bonus {face} symbols", face=face_word(face_of(s, srcs[0])))
    out = die_name(s, srcs[0])
    for x in srcs[1:]:
        out = words("{a} and {b}", a=out, b=die_name(s, x))
    return out


def part_name(s: State, part_id: str) -> Words:
    """A part of the symbol being used: one die, or a forged pair ("d0+d1")."""
    return words("the forged pair") if "+" in part_id else die_name(s, part_id)


def face_of(s: State, src: str) -> str:
    """The face a symbol source shows (`dN` an action die, `bN` a bonus symbol, `sp` the special die)."""
    if src == "sp":
        return s["special"]
    table = s["dice"] if src[0] == "d" else s["bonus"]
    return table[int(src[1:])]["face"]


def strike_targets(comp: Components, s: State) -> list[str]:
    p = s["pending"]
    base = value(comp, s, p)
    out = []
    for fid in adjacent_enemies(comp, s, s["hero_cell"]):
        if can_reach(s, fid) and attack_wounds(comp, s, base, fid) >= enemy_stats(comp, s, fid)["health"]:
            out.append(fid)
    return out


def strike(comp: Components, s: State, ev: list[Event], fid: str) -> None:
    p = s["pending"]
    commit(s)
    wounds = attack_wounds(comp, s, value(comp, s, p), fid)
    s["attack_bonus"] = 0
    s["best_attack"] = max(s["best_attack"], wounds)
    s["pending"] = None
    say(s, ev, "attack", words_n("Attack with {n} wound on the {enemy}.", "Attack with {n} wounds on the {enemy}.",
                                 wounds, enemy=enemy_stats(comp, s, fid)["name"]),
        target=fid, cell=s["figs"][fid]["cell"])
    defeat(comp, s, ev, fid, wounds)


def take_gold(comp: Components, s: State, ev: list[Event]) -> None:
    p = s["pending"]
    commit(s)
    n = value(comp, s, p)
    s["gold"] += n
    s["pending"] = None
    say(s, ev, "gold", words("+{n} gold.", n=n))


def use_star(comp: Components, s: State, ev: list[Event]) -> None:
    p = s["pending"]
    commit(s)
    s["pending"] = None
    hero = comp.heroes[s["opts"]["hero"]].raw
    times = sum(x["mult"] for x in p["parts"])
    for _ in range(times):
        apply_effects(comp, s, ev, hero["star"]["effects"], words("{hero}'s star", hero=hero["name"]))


def respawn_cells(comp: Components, s: State) -> list[str]:
    taken = occupied(s)
    return [c for c in bottom_cells(s) if c not in taken]


def respawn(comp: Components, s: State, ev: list[Event], cell: str) -> None:
    commit(s)
    s["pending"] = None
    s["hero_cell"] = cell
    say(s, ev, "respawn", words("The hero appears at {cell}.", cell=mv.describe(cell)), cell=cell)
    mv.enter(comp, s, ev, cell, moved=False)


def step(comp: Components, s: State, ev: list[Event], cell: str, portal: bool = False) -> None:
    p = s["pending"]
    commit(s)
    p["steps_left"] -= 1
    mv.step_hero(comp, s, ev, cell, portal=portal)
    if p["steps_left"] <= 0:
        finish(s)


def grab(comp: Components, s: State, ev: list[Event], fid: str) -> None:
    s["pending"]["enemy"] = fid
    say(s, ev, "grab", words("Moving the {enemy}.", enemy=enemy_stats(comp, s, fid)["name"]), target=fid)


def shift(comp: Components, s: State, ev: list[Event], cell: str) -> None:
    p = s["pending"]
    commit(s)
    p["steps_left"] -= 1
    s["figs"][p["enemy"]]["cell"] = cell
    say(s, ev, "shift", words("The {enemy} is moved to {cell}.", enemy=enemy_stats(comp, s, p["enemy"])["name"],
                              cell=mv.describe(cell)), figure=p["enemy"], cells=[cell])
    if p["steps_left"] <= 0:
        s["pending"] = None


def grab_targets(comp: Components, s: State) -> list[str]:
    return [fid for fid in sorted(s["figs"]) if can_reach(s, fid) and mv.shift_targets(comp, s, fid)]


def can_grab(comp: Components, s: State) -> bool:
    return any(can_reach(s, fid) and mv.shift_targets(comp, s, fid) for fid in s["figs"])
