"""Where the heuristic Platformer bot goes (hbot.py): a breadth-first search over the cells the hero can reach
with the steps it has, each path scored by where it ends once gravity is done (height and the steps still to
climb, revealing the next level, gold, gems and boss tokens on the way, provoked attacks, Ents' roots and traps,
the shop, the boss), and the best cell to respawn on.
"""

from __future__ import annotations

from collections import deque
from functools import cached_property
from typing import NamedTuple

from games.platformer.geometry import cid, parse
from games.platformer.hbot_reckon import boss_hp, kill_boss_wounds, shop_worth_a_visit, steps_in_hand
from games.platformer.table import (
    State,
    boss_level,
    bottom_row,
    enemy_stats,
    has_token,
    layout,
    level_of,
    occupied,
    passive,
    top_revealed,
)


def respawn_value(comp, s: State, cell: str) -> float:
    """How good respawning on `cell` is: the score of the best place the steps in hand reach from there."""
    saved = s["hero_cell"]
    s["hero_cell"] = cell
    try:
        best = plan(comp, s, steps_in_hand(comp, s))
    finally:
        s["hero_cell"] = saved
    return best[0] if best else 0.0


def plan(comp, s: State, budget: int) -> tuple[float, list[str]] | None:
    """The best (score, path) reachable within `budget` steps; path [] means staying is best."""
    start = s["hero_cell"]
    if start is None:
        return None
    g = _Ground(comp, s, start)
    lay, taken, active = g.lay, g.taken, g.danger  # the danger map holds every cell in play
    stone_leg = has_token(s, "stone_leg")
    best = (_score(g, [], _NOWHERE), [])
    seen = {start: 0}
    queue = deque([(start, [], _NOWHERE)])
    while queue:
        cell, path, way = queue.popleft()
        if len(path) >= budget:
            continue
        for nxt, kind in lay.links[cell]:
            if kind == "down" or nxt in seen or nxt in taken or nxt not in active:
                continue
            if stone_leg and parse(nxt)[0] > parse(cell)[0] and not lay.cells[cell].t.ladder:
                continue
            seen[nxt] = len(path) + 1
            new, further = path + [nxt], _step(g, way, cell, nxt)
            queue.append((nxt, new, further))
            sc = _score(g, new, further)
            if sc > best[0]:
                best = (sc, new)
    return best


class _Ground:
    """What every path of one plan is scored against, worked out once a plan instead of once a path (the
    scoring of paths was most of the advisor's playouts): the dangers, the steps still to climb, the hero's
    passives, the boss."""

    def __init__(self, comp, s: State, start: str) -> None:
        self.comp, self.s, self.start = comp, s, start
        self.lay = lay = layout(comp, s)
        self.taken = occupied(s) - {start}
        top = top_revealed(s)
        self.reveal_row = top * 4 - 1 if top < boss_level(s) and s["lstate"][top] == "hidden" else None
        self.danger, self.danger_in = _dangers(comp, s, lay)
        self.togo = _steps_to_climb(s, lay, self.reveal_row, self.danger)
        self.boss_level = boss_level(s)
        self.bottom = bottom_row(s)
        self.shield = bool(passive(comp, s, "provoke_shield")) and not s["shield_used"]
        self.trap_immune = bool(passive(comp, s, "trap_immune"))

    @cached_property
    def shop_worth(self) -> bool:
        return shop_worth_a_visit(self.comp, self.s)

    @cached_property
    def boss_ready(self) -> bool:
        """One strike now could defeat the boss."""
        return kill_boss_wounds(self.comp, self.s) >= boss_hp(self.comp, self.s)

    @cached_property
    def next_to_boss(self) -> set[str]:
        """The cells from which a strike reaches the boss (an open edge joins two cells both ways)."""
        return {n for n, kind in self.lay.links[self.s["figs"]["boss"]["cell"]] if kind == "open"}

    def holds(self, row: int, col: int) -> bool:
        """A hero in this cell stays put (movement.supported for a hero who does not choose to drop)."""
        if row == self.bottom:
            return True
        t = self.lay.cells[cid(row, col)].t
        return t.floor or t.oneway or t.ladder or cid(row - 1, col) in self.taken


def _dangers(comp, s: State, lay) -> tuple[dict[str, int], dict[str, int]]:
    """For each cell in play, the wounds the enemies next to it deal when they all attack (a hero leaving it
    provokes them), and the wounds of the Ents next to it alone (their roots strike a hero moving in).
    Worked out from each enemy's side: an open edge joins two cells both ways (geometry.build_layout), so the
    cells next to an enemy are the cells it is next to; asking every cell for its enemies was most of the
    bot's time."""
    danger = {c: 0 for lv, st in enumerate(s["lstate"], 1) if st == "revealed" for c in lay.level_cells(lv)}
    danger_in: dict[str, int] = {}
    for fid, fig in s["figs"].items():
        st = enemy_stats(comp, s, fid)
        near = {n for n, kind in lay.links.get(fig["cell"], ()) if kind == "open" and n in danger}
        for c in near:
            danger[c] += st["damage"]
            if st["ability"] == "rooted" and st["damage"]:
                danger_in[c] = danger_in.get(c, 0) + st["damage"]
    return danger, danger_in


# The steps still to climb depend only on the tower's layout (geometry.build_layout keeps one per tower) and which
# of its levels are in play: worked out once for the many plans (an advisor's playouts) made on the same tower.
_CLIMB: dict[tuple, tuple[object, dict[str, int]]] = {}


def _steps_to_climb(s: State, lay, reveal_row: int | None, active) -> dict[str, int]:
    """For each cell in play (`active`), the fewest steps from it to where the climb goes next (the top row of the
    highest level, which reveals the one above; once the boss level is in play, its lowest row), figures ignored.
    Height alone leads a greedy climber into dead ends under a platform; the steps still to go do not."""
    if reveal_row is not None:
        goal_row = reveal_row
    else:
        goal_row = (boss_level(s) - 1) * 4
    key = (id(lay), goal_row, tuple(s["lstate"]))
    hit = _CLIMB.get(key)
    if hit is not None and hit[0] is lay:  # the layout itself is kept with its counts: an id is never mistaken
        return hit[1]
    if len(_CLIMB) > 4096:
        _CLIMB.clear()
    goals = [c for c in lay.cells if parse(c)[0] == goal_row and c in active]
    togo = {c: 0 for c in goals}
    _CLIMB[key] = (lay, togo)
    queue = deque(goals)
    while queue:
        cell = queue.popleft()
        for prev, kind in lay.links[cell]:  # links are mutual; a one-way "down" here is an "up" from prev
            if prev in togo or kind == "up" or prev not in active:
                continue
            togo[prev] = togo[cell] + 1
            queue.append(prev)
    return togo


class _Way(NamedTuple):
    """What a path met on its way, kept as it grows one cell at a time: the wounds of provoked attacks (leaving a
    cell) and of Ents' roots (entering one), the traps crossed, the gold and gems picked up, the boss tokens taken,
    and whether it reached the row that reveals the next level."""

    hurt: int
    traps: int
    finds: int
    tokens: int
    reveals: bool


_NOWHERE = _Way(0, 0, 0, 0, False)


def _step(g: _Ground, way: _Way, cell: str, nxt: str) -> _Way:
    """`way` taken one cell further, from `cell` to `nxt`."""
    s = g.s
    return _Way(way.hurt + g.danger.get(cell, 0) + g.danger_in.get(nxt, 0),
                way.traps + g.lay.cells[nxt].t.trap,
                way.finds + (nxt in s["gold_cells"] or nxt in s["gem_cells"]),
                way.tokens + (nxt in s["tokens"] and s["tokens"][nxt] not in s["htokens"]),
                way.reveals or parse(nxt)[0] == g.reveal_row)


def _score(g: _Ground, path: list[str], way: _Way) -> float:
    s, lay, danger = g.s, g.lay, g.danger
    end = path[-1] if path else g.start
    hurt = way.hurt
    if g.shield and hurt:
        hurt -= 1
    if not g.trap_immune:
        hurt += way.traps
    row, col = parse(end)
    fall = row
    if not g.holds(row, col):
        r = row
        while r > 0 and not g.holds(r, col):
            r -= 1
            if lay.cells[cid(r, col)].t.trap:
                hurt += 1
        fall = r
    score = 10.0 * fall
    landed = cid(fall, col)
    if level_of(landed) != g.boss_level:
        score -= 20.0 * g.togo.get(landed, 8)  # a step still to climb outweighs a row of height
    if way.reveals:
        score += 30
    score += 4 * way.finds
    score += 6 * way.tokens
    score -= 2 * danger.get(end, 0)
    if lay.cells[end].t.shop and fall == row and g.shop_worth:
        score += 12
    if level_of(end) == g.boss_level and "boss" in s["figs"]:
        br, bc = parse(s["figs"]["boss"]["cell"])
        dist = abs(br - row) + abs(bc - col)
        if g.boss_ready:
            score += 200 if end in g.next_to_boss else -2 * dist
        else:  # not strong enough yet: one step from it, out of its row and tile
            score += {1: -4, 2: 6, 3: 4}.get(dist, 2) - (6 if row == br else 0) - (4 if col // 4 == bc // 4 else 0)
    left = s["health"] - hurt
    score -= hurt * (12 if left > 1 else 200)
    return score - 0.1 * len(path)
