"""Where the things a move changed came from, so the board can show them travel (issue #15).

A move's answer marks each component that arrived from somewhere with `data-from="<place>"` (a place is
an element's `data-part` or `data-place` id: the deck, the old cell, the hand), and, when the move's events
say it went several steps, `data-path="<place> <place> ..."` (the places it passed, in order, ending where
it stands). A pile that took cards it does not show carries `data-took="<part> ..."` (the parts the cards
left). static/js/table.js reads them and animates; nothing here is a rule.

`trips(game, before, after, events)` compares the view before the move with the view after it (and reads
the move's events for paths); it knows each game's components by the ids its templates give them. Only a
move's answer has trips: a plain page load has none, so a reload shows no motion. The board templates
ask `came(part)` and `took(pile)` for the attributes while the answer renders (`rendering(trips)`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup, escape

View = dict[str, Any]
Events = list[dict[str, Any]]
MAX_GHOSTS = 3  # a pile that took many cards at once shows a few flying, not a cloud


@dataclass(frozen=True)
class Trip:
    """A component's journey: from a place, through `path` (empty for a plain slide)."""

    frm: str
    path: tuple[str, ...] = ()


@dataclass
class Trips:
    moved: dict[str, Trip] = field(default_factory=dict)  # part id of the mover -> its trip
    took: dict[str, list[str]] = field(default_factory=dict)  # pile part -> parts of the cards it took

    def __bool__(self) -> bool:
        return bool(self.moved or self.took)


def _path(start: str, steps: list[str]) -> tuple[str, ...]:
    """The places passed from `start` (kept only when there are two steps or more: else it is a slide)."""
    path = [start]
    for place in steps:
        if place != path[-1]:
            path.append(place)
    return tuple(path) if len(path) > 2 else ()


# ---------------------------------------------------------------- Adamastor

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


def _adamastor(before: View, after: View, events: Events) -> Trips:
    trips = Trips()
    old_ship, ship = (before.get("map") or {}).get("ship"), (after.get("map") or {}).get("ship")
    if old_ship and ship and old_ship != ship:
        sailed = [str(e["data"]["space"]) for e in events if e.get("kind") == "move" and "space" in e.get("data", {})]
        trips.moved["ship"] = Trip(old_ship, _path(old_ship, sailed))
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


# ---------------------------------------------------------------- Nemo's War

def _nemos_war(before: View, after: View, events: Events) -> Trips:
    trips = Trips()
    old, new = before.get("nautilus"), after.get("nautilus")
    if old and new and old != new:
        trips.moved["naut"] = Trip(f"o-{old}")
    cards, old_cards = after.get("cards") or {}, before.get("cards") or {}
    current, old_current = cards.get("current"), old_cards.get("current")
    if current and (not old_current or old_current.get("id") != current.get("id")):
        trips.moved["card"] = Trip("deck")
    if old_current and (not current or current.get("id") != old_current.get("id")):
        for pile in ("kept", "pass", "fail"):  # the card that was on the table went to one of these
            if any(c.get("id") == old_current.get("id") for c in cards.get(pile) or ()):
                trips.took["kept" if pile == "kept" else f"p-{pile}"] = ["card"]
    return trips


# ---------------------------------------------------------------- Platformer

def _platformer_figures(v: View) -> dict[str, str]:
    """Each figure's part id (hero, boss, e-<id>) -> the cell it stands in."""
    at = {}
    for c in (v.get("map") or {}).get("cells") or ():
        f = c.get("figure")
        if f:
            at[f["kind"] if f["kind"] in ("hero", "boss") else f"e-{f['id']}"] = c["id"]
    return at


def _platformer(before: View, after: View, events: Events) -> Trips:
    trips = Trips()
    was, now = _platformer_figures(before), _platformer_figures(after)
    for part, cell in now.items():
        old = was.get(part)
        if old is None or old == cell:
            continue
        figure = part if part in ("hero", "boss") else part[2:]
        steps = [str(c) for e in events if (e.get("data") or {}).get("figure") == figure
                 for c in e["data"].get("cells") or ()]
        path = _path(old, steps)
        trips.moved[part] = Trip(old, path if path and path[-1] == cell else ())
    return trips


# ---------------------------------------------------------------- Call to Adventure

def _cta_cards(v: View) -> dict[str, str]:
    """Each card the board shows (its id is its part id) -> where it lies: a row, a story slot, the hand..."""
    at: dict[str, str] = {}
    for row in v.get("rows") or ():
        for card in row.get("cards") or ():
            at[card["id"]] = f"row-{row.get('act')}"
    for slot in v.get("tableau") or ():
        if slot.get("card"):
            at[slot["card"]["id"]] = f"char-{slot.get('slot')}"
        for card in slot.get("placed") or ():
            at[card["id"]] = f"story-{slot.get('slot')}"
    for place in ("dealt", "hand", "played", "allies"):
        for card in v.get(place) or ():
            at[card["id"]] = place
    return at


def _call_to_adventure(before: View, after: View, events: Events) -> Trips:
    """A card gained slides from its row into the story, a chosen character into its slot, a played card from
    the hand; a Hero or Antihero card drawn comes from its deck."""
    trips = Trips()
    was, now = _cta_cards(before), _cta_cards(after)
    hand = {card["id"]: card.get("kind") for card in after.get("hand") or ()}
    for card, place in now.items():
        old = was.get(card)
        if old is not None and old != place and not place.startswith("row-"):
            trips.moved[card] = Trip(card)
        elif old is None and card in hand and hand[card] in ("hero", "antihero"):
            trips.moved[card] = Trip(f"hd-{hand[card]}")
    return trips


_GAMES: dict[str, Callable[[View, View, Events], Trips]] = {
    "adamastor": _adamastor, "nemos_war": _nemos_war, "platformer": _platformer,
    "call_to_adventure": _call_to_adventure}


def trips(game: str, before: View | None, after: View, events: Events) -> Trips:
    """What the move from `before` to `after` (with its events, as JSON) moved, and from where."""
    derive = _GAMES.get(game)
    if derive is None or not isinstance(before, dict) or not isinstance(after, dict):
        return Trips()
    return derive(before, after, events)


# ---------------------------------------------------------------- the templates' side

_current: ContextVar[Trips | None] = ContextVar("table_trips", default=None)


@contextmanager
def rendering(moved: Trips | None) -> Iterator[None]:
    """While a move's answer renders, `came` and `took` answer from `moved`."""
    token = _current.set(moved)
    try:
        yield
    finally:
        _current.reset(token)


def came(part: str) -> Markup:
    """The attributes of a component the move brought from somewhere (' data-from=...'), else ''."""
    moved = _current.get()
    trip = moved.moved.get(part) if moved else None
    if trip is None:
        return Markup("")
    attrs = f' data-from="{escape(trip.frm)}"'
    if trip.path:
        attrs += f' data-path="{escape(" ".join(trip.path))}"'
    return Markup(attrs)


def took(pile: str) -> Markup:
    """The attribute of a pile that took cards it does not show (' data-took=...'), else ''."""
    moved = _current.get()
    parts = moved.took.get(pile) if moved else None
    return Markup(f' data-took="{escape(" ".join(parts))}"') if parts else Markup("")
