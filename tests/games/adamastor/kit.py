"""Crafted Adamastor components and positions for rules tests.

`components()` builds a full, valid component set in memory (40 Sailing cards, the 10 weather rows,
4 regular maps + 1 destination, a few encounters) that tests override card by card, so a rule can be
checked on exactly the cards it needs. `arrange()` puts chosen cards in chosen places.
"""

from __future__ import annotations

import itertools
from typing import Any

from games.adamastor.components import WEATHERS, build
from games.adamastor.engine import AdamastorEngine
from games.adamastor.state import State

TYPES = ("unrest", "disease", "fatigue")


def card(
    number: int,
    *,
    weather: str = "sun",
    threats: tuple[int, int, int] = (0, 0, 0),
    motivation: int = 0,
    nav: int = 2,
    trauma: str | None = None,
    sunset: int = 0,
    skill: dict | None = None,
) -> dict:
    """One Sailing card; a trauma card unless `skill` is given."""
    if skill is None and trauma is None:
        trauma = TYPES[number % 3]
    return {
        "number": number,
        "title": f"Card {number}",
        "weather": weather,
        "threats": dict(zip(TYPES, threats, strict=True)),
        "motivation": motivation,
        "nav": nav,
        "trauma": None if skill else {"type": trauma, "sunset_morale": sunset},
        "skill": skill,
        "flavor": "test card",
    }


def skill(kind: str, cost: int = 1, **extra: Any) -> dict:
    return {"kind": kind, "cost": cost, **extra}


def sailing(overrides: dict[int, dict] | None = None) -> list[dict]:
    """Plain cards: odd numbers are traumas, even numbers `nav_plus` skills; all sunny, no threats."""
    cards = {n: card(n) if n % 2 else card(n, skill=skill("nav_plus")) for n in range(1, 41)}
    cards.update(overrides or {})
    return [cards[n] for n in range(1, 41)]


def weather() -> list[dict]:
    rows = []
    for combo in itertools.combinations_with_replacement(WEATHERS, 3):
        storms = combo.count("storm")
        rows.append(
            {
                "icons": list(combo),
                "name": "-".join(combo),
                "actions": 4 - storms - (combo.count("cloud") > 1),
                "nav_penalty": 1 if storms else 0,
            }
        )
    return rows


def cell(kind: str = "sea", storms: int = 0, anchor: bool = False, flow: str | None = None) -> dict:
    return {"kind": kind, "storms": storms, "anchor": anchor, "flow": flow}


def open_sea() -> list[list[dict]]:
    return [[cell() for _ in range(4)] for _ in range(3)]


def maps(overrides: dict[str, list[list[dict]]] | None = None) -> list[dict]:
    """R01-R04 regular (open sea) and D01 destination: land at rows 0 and 1, inland at row 2."""
    out = [{"id": f"R0{i}", "name": f"Sea {i}", "kind": "regular", "cells": open_sea()} for i in range(1, 5)]
    dest = open_sea()
    dest[0][3], dest[1][3], dest[2][3] = cell("land"), cell("land"), cell("none")
    out.append({"id": "D01", "name": "Far Coast", "kind": "destination", "flag": True, "cells": dest})
    for m in out:
        if overrides and m["id"] in overrides:
            m["cells"] = overrides[m["id"]]
    return out


def encounter(
    enc_id: str,
    sea: dict | None = None,
    land: dict | None = None,
    back: dict | None = None,
    remove: bool = False,
) -> dict:
    quiet = {"text": "Nothing happens.", "effects": []}
    raw = {
        "id": enc_id,
        "title": f"Encounter {enc_id}",
        "remove_from_campaign": remove,
        "sea": sea or quiet,
        "land": land or quiet,
    }
    if back:
        raw["back"] = back
    return raw


def encounters(extra: list[dict] | None = None) -> list[dict]:
    plain = [encounter(f"E{i:02d}") for i in range(1, 6)]
    return plain + list(extra or [])


def components(
    sailing_over: dict[int, dict] | None = None,
    map_over: dict | None = None,
    encounter_list: list[dict] | None = None,
):
    return build(
        sailing(sailing_over),
        weather(),
        maps(map_over),
        encounter_list if encounter_list is not None else encounters(),
    )


def engine(**kwargs: Any) -> AdamastorEngine:
    return AdamastorEngine(components(**kwargs))


def started(eng: AdamastorEngine, seed: int = 1, row: int = 1, maps_n: str = "3") -> State:
    """A new game with the ship placed on `p0.row` and the map laid out as R01.. then D01."""
    s = eng.new_game(seed, {"maps": maps_n})
    s.map_ids = [f"R0{i}" for i in range(1, int(maps_n) + 1)] + ["D01"]
    s, _ = eng.apply(s, f"start:p0.{row}")
    return s


def arrange(
    s: State,
    *,
    row: list[int] = (),
    hand: list[int] = (),
    skills: list[int] = (),
    traumas: list[int] = (),
    discard: list[int] = (),
    removed: list[int] = (),
    deck_top: list[int] = (),
    deck_size: int | None = None,
) -> State:
    """Place the given cards; the rest go to the deck (after `deck_top`), or, beyond `deck_size`,
    to the bottom of the discard pile."""
    s = s.clone()
    placed = [*row, *hand, *skills, *traumas, *discard, *removed, *deck_top]
    assert len(set(placed)) == len(placed), "a card is placed twice"
    rest = [n for n in range(1, 41) if n not in placed]
    deck = [*deck_top, *rest]
    if deck_size is not None:
        extra, deck = deck[deck_size:], deck[:deck_size]
        discard = [*extra, *discard]
    s.row, s.hand, s.skills, s.traumas = sorted(row, reverse=True), list(hand), list(skills), list(traumas)
    s.discard, s.removed, s.deck = list(discard), list(removed), deck
    return s


def ready(
    eng: AdamastorEngine,
    *,
    actions: int = 3,
    experience: int = 0,
    enc_deck: list[str] | None = None,
    maps_n: str = "3",
    ship_row: int = 1,
    **cards: Any,
) -> State:
    """A position in turn 1's Actions phase with the given cards placed (see `arrange`)."""
    s = arrange(started(eng, row=ship_row, maps_n=maps_n), **cards)
    s.actions_left, s.experience = actions, experience
    if enc_deck is not None:
        s.enc_deck = list(enc_deck)
        s.enc_used = [e for e in sorted(eng.components.encounters) if e not in enc_deck]
    return s


def play(eng: AdamastorEngine, s: State, *action_ids: str) -> tuple[State, list]:
    """Apply several actions; return the last state and all their events."""
    events: list = []
    for a in action_ids:
        s, ev = eng.apply(s, a)
        events += ev
    return s, events


def ids(eng: AdamastorEngine, s: State) -> list[str]:
    return [a.id for a in eng.legal_actions(s)]
