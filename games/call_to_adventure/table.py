"""Read-only questions about a position: icons in the story, the corruption level's permissions, costs,
difficulties, the rune pool of a challenge and its exact odds of success."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from games.call_to_adventure.components import ICONS, Components, Story
from games.call_to_adventure.state import SLOTS, State
from games.engine import Words, words

TRAVEL_COST = 1
DARK_COST = 1
MAX_DARK = 3
SUPPLY = 40


def icons(comp: Components, s: State) -> dict[str, int]:
    """Every ability and story icon in the hero's story: character cards and the paths shown under them."""
    out = dict.fromkeys(ICONS, 0)
    for slot in SLOTS:
        cid = s.chars[slot]
        if cid:
            for k, n in comp.characters[cid].icons.items():
                out[k] += n
    for _, card_id, path in s.placed:
        for k, n in comp.story[card_id].paths[path].reward.get("icons", {}).items():
            out[k] += n
    return out


def level(comp: Components, s: State) -> dict[str, Any]:
    return comp.levels[s.level - 1]


def face_up(comp: Components, s: State) -> list[Story]:
    """Story cards face up in the revealed rows."""
    return [comp.story[c] for act in s.revealed for c in s.rows[str(act)]]


def powers(comp: Components, s: State) -> list[dict[str, Any]]:
    """Adversary powers in effect: face-up adversaries, and the solo Adversary's own all game long."""
    out = [c.power for c in face_up(comp, s) if c.type == "adversary" and c.power]
    if s.boss and not s.boss_defeated:
        out.append(comp.story[s.boss].power or {})
    return out


def power_sum(comp: Components, s: State, op: str) -> int:
    return sum(p.get("n", 0) for p in powers(comp, s) if p.get("op") == op)


def travel_cost(comp: Components, s: State) -> int:
    return 0 if s.flags["free_travel"] else TRAVEL_COST + power_sum(comp, s, "travel_cost")


def dark_cost(comp: Components, s: State) -> int:
    return DARK_COST + power_sum(comp, s, "dark_cost")


def can_play_kind(comp: Components, s: State, kind: str) -> bool:
    if kind == "hero" and any(p.get("op") == "no_hero" for p in powers(comp, s)):
        return False
    return bool(level(comp, s)[kind])


def why_not_kind(comp: Components, s: State, kind: str) -> Words | None:
    """Why no card of `kind` ("hero", "antihero") can be played now, whatever its timing: an Adversary's power
    forbids it (the solo Adversary's all game long), or the corruption track's level does; None when it can."""
    if kind == "hero":
        forbids = [c.name for c in face_up(comp, s) if c.type == "adversary" and (c.power or {}).get("op") == "no_hero"]
        if s.boss and not s.boss_defeated and (comp.story[s.boss].power or {}).get("op") == "no_hero":
            forbids.insert(0, comp.story[s.boss].name)
        if forbids:
            return words("Can't be played: {name} forbids Hero cards", name=forbids[0])
    lv = level(comp, s)
    if not lv[kind]:
        return words("Can't be played while your corruption is {level}", level=lv["name"])
    return None


def supply(s: State) -> int:
    return SUPPLY - s.exp


def current_slot(s: State) -> int:
    """0, 1 or 2: the character card the next story card goes under (3 when all are full)."""
    counts = [0, 0, 0]
    for slot, _, _ in s.placed:
        counts[SLOTS.index(slot)] += 1
    for i, n in enumerate(counts):
        if n < 3:
            return i
    return 3


def count_under(s: State, slot: str) -> int:
    return sum(1 for p in s.placed if p[0] == slot)


def meets(comp: Components, s: State, req: dict[str, Any], have: dict[str, int] | None = None) -> bool:
    """A trait's prerequisite or a Destiny requirement (CONTRACT.md, NEED and PREREQ)."""
    if "exp" in req:  # a trait's price, or a Destiny's unspent experience: either way, held now
        return s.exp >= req["exp"]
    if "icon" in req:
        return (have or icons(comp, s))[req["icon"]] >= req["n"]
    if "level_max" in req:
        return s.level <= req["level_max"]
    if "level_min" in req:
        return s.level >= req["level_min"]
    if "allies" in req:
        return len(s.allies) >= req["allies"]
    if "adversaries" in req:
        return defeated_adversaries(comp, s) >= req["adversaries"]
    if "hero_played" in req:
        return sum(1 for h in s.played if comp.heroes[h].kind == "hero") >= req["hero_played"]
    if "antihero_played" in req:
        return sum(1 for h in s.played if comp.heroes[h].kind == "antihero") >= req["antihero_played"]
    raise ValueError(f"unknown requirement {req!r}")


def defeated_adversaries(comp: Components, s: State) -> int:
    return sum(1 for _, c, _ in s.placed if comp.story[c].type == "adversary") + int(s.boss_defeated)


def can_gain_trait(comp: Components, s: State, card: Story) -> bool:
    have = icons(comp, s)
    return all(meets(comp, s, r, have) for r in card.requires)


def final_parts(comp: Components, s: State) -> dict[str, Any]:
    """What the final confrontation's difficulty is made of: the Adversary's printed difficulty, the Quest's
    `extra`, 1 for every 3 experience the Adversary gained (`grown`), less 1 for each icon of the Quest's bane in
    your story, at most 3 (`bane`, an icon key, and `eased`)."""
    quest = comp.solo[s.quest]
    return {"printed": comp.story[s.boss].difficulty, "extra": quest["extra"], "grown": s.adv_exp // 3,
            "bane": quest["bane"], "eased": min(3, icons(comp, s)[quest["bane"]])}


def final_difficulty(comp: Components, s: State) -> int:
    f = final_parts(comp, s)
    return f["printed"] + f["extra"] + f["grown"] - f["eased"]


def difficulty(comp: Components, s: State, card_id: str, path: str, final: bool, mods: int = 0) -> dict[str, Any]:
    """The difficulty an attempt uses and its parts: `base` (printed, or the final confrontation's), `marked`,
    `powers` (adversary powers in effect) with `adversaries` ([card id, n] for each, the solo Adversary last)
    and `mods` (cards revealed during the attempt); `total` is their sum."""
    card = comp.story[card_id]
    if final:
        base = final_difficulty(comp, s)
        return {"base": base, "marked": 0, "powers": 0, "adversaries": [], "mods": mods, "total": base + mods,
                "final": final_parts(comp, s)}
    marked = int(card.paths[path].marked)
    adversaries = [[c.id, p["n"]] for c in face_up(comp, s) if c.id != card_id and c.type == "adversary"
                   for p in [c.power or {}] if p.get("op") == "difficulty" and p.get("n", 0)]
    boss = comp.story[s.boss] if s.boss and not s.boss_defeated else None
    if boss is not None and (boss.power or {}).get("op") == "difficulty":
        adversaries.append([boss.id, boss.power["n"]])  # type: ignore[index]
    pw = sum(n for _, n in adversaries)
    return {"base": card.difficulty, "marked": marked, "powers": pw, "adversaries": adversaries, "mods": mods,
            "total": card.difficulty + marked + pw + mods}


def cast_data(comp: Components, s: State, faces: list[dict[str, Any]]) -> dict[str, Any]:
    """What a cast (or a cast again) showed, for the table to tell it; data only, the log's words are unchanged:
    `faces` the faces thrown, in casting order, each '<rune>-<side>' (side 0 or 1 as in data/runes.json); `need`
    the difficulty as it stands at that moment; `total` the attempt's total as it counts it (every rune cast
    and `mod`, what cards added, when any). A card the Adversary reveals afterwards can still change both: the
    result line says the final figures."""
    p = s.pending
    assert p is not None and p["cast"] is not None
    out: dict[str, Any] = {
        "faces": [f"{c['rune']}-{c['face']}" for c in faces],
        "need": difficulty(comp, s, p["card"], p["path"], p["final"], p["mods"])["total"],
        "total": sum(c["value"] for c in p["cast"]) + p["bonus"]}
    if p["bonus"]:
        out["mod"] = p["bonus"]
    return out


def base_pool(comp: Components, s: State, card_id: str) -> list[str]:
    """Core runes, then one ability rune per relevant icon (at most three; the special one only at three)."""
    have = icons(comp, s)
    pool = ["core1", "core2", "core3"]
    for a in comp.story[card_id].abilities:
        n = min(3, have[a])
        pool += [f"{a}{i}" for i in range(1, n + 1)]
    return pool


def free_rune(pool: list[str], ability: str) -> str | None:
    """The next normal rune of `ability` not in the pool (a card's extra rune is never the special one)."""
    for rid in (f"{ability}1", f"{ability}2"):
        if rid not in pool:
            return rid
    return None


@lru_cache(maxsize=4096)
def _distribution(values: tuple[tuple[int, int], ...]) -> tuple[float, ...]:
    dist = [1.0]
    for a, b in values:
        new = [0.0] * (len(dist) + max(a, b))
        for total, p in enumerate(dist):
            if p:
                new[total + a] += p / 2
                new[total + b] += p / 2
        dist = new
    return tuple(dist)


def odds(comp: Components, pool: list[str], need: int) -> float:
    """Exact chance that casting `pool` (each face equally likely) totals at least `need`."""
    if need <= 0:
        return 1.0
    values = tuple(sorted((comp.runes[r].faces[0].value, comp.runes[r].faces[1].value) for r in pool))
    return round(sum(_distribution(values)[need:]), 4)

