"""`dump` a state to plain JSON data and `load` it back, refusing anything that is not a position of this
game: unknown fields, wrong types, cards that do not exist or sit in two places."""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.call_to_adventure.components import Components
from games.call_to_adventure.state import FIELD_NAMES, SLOTS, State, fresh_flags
from games.engine import MalformedState, Words

_INTS = ("rng", "turn", "exp", "level", "adv_exp", "choose")
_BOOLS = ("boss_defeated", "final")
_ID_LISTS = ("revealed", "allies", "hero_deck", "antihero_deck", "hand", "played", "removed", "adv_deck",
             "adv_discard", "adv_revealed", "place_queue", "log")


def _stored(text: Any) -> Any:
    """A log line or the end's reason as saved: a `Words` as its JSON (said again in any language), else itself."""
    return text.to_json() if isinstance(text, Words) else text


def _restored(text: Any) -> Any:
    """The saved form back: Words JSON becomes a `Words`; a plain line (an older save) stays a string."""
    if isinstance(text, dict):
        w = Words.from_json(text)
        if w is None:
            raise _bad("a log line")
        return w
    if not isinstance(text, str):
        raise _bad("a log line")
    return text


def dump(s: State) -> dict[str, Any]:
    out = s.clone().__dict__
    out["log"] = [_stored(line) for line in out["log"]]
    out["reason"] = _stored(out["reason"])
    return out


def _bad(what: str) -> MalformedState:
    return MalformedState(f"malformed Call to Adventure state: {what}")


def where_cards_are(s: State) -> Counter[str]:
    """How many places hold each card id (every card must be in exactly one)."""
    places: list[str] = []
    for key in ("allies", "hero_deck", "antihero_deck", "hand", "played", "removed", "adv_deck", "adv_discard",
                "adv_revealed"):
        places += getattr(s, key)
    for group in (s.decks, s.rows, s.discards, s.dealt):
        for ids in group.values():
            places += ids
    places += list(s.under.values()) + [p[1] for p in s.placed] + [c for c in s.chars.values() if c]
    if s.boss:
        places.append(s.boss)
    return Counter(places)


def load_state(comp: Components, data: Any) -> State:
    if not isinstance(data, dict) or set(data) != set(FIELD_NAMES):
        raise _bad("fields do not match")
    for key in _INTS:
        if not isinstance(data[key], int) or isinstance(data[key], bool):
            raise _bad(f"{key} must be an integer")
    for key in _BOOLS:
        if not isinstance(data[key], bool):
            raise _bad(f"{key} must be true or false")
    for key in _ID_LISTS:
        if not isinstance(data[key], list):
            raise _bad(f"{key} must be a list")
    data = {**data, "log": [_restored(line) for line in data["log"]], "reason": _restored(data["reason"])}
    s = State(**data).clone()
    every = set(comp.story) | set(comp.characters) | set(comp.heroes)
    counts = where_cards_are(s)
    if set(counts) != every or any(n != 1 for n in counts.values()):
        raise _bad("every card must be in exactly one place")
    if not 1 <= s.level <= len(comp.levels) or not 0 <= s.exp <= 40 or s.adv_exp < 0:
        raise _bad("a counter is out of range")
    if set(s.chars) != set(SLOTS) or s.quest not in comp.solo or s.victory not in comp.solo:
        raise _bad("characters or solo cards")
    if any(p[0] not in SLOTS or p[2] not in comp.story[p[1]].paths for p in s.placed):
        raise _bad("a placed card shows a path it does not have")
    _check_turn(comp, s)
    return s


PENDING_KEYS = {"card", "path", "final", "pool", "dark", "stack", "mods", "bonus", "cast", "owed"}


def _check_turn(comp: Components, s: State) -> None:
    """The turn's flags and the challenge in progress, if any, have their exact shape."""
    if set(s.flags) != set(fresh_flags()) or not isinstance(s.flags["spent"], list):
        raise _bad("turn flags")
    if any(set(g) != {"1", "2", "3"} for g in (s.decks, s.rows, s.discards)):
        raise _bad("story decks, rows and discards are kept by act")
    p = s.pending
    if p is None:
        return
    if not isinstance(p, dict) or set(p) != PENDING_KEYS or p["card"] not in comp.story:
        raise _bad("the challenge in progress")
    if p["path"] not in comp.story[p["card"]].paths or any(r not in comp.runes for r in p["pool"]):
        raise _bad("the challenge's path or runes")
    if not isinstance(p["owed"], int) or isinstance(p["owed"], bool) or p["owed"] < 0:
        raise _bad("the Adversary's cards owed")
    if p["cast"] is not None and [c.get("rune") for c in p["cast"]] != p["pool"]:
        raise _bad("the cast runes")
