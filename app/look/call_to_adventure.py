"""Call to Adventure's lookable components: story cards (by card id: in the rows, allies, the Adversary),
character cards (Origin, Motivation, Destiny, dealt ones), Hero and Antihero cards (in hand, the Adversary's
revealed one), the rune tray (runes) or one rune (r-<id>) and the Adversary's deck (adv-d, face down: a count)."""

from __future__ import annotations

from typing import Any

from app.look import Look, by_id


def _story(view: dict[str, Any], look_id: str) -> Look | None:
    for row in view.get("rows") or ():
        card = by_id(row.get("cards"), look_id)
        if card:
            return Look(look_id, "story", card, "row", {"act": row.get("act")})
        for c in row.get("cards") or ():
            if isinstance(c.get("ally"), dict) and c["ally"].get("id") == look_id:
                return Look(look_id, "story", c["ally"], "with", {"on": c})
    ally = by_id(view.get("allies"), look_id)
    if ally:
        return Look(look_id, "story", ally, "ally")
    adversary = view.get("adversary") or {}
    if isinstance(adversary.get("card"), dict) and adversary["card"].get("id") == look_id:
        return Look(look_id, "story", adversary["card"], "adversary", {"adversary": adversary})
    return None


def _character(view: dict[str, Any], look_id: str) -> Look | None:
    for slot in view.get("tableau") or ():
        if isinstance(slot.get("card"), dict) and slot["card"].get("id") == look_id:
            return Look(look_id, "character", slot["card"], "tableau", {"slot": slot})
    card = by_id(view.get("dealt"), look_id)
    return Look(look_id, "character", card, "dealt") if card else None


def _hero(view: dict[str, Any], look_id: str) -> Look | None:
    card = by_id(view.get("hand"), look_id)
    if card:
        return Look(look_id, "hero", card, "hand")
    revealed = (view.get("adversary") or {}).get("revealed")
    if isinstance(revealed, dict) and revealed.get("id") == look_id:
        return Look(look_id, "hero", revealed, "adversary")
    return None


def find(view: dict[str, Any], look_id: str) -> Look | None:
    if look_id == "runes":
        return Look(look_id, "runes", view.get("runes") or [], extra={"abilities": view.get("abilities") or {}})
    if look_id.startswith("r-"):
        rune = by_id(view.get("runes"), look_id[2:])
        return Look(look_id, "rune", rune, extra={"abilities": view.get("abilities") or {}}) if rune else None
    if look_id == "adv-d":
        adversary = view.get("adversary")
        return Look(look_id, "adv-deck", adversary) if adversary else None
    return _story(view, look_id) or _character(view, look_id) or _hero(view, look_id)
