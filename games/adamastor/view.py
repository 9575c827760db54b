"""What the player may see (CONTRACT.md, "view(state)"): never the deck order, the encounter deck's
order or backs, face-down map cards or the RNG.
"""

from __future__ import annotations

from typing import Any

from games.adamastor import navigation as nav
from games.adamastor.actions import legal, penalty
from games.adamastor.components import Components
from games.adamastor.state import State, deep_copy
from games.adamastor.table import hand_limit, icons
from games.adamastor.turn import EVENT_STEPS, event_status
from games.adamastor.voyage import campaign_json
from games.engine import N_, Words, words, words_n

EVENT_LABELS = {
    "learn": (N_("Learn a Skill"), N_("2 or 3 motivation icons in the row")),
    "unrest": (N_("Crew Unrest"), N_("5 or more unrest icons in play")),
    "disease": (N_("Disease Outbreak"), N_("5 or more disease icons in play")),
    "fatigue": (N_("Exhausted Sailors"), N_("5 or more fatigue icons in play")),
    "mutiny": (N_("Mutiny on Board"), N_("3 or more of each threat in play")),
}

# The engine's short reason codes in words (the others are sentences already); the end screen says more.
REASON_WORDS = {"mutiny": N_("mutiny on board")}


def card_json(comp: Components, number: int) -> dict[str, Any]:
    card = comp.sailing[number]
    return {**deep_copy(card.raw), "kind": "skill" if card.skill else "trauma"}


def encounter_json(comp: Components, enc_id: str, side: str = "front", section: str | None = None) -> dict:
    raw = comp.encounters[enc_id].raw
    out = {k: deep_copy(v) for k, v in raw.items() if k != "back"}
    if side == "back":
        out["back"] = deep_copy(raw["back"])
    out["side"] = side
    if section:
        out["section"] = section
    return out


def _map_json(comp: Components, s: State) -> dict[str, Any]:
    slots = []
    for i, map_id in enumerate(s.map_ids):
        if not s.face_up[i]:
            slots.append({"slot": i, "face_up": False})
            continue
        card = comp.maps[map_id]
        cells = [
            [
                {
                    "id": f"s{i}.{r}.{c}",
                    "kind": cell.kind,
                    "storms": cell.storms,
                    "anchor": cell.anchor,
                    "flow": cell.flow,
                    "marked": f"s{i}.{r}.{c}" in s.marked,
                }
                for c, cell in enumerate(row)
            ]
            for r, row in enumerate(card.cells)
        ]
        slots.append(
            {
                "slot": i,
                "face_up": True,
                "id": card.id,
                "name": card.name,
                "kind": card.kind,
                "cells": cells,
                "encounters": s.enc_counts[i],
            }
        )
    ports = [{"id": f"p{i}.{r}", "slot": i, "row": r} for i in range(len(s.map_ids)) for r in range(3)]
    return {"slots": slots, "ports": ports, "ship": s.ship}


def _events_json(comp: Components, s: State) -> list[dict]:
    status = event_status(comp, s)
    checked = s.step if s.phase == "events" else (len(EVENT_STEPS) if s.phase in ("sunset", "over") else 0)
    out = []
    for key, (label, needed) in EVENT_LABELS.items():
        count, triggers = status[key]
        out.append(
            {
                "key": key,
                "label": words(label),
                "needed": words(needed),
                "count": count,
                "triggers": triggers,
                "done": EVENT_STEPS.index(key) < checked,
                "triggered": key in s.events_done,
            }
        )
    return out


def _navigation_json(comp: Components, s: State) -> dict | None:
    if s.nav is None:
        return None
    return {
        "points": s.nav["points"],
        "path": list(s.nav["path"]),
        "can_add": s.nav["can_add"],
        "costs": nav.move_costs(comp, s, penalty(comp, s)),
    }


def _navigating(comp: Components, s: State) -> Words:
    """The navigation prompt names only what can be done: cards are added before the first move or at a port of a
    right edge (RULINGS.md), and a space is sailed to only if the points left pay for it."""
    verbs = {a.id.split(":")[1] for a in legal(comp, s)}
    n = s.nav["points"]
    sail, add = "move" in verbs, bool(verbs & {"add", "burst"})
    if sail and add:
        return words_n("Navigating with {n} Navigation Point: sail on, add cards, or stop.",
                       "Navigating with {n} Navigation Points: sail on, add cards, or stop.", n)
    if sail:
        return words_n("Navigating with {n} Navigation Point: sail on or stop.",
                       "Navigating with {n} Navigation Points: sail on or stop.", n)
    if add:
        return words_n("Navigating with {n} Navigation Point: add cards or stop.",
                       "Navigating with {n} Navigation Points: add cards or stop.", n)
    return words_n("Navigating with {n} Navigation Point: no space in reach; stop here.",
                   "Navigating with {n} Navigation Points: no space in reach; stop here.", n)


def prompt(comp: Components, s: State) -> str:
    if s.phase == "over":
        return (
            words("The voyage is over: you won!")
            if s.result == "won"
            else words("The voyage is over: you lost ({reason}).", reason=REASON_WORDS.get(s.reason, s.reason))
        )
    if s.phase == "setup":
        return words("Choose the row where your ship starts, on the left edge of the first map card.")
    p = s.pending
    if p is None:
        if s.nav is not None:
            return _navigating(comp, s)
        return words_n("Actions phase: {n} action left.", "Actions phase: {n} actions left.", s.actions_left)
    kind = p["kind"]
    if kind == "discard" and p["why"] == "sunset":
        return words("Sunset: discard down to {n} cards.", n=hand_limit(comp, s))
    if kind == "discard":
        return words_n("Choose {n} card to discard from your hand.", "Choose {n} cards to discard from your hand.",
                       p.get("n", 1))
    if kind == "nav_pay":
        return words_n("Discard cards worth at least {n} Navigation Point.",
                       "Discard cards worth at least {n} Navigation Points.", p.get("n", 0))
    if kind == "heal":
        return words_n("Choose {n} Trauma to remove from play.", "Choose {n} Traumas to remove from play.",
                       p.get("n", 1))
    texts = {
        "keep": N_("You drew two cards: choose the one to put under the deck."),
        "learn": N_("You may learn a Skill from your hand."),
        "choice": N_("Choose how to resolve the encounter."),
        "flip": N_("Do you flip the encounter card?"),
        "task": N_("You may complete a Task card now."),
        "ignore": N_("Choose which icon type your Skill ignores this turn."),
    }
    return words(texts[kind])


def build_view(comp: Components, s: State) -> dict[str, Any]:
    enc = s.encounter
    w = comp.weather[s.weather].raw if s.weather is not None else None
    return {
        "turn": s.turn,
        "phase": s.phase,
        "prompt": prompt(comp, s),
        "decision": s.pending["kind"] if s.pending else None,
        "map": _map_json(comp, s),
        "row": [card_json(comp, c) for c in s.row],
        "hand": [card_json(comp, c) for c in s.hand],
        "skills": [card_json(comp, c) for c in s.skills],
        "traumas": [card_json(comp, c) for c in s.traumas],
        "morale": len(s.deck),
        "discard": {"count": len(s.discard), "top": card_json(comp, s.discard[-1]) if s.discard else None},
        "removed": len(s.removed),
        "encounter_deck": len(s.enc_deck),
        "encounter_top": encounter_json(comp, s.enc_deck[0]) if s.enc_deck else None,
        "tasks": [encounter_json(comp, t[0], section=t[1]) for t in s.tasks],
        "encounter": encounter_json(comp, enc["id"], enc["side"], enc["section"])
        if enc and enc["id"]
        else None,
        "weather": deep_copy(w) if w else None,
        "weather_table": [deep_copy(row.raw) for row in comp.weather],
        "actions_left": s.actions_left,
        "experience": s.experience,
        "encounters_completed": s.encounters_completed,
        "icons": icons(comp, s),
        "events": _events_json(comp, s),
        "navigation": _navigation_json(comp, s),
        "nav_bonus": s.nav_bonus,
        "hand_limit": hand_limit(comp, s),
        "log": list(s.log),
        "end": s.reason,  # the engine's reason code, never translated (the end screen picks its words by it)
        "campaign": campaign_json(comp, s),
    }
