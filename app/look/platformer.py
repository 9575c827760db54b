"""Platformer's lookable components: the small cards (k<id>: items, potions, artifacts, held or in the shop),
the figures on the tower (hero, boss, e-<id>), the hero card (hero-c), the boss card (boss-c), the Event
card (event) and each level's enemy card (le<level>)."""

from __future__ import annotations

from typing import Any

from app.look import Look, by_id


def _small_card(view: dict[str, Any], look_id: str) -> Look | None:
    wanted = look_id[1:]
    shop = view.get("shop") or {}
    for where, kind, cards in (("held", "item", view.get("items")), ("held", "potion", view.get("potions")),
                               ("held", "artifact", view.get("artifacts")), ("shop", "item", shop.get("items")),
                               ("shop", "potion", shop.get("potions")),
                               ("table", "artifact", view.get("artifacts_table"))):
        card = by_id(cards, wanted)
        if card:
            return Look(look_id, "small", card, where, {"what": kind})
    return None


def _figure(view: dict[str, Any], look_id: str) -> Look | None:
    wanted = look_id.removeprefix("e-")
    for cell in (view.get("map") or {}).get("cells") or ():
        figure = cell.get("figure") if isinstance(cell, dict) else None
        if figure and (figure.get("kind") == look_id or figure.get("id") == wanted and look_id.startswith("e-")):
            level = by_id((view.get("map") or {}).get("levels"), str(cell.get("level")), "level")
            return Look(look_id, "figure", figure, "tower", {"cell": cell, "level": level, "view": view})
    return None


def find(view: dict[str, Any], look_id: str) -> Look | None:
    if look_id[:1] == "k":
        return _small_card(view, look_id)
    if look_id in ("hero", "boss") or look_id.startswith("e-"):
        return _figure(view, look_id)
    if look_id == "hero-c":
        return Look(look_id, "hero", view.get("hero"), extra={"view": view})
    if look_id == "boss-c" and view.get("boss"):
        return Look(look_id, "boss", view.get("boss"))
    if look_id == "event" and view.get("event"):
        return Look(look_id, "event", view.get("event"))
    if look_id.startswith("le"):
        level = by_id((view.get("map") or {}).get("levels"), look_id[2:], "level")
        return Look(look_id, "enemy", level["enemy"], extra={"level": level}) if level and level.get("enemy") else None
    return None
