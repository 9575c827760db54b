"""What the player may see (CONTRACT.md, "view(state)"): never a deck's order, uncast faces or the RNG."""

from __future__ import annotations

from typing import Any

from games.call_to_adventure.actions import phase, playable, preview_pool
from games.call_to_adventure.components import ABILITIES, STORY_ICONS, Components
from games.call_to_adventure.labels import difficulty_parts, final_difficulty_parts
from games.call_to_adventure.names import kind_name
from games.call_to_adventure.resolve import cast_total
from games.call_to_adventure.scoring import breakdown
from games.call_to_adventure.state import SLOTS, State
from games.call_to_adventure.table import (
    MAX_DARK,
    can_gain_trait,
    dark_cost,
    difficulty,
    final_difficulty,
    icons,
    level,
    odds,
    supply,
    travel_cost,
    why_not_kind,
)
from games.engine import Words, words

DECISION = {"keep": "keep", "choose": "choose", "place": "place", "prepare": "prepare", "outcome": "outcome",
            "final": "final", "main": None, "over": None}


def story_json(comp: Components, s: State, cid: str, attempt: bool = False) -> dict[str, Any]:
    """A story card; with `attempt` (a card in a row), each path of a challenge or adversary also says the
    difficulty an attempt would use now and its parts (ATTEMPT in CONTRACT.md)."""
    card = comp.story[cid]
    out = dict(card.raw)
    ally = s.under.get(cid)
    out["ally"] = dict(comp.story[ally].raw) if ally else None
    if card.type == "trait":
        out["can_gain"] = can_gain_trait(comp, s, card)
    if attempt and card.type in ("challenge", "adversary"):
        out["paths"] = {side: {**path, "attempt": _attempt(comp, s, cid, side)} for side, path in out["paths"].items()}
    return out


def _attempt(comp: Components, s: State, cid: str, side: str) -> dict[str, Any]:
    d = difficulty(comp, s, cid, side, False)
    return {"total": d["total"], "parts": difficulty_parts(comp, s, d),
            "adversaries": [{"card": c, "name": comp.story[c].name, "n": n} for c, n in d["adversaries"]]}


def _challenge(comp: Components, s: State) -> dict[str, Any] | None:
    p = s.pending
    if p is None:
        return None
    d = difficulty(comp, s, p["card"], p["path"], p["final"], p["mods"])
    pool = preview_pool(s) if p["cast"] is None else p["pool"]
    stacked = sum(e["n"] for item in p["stack"] for e in item["effects"] if e["op"] == "add")
    if p["cast"] is None:
        chance = odds(comp, pool, d["total"] - p["bonus"] - stacked)
        total = None
    else:
        total = cast_total(s)
        chance = 1.0 if total >= d["total"] else 0.0
    return {"card": story_json(comp, s, p["card"]), "path": p["path"], "difficulty": d["total"], "base": d["base"],
            "marked": d["marked"], "mods": d["mods"] + d["powers"], "parts": difficulty_parts(comp, s, d),
            "pool": pool, "dark": p["dark"],
            "dark_cost": _next_dark_cost(comp, s), "stack": [_stacked(comp, item) for item in p["stack"]],
            "cast": [dict(c) for c in p["cast"]] if p["cast"] is not None else None, "total": total,
            "bonus": p["bonus"], "odds": chance, "final": p["final"]}


def _next_dark_cost(comp: Components, s: State) -> int | None:
    """What the next dark rune of this attempt costs; None when no more may be added this turn (three already,
    or a corruption level that allows none)."""
    if s.flags["dark_used"] >= MAX_DARK or not level(comp, s)["dark"]:
        return None
    return dark_cost(comp, s)


def _stacked(comp: Components, item: dict[str, Any]) -> dict[str, Any]:
    """A card waiting to resolve at the cast, named, with its kind (hero, antihero, origin, motivation, destiny or
    ally): a Hero card played, a character's power used, an ally spent or sacrificed."""
    source, cid = item["source"], item["id"]
    if source == "play":
        card = comp.heroes[cid]
        name, kind = card.name, card.kind
    elif source == "power":
        character = comp.characters[cid]
        name, kind = character.name, character.kind
    else:
        name, kind = comp.story[cid].name, "ally"
    return {**item, "name": name, "kind": kind}


def prompt(comp: Components, s: State) -> Words:
    ph = phase(s)
    if ph == "over":
        return words("The game is over: {reason}.", reason=s.reason)
    if ph == "keep":
        kind = next(k for k in SLOTS if k in s.dealt)
        return words("Choose the {kind} card to keep.", kind=kind_name(kind))
    if ph == "choose":
        return words("Choose the deck to draw from: Hero or Antihero.")
    if ph == "place":
        return words("Choose the challenge {ally} goes under: win that challenge and the ally is yours.",
                     ally=comp.story[s.place_queue[0]].name)
    if ph == "prepare":
        return words("Add dark runes and play cards, then cast the runes.")
    if ph == "outcome":  # the total as it stands, every card and Adversary card so far counted: the decision's figure
        p = s.pending
        need = difficulty(comp, s, p["card"], p["path"], p["final"], p["mods"])["total"]
        total = cast_total(s)
        if total >= need:
            return words("Total {total} against {need}: a success as it stands. Play cards that help, or take the "
                         "result.", total=total, need=need)
        return words("Total {total} against {need}: a failure as it stands. Play cards that help, or take the "
                     "result.", total=total, need=need)
    if ph == "final":
        return words("Face {name}: the final confrontation.", name=comp.story[s.boss].name)
    if s.flags["main_done"]:
        return words("Travel, play cards or use powers, then end your turn.")
    return words("Gain a trait or attempt a challenge (you may also travel and play cards), or end your turn.")


def _adversary(comp: Components, s: State) -> dict[str, Any] | None:
    if not s.boss:
        return None
    victory = comp.solo[s.victory]
    return {"card": dict(comp.story[s.boss].raw), "quest": dict(comp.solo[s.quest]), "rise": dict(comp.solo["R1"]),
            "victory": dict(victory), "experience": s.adv_exp, "goal": victory["goal"], "deck": len(s.adv_deck),
            "revealed": dict(comp.heroes[s.adv_revealed[-1]].raw) if s.adv_revealed else None,
            "discard": [dict(comp.heroes[h].raw) for h in s.adv_discard], "final_difficulty": final_difficulty(comp, s),
            "final_parts": final_difficulty_parts(comp, s),
            "defeated": s.boss_defeated}


def tell_story(comp: Components, s: State) -> list[Words]:
    """The hero's tale, one sentence per character card, from the paths shown under it."""
    lines = []
    for slot in SLOTS:
        cid = s.chars[slot]
        if not cid:
            continue
        paths = [words("{path} ({card})", path=comp.story[c].paths[p].name, card=comp.story[c].name)
                 for sl, c, p in s.placed if sl == slot]
        name, kind = comp.characters[cid].name, kind_name(slot)
        if paths:
            told = paths[0]
            for path in paths[1:]:
                told = words("{first}, then {next}", first=told, next=path)
            lines.append(words("{kind}, {name}: the hero lived {paths}.", kind=kind, name=name, paths=told))
        else:
            lines.append(words("{kind}, {name}: the hero set out.", kind=kind, name=name))
    if s.boss_defeated:
        lines.append(words("At last the hero defeated {name}.", name=comp.story[s.boss].name))
    elif s.result == "lost" and s.boss:
        lines.append(words("But {name} prevailed.", name=comp.story[s.boss].name))
    return lines


def build_view(comp: Components, s: State) -> dict[str, Any]:
    have = icons(comp, s)
    ph = phase(s)
    lines = breakdown(comp, s)
    in_use = set(s.pending["pool"]) if s.pending else set()
    return {
        "turn": s.turn, "phase": ph, "prompt": prompt(comp, s), "decision": DECISION[ph],
        "dealt": [dict(comp.characters[c].raw) for k in SLOTS if k in s.dealt for c in s.dealt[k]][:2],
        "tableau": [{"slot": slot, "card": dict(comp.characters[s.chars[slot]].raw) if s.chars[slot] else None,
                     "act": i + 1, "placed": [{**story_json(comp, s, c), "path": p} for sl, c, p in s.placed
                                              if sl == slot]} for i, slot in enumerate(SLOTS)],
        "current_act": min(3, 1 + sum(1 for sl in SLOTS if sum(1 for p in s.placed if p[0] == sl) == 3)),
        "revealed_acts": list(s.revealed),
        "rows": [{"act": a, "cards": [story_json(comp, s, c, attempt=True) for c in s.rows[str(a)]],
                  "deck": len(s.decks[str(a)]), "discard": len(s.discards[str(a)])} for a in s.revealed],
        "hand": [{**comp.heroes[h].raw, "playable": playable(comp, s, h),
                  "blocked": why_not_kind(comp, s, comp.heroes[h].kind)} for h in s.hand],
        "played": [{**comp.heroes[h].raw, "playable": False} for h in s.played],
        "allies": [{**comp.story[a].raw, "spent": a in s.flags["spent"]} for a in s.allies],
        "hero_deck": len(s.hero_deck), "antihero_deck": len(s.antihero_deck),
        "experience": s.exp, "supply": supply(s),
        "abilities": {a: have[a] for a in ABILITIES}, "story_icons": {k: have[k] for k in STORY_ICONS},
        "corruption": {"level": s.level, "levels": [dict(lv) for lv in comp.levels]},
        "runes": [{**r.raw, "in_use": r.id in in_use} for r in comp.runes.values()],
        "challenge": _challenge(comp, s),
        "adversary": _adversary(comp, s),
        "destiny": {"total": sum(x.points for x in lines), "target": comp.solo[s.victory]["target"],
                    "lines": [{"label": x.label, "points": x.points, "detail": x.detail} for x in lines]},
        "turn_flags": {**{k: s.flags[k] for k in ("main_done", "travelled", "dark_used", "power_used")},
                       "travel_cost": travel_cost(comp, s)},
        "final": s.final,
        "log": list(s.log[-30:]),
        "story": tell_story(comp, s),
    }
