"""Destiny, counted the rulebook's way: printed Triumph and Tragedy, story-icon sets, unspent experience,
Hero and Antihero cards played, the corruption track, the Destiny card's requirements (and, solo, the
Adversary defeated)."""

from __future__ import annotations

from games.call_to_adventure.components import STORY_ICONS, Components
from games.call_to_adventure.names import icon_name, listing
from games.call_to_adventure.state import SLOTS, State
from games.call_to_adventure.table import icons, level, meets
from games.engine import ScoreLine, Words, words


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


def destiny_card_points(comp: Components, s: State) -> tuple[int, str | Words]:
    cid = s.chars["destiny"]
    if not cid:
        return 0, ""
    have = icons(comp, s)
    pts = most = met = 0
    reqs = comp.characters[cid].destiny
    for req in reqs:
        value = req.get("triumph", req.get("tragedy", 0))
        ok = meets(comp, s, req["need"], have)
        pts += value if ok else 0
        most += value
        met += 1 if ok else 0
    card = comp.characters[cid].name
    # One clause after the card's name, no colon of its own: the line is said "Destiny card: <detail>" (issue #27).
    if met == 0:
        return pts, words("{card}, no requirement met (0 of {most})", card=card, most=most)
    if met == len(reqs):
        return pts, words("{card}, every requirement met ({points} of {most})", card=card, points=pts, most=most)
    return pts, words("{card}, {met} of {total} requirements met ({points} of {most})", card=card, met=met,
                      total=len(reqs), points=pts, most=most)


def breakdown(comp: Components, s: State) -> tuple[ScoreLine, ...]:
    tri, tra = printed(comp, s)
    have = icons(comp, s)
    sets = {k: have[k] for k in STORY_ICONS if have[k] > 1}
    heroes = sum(1 for h in s.played if comp.heroes[h].kind == "hero")
    anti = len(s.played) - heroes
    lv = level(comp, s)
    dest, dest_detail = destiny_card_points(comp, s)
    where = words("on your character cards and the paths in your story")
    set_words = [words("{n} {icon} ({points})", n=n, icon=icon_name(k), points=set_points(comp, n))
                 for k, n in sorted(sets.items())]
    track = words("{level}: {n} Triumph", level=lv["name"], n=lv["triumph"]) if lv["triumph"] else \
        words("{level}: {n} Tragedy", level=lv["name"], n=lv["tragedy"])
    lines = [
        ScoreLine(words("Printed Triumph"), tri, where),
        ScoreLine(words("Printed Tragedy"), tra, where),
        ScoreLine(words("Story-icon sets"), sum(set_points(comp, n) for n in sets.values()),
                  listing(set_words) if set_words else words("no set")),
        ScoreLine(words("Unspent experience"), s.exp, words("{n} × 1", n=s.exp)),
        ScoreLine(words("Hero cards played"), heroes, words("{n} × 1 Triumph", n=heroes)),
        ScoreLine(words("Antihero cards played"), anti, words("{n} × 1 Tragedy", n=anti)),
        ScoreLine(words("Corruption track"), lv["triumph"] + lv["tragedy"], track),
        ScoreLine(words("Destiny card"), dest, dest_detail),
    ]
    if s.boss_defeated:
        reward = comp.story[s.boss].paths["top"].reward
        pts = reward.get("triumph", 0) + reward.get("tragedy", 0)
        lines.append(ScoreLine(words("Adversary defeated"), pts, words(comp.story[s.boss].name)))
    return tuple(lines)


def destiny(comp: Components, s: State) -> int:
    return sum(line.points for line in breakdown(comp, s))
