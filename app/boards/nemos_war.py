"""Where each Nemo's War action is drawn on the board (see games/nemos_war/CONTRACT.md for the ids).

`nemos_war_home(view, action_id)` answers a component (kind, key) the board template draws, or None for the
decision panel. A home is only answered when the view shows that component, so every legal action is always
drawn exactly once: on the map, a track, a card or a token when it has one, in the panel otherwise.
"""

from __future__ import annotations

from typing import Any

Home = tuple[str, str] | None

RESOURCES = ("nemo", "crew", "hull")
PASSENGERS = ("professor", "ned", "conseil")
COMMITMENTS = ("science", "explore", "anti", "war")


def _oceans(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {o.get("key"): o for o in view.get("oceans") or () if isinstance(o, dict)}


def _boxes(view: dict[str, Any]) -> set[str]:
    return {s.get("box") for o in _oceans(view).values() for s in o.get("slots") or () if isinstance(s, dict)}


def _ids(items: Any) -> set[str]:
    return {str(i.get("id")) for i in items or () if isinstance(i, dict)}


def _kept(view: dict[str, Any]) -> set[str]:
    return _ids((view.get("cards") or {}).get("kept"))


def _tokens(view: dict[str, Any]) -> set[str]:
    return _ids((view.get("treasures") or {}).get("collected"))


def _refits(view: dict[str, Any]) -> set[str]:
    return {str(r.get("key")) for r in view.get("refits") or () if isinstance(r, dict)}


def _with_key(kind: str, key: str, known: set[str] | tuple[str, ...]) -> Home:
    return (kind, key) if key in known else None


def nemos_war_home(view: dict[str, Any], action_id: str) -> Home:
    """The component a Nemo's War action id is drawn on, or None for the decision panel."""
    head, _, key = action_id.partition(":")
    if head in ("start", "move"):
        return _with_key("ocean", key, set(_oceans(view)))
    if head in ("stalk", "attack"):
        return _with_key("box", key, _boxes(view))
    if head in ("stake", "unstake", "lose"):
        return _with_key("res", key, RESOURCES if view.get("resources") else ())
    if head == "help" and key in PASSENGERS:
        return _with_key("passenger", key, PASSENGERS if view.get("passengers") else ())
    if head in ("commit", "final"):
        return _with_key("commit", key, COMMITMENTS + ("roll",) if view.get("commitment") else ())
    if head == "refit":
        return _with_key("refit", key, _refits(view))
    if head in ("incite", "or"):
        return _with_key("token", key, _tokens(view))
    if head == "play":
        return _with_key("card", key, _kept(view))
    if action_id == "search":
        here = view.get("nautilus")
        return ("treasure", here) if here in _oceans(view) else None
    if action_id in ("rest", "repair"):
        return ("refit", action_id) if view.get("refits") is not None else None
    if action_id in ("cannon", "uncannon"):
        return ("cannon", "") if view.get("cannon") else None
    if action_id == "roll":
        return ("dice", "")
    if action_id == "wreck":  # only offered while the player holds the wreck marker: drawn with the treasures
        return ("wreck", "") if view.get("treasures") is not None else None
    return None  # test:roll, combat:roll, help:accept, outcome:*, seek:*, sink, capture, chain:stop, end_turn...
