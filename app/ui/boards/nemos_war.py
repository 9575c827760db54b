"""Nemo's War's board: where each action is drawn, what opens large, what travels.

- `home(view, action_id)`: a component (kind, key) the board template draws (see games/nemos_war/CONTRACT.md
  for the ids), or None for the decision panel. A home is only answered when the view shows that component,
  so every legal action is drawn exactly once: on the map, a track, a card or a token, else in the panel.
- `find_look(view, look_id)`: Adventure cards (by card id), the Adventure deck, the Pass and Fail piles
  (p-pass, p-fail), the ships in the oceans' boxes (ship-<box>; a hidden ship stays hidden), the Nautilus
  (naut), the oceans (o-<key>) and their treasure tokens (t-<key>, face down).
- `trips(before, after, events)`: the Nautilus between oceans, the Adventure card from its deck to a pile.
- `TOLD`: what each step of a move touches (app/ui/story.py), from the data the engine gives its events (the
  card drawn, the box of a ship placed, fired or attacked, the ocean, the resource, the track...), and the
  banners: a new turn, the end of the voyage.
"""

from __future__ import annotations

from typing import Any

from app.ui.chronicle import Chronicle
from app.ui.look import Look, by_id
from app.ui.story import Told
from app.ui.travel import Events, Trip, Trips, View

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


def home(view: dict[str, Any], action_id: str) -> Home:
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


# ---------------------------------------------------------------- look closer

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


def _ocean_list(view: dict[str, Any]) -> list[dict[str, Any]]:
    return [o for o in view.get("oceans") or () if isinstance(o, dict)]


def _ship(view: dict[str, Any], look_id: str) -> Look | None:
    box = look_id.removeprefix("ship-")
    for ocean in _ocean_list(view):
        slot = by_id(ocean.get("slots"), box, "box")
        if slot and slot.get("ship"):
            return Look(look_id, "ship", slot["ship"], "box", {"ocean": ocean, "slot": slot})
    return None


def find_look(view: dict[str, Any], look_id: str) -> Look | None:
    if look_id == "deck":
        return Look(look_id, "deck", {"count": (view.get("cards") or {}).get("deck", 0)})
    if look_id in ("p-pass", "p-fail"):
        pile = look_id[2:]
        return Look(look_id, "pile", (view.get("cards") or {}).get(pile) or [], pile)
    if look_id.startswith("ship-"):
        return _ship(view, look_id)
    if look_id == "naut":
        here = by_id(_ocean_list(view), str(view.get("nautilus")), "key")
        return Look(look_id, "nautilus", here, extra={"resources": view.get("resources")}) if here else None
    if look_id[:2] in ("o-", "t-"):
        ocean = by_id(_ocean_list(view), look_id[2:], "key")
        if ocean is None or (look_id[0] == "t" and not ocean.get("treasure")):
            return None
        return Look(look_id, "ocean" if look_id[0] == "o" else "treasure", ocean)
    return _card(view, look_id)


# ---------------------------------------------------------------- what travels

def trips(before: View, after: View, events: Events) -> Trips:
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

# The log book: each "turn" line is the heading of its turn; lines before the first belong to the turn before it,
# and with none in the tail, to the current turn (whose heading comes with its preparation roll).
CHRONICLE = Chronicle(headings=True, current=lambda view: int(view.get("turn") or 0) - (
    1 if view.get("phase") in ("setup", "prep") else 0))


# ---------------------------------------------------------------- the story of a move

TRACKS = {"calendar": "cal", "notoriety": "not", "liberation": "lib"}
CARD_DECISIONS = ("test", "outcome", "seek")


def parts(view: View) -> set[str]:
    """The data-part ids the board draws for this view (templates/games/nemos_war/)."""
    out = {"deck", "p-pass", "p-fail", "turn", "cal", "not", "lib", "commit", "salvage", "register", "fleet"}
    for o in _ocean_list(view):
        out |= {f"o-{o.get('key')}", f"t-{o.get('key')}"}
        out |= {f"b{s.get('box')}" for s in o.get("slots") or () if isinstance(s, dict)}
    if view.get("nautilus") in _oceans(view):
        out.add("naut")
    if view.get("resources"):
        out |= {f"r-{k}" for k in RESOURCES if view["resources"].get(k)}
    out |= {f"ps-{k}" for k in view.get("passengers") or {}}
    out |= {f"rf-{k}" for k in _refits(view)}
    out |= {f"tok-{k}" for k in _tokens(view)}
    cards = view.get("cards") or {}
    if cards.get("kept"):
        out.add("kept")
    if view.get("cannon"):
        out.add("cannon")
    if view.get("prep_roll"):
        out.add("prep")
    decision = view.get("decision") or {}
    if isinstance(decision, dict):
        kind = decision.get("kind")
        if (kind in CARD_DECISIONS and decision.get("card")) or (kind == "combat" and cards.get("current")):
            out.add("card")
        if kind in ("test", "combat") and decision.get("rolled"):
            out.add("roll")
        if kind == "combat" and decision.get("warship_fired"):
            out.add("fire")
    return out


def _card_part(view: View, cid: str) -> str | None:
    """Where card `cid` lies after the move: on the table (being resolved), kept, or in a pile."""
    decision = view.get("decision") if isinstance(view.get("decision"), dict) else {}
    cards = view.get("cards") or {}
    current = [decision.get("card")] if decision.get("kind") in CARD_DECISIONS else []
    if decision.get("kind") == "combat":
        current.append(cards.get("current"))
    if any(isinstance(c, dict) and str(c.get("id")) == cid for c in current):
        return "card"
    for pile, part in (("kept", "kept"), ("pass", "p-pass"), ("fail", "p-fail")):
        if any(isinstance(c, dict) and str(c.get("id")) == cid for c in cards.get(pile) or ()):
            return part
    return None


def touches(event: dict[str, Any], before: View, after: View) -> tuple[str, ...]:
    """The components one step of a move concerns, as data-part ids drawn on the board after the move."""
    data = event.get("data") if isinstance(event.get("data"), dict) else {}
    kind = event.get("kind")
    out: list[str] = []
    if kind == "turn":
        out.append("turn")
    if data.get("prep"):
        out += ["prep", "turn"]  # the preparation roll
    if kind == "card":
        out.append("deck")
    card = data.get("card")
    if card is not None:
        out.append(_card_part(after, str(card)) or "deck")
        if data.get("dice"):
            out.append("roll")
    if data.get("pile") in ("pass", "fail"):
        out.append(f"p-{data['pile']}")
    if data.get("deck") == 0:
        out.append("deck")
    box = data.get("box")
    if box:
        out.append(f"b{box}")
        if kind == "roll" and "most" in data:
            out.append("fire")
        elif kind == "roll" or data.get("passenger"):
            out.append("roll")
    to = data.get("to")
    if to in ("salvage", "register"):
        out.append(to)
    ocean = data.get("ocean")
    if ocean:
        if data.get("from"):
            out.append(f"o-{data['from']}")
        out.append(f"o-{ocean}")
        if data.get("from") or data.get("nautilus") or "found" in data:
            out.append("naut")  # the Nautilus moves, starts there or searches there
        if data.get("treasure") or "found" in data:
            out.append(f"t-{ocean}")
    if data.get("res"):
        out.append(f"r-{data['res']}")
    if data.get("track") in TRACKS:
        out.append(TRACKS[data["track"]])
    if data.get("adventure"):
        out.append("deck")
    if data.get("token"):
        out.append(f"tok-{data['token']}")
        if kind == "treasure":
            out.append("naut")  # found where the Nautilus is (a token acting at once leaves no token drawn)
    if data.get("passenger"):
        out.append(f"ps-{data['passenger']}")
    if "cannon" in data:
        out.append("cannon")
    if "weeks" in data:
        out.append("cal")  # rest, repair or refit: 1d3 weeks
    if data.get("table") == "rest":
        out.append("r-crew")
    if data.get("refit"):
        out.append(f"rf-{data['refit']}")
    if data.get("commitment"):
        out.append("commit")
    if data.get("group"):
        out.append("fleet")
    drawn = parts(after)
    return tuple(dict.fromkeys(part for part in out if part in drawn))


# The turn's heading and the end of the voyage get their moment: a banner over the table.
TOLD = Told(touches=touches, banners=frozenset({"turn", "end"}))
