"""Saving and rebuilding states: `dump` is JSON-safe, `load` refuses anything that is not a state
of this game (wrong types, unknown or duplicated cards, impossible phases) with `MalformedState`.
"""

from __future__ import annotations

from typing import Any

from games.adamastor import navigation as nav
from games.adamastor.components import THREATS, ComponentError, Components
from games.adamastor.effects_schema import check_cost, check_effect
from games.adamastor.state import FIELD_NAMES, PHASES, State, deep_copy, dump_state, is_log_item, log_line
from games.adamastor.voyage import CarriedError, check_carried
from games.engine import MalformedState

INT_FIELDS = (
    "maps_n",
    "rng",
    "turn",
    "experience",
    "encounters_completed",
    "actions_left",
    "nav_bonus",
    "step",
    "enc_counts",
)
PENDING_KINDS = ("discard", "nav_pay", "keep", "heal", "learn", "choice", "flip", "task", "ignore")
INTERNAL_OPS = ("_pay", "_task_offer", "_task_done", "_become_task", "_end_encounter")


def _need(cond: bool, msg: str) -> None:
    if not cond:
        raise MalformedState(msg)


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _check_types(d: dict) -> None:
    for name in (
        "maps_n",
        "rng",
        "turn",
        "experience",
        "encounters_completed",
        "actions_left",
        "nav_bonus",
        "step",
    ):
        _need(_int(d[name]) and d[name] >= 0, f"{name} must be a non-negative integer")
    allowed = (3, 4) if d["campaign"] is None else (1, 2, 3, 4)
    _need(d["maps_n"] in allowed, f"maps_n must be one of {allowed}")
    _need(d["phase"] in PHASES, f"unknown phase {d['phase']!r}")
    _need(d["result"] in ("", "won", "lost") and (d["result"] != "") == (d["phase"] == "over"), "bad result")
    _need(isinstance(d["reason"], str), "reason must be text")
    for name in ("deck", "discard", "removed", "row", "hand", "skills", "traumas"):
        _need(
            isinstance(d[name], list) and all(_int(c) for c in d[name]),
            f"{name} must be a list of card numbers",
        )
    _need(isinstance(d["log"], list) and all(is_log_item(x) for x in d["log"]), "log must be text items")
    for name in ("map_ids", "marked", "enc_deck", "enc_used", "events_done"):
        _need(
            isinstance(d[name], list) and all(isinstance(x, str) for x in d[name]),
            f"{name} must be text items",
        )
    _need(
        isinstance(d["face_up"], list) and all(isinstance(x, bool) for x in d["face_up"]), "face_up: booleans"
    )
    _need(
        isinstance(d["enc_counts"], list) and all(_int(x) and 0 <= x <= 3 for x in d["enc_counts"]),
        "enc_counts must be 0-3 each",
    )
    _need(
        isinstance(d["tasks"], list)
        and all(isinstance(t, list) and len(t) == 2 and t[1] in ("sea", "land") for t in d["tasks"]),
        "tasks must be [id, section] pairs",
    )
    _need(d["weather"] is None or _int(d["weather"]), "weather must be an index or null")
    _need(
        isinstance(d["ignore_choices"], dict) and all(v in THREATS for v in d["ignore_choices"].values()),
        "ignore_choices must map skills to threat types",
    )
    _need(isinstance(d["todo"], list) and all(isinstance(x, dict) for x in d["todo"]), "todo must be a list")


def _check_cards(comp: Components, d: dict) -> None:
    every = [
        c for name in ("deck", "discard", "removed", "row", "hand", "skills", "traumas") for c in d[name]
    ]
    _need(sorted(every) == sorted(comp.sailing), "every Sailing card 1-40 must be in exactly one place")
    _need(
        d["row"] == sorted(d["row"], reverse=True) and len(d["row"]) <= 3, "the row must be sorted, at most 3"
    )
    _need(all(comp.sailing[c].skill for c in d["skills"]), "skills must be skill cards")
    _need(all(comp.sailing[c].trauma for c in d["traumas"]), "traumas must be trauma cards")
    _need(
        all(k.isdigit() and int(k) in d["skills"] for k in d["ignore_choices"]),
        "ignore_choices: unknown skill",
    )
    task_ids = [t[0] for t in d["tasks"]]
    _need(
        all(t[0] in comp.encounters and "task" in comp.encounters[t[0]].section(t[1]) for t in d["tasks"]),
        "a Task in play must be a task section of a known card",
    )
    enc = d["encounter"]
    current = [enc["id"]] if enc and enc.get("id") and enc["id"] not in task_ids else []
    outside = d["campaign"]["removed"] if d["campaign"] else []  # removed from the campaign: not in this game
    encs = d["enc_deck"] + d["enc_used"] + task_ids + current + outside
    _need(
        all(e in comp.encounters for e in encs) and len(set(encs)) == len(encs) == len(comp.encounters),
        "every Encounter card must be in exactly one place",
    )


def _check_map(comp: Components, d: dict) -> None:
    ids, slots = d["map_ids"], len(d["map_ids"])
    _need(
        slots == d["maps_n"] + 1 and len(d["face_up"]) == slots == len(d["enc_counts"]), "map size mismatch"
    )
    _need(all(m in comp.maps for m in ids) and len(set(ids)) == slots, "unknown or repeated map card")
    _need(
        all(comp.maps[m].kind == "regular" for m in ids[:-1]) and comp.maps[ids[-1]].kind == "destination",
        "the map must be regular cards then a destination",
    )
    _need(
        d["ship"] is None or (isinstance(d["ship"], str) and nav.valid_space(d["ship"], slots)),
        "bad ship space",
    )
    _need((d["ship"] is None) == (d["phase"] == "setup"), "the ship is placed after setup only")
    _need(all(nav.valid_space(m, slots) and m.startswith("s") for m in d["marked"]), "bad marked space")
    _need(d["weather"] is None or 0 <= d["weather"] < len(comp.weather), "bad weather index")


def _check_decisions(d: dict) -> None:
    navs, enc, p = d["nav"], d["encounter"], d["pending"]
    if navs is not None:
        _need(
            isinstance(navs, dict)
            and _int(navs.get("points"))
            and isinstance(navs.get("path"), list)
            and isinstance(navs.get("can_add"), bool),
            "bad navigation",
        )
    if enc is not None:
        _need(
            isinstance(enc, dict)
            and isinstance(enc.get("id"), str)
            and enc.get("section") in ("sea", "land")
            and enc.get("side") in ("front", "back")
            and isinstance(enc.get("cell"), str),
            "bad encounter",
        )
    if p is not None:
        _need(isinstance(p, dict) and p.get("kind") in PENDING_KINDS, "bad pending decision")
    try:
        for op in d["todo"]:
            if op.get("op") == "_pay":
                check_cost({"pay": op.get("pay"), "n": op.get("n")}, "todo")
            elif op.get("op") not in INTERNAL_OPS:
                check_effect(op, "todo")
    except ComponentError as exc:
        raise MalformedState(str(exc)) from exc


def _check_pending(comp: Components, d: dict) -> None:
    """Each kind of pending decision carries exactly what answering it needs."""
    p = d["pending"]
    if p is None:
        return
    kind = p["kind"]
    counted = _int(p.get("n")) and p["n"] >= 1
    if kind == "discard":
        _need(counted and p.get("why") in ("effect", "cost", "sunset"), "bad discard decision")
    elif kind in ("nav_pay", "heal"):
        _need(counted, f"bad {kind} decision")
    elif kind == "keep":
        cards = p.get("cards")
        _need(isinstance(cards, list) and len(cards) == 2 and all(c in d["hand"] for c in cards), "bad keep")
    elif kind == "learn":
        _need(p.get("max") is None or _int(p["max"]), "bad learn decision")
    elif kind == "choice":
        try:
            check_effect({"op": "choice", "options": p.get("options")}, "pending choice")
        except ComponentError as exc:
            raise MalformedState(str(exc)) from exc
    elif kind == "flip":
        enc = d["encounter"]
        _need(bool(enc and enc["id"]) and "back" in comp.encounters[enc["id"]].raw, "nothing to flip")
    elif kind == "task":
        in_play = [t[0] for t in d["tasks"]]
        _need(isinstance(p.get("ids"), list) and all(i in in_play for i in p["ids"]), "bad task decision")
    else:
        skill, types = p.get("skill"), p.get("types")
        _need(skill in d["skills"] and comp.sailing[skill].skill == "ignore_choice", "bad ignore decision")
        _need(isinstance(types, list) and set(types) <= set(comp.sailing[skill].types), "bad ignore types")


def load_state(comp: Components, data: Any) -> State:
    _need(isinstance(data, dict), "a saved state must be an object")
    names = FIELD_NAMES
    if "campaign" not in data:  # saved before Campaign Mode existed: a Classic game
        data = {**data, "campaign": None}
    _need(set(data) == set(names), f"a saved state has exactly these keys: {', '.join(names)}")
    try:
        if data["campaign"] is not None:
            check_carried(comp, data["campaign"], in_play=True)
        _check_types(data)
        _check_cards(comp, data)
        _check_map(comp, data)
        _check_decisions(data)
        _check_pending(comp, data)
    except (KeyError, TypeError, AttributeError, ValueError) as exc:
        if isinstance(exc, MalformedState):
            raise
        if isinstance(exc, CarriedError):
            raise MalformedState(f"bad campaign voyage: {exc}") from exc
        raise MalformedState(f"malformed state: {exc!r}") from exc
    state = State(**{n: deep_copy(data[n]) for n in names})
    state.log = [log_line(x) for x in state.log]
    return state


def dump(s: State) -> dict[str, Any]:
    return dump_state(s)
