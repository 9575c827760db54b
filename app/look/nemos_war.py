"""Nemo's War's lookable components: Adventure cards (by card id), the Adventure deck, the Pass and Fail
piles (p-pass, p-fail), the ships in the oceans' boxes (ship-<box>; a hidden ship stays hidden), the Nautilus
(naut), the oceans (o-<key>) and their treasure tokens (t-<key>, face down)."""

from __future__ import annotations

from typing import Any

from app.look import Look, by_id


def _card(view: dict[str, Any], look_id: str) -> Look | None:
    cards = view.get("cards") or {}
    decision = view.get("decision") or {}
    for where, pile in (("current", [decision.get("card") if isinstance(decision, dict) else None,
                                     cards.get("current")]),
                        ("kept", cards.get("kept")), ("pass", cards.get("pass")), ("fail", cards.get("fail"))):
        card = by_id(pile, look_id)
        if card:
            return Look(look_id, "card", card, where)
    return None


def _oceans(view: dict[str, Any]) -> list[dict[str, Any]]:
    return [o for o in view.get("oceans") or () if isinstance(o, dict)]


def _ship(view: dict[str, Any], look_id: str) -> Look | None:
    box = look_id.removeprefix("ship-")
    for ocean in _oceans(view):
        slot = by_id(ocean.get("slots"), box, "box")
        if slot and slot.get("ship"):
            return Look(look_id, "ship", slot["ship"], "box", {"ocean": ocean, "slot": slot})
    return None


def find(view: dict[str, Any], look_id: str) -> Look | None:
    if look_id == "deck":
        return Look(look_id, "deck", {"count": (view.get("cards") or {}).get("deck", 0)})
    if look_id in ("p-pass", "p-fail"):
        pile = look_id[2:]
        return Look(look_id, "pile", (view.get("cards") or {}).get(pile) or [], pile)
    if look_id.startswith("ship-"):
        return _ship(view, look_id)
    if look_id == "naut":
        here = by_id(_oceans(view), str(view.get("nautilus")), "key")
        return Look(look_id, "nautilus", here, extra={"resources": view.get("resources")}) if here else None
    if look_id[:2] in ("o-", "t-"):
        ocean = by_id(_oceans(view), look_id[2:], "key")
        if ocean is None or (look_id[0] == "t" and not ocean.get("treasure")):
            return None
        return Look(look_id, "ocean" if look_id[0] == "o" else "treasure", ocean)
    return _card(view, look_id)
