"""Adamastor's board: where each action is drawn, the look of a map space, what opens large, what travels.

- `home(view, action_id)`: the component (kind, key) an action is drawn on, or None for the decision panel.
- `cell_look(cell, icon)`: the parts of a map space that depend only on the space itself, built once per kind
  of space and language (a voyage draws some forty spaces on every move, and most of them never change).
- `find_look(view, look_id)`: Sailing cards (c<number>), Encounter cards (e-<id>), the Sailing deck, the
  discard pile, the Encounter deck, the ship and the map cards (m<slot>).
- `trips(before, after, events)`: the ship along the spaces it sailed, Sailing cards drawn, played, discarded.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from markupsafe import Markup, escape

from app.i18n import context
from app.i18n.render import say
from app.ui.chronicle import Chronicle
from app.ui.look import Look, by_id
from app.ui.story import Told
from app.ui.travel import MAX_GHOSTS, Events, Trip, Trips, View, through
from games.engine import N_, words, words_n

KIND_WORDS = {"sea": N_("Open sea"), "fog": N_("Fog"), "island": N_("Island"), "current": N_("Current"),
              "land": N_("Continent"), "port": N_("Open water")}
FLOW_ARROWS = {"N": "↑", "E": "→", "S": "↓", "W": "←"}
FLOW_WORDS = {"N": N_("north"), "E": N_("east"), "S": N_("south"), "W": N_("west")}
# Words the board's templates keep in tables (templates/games/adamastor/_cards.html) and say with `|t`.
TEMPLATE_WORDS = (N_("Sun"), N_("White cloud"), N_("Storm cloud"), N_("Unrest"), N_("Disease"), N_("Fatigue"),
                  N_("Motivation"))
KIND_ICONS = {"fog": "fog", "island": "palm-tree", "land": "mountains"}


@dataclass(frozen=True)
class CellLook:
    classes: str  # " k-<kind>" and " flow-<dir>", appended to the space's own classes
    describe: str  # what the space is, for its title (in the reader's language)
    body: Markup  # its icons: kind, current arrow, storm clouds, anchor (not the ship nor a cost)


def cell_look(cell: dict[str, Any], icon: Any) -> CellLook:
    """The look of a space; `icon` is the board's icon() helper (passed in to keep one icon set)."""
    return _look(cell.get("kind"), cell.get("flow"), cell.get("storms") or 0, bool(cell.get("anchor")),
                 bool(cell.get("marked")), icon, context.locale(), context.game())


@lru_cache(maxsize=512)
def _look(kind: str, flow: str | None, storms: int, anchor: bool, marked: bool, icon: Any, locale: str,
          game: str | None) -> CellLook:
    return CellLook(
        classes=f" k-{kind}" + (f" flow-{flow}" if flow else ""),
        describe=say(_describe(kind, flow, storms, anchor, marked)),
        body=_body(kind, flow, storms, anchor, marked, icon),
    )


def _describe(kind: str, flow: str | None, storms: int, anchor: bool, marked: bool) -> str:
    text: str = words(KIND_WORDS.get(kind, kind))
    if kind == "current" and flow:
        text = words("{kind} flowing {direction}", kind=text, direction=FLOW_WORDS.get(flow, flow))
    if storms:
        text = words_n("{what}, {n} storm cloud", "{what}, {n} storm clouds", storms, what=text)
    if anchor:
        if marked:
            text = words("{what}, encounter done", what=text)
        elif kind == "island":
            text = words("{what}, land encounter", what=text)
        else:
            text = words("{what}, sea encounter", what=text)
    return text


def _body(kind: str, flow: str | None, storms: int, anchor: bool, marked: bool, icon: Any) -> Markup:
    parts: list[str] = []
    if kind in KIND_ICONS:
        parts.append(icon(KIND_ICONS[kind], cls="cell-kind"))
    elif kind == "current":
        parts.append(Markup('<span class="flow flow-{}" aria-hidden="true">{}</span>').format(
            flow or "", FLOW_ARROWS.get(flow or "", "")))
    if storms:
        parts.append(Markup('<span class="storms">{}</span>').format(
            Markup("").join(icon("lightning-storm", cls="storm") for _ in range(storms))))
    if anchor:
        token = Markup('<span class="token" title="{}"></span>').format(say(words("Encounter done"))) if marked else ""
        parts.append(Markup('<span class="anchor {}">{}{}</span>').format(
            "marked" if marked else "", icon("anchor"), token))
    return Markup(" ").join(Markup(escape(p)) if not isinstance(p, Markup) else p for p in parts)


# ---------------------------------------------------------------- where actions are drawn

def _numbers(cards: Iterable[dict[str, Any]] | None) -> set[str]:
    return {str(c.get("number")) for c in cards or () if isinstance(c, dict)}


def _space_ids(board_map: dict[str, Any] | None) -> set[str]:
    """Every space the map draws: the cells of face-up cards (not inland), the ports, the start spaces."""
    ids: set[str] = set()
    board_map = board_map or {}
    for slot in board_map.get("slots", []):
        if slot.get("face_up"):
            for row in slot.get("cells", []):
                ids.update(c["id"] for c in row if c.get("kind") != "none")
    ids.update(p["id"] for p in board_map.get("ports", []))
    ids.update(f"p0.{row}" for row in range(3))  # the start spaces are always drawn
    return ids


def home(view: dict[str, Any], action_id: str) -> tuple[str, str] | None:
    """Where an Adamastor action id lives on the board, or None for the decision panel."""
    parts = action_id.split(":")
    head = parts[0]
    hand, skills = _numbers(view.get("hand")), _numbers(view.get("skills"))
    traumas = _numbers(view.get("traumas"))
    if head == "start" and len(parts) == 2:
        return ("space", parts[1]) if parts[1] in _space_ids(view.get("map")) else None
    if action_id == "draw":
        return ("deck", "")
    if action_id == "navigate":
        return ("helm", "")
    if action_id == "end_actions":
        return ("tokens", "")
    if action_id in ("exp:morale", "exp:action"):
        return ("exp", "")
    if head == "swap" and len(parts) == 3 and parts[1][1:] in hand:
        return ("hand", parts[1][1:])
    if head == "nav" and len(parts) == 3:
        if parts[1] == "add" and parts[2] in hand:
            return ("hand", parts[2])
        if parts[1] == "burst" and parts[2] in skills:
            return ("skill", parts[2])
        if parts[1] == "move" and parts[2] in _space_ids(view.get("map")):
            return ("space", parts[2])
        return None
    if action_id == "nav:stop":
        return ("nav", "") if view.get("navigation") else None
    if head in ("learn", "discard") and len(parts) == 2 and parts[1] in hand:
        return ("hand", parts[1])
    if head == "heal" and len(parts) == 2 and parts[1] in traumas:
        return ("trauma", parts[1])
    if head == "exp" and len(parts) == 3 and parts[1] == "heal" and parts[2] in traumas:
        return ("trauma", parts[2])
    if head == "enc" and view.get("encounter"):
        return ("encounter", "")
    return None  # task:*, learn:skip, ignore:* ... are decisions: the panel shows them


# ---------------------------------------------------------------- look closer

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


def find_look(view: dict[str, Any], look_id: str) -> Look | None:
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


# ---------------------------------------------------------------- what travels

def _adamastor_cards(v: View) -> dict[int, str]:
    """Where each Sailing card the board shows lies: the part of its row, hand, tableau or the discard."""
    at: dict[int, str] = {}
    for place in ("row", "hand", "skills", "traumas"):
        for card in v.get(place) or ():
            at[card["number"]] = place
    top = (v.get("discard") or {}).get("top")
    if top:
        at[top["number"]] = "discard"
    return at


def trips(before: View, after: View, events: Events) -> Trips:
    trips = Trips()
    old_ship, ship = (before.get("map") or {}).get("ship"), (after.get("map") or {}).get("ship")
    if old_ship and ship and old_ship != ship:
        sailed = [str(e["data"]["space"]) for e in events if e.get("kind") == "move" and "space" in e.get("data", {})]
        trips.moved["ship"] = Trip(old_ship, through(old_ship, sailed))
    was, now = _adamastor_cards(before), _adamastor_cards(after)
    drew = after.get("morale", 0) < before.get("morale", 0)  # the Sailing deck is the Morale
    for number, place in now.items():
        old = was.get(number, "deck" if drew else None)  # not on the table before: drawn, or back from the discard
        if old is not None and old != place:
            # a card leaving the row or the hand is remembered by its own part (c<number>), the others by their pile
            trips.moved[f"c{number}"] = Trip(f"c{number}" if old in ("row", "hand") else old)
    grown = (after.get("discard") or {}).get("count", 0) - (before.get("discard") or {}).get("count", 0)
    grown += after.get("removed", 0) - before.get("removed", 0)
    if grown > 0:
        gone = [f"c{n}" for n, place in was.items() if n not in now and place in ("row", "hand")]
        top = ((after.get("discard") or {}).get("top") or {}).get("number")
        shown = 1 if top is not None and was.get(top) != "discard" else 0  # a new top card is drawn arriving
        from_deck = max(0, grown - len(gone) - shown)
        trips.took["discard"] = (gone + ["deck"] * from_deck)[:MAX_GHOSTS]
        if not trips.took["discard"]:
            del trips.took["discard"]
    return trips


# The ship's log: "start" opens week 1 and "turn" each later week (both are entries too); before them, the setup.
CHRONICLE = Chronicle(opens=("start", "turn"))

TEMPLATE_GLOBALS = {"adamastor_cell": cell_look}


# ---------------------------------------------------------------- the story of a move (app/ui/story.py)

PHASE_PARTS = ("sunrise", "actions", "events", "sunset")


def parts_of(view: View) -> set[str]:
    """Every data-part the board draws for `view` (templates/games/adamastor/*.html): what a story step may glow."""
    board_map = view.get("map") or {}
    found = {"week", "row", "hand", "skills", "traumas", "deck", "discard", "enc", "events", "morale", "exp"}
    found.update(f"ph-{p}" for p in PHASE_PARTS)
    found.update(f"ev-{e.get('key')}" for e in view.get("events") or ())
    found.update(f"m{slot.get('slot')}" for slot in board_map.get("slots") or ())
    found.update(_space_ids(board_map))
    found.update(f"c{n}" for n, place in _adamastor_cards(view).items() if place != "discard")
    for card in (view.get("encounter"), view.get("encounter_top"), *(view.get("tasks") or ())):
        if isinstance(card, dict) and card.get("id"):
            found.add(f"e-{card['id']}")
    if view.get("tasks"):
        found.add("tasks")
    if view.get("phase") == "actions":
        found.add("tokens")
    if view.get("weather"):
        found.add("wx")
    if board_map.get("ship"):
        found.add("ship")
    return found


def _card_or(data: dict[str, Any], key: str, *fallback: str) -> tuple[str, ...]:
    """The card's own part (`c<number>`) if the board shows it, then the piles it went to or came from."""
    n = data.get(key)
    return ((f"c{n}",) if isinstance(n, int) else ()) + fallback


def _touches(event: dict[str, Any], before: View, after: View) -> tuple[str, ...]:
    kind = str(event.get("kind") or "")
    data = event.get("data") if isinstance(event.get("data"), dict) else {}
    space = str(data.get("space") or "")
    enc = f"e-{data['id']}" if data.get("id") else ""
    wanted: tuple[str, ...] = ()
    if kind == "setup":
        wanted = ("m0", "row", "hand")
    elif kind == "start":
        wanted = (space, "ship", "week", "ph-actions")
    elif kind == "turn":
        wanted = ("week", "ph-sunrise")
    elif kind == "weather":
        wanted = ("wx", "row")
    elif kind == "draw":
        wanted = _card_or(data, "card", "deck", "morale")
    elif kind == "swap":
        wanted = (*_card_or(data, "card"), *_card_or(data, "other"), "row", "hand")
    elif kind == "nav":
        wanted = _card_or(data, "card", "discard", "skills") if "card" in data else ("ship",)
    elif kind == "move":
        wanted = (space, "ship")
    elif kind == "map":
        wanted = (f"m{data.get('slot')}",)
    elif kind == "exp":
        wanted = ("exp", "traumas") if "card" in data else ("exp",)
    elif kind == "phase":
        wanted = ("ph-events", "events")
    elif kind == "event":
        key = str(data.get("event") or "")
        also = {"unrest": ("row",), "disease": ("morale", "deck"), "fatigue": ("morale", "deck"),
                "learn": ("hand",)}.get(key, ())
        wanted = (f"ev-{key}", "events", *also)
    elif kind == "sunset":
        wanted = ("ph-sunset", "skills" if data.get("step") == "morale" else "traumas", "morale")
    elif kind == "row":
        wanted = (*(("ph-sunset",) if data.get("phase") == "sunset" else ()), *_card_or(data, "card"), "row", "discard")
    elif kind == "trauma":
        wanted = _card_or(data, "card", "traumas")
    elif kind == "discard":
        wanted = _card_or(data, "card", "discard")
    elif kind == "morale":
        wanted = ("morale", "deck", "discard")
    elif kind in ("learn", "ignore"):
        wanted = _card_or(data, "card", "skills")
    elif kind == "heal":
        wanted = ("traumas",)
    elif kind == "encounter":
        wanted = (enc, space, "ship", "enc")
    elif kind == "test":
        wanted = ("discard", "deck", "morale")
    elif kind == "pay":
        wanted = ("exp",)
    elif kind == "actions":
        wanted = ("tokens",)
    elif kind == "task":
        wanted = (enc, "tasks")
    elif kind == "won":
        wanted = ("ship",)
    elif kind == "lost":
        wanted = ("ev-mutiny", "events") if after.get("end") == "mutiny" else ("deck", "morale")
    elif kind == "campaign":
        wanted = _card_or(data, "card")
    present = parts_of(after)
    seen: list[str] = []
    for part in wanted:
        if part and part in present and part not in seen:
            seen.append(part)
    return tuple(seen[:4])


# The moments a player must notice: the voyage sets sail, a new week's Sunrise, the Events phase and each Event
# that strikes, a map card revealed, the end.
BANNERS = frozenset({"start", "turn", "phase", "event", "map", "won", "lost"})


def _banner(event: dict[str, Any], text: str) -> Any:
    """A new week is announced as the turn track names it, "Week 3 · Sunrise"; the others in their line's words."""
    kind = str(event.get("kind") or "")
    data = event.get("data") if isinstance(event.get("data"), dict) else {}
    week = data.get("turn")
    if kind == "turn" and isinstance(week, int) and not isinstance(week, bool):
        return words("Week {n} · Sunrise", n=week)
    return text if kind in BANNERS else ""


TOLD = Told(touches=_touches, banners=BANNERS, banner=_banner)
