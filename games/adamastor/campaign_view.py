"""What the player sees of an Adamastor campaign (CONTRACT.md, Campaign Mode: view): cards face up once
revealed, results so far, the upgrades sheet, the crew, removed encounters and effects in force. The
RNG and the cards not yet offered never appear.
"""

from __future__ import annotations

from typing import Any

from games.adamastor.campaign_rules import LAST_STAGE, goal_text, scars_carried
from games.adamastor.campaign_state import CState
from games.adamastor.state import deep_copy
from games.engine import N_, words

STAGE_NAMES = {1: N_("First voyage"), 2: N_("Second voyage"), 3: N_("Last voyage"),
               4: N_("Second attempt at the last voyage")}


def card_json(camp: Any, card_id: str) -> dict:
    card = deep_copy(camp.content.cards[card_id])
    if card.get("map"):
        # The page names map cards as the rules page does ("Off Madeira"), never by their internal id.
        maps = camp.components.maps
        card["map"]["fixed_names"] = [maps[m].name if m in maps else m for m in card["map"].get("fixed") or []]
        dest = card["map"].get("destination")
        card["map"]["destination_name"] = (maps[dest].name if dest in maps else dest) if dest else None
    if "goal" in card:
        card["goal"]["text"] = goal_text(card["goal"])
    return card


def campaign_prompt(camp: Any, c: CState) -> str:
    if c.phase == "over":
        return (words("The campaign is over (won): {reason}.", reason=c.reason) if c.result == "won"
                else words("The campaign is over (lost): {reason}.", reason=c.reason))
    if c.phase == "voyage":
        return words("Voyage {n} is at sea: play it to its end.", n=c.voyage)
    if c.chosen is None:
        return words("Choose the campaign card for voyage {n}, buy upgrades if you like, then set sail.", n=c.voyage)
    return words("Buy upgrades with your Renown if you like, then set sail on voyage {n}.", n=c.voyage)


def _voyages(camp: Any, c: CState) -> list[dict]:
    out = [
        {
            "voyage": h["voyage"],
            "stage": h["stage"],
            "name": STAGE_NAMES[h["stage"]],
            "face_up": True,
            "card": card_json(camp, h["card"]),
            "result": h["result"],
            "reason": h["reason"],
            "renown": h["renown"],
        }
        for h in c.history
    ]
    if c.phase != "over":
        out.append(
            {
                "voyage": c.voyage,
                "stage": c.stage,
                "name": STAGE_NAMES[c.stage],
                "face_up": c.chosen is not None,
                "card": card_json(camp, c.chosen) if c.chosen else None,
                "result": None,
                "reason": "",
                "renown": None,
            }
        )
        for stage in range(c.stage + 1, LAST_STAGE + 1):  # voyages still ahead: their cards stay hidden
            out.append(
                {
                    "voyage": None,
                    "stage": stage,
                    "name": STAGE_NAMES[stage],
                    "face_up": False,
                    "card": None,
                    "result": None,
                    "reason": "",
                    "renown": None,
                }
            )
    return out


def build_campaign_view(camp: Any, c: CState) -> dict[str, Any]:
    content, comp = camp.content, camp.components
    status = camp.status(c)
    return {
        "phase": c.phase,
        "prompt": campaign_prompt(camp, c),
        "voyage": c.voyage,
        "stage": c.stage,
        "commission": card_json(camp, content.commission["id"]),
        "voyages": _voyages(camp, c),
        "offered": [card_json(camp, k) for k in c.offered] if c.phase == "prepare" else [],
        "chosen": c.chosen,
        "upgrades": [
            {
                "id": uid,
                "title": up["title"],
                "cost": up["cost"],
                "text": up["text"],
                "owned": uid in c.upgrades,
                "affordable": uid not in c.upgrades and up["cost"] <= c.purse,
            }
            for uid, up in content.upgrades.items()
        ],
        "renown": {"purse": c.purse, "earned": c.renown},
        "last_voyage": deep_copy(c.history[-1]) if c.history else None,
        "removed": [{"id": e, "title": comp.encounters[e].title} for e in c.removed],
        "effects": [
            {k: content.effects[key][k] for k in ("key", "title", "text", "good", "lasts")} for key in c.effects
        ],
        "crew": {"scars": c.scars, "carried": scars_carried(content, c)},
        "patience": c.patience,
        "result": c.result or None,
        "score": status.to_json(),
        "log": list(c.log),
    }
