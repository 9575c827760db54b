"""Where the heuristic Platformer bot goes (hbot.py): a breadth-first search over the cells the hero can reach
with the steps it has, each path scored by where it ends once gravity is done (height and the steps still to
climb, revealing the next level, gold, gems and boss tokens on the way, provoked attacks, Ents' roots and traps,
the shop, the boss), and the best cell to respawn on.
"""

from __future__ import annotations

from collections import deque

from games.platformer.combat import adjacent_enemies
from games.platformer.geometry import cid, parse
from games.platformer.hbot_reckon import boss_hp, kill_boss_wounds, shop_worth_a_visit, steps_in_hand
from games.platformer.movement import supported
from games.platformer.table import (
    State,
    boss_level,
    enemy_stats,
    has_token,
    is_active,
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
    lay = layout(comp, s)
    taken = occupied(s) - {start}
    top = top_revealed(s)
    reveal_row = top * 4 - 1 if top < boss_level(s) and s["lstate"][top] == "hidden" else None
    danger = {c: _wounds_next_to(comp, s, c) for c in lay.cells if is_active(s, c)}
    danger_in = {c: n for c in danger if (n := _wounds_next_to(comp, s, c, rooted=True))}
    togo = _steps_to_climb(s, lay, reveal_row)
    best = (_score(comp, s, start, [], (danger, danger_in), reveal_row, lay, taken, togo), [])
    seen = {start: 0}
    queue = deque([(start, [])])
    while queue:
        cell, path = queue.popleft()
        if len(path) >= budget:
            continue
        for nxt, kind in lay.links[cell]:
            if kind == "down" or nxt in seen or nxt in taken or not is_active(s, nxt):
                continue
            if parse(nxt)[0] > parse(cell)[0] and has_token(s, "stone_leg") and not lay.cells[cell].t.ladder:
                continue
            seen[nxt] = len(path) + 1
            new = path + [nxt]
            queue.append((nxt, new))
            sc = _score(comp, s, start, new, (danger, danger_in), reveal_row, lay, taken, togo)
            if sc > best[0]:
                best = (sc, new)
    return best


def _wounds_next_to(comp, s: State, cell: str, rooted: bool = False) -> int:
    """The wounds the enemies next to `cell` deal when they all attack (`rooted`: only the Ents, whose roots
    strike a hero moving into a cell next to them)."""
    stats = (enemy_stats(comp, s, f) for f in adjacent_enemies(comp, s, cell))
    return sum(st["damage"] for st in stats if not rooted or st["ability"] == "rooted")


def _steps_to_climb(s: State, lay, reveal_row: int | None) -> dict[str, int]:
    """For each cell in play, the fewest steps from it to where the climb goes next (the top row of the highest
    level, which reveals the one above; once the boss level is in play, its lowest row), figures ignored.
    Height alone leads a greedy climber into dead ends under a platform; the steps still to go do not."""
    if reveal_row is not None:
        goal_row = reveal_row
    else:
        goal_row = (boss_level(s) - 1) * 4
    goals = [c for c in lay.cells if parse(c)[0] == goal_row and is_active(s, c)]
    togo = {c: 0 for c in goals}
    queue = deque(goals)
    while queue:
        cell = queue.popleft()
        for prev, kind in lay.links[cell]:  # links are mutual; a one-way "down" here is an "up" from prev
            if prev in togo or kind == "up" or not is_active(s, prev):
                continue
            togo[prev] = togo[cell] + 1
            queue.append(prev)
    return togo


def _score(comp, s, start, path, dangers, reveal_row, lay, taken, togo) -> float:
    danger, danger_in = dangers  # wounds from leaving a cell (provoked), from entering one (an Ent's roots)
    cells = [start] + path
    end = cells[-1]
    hurt = sum(danger.get(c, 0) for c in cells[:-1]) + sum(danger_in.get(c, 0) for c in path)
    if passive(comp, s, "provoke_shield") and not s["shield_used"] and hurt:
        hurt -= 1
    if not passive(comp, s, "trap_immune"):
        hurt += sum(1 for c in path if lay.cells[c].t.trap)
    row = parse(end)[0]
    fall = row
    if not supported(comp, s, end, True, False, taken):
        r, c = parse(end)
        while r > 0 and not supported(comp, s, cid(r, c), True, False, taken):
            r -= 1
            if lay.cells[cid(r, c)].t.trap:
                hurt += 1
        fall = r
    score = 10.0 * fall
    landed = cid(fall, parse(end)[1])
    if level_of(landed) != boss_level(s):
        score -= 20.0 * togo.get(landed, 8)  # a step still to climb outweighs a row of height
    if reveal_row is not None and any(parse(c)[0] == reveal_row for c in path):
        score += 30
    score += 4 * sum(1 for c in path if c in s["gold_cells"] or c in s["gem_cells"])
    score += 6 * sum(1 for c in path if c in s["tokens"] and s["tokens"][c] not in s["htokens"])
    score -= 2 * danger.get(end, 0)
    if lay.cells[end].t.shop and fall == row and shop_worth_a_visit(comp, s):
        score += 12
    if level_of(end) == boss_level(s) and "boss" in s["figs"]:
        br, bc = parse(s["figs"]["boss"]["cell"])
        r, c = parse(end)
        dist = abs(br - r) + abs(bc - c)
        if kill_boss_wounds(comp, s) >= boss_hp(comp, s):
            score += 200 if "boss" in adjacent_enemies(comp, s, end) else -2 * dist
        else:  # not strong enough yet: one step from it, out of its row and tile
            score += {1: -4, 2: 6, 3: 4}.get(dist, 2) - (6 if r == br else 0) - (4 if c // 4 == bc // 4 else 0)
    left = s["health"] - hurt
    score -= hurt * (12 if left > 1 else 200)
    return score - 0.1 * len(path)
