"""Destiny, counted the rulebook's way: printed Triumph and Tragedy, story-icon sets, unspent experience,
Hero and Antihero cards played, the corruption track, the Destiny card's requirements (and, solo, the
Adversary defeated)."""

from __future__ import annotations

from games.call_to_adventure.components import STORY_ICONS, Components
from games.call_to_adventure.state import SLOTS, State
from games.call_to_adventure.table import icons, level, meets
from games.engine import ScoreLine


def set_points(comp: Components, n: int) -> int:
    """Points for one set of n matching story icons (track.json `sets`; beyond the table, `sets_extra` each)."""
    if n <= 1:
        return 0
    top = max(comp.sets)
    if n <= top:
        return comp.sets.get(n, 0)
    return comp.sets[top] + (n - top) * comp.sets_extra


def printed(comp: Components, s: State) -> tuple[int, int]:
    """Triumph and Tragedy printed on the character cards and on the paths shown under them."""
    tri = tra = 0
    for slot in SLOTS:
        cid = s.chars[slot]
        if cid:
            tri += comp.characters[cid].triumph
            tra += comp.characters[cid].tragedy
    for _, card_id, path in s.placed:
        reward = comp.story[card_id].paths[path].reward
        tri += reward.get("triumph", 0)
        tra += reward.get("tragedy", 0)
    return tri, tra


def destiny_card_points(comp: Components, s: State) -> tuple[int, str]:
    cid = s.chars["destiny"]
    if not cid:
        return 0, ""
    have = icons(comp, s)
    pts, parts = 0, []
    for req in comp.characters[cid].destiny:
        value = req.get("triumph", req.get("tragedy", 0))
        ok = meets(comp, s, req["need"], have)
        pts += value if ok else 0
        parts.append(f"{'met' if ok else 'not met'} ({value})")
    return pts, f"{comp.characters[cid].name}: " + ", ".join(parts)


def breakdown(comp: Components, s: State) -> tuple[ScoreLine, ...]:
    tri, tra = printed(comp, s)
    have = icons(comp, s)
    sets = {k: have[k] for k in STORY_ICONS if have[k] > 1}
    heroes = sum(1 for h in s.played if comp.heroes[h].kind == "hero")
    anti = len(s.played) - heroes
    lv = level(comp, s)
    dest, dest_detail = destiny_card_points(comp, s)
    lines = [
        ScoreLine("Printed Triumph", tri, "on your character cards and the paths in your story"),
        ScoreLine("Printed Tragedy", tra, "on your character cards and the paths in your story"),
        ScoreLine("Story-icon sets", sum(set_points(comp, n) for n in sets.values()),
                  ", ".join(f"{n} {k}: {set_points(comp, n)}" for k, n in sorted(sets.items())) or "no set"),
        ScoreLine("Unspent experience", s.exp, f"{s.exp} × 1"),
        ScoreLine("Hero cards played", heroes, f"{heroes} × 1 Triumph"),
        ScoreLine("Antihero cards played", anti, f"{anti} × 1 Tragedy"),
        ScoreLine("Corruption track", lv["triumph"] + lv["tragedy"],
                  f"{lv['name']}: " + (f"{lv['triumph']} Triumph" if lv["triumph"] else f"{lv['tragedy']} Tragedy")),
        ScoreLine("Destiny card", dest, dest_detail),
    ]
    if s.boss_defeated:
        reward = comp.story[s.boss].paths["top"].reward
        pts = reward.get("triumph", 0) + reward.get("tragedy", 0)
        lines.append(ScoreLine("Adversary defeated", pts, comp.story[s.boss].name))
    return tuple(lines)


def destiny(comp: Components, s: State) -> int:
    return sum(line.points for line in breakdown(comp, s))
