"""Movement on the tower: the hero's steps (provoked attacks, pushes, traps, pick-ups), void portals, moving
enemies (hand symbols and the enemy die), and gravity.
"""

from __future__ import annotations

from games.engine import Event, Words, words
from games.platformer import boss, levels
from games.platformer.combat import adjacent_enemies, provoke, roots, wound
from games.platformer.components import Components
from games.platformer.geometry import cid, parse
from games.platformer.table import (
    State,
    boss_level,
    bottom_row,
    enemy_stats,
    has_token,
    is_active,
    layout,
    level_of,
    mod,
    occupant,
    occupied,
    passive,
    say,
)


def hero_steps(comp: Components, s: State) -> list[str]:
    """Cells the hero can step into now: open edges, ladders through platforms, upward through one-way floors."""
    here = s["hero_cell"]
    if here is None:
        return []
    lay = layout(comp, s)
    row = parse(here)[0]
    out = []
    for cell, kind in lay.links[here]:
        if kind == "down" or not is_active(s, cell):
            continue
        if parse(cell)[0] > row and has_token(s, "stone_leg") and not lay.cells[here].t.ladder:
            continue
        if occupant(s, cell) is not None and not _push_room(comp, s, here, cell):
            continue
        out.append(cell)
    return out


def step_wounds(comp: Components, s: State, target: str) -> int:
    """The wounds the hero is sure to take stepping into `target` (not through a portal), from what the table shows:
    every enemy next to the hero attacks as it leaves (the first turned aside by a shield not yet used), a trap, and
    the roots of Ents next to `target`. Where a pushed figure lands and what a revealed level brings are not known
    yet, and not counted. The same order and figures as step_hero and enter."""
    here = s["hero_cell"]
    hits = [enemy_stats(comp, s, f)["damage"] for f in adjacent_enemies(comp, s, here)]
    if hits and not s["shield_used"] and passive(comp, s, "provoke_shield"):
        hits = hits[1:]
    n = sum(hits)
    if layout(comp, s).cells[target].t.trap and not passive(comp, s, "trap_immune"):
        n += 1 + mod(s, "trap_plus")
    if occupant(s, target) is None:  # a push is a decision first; the roots come after it
        n += sum(enemy_stats(comp, s, f)["damage"] for f in adjacent_enemies(comp, s, target)
                 if enemy_stats(comp, s, f)["ability"] == "rooted")
    return n


def _push_room(comp: Components, s: State, here: str, target: str) -> bool:
    """A figure can be pushed out of `target` only if a free cell next to it is left once the hero steps in."""
    lay = layout(comp, s)
    taken = occupied(s) - {here}
    return any(kind == "open" and is_active(s, c) and c not in taken and c != target for c, kind in lay.links[target])


def portal_targets(comp: Components, s: State) -> list[str]:
    here = s["hero_cell"]
    lay = layout(comp, s)
    if here is None or not lay.cells[here].t.portal:
        return []
    lv = level_of(here)
    return [c for c in lay.level_cells(lv) if c != here and lay.cells[c].t.portal
            and (occupant(s, c) is None or _push_room(comp, s, here, c))]


def step_hero(comp: Components, s: State, ev: list[Event], target: str, portal: bool = False) -> bool:
    """Move the hero one cell (or through a portal). Return True if a push decision is now pending."""
    here = s["hero_cell"]
    if not portal:
        provoke(comp, s, ev, here)
    pushed = occupant(s, target)
    s["hero_cell"] = target
    if portal:
        text = words("The hero moves through the void portal to {cell}.", cell=describe(target))
    else:
        text = words("The hero moves to {cell}.", cell=describe(target))
    say(s, ev, "move", text, figure="hero", cells=[target])
    if pushed is not None:
        s["push"] = {"figure": pushed, "from": here}
        return True
    enter(comp, s, ev, target, moved=True, from_cell=here)
    return False


def push_targets(comp: Components, s: State) -> list[str]:
    lay = layout(comp, s)
    taken = occupied(s)
    fig_cell = s["hero_cell"]
    return [c for c, kind in lay.links[fig_cell] if kind == "open" and is_active(s, c) and c not in taken]


def place_pushed(comp: Components, s: State, ev: list[Event], cell: str) -> None:
    push, s["push"] = s["push"], None
    s["figs"][push["figure"]]["cell"] = cell
    say(s, ev, "push", words("The {enemy} is pushed to {cell}.", enemy=_name(comp, s, push["figure"]),
                             cell=describe(cell)), figure=push["figure"], cells=[cell])
    enter(comp, s, ev, s["hero_cell"], moved=True, from_cell=push["from"])


def enter(comp: Components, s: State, ev: list[Event], cell: str, moved: bool, from_cell: str | None = None,
          falling: bool = False) -> None:
    """What happens when the hero enters a cell: a trap, gold, gems, a boss token, roots, reveals."""
    lay = layout(comp, s)
    t = lay.cells[cell].t
    if t.trap and not passive(comp, s, "trap_immune"):
        wound(comp, s, ev, 1 + mod(s, "trap_plus"), words("a trap"))
    if cell in s["gold_cells"]:
        s["gold_cells"].remove(cell)
        s["gold"] += 1
        say(s, ev, "pickup", words("Picked up 1 gold."), cell=cell)
    if cell in s["gem_cells"]:
        s["gem_cells"].remove(cell)
        s["gems"] += 1
        say(s, ev, "pickup", words("Picked up 1 gem."), cell=cell)
    if cell in s["tokens"]:
        boss.take_token(comp, s, ev, s["tokens"].pop(cell))
    if moved and not falling:
        roots(comp, s, ev, cell)
        levels.after_hero_moved(comp, s, ev, cell, from_cell)


def shift_targets(comp: Components, s: State, fid: str) -> list[str]:
    """Free cells an enemy can be moved into by a hand symbol (any direction, even off a platform)."""
    lay = layout(comp, s)
    taken = occupied(s)
    here = s["figs"][fid]["cell"]
    return [c for c, kind in lay.links[here] if kind == "open" and is_active(s, c) and c not in taken]


def enemies_move(comp: Components, s: State, ev: list[Event], direction: str) -> None:
    """The enemy die (or an event) moves every enemy 1 cell left or right, all at once, never off a platform
    (except flying ones), never into a wall or another figure; Zombies shamble and stay."""
    dx = 1 if direction == "right" else -1
    lay = layout(comp, s)
    order = sorted(s["figs"], key=lambda f: parse(s["figs"][f]["cell"])[1] * -dx)
    moved = 0
    went = []  # the figures that moved, for the board to touch each
    for fid in order:
        fig = s["figs"][fid]
        ability = comp.enemies[fig["type"]].raw["ability"] if fig["kind"] == "enemy" else ""
        if ability == "shamble":
            continue
        row, col = parse(fig["cell"])
        target = cid(row, col + dx)
        if target not in dict(lay.links[fig["cell"]]) or target in occupied(s) or not is_active(s, target):
            continue
        g = lay.cells[target]
        if ability != "flying" and not (g.t.floor or g.t.oneway or row == bottom_row(s)):
            continue
        fig["cell"] = target
        moved += 1
        went.append(fid)
    if direction == "left":
        say(s, ev, "enemies_move", words("The enemies move left ({n} moved).", n=moved), moved=went)
    else:
        say(s, ev, "enemies_move", words("The enemies move right ({n} moved).", n=moved), moved=went)


def supported(comp: Components, s: State, cell: str, hero: bool, drop: bool, taken: set[str]) -> bool:
    """Something holds a figure in `cell`: the bottom row, a floor or one-way floor, a figure below (among
    `taken`), or for a hero a ladder (unless it chooses to `drop`)."""
    row, col = parse(cell)
    if row == bottom_row(s):
        return True
    t = layout(comp, s).cells[cell].t
    if t.floor or t.oneway or (hero and t.ladder and not drop):
        return True
    return cid(row - 1, col) in taken


def hero_unsupported_on_ladder(comp: Components, s: State) -> bool:
    """The hero hangs on a ladder: gravity would let go only if the player chooses to drop."""
    here = s["hero_cell"]
    if here is None:
        return False
    taken = occupied(s) - {here}
    return not supported(comp, s, here, True, True, taken) and supported(comp, s, here, True, False, taken)


def gravity(comp: Components, s: State, ev: list[Event], drop: bool = False) -> None:
    """Every figure not on a platform, a ladder (heroes) or another figure falls until something holds it.
    Gold and gems stay; a falling hero is wounded by traps it falls through and is never attacked."""
    figures = [("hero", s["hero_cell"])] if s["hero_cell"] else []
    figures += [(fid, f["cell"]) for fid, f in s["figs"].items()]
    figures.sort(key=lambda x: parse(x[1])[0])
    falls = 0
    for fid, cell in figures:
        hero = fid == "hero"
        if not hero:
            fig = s["figs"][fid]
            if fig["kind"] == "enemy" and comp.enemies[fig["type"]].raw["ability"] == "flying":
                continue
        start = cell
        taken = occupied(s) - {cell}
        passed = []  # the cells it falls through, for the board to draw the fall
        while not supported(comp, s, cell, hero, drop, taken):
            row, col = parse(cell)
            cell = cid(row - 1, col)
            passed.append(cell)
            if hero:
                s["hero_cell"] = cell
                enter(comp, s, ev, cell, moved=False, falling=True)
            else:
                s["figs"][fid]["cell"] = cell
        if cell != start:
            falls += 1
            if hero:
                text = words("The hero falls to {cell}.", cell=describe(cell))
            else:
                text = words("The {enemy} falls to {cell}.", enemy=_name(comp, s, fid), cell=describe(cell))
            say(s, ev, "fall", text, figure=fid, cells=passed)
    if not falls:
        say(s, ev, "gravity", words("Gravity: nothing falls."))


def _name(comp: Components, s: State, fid: str) -> str:
    return enemy_stats(comp, s, fid)["name"]


def describe(cell: str) -> Words:
    row, col = parse(cell)
    return words("level {level}, row {row}, column {col}", level=row // 4 + 1, row=row % 4 + 1, col=col + 1)


def boss_level_rows(s: State) -> tuple[int, int]:
    lv = boss_level(s)
    return (lv - 1) * 4, lv * 4 - 1
