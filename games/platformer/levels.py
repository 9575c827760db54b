"""Levels coming and going: revealing a level (tiles, enemy card, spawns, gold, gems; the boss level's setup),
removing the lowest level, the sealed boss level, and boss tokens picked up by the hero.
"""

from __future__ import annotations

from games.engine import Event, Rng, words, words_n
from games.platformer.combat import wound
from games.platformer.components import Components
from games.platformer.geometry import parse
from games.platformer.table import (
    Over,
    State,
    active_levels,
    boss_level,
    layout,
    level_of,
    occupied,
    say,
    top_revealed,
)


def new_enemy(s: State, kind: str, type_: str, cell: str) -> str:
    prefix = {"enemy": "e", "summon": "s"}.get(kind, "")
    fid = "boss" if kind == "boss" else f"{prefix}{s['next_fig']}"
    s["next_fig"] += 1
    s["figs"][fid] = {"kind": kind, "type": type_, "cell": cell}
    return fid


def reveal(comp: Components, s: State, ev: list[Event], level: int) -> None:
    lay = layout(comp, s)
    s["lstate"][level - 1] = "revealed"
    cells = lay.level_cells(level)
    taken = occupied(s)
    for c in cells:
        t = lay.cells[c].t
        if t.gold:
            s["gold_cells"].append(c)
        if t.gem:
            s["gem_cells"].append(c)
    if level == boss_level(s):
        from games.platformer.boss import setup_boss

        a, b = s["levels"][level - 1]
        say(s, ev, "reveal", words("The boss level is revealed (tiles {a} and {b}).", a=a, b=b), reveals=True)
        setup_boss(comp, s, ev)
        return
    etype = s["enemy_cards"][level - 1]
    spawned = 0
    for c in cells:
        if lay.cells[c].t.spawn and c not in taken:
            new_enemy(s, "enemy", etype, c)
            spawned += 1
    name = comp.enemies[etype].name
    a, b = s["levels"][level - 1]
    say(s, ev, "reveal", words_n("Level {level} is revealed (tiles {a} and {b}): {n} {enemy} appears.",
                                 "Level {level} is revealed (tiles {a} and {b}): {n} {enemy} appear.", spawned,
                                 level=level, a=a, b=b, enemy=name), reveals=True)


def remove_level(comp: Components, s: State, ev: list[Event], level: int) -> None:
    """Flip a level face down: its enemies, gold, gems and tokens are discarded; a hero there is knocked out."""
    s["lstate"][level - 1] = "removed"
    for fid in [f for f, fig in s["figs"].items() if level_of(fig["cell"]) == level]:
        del s["figs"][fid]
    s["gold_cells"] = [c for c in s["gold_cells"] if level_of(c) != level]
    s["gem_cells"] = [c for c in s["gem_cells"] if level_of(c) != level]
    s["tokens"] = {c: k for c, k in s["tokens"].items() if level_of(c) != level}
    say(s, ev, "remove", words("Level {level} is removed.", level=level))
    if s["hero_cell"] is not None and level_of(s["hero_cell"]) == level:
        raise Over("lost", words("The hero was on a level that was removed and was knocked out."))


def remove_lowest_if_far(comp: Components, s: State, ev: list[Event]) -> None:
    """Turn step "Remove level": the hero stands at least 2 levels above the lowest revealed level."""
    act = active_levels(s)
    if s["hero_cell"] is None or not act:
        return
    if level_of(s["hero_cell"]) >= act[0] + 2:
        remove_level(comp, s, ev, act[0])


def after_hero_moved(comp: Components, s: State, ev: list[Event], cell: str, from_cell: str | None) -> None:
    """A hero's move may reveal the next level (first entry into the top row of the highest revealed one) or
    enter the boss level (then every other level is removed: the solo hero is the last one in)."""
    top = top_revealed(s)
    row = parse(cell)[0]
    if row == top * 4 - 1 and top < boss_level(s) and s["lstate"][top] == "hidden":
        reveal(comp, s, ev, top + 1)
    bl = boss_level(s)
    if level_of(cell) == bl and (from_cell is None or level_of(from_cell) != bl):
        say(s, ev, "boss_level", words("The hero enters the boss level: the levels below are removed."))
        for lv in active_levels(s):
            if lv != bl:
                remove_level(comp, s, ev, lv)


def take_token(comp: Components, s: State, ev: list[Event], kind: str) -> None:
    """The hero gains a boss token; one already held wounds instead."""
    boss = comp.bosses[s["opts"]["boss"]].raw
    name = next(t["name"] for t in boss["tokens"] if t["kind"] == kind)
    if kind in s["htokens"]:
        say(s, ev, "token", words("Already holding {token}: a wound instead.", token=name))
        wound(comp, s, ev, 1, words("a second {token}", token=name))
        return
    s["htokens"].append(kind)
    say(s, ev, "token", words("The hero takes the {token} token.", token=name))


def shuffled(rng_state: int, items: list) -> tuple[list, int]:
    rng = Rng(rng_state)
    out = list(items)
    rng.shuffle(out)
    return out, rng.state
