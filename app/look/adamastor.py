"""Adamastor's lookable components: Sailing cards (c<number>), Encounter cards (e-<id>), the Sailing deck,
the discard pile, the Encounter deck, the ship and the map cards (m<slot>)."""

from __future__ import annotations

from typing import Any

from app.look import Look, by_id


def _sailing(view: dict[str, Any], look_id: str) -> Look | None:
    number = look_id[1:]
    for where in ("row", "hand", "skills", "traumas"):
        card = by_id(view.get(where), number, "number")
        if card:
            return Look(look_id, "sailing", card, where)
    top = (view.get("discard") or {}).get("top")
    if top and str(top.get("number")) == number:
        return Look(look_id, "sailing", top, "discard")
    return None


def _encounter(view: dict[str, Any], look_id: str) -> Look | None:
    wanted = look_id[2:]
    for where, cards in (("current", [view.get("encounter")]), ("top", [view.get("encounter_top")]),
                         ("task", view.get("tasks"))):
        card = by_id(cards, wanted)
        if card:
            return Look(look_id, "encounter", card, where)
    return None


def _ship(view: dict[str, Any]) -> Look | None:
    board_map = view.get("map") or {}
    at = board_map.get("ship")
    if not at:
        return None
    for slot in board_map.get("slots") or ():
        for row in slot.get("cells") or ():
            cell = by_id(row, at)
            if cell:
                return Look("ship", "ship", cell, "map", {"slot": slot})
    return Look("ship", "ship", {"id": at, "kind": "port"}, "port", {})


def find(view: dict[str, Any], look_id: str) -> Look | None:
    if look_id[:1] == "c" and look_id[1:].isdigit():
        return _sailing(view, look_id)
    if look_id.startswith("e-"):
        return _encounter(view, look_id)
    if look_id == "deck":
        return Look(look_id, "deck", {"count": view.get("morale", 0)})
    if look_id == "discard":
        return Look(look_id, "discard", view.get("discard") or {}, extra={"removed": view.get("removed", 0)})
    if look_id == "enc":
        return Look(look_id, "encounters", {"count": view.get("encounter_deck", 0),
                                            "top": view.get("encounter_top")})
    if look_id == "ship":
        return _ship(view)
    if look_id[:1] == "m" and look_id[1:].isdigit():
        slot = by_id((view.get("map") or {}).get("slots"), look_id[1:], "slot")
        return Look(look_id, "map", slot, extra={"ship": (view.get("map") or {}).get("ship")}) if slot else None
    return None
