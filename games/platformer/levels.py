"""Levels coming and going: revealing a level (tiles, enemy card, spawns, gold, gems; the boss level's setup),
removing the lowest level, and the sealed boss level.
"""

from __future__ import annotations

from games.engine import Event, Rng, words, words_n
from games.platformer.boss import setup_boss
from games.platformer.components import Components
from games.platformer.geometry import parse
from games.platformer.table import (
    Over,
    State,
    active_levels,
    boss_level,
    layout,
    level_of,
    new_enemy,
    occupied,
    say,
    top_revealed,
)


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
        say(s, ev, "reveal", words("The boss level is revealed."), reveals=True, level=level, boss=True)
        setup_boss(comp, s, ev)
        return
    etype = s["enemy_cards"][level - 1]
    spawned = 0
    for c in cells:
        if lay.cells[c].t.spawn and c not in taken:
            new_enemy(s, "enemy", etype, c)
            spawned += 1
    card = comp.enemies[etype]
    name = card.name if spawned == 1 else card.raw.get("plural", card.name)  # "2 Goblins" (data, as the name is)
    say(s, ev, "reveal", words_n("Level {level} is revealed: {n} {enemy} appears.",
                                 "Level {level} is revealed: {n} {enemy} appear.", spawned,
                                 level=level, enemy=name), reveals=True, level=level)


def remove_level(comp: Components, s: State, ev: list[Event], level: int) -> None:
    """Flip a level face down: its enemies, gold, gems and tokens are discarded; a hero there is knocked out."""
    s["lstate"][level - 1] = "removed"
    for fid in [f for f, fig in s["figs"].items() if level_of(fig["cell"]) == level]:
        del s["figs"][fid]
    s["gold_cells"] = [c for c in s["gold_cells"] if level_of(c) != level]
    s["gem_cells"] = [c for c in s["gem_cells"] if level_of(c) != level]
    s["tokens"] = {c: k for c, k in s["tokens"].items() if level_of(c) != level}
    say(s, ev, "remove", words("Level {level} is removed.", level=level), level=level)
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
        say(s, ev, "boss_level", words("The hero enters the boss level: the levels below are removed."), level=bl)
        for lv in active_levels(s):
            if lv != bl:
                remove_level(comp, s, ev, lv)


def shuffled(rng_state: int, items: list) -> tuple[list, int]:
    rng = Rng(rng_state)
    out = list(items)
    rng.shuffle(out)
    return out, rng.state
