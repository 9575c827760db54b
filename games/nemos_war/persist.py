"""Saving and rebuilding states: `dump` is JSON-safe; `load` refuses anything that cannot be a state of this
game (wrong types, a ship, card or treasure missing or in two places, tracks out of range) with MalformedState.
"""

from __future__ import annotations

from typing import Any

from games.engine import MalformedState, Words
from games.nemos_war.components import COMMITMENTS, PASSENGERS, RESOURCES, Components
from games.nemos_war.state import FIELD_NAMES, PHASES, State, deep_copy, dump_state

PENDING_KINDS = ("commitment", "start", "prep", "action", "post", "test", "combat", "sink", "chain", "outcome",
                 "seek", "pressure", "final", "rescue")
STEP_KINDS = ("effects", "hunter", "draw", "finish_card", "pursuit", "pursue", "adventure", "to_action", "end")
INTS = ("seed", "rng", "turn", "week", "notoriety", "liberation", "seek_times", "cannon", "last_rest_turn")


def _need(cond: bool, msg: str) -> None:
    if not cond:
        raise MalformedState(msg)


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def dump(s: State) -> dict[str, Any]:
    return dump_state(s)


def ship_places(s: State) -> list[str]:
    """Every ship id in every place, once per place it is found."""
    ids = s.pool + s.discard + s.salvage + s.unused
    ids += [x for slots in s.boxes.values() for x in slots if x is not None]
    ids += [x for reg in s.register.values() for x in reg]
    ids += [x for x in s.refits.values() if x is not None]
    ids += [x for g in s.waiting.values() for x in g]
    return ids


def card_places(s: State) -> list[str]:
    return s.deck + s.out + s.kept + s.pass_pile + s.fail_pile + s.gone + s.current + s.cannon_card


def token_places(s: State) -> list[str]:
    return s.cup + s.collected + s.spent + [t for t in s.treasure_at.values() if t is not None]


def load_state(c: Components, data: Any) -> State:
    _need(isinstance(data, dict), "a saved state must be an object")
    _need(set(data) == set(FIELD_NAMES), f"wrong fields: {sorted(set(data) ^ set(FIELD_NAMES))}")
    for name in INTS:
        _need(_int(data[name]), f"{name} must be an integer")
    _need(data["phase"] in PHASES, f"unknown phase {data['phase']!r}")
    s = State(**deep_copy(data))
    _check_tracks(c, s)
    _check_places(c, s)
    _check_flow(s)
    _check_pending(c, s)
    return s


def _check_tracks(c: Components, s: State) -> None:
    _need(isinstance(s.res, dict) and sorted(s.res) == sorted(RESOURCES), "res must name nemo, crew and hull")
    for k, v in s.res.items():
        _need(_int(v) and 0 <= v <= c.tracks[k].start, f"{k} out of range")
    _need(isinstance(s.passengers, dict) and sorted(s.passengers) == sorted(PASSENGERS), "passengers")
    _need(all(isinstance(v, bool) for v in s.passengers.values()), "passengers are true or false")
    _need(0 <= s.notoriety <= c.notoriety["max"], "notoriety out of range")
    _need(0 <= s.liberation <= c.liberation_max, "liberation out of range")
    _need(1 <= s.week <= 200 and 1 <= s.turn <= 1000, "week or turn out of range")
    _need(s.side in ("10+", "7+"), "calendar side must be 10+ or 7+")
    _need(s.commitment is None or s.commitment in COMMITMENTS, "unknown commitment")
    _need(s.nautilus is None or s.nautilus in c.oceans, "unknown ocean for the Nautilus")
    _need(0 <= s.cannon <= 3, "cannon uses 0..3")
    _need(s.result in ("", "won", "lost", "finished") and (s.result != "") == (s.phase == "over"), "bad result")


def _check_places(c: Components, s: State) -> None:
    _need(sorted(s.boxes) == sorted(c.oceans) and sorted(s.register) == sorted(c.oceans), "one entry per ocean")
    for o, slots in s.boxes.items():
        _need(isinstance(slots, list) and len(slots) >= c.oceans[o].boxes, f"boxes of {o}")
    ships = ship_places(s)
    _need(all(isinstance(x, str) for x in ships), "ship ids are text")
    _need(sorted(ships) == sorted(c.ships), "every ship must be in exactly one place")
    _need(set(s.revealed) <= set(c.ships) and len(set(s.revealed)) == len(s.revealed), "revealed ships")
    _need(sorted(s.refits) == ["armour", "library", "monstrous", "prow"], "refit boxes")
    _need(len(s.salvage) <= c.salvage_boxes, "too many salvage points")
    cards = card_places(s)
    _need(sorted(cards) == sorted(c.cards), "every adventure card must be in exactly one place")
    _need(sorted(token_places(s)) == sorted(c.tokens), "every treasure token must be in exactly one place")
    _need(sorted(s.treasure_at) == sorted(c.oceans), "one treasure space per ocean")
    _need(s.wreck is None or s.wreck == "held" or s.wreck in c.oceans, "wreck marker")


def _check_flow(s: State) -> None:
    _need(isinstance(s.pending, list) and all(isinstance(p, dict) for p in s.pending), "pending must be a list")
    _need(all(p.get("kind") in PENDING_KINDS for p in s.pending), "unknown pending decision")
    _need(isinstance(s.queue, list) and all(q.get("step") in STEP_KINDS for q in s.queue), "unknown queued step")
    _need(s.phase == "over" or bool(s.pending), "a game in progress waits for a decision")
    # a line is its Words' JSON ({"m": ..., "p": ...}); saves made before the translation hold plain text
    _need(isinstance(s.log, list) and all(isinstance(x, str) or Words.from_json(x) is not None for x in s.log),
          "log lines are text or words")


def _check_pending(c: Components, s: State) -> None:
    """The decisions refer to real cards, ships, boxes and oceans."""
    for p in s.pending:
        if "card" in p:
            _need(p["card"] in c.cards and p["card"] in s.current + s.kept, f"pending card {p['card']!r}")
        if "ship" in p:
            _need(p["ship"] in c.ships, f"pending ship {p['ship']!r}")
        if "box" in p:
            ocean, _, n = str(p["box"]).partition(".")
            ok = ocean in s.boxes and n.isdigit() and 1 <= int(n) <= len(s.boxes[ocean])
            _need(ok and s.boxes[ocean][int(n) - 1] == p.get("ship"), f"pending box {p['box']!r}")
        if "ocean" in p:
            _need(p["ocean"] in c.oceans, f"pending ocean {p['ocean']!r}")
        for key in ("staked", "options"):
            _need(isinstance(p.get(key, []), list), f"pending {key} must be a list")
