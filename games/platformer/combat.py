"""Wounds and attacks: the hero suffering wounds (and being knocked out: in solo, the game is lost), enemies
attacking (enemy die, provoked by leaving a cell, the Ent's roots), and the hero defeating enemies (loot).
"""

from __future__ import annotations

from games.engine import Event, Words, words, words_n
from games.platformer.components import Components
from games.platformer.table import (
    Over,
    State,
    a_an,
    enemy_stats,
    has_token,
    layout,
    level_of,
    max_health,
    mod,
    on_boss_level,
    passive,
    say,
)


def wound(comp: Components, s: State, ev: list[Event], n: int, cause: Words, by: str | None = None) -> None:
    """The hero suffers n wounds; losing the last health token knocks the hero out, which loses a solo game.
    `by`: the figure that dealt them (an enemy id, "boss"), told in the event's data for the board."""
    if n <= 0 or s["hero_cell"] is None:
        return
    s["health"] = max(0, s["health"] - n)
    hero = comp.heroes[s["opts"]["hero"]].name
    say(s, ev, "wound", words_n("{hero} suffers {n} wound ({cause}); health {health}.",
                                "{hero} suffers {n} wounds ({cause}); health {health}.", n, hero=hero,
                                cause=cause, health=s["health"]), **({"by": by} if by else {}))
    if s["health"] == 0:
        raise Over("lost", words("{hero} was knocked out by {cause}.", hero=hero, cause=cause))


def heal(comp: Components, s: State, ev: list[Event], n: int) -> None:
    if has_token(s, "stone_heart"):
        say(s, ev, "heal", words("Stone heart: no healing."))
        return
    before = s["health"]
    s["health"] = min(max_health(comp, s), s["health"] + n)
    if s["health"] > before:  # healing nothing is not said ("Healed 0")
        say(s, ev, "heal", words("Healed {n}; health {health}.", n=s["health"] - before, health=s["health"]))


def adjacent_enemies(comp: Components, s: State, cell: str) -> list[str]:
    """Enemy figures next to `cell` (through open edges and ladders only), in a stable order."""
    lay = layout(comp, s)
    near = {n for n, kind in lay.links[cell] if kind == "open"}
    return sorted(fid for fid, f in s["figs"].items() if f["cell"] in near)


def enemy_attacks(comp: Components, s: State, ev: list[Event], fid: str, provoked: bool = False) -> None:
    """One enemy attacks the hero: its damage in wounds, then its ability."""
    st = enemy_stats(comp, s, fid)
    if provoked and not s["shield_used"] and passive(comp, s, "provoke_shield"):
        s["shield_used"] = True
        say(s, ev, "shield", words("The {enemy}'s attack is turned aside (first provoked attack this turn).",
                                   enemy=st["name"]), by=fid)
        return
    # the boss is one of a kind, named as itself ("Medusa"); an enemy is one of its kind ("a Goblin")
    cause = words("{name}", name=st["name"]) if s["figs"][fid]["kind"] == "boss" else a_an(st["name"])
    wound(comp, s, ev, st["damage"], cause, by=fid)
    if st["ability"] == "thief" and s["gold"]:
        s["gold"] -= 1
        say(s, ev, "thief", words("The {enemy} steals 1 gold.", enemy=st["name"]), by=fid)
    elif st["ability"] == "maul" and s["special"] is not None:
        s["special"] = None
        say(s, ev, "maul", words("The {enemy}'s maul resets the special die.", enemy=st["name"]), by=fid)
    elif st["ability"] == "curse" and s["gems"]:
        s["gems"] -= 1
        say(s, ev, "curse", words("The {enemy}'s chill takes 1 gem.", enemy=st["name"]), by=fid)


def all_attack(comp: Components, s: State, ev: list[Event]) -> None:
    """Every enemy next to the hero attacks (enemy die, events, boss cards)."""
    if s["hero_cell"] is None:
        return
    for fid in adjacent_enemies(comp, s, s["hero_cell"]):
        if fid in s["figs"]:
            enemy_attacks(comp, s, ev, fid)


def provoke(comp: Components, s: State, ev: list[Event], cell: str) -> None:
    """The hero leaves `cell` by moving: every enemy next to it attacks."""
    for fid in adjacent_enemies(comp, s, cell):
        enemy_attacks(comp, s, ev, fid, provoked=True)


def roots(comp: Components, s: State, ev: list[Event], cell: str) -> None:
    """The hero moved into `cell`: Ents next to it attack."""
    for fid in adjacent_enemies(comp, s, cell):
        if enemy_stats(comp, s, fid)["ability"] == "rooted":
            enemy_attacks(comp, s, ev, fid)


def defeat(comp: Components, s: State, ev: list[Event], fid: str, wounds: int) -> None:
    """An attack of `wounds` defeated figure `fid`: remove it, take the loot; the boss ends the game."""
    st = enemy_stats(comp, s, fid)
    fig = s["figs"].pop(fid)
    where = {"defeated": fid, "cell": fig["cell"]}
    if fig["kind"] == "boss":
        s["overkill"] = wounds - st["health"]
        s["kills"] += 1  # the boss is an Enemy too: it counts as one defeated (RULINGS.md, Wounds, defeat and score)
        say(s, ev, "boss_defeated", words("{boss} is defeated with {n} wounds!", boss=st["name"], n=wounds), **where)
        raise Over("won", words("{boss} was defeated.", boss=st["name"]))
    gold = st["loot"]["gold"] + passive(comp, s, "kill_gold")
    gems = st["loot"]["gems"] + passive(comp, s, "kill_gems")
    s["gold"] += gold
    s["gems"] += gems
    s["kills"] += 1
    s["turn_kills"] += 1
    if st["tier"] and st["tier"] not in s["kill_tiers"]:
        s["kill_tiers"].append(st["tier"])
    say(s, ev, "defeat", words_n("The {enemy} is defeated: +{gold} gold, +{n} gem.",
                                 "The {enemy} is defeated: +{gold} gold, +{n} gems.", gems, enemy=st["name"],
                                 gold=gold), **where)


def attack_wounds(comp: Components, s: State, base: int, target: str | None) -> int:
    """Wounds of an attack whose symbols add up to `base`, with every bonus and penalty in force."""
    total = base + s["attack_bonus"] + passive(comp, s, "attack_plus") + mod(s, "attack_plus")
    if target is not None and s["figs"].get(target, {}).get("kind") == "boss":
        total += passive(comp, s, "boss_attack_plus")
        total += sum(1 for k in ("mirror", "core") if has_token(s, k))
    if has_token(s, "stone_arm"):
        total -= 1
    return max(0, total)


def can_reach(s: State, fid: str) -> bool:
    """The sealed boss level: figures there and elsewhere cannot affect each other."""
    return (level_of(s["figs"][fid]["cell"]) == len(s["levels"])) == on_boss_level(s)
