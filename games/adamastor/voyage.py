"""Setting up a Campaign Mode voyage from what the campaign carries, checking that carried data, and
showing it in the view. The rules that differ during play live in voyage_rules.py.

`carried` (built by campaign.py, described in CONTRACT.md) is JSON: the voyage number and campaign
card, the goal, the map (number of regular cards, fixed cards, destination), summed modifiers, skills
learned at setup, encounter cards removed from the campaign, and the list of rules in force to show.
"""

from __future__ import annotations

from typing import Any

from games.adamastor import navigation as nav
from games.adamastor.components import SKILL_KINDS, Components
from games.adamastor.state import State, deep_copy
from games.adamastor.table import lose_morale, say, title
from games.adamastor.voyage_rules import goal_progress, landing_open, mod
from games.engine import Event, words

MOD_KEYS = (
    "exp",
    "hand",
    "morale",
    "trauma",
    "first_turn_actions",
    "storm_season",
    "hand_limit",
    "enc_exp",
    "reveal",
)
CARRIED_KEYS = {"voyage", "card", "goal", "map", "mods", "skills", "removed", "rules", "effects"}
SOURCES = ("card", "upgrade", "effect", "crew")


class CarriedError(ValueError):
    """`carried` (or a saved state's campaign part) is not a voyage setup this game understands."""


def _need(cond: bool, msg: str) -> None:
    if not cond:
        raise CarriedError(msg)


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _check_goal(goal: Any) -> None:
    _need(isinstance(goal, dict) and goal.get("kind") in ("reach", "encounters"), "bad goal")
    if goal["kind"] == "encounters":
        _need(_int(goal.get("n")) and 1 <= goal["n"] <= 6 and goal.get("where") in ("any", "land"), "bad goal")


def check_carried(comp: Components, carried: Any, in_play: bool = False) -> None:
    """Raise CarriedError unless `carried` is a voyage setup (with `gained` when taken from a state)."""
    _need(isinstance(carried, dict), "carried must be an object")
    keys = CARRIED_KEYS | ({"gained"} if in_play else set())
    _need(set(carried) == keys, f"carried has exactly these keys: {', '.join(sorted(keys))}")
    _need(_int(carried["voyage"]) and carried["voyage"] >= 1, "voyage must be a positive number")
    card = carried["card"]
    _need(isinstance(card, dict) and all(isinstance(card.get(k), str) for k in ("id", "title", "text")), "bad card")
    _check_goal(carried["goal"])
    m = carried["map"]
    _need(isinstance(m, dict) and set(m) == {"regular", "fixed", "destination"}, "bad map")
    _need(_int(m["regular"]) and 1 <= m["regular"] <= 4, "the map has 1-4 regular cards")
    fixed = m["fixed"]
    _need(isinstance(fixed, list) and len(fixed) <= m["regular"] and len(set(fixed)) == len(fixed), "bad fixed")
    _need(all(f in comp.maps and comp.maps[f].kind == "regular" for f in fixed), "fixed cards must be regular")
    dest = m["destination"]
    _need(dest is None or (dest in comp.maps and comp.maps[dest].kind == "destination"), "bad destination")
    mods = carried["mods"]
    _need(isinstance(mods, dict) and set(mods) <= set(MOD_KEYS) and all(map(_int, mods.values())), "bad mods")
    _need(all(k in SKILL_KINDS for k in carried["skills"]), "unknown skill kind")
    _need(all(e in comp.encounters for e in carried["removed"]), "unknown removed encounter")
    _need(len(set(carried["removed"])) == len(carried["removed"]), "removed encounters repeat")
    _need(
        isinstance(carried["rules"], list)
        and all(isinstance(r, dict) and r.get("source") in SOURCES for r in carried["rules"]),
        "bad rules list",
    )
    _need(isinstance(carried["effects"], dict), "effects must map keys to titles")
    if in_play:
        _need(isinstance(carried["gained"], list) and all(isinstance(g, str) for g in carried["gained"]), "bad gained")


def voyage_map(comp: Components, carried: dict, regular: list[str], dest: list[str]) -> list[str]:
    """Fixed cards first (in order), then shuffled regular cards, then the chosen or shuffled destination."""
    m = carried["map"]
    rest = [r for r in regular if r not in m["fixed"]]
    cards = list(m["fixed"]) + rest[: m["regular"] - len(m["fixed"])]
    return cards + [m["destination"] or dest[0]]


def _take_from_deck(s: State, pick: Any) -> int | None:
    """The first card from the top of the deck for which `pick(number)` holds, taken out of the deck."""
    for i, c in enumerate(s.deck):
        if pick(c):
            return s.deck.pop(i)
    return None


def take_carried_cards(comp: Components, s: State, ev: list[Event]) -> None:
    """Skills learned and Traumas held at the start, taken from the shuffled deck before the deal."""
    for kind in s.campaign["skills"]:
        card = _take_from_deck(s, lambda c, k=kind: comp.sailing[c].skill == k)
        if card is not None:
            s.skills.append(card)
            text = words("Campaign: you start with {card} learned.", card=title(comp, card))
            say(s, ev, "campaign", text, True, card=card)
    for _ in range(mod(s, "trauma")):
        card = _take_from_deck(s, lambda c: comp.sailing[c].trauma is not None)
        if card is not None:
            s.traumas.append(card)
            text = words("Campaign: the crew starts with {card} as a Trauma.", card=title(comp, card))
            say(s, ev, "campaign", text, True, card=card)


def apply_setup(comp: Components, s: State, ev: list[Event]) -> None:
    """The carried modifiers that act after the deal, in a fixed order (before the weather is set)."""
    for _ in range(mod(s, "hand")):
        if s.deck:
            s.hand.append(s.deck.pop(0))
    if mod(s, "morale") < 0:
        lose_morale(comp, s, ev, -mod(s, "morale"))
    s.experience = max(0, mod(s, "exp"))
    for _ in range(mod(s, "reveal")):
        nav.reveal_next(comp, s, ev)


def campaign_json(comp: Components, s: State) -> dict | None:
    """The view's "campaign" key: the voyage, its card and goal (with progress) and the rules in force."""
    c = s.campaign
    if c is None:
        return None
    goal = dict(c["goal"])
    goal["progress"] = goal_progress(comp, s)
    goal["met"] = landing_open(comp, s)
    return {
        "voyage": c["voyage"],
        "card": deep_copy(c["card"]),
        "goal": goal,
        "rules": deep_copy(c["rules"]),
        "storm_season": mod(s, "storm_season"),
        "removed": list(c["removed"]),
        "gained": [{"key": k, "title": c["effects"].get(k, k)} for k in c["gained"]],
    }
