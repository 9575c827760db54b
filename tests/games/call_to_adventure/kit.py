"""Crafted positions for Call to Adventure rules tests: move any card anywhere, rig the runes' faces."""

from __future__ import annotations

from games.call_to_adventure.engine import CallToAdventureEngine
from games.call_to_adventure.state import State
from games.engine import Rng

ENGINE = CallToAdventureEngine()
COMP = ENGINE.components


def by_name(name: str) -> str:
    """The id of the card with this name (story, character or Hero/Antihero)."""
    for group in (COMP.story, COMP.characters, COMP.heroes):
        for cid, card in group.items():
            if card.name == name:
                return cid
    raise KeyError(name)


def take(s: State, card: str) -> None:
    """Remove a card from wherever it is."""
    for key in ("allies", "hero_deck", "antihero_deck", "hand", "played", "removed", "adv_deck", "adv_discard",
                "adv_revealed", "place_queue"):
        if card in getattr(s, key):
            getattr(s, key).remove(card)
    for group in (s.decks, s.rows, s.discards, s.dealt):
        for ids in group.values():
            if card in ids:
                ids.remove(card)
    for k, v in list(s.under.items()):
        if v == card or k == card:
            del s.under[k]
            if k == card:
                s.removed.append(v)
    s.placed = [p for p in s.placed if p[1] != card]
    for slot, cid in s.chars.items():
        if cid == card:
            s.chars[slot] = None


def start(origin: str = "Hunter", motivation: str = "Bound by Honor", destiny: str = "One with Nature",
          seed: int = 1, boss: str = "The Demon", **options: str) -> State:
    """A game past setup with these three character cards kept (others removed) and this Adversary
    (The Demon's power, no Hero cards, leaves costs and difficulties alone)."""
    s = ENGINE.new_game(seed, {"deal": "first", **options})
    for slot, name in (("origin", origin), ("motivation", motivation), ("destiny", destiny)):
        cid = by_name(name)
        old = s.chars[slot]
        take(s, cid)
        s.chars[slot] = cid
        if old and old != cid:
            s.removed.append(old)
    s.place_queue = []
    set_boss(s, boss)
    return s


def row(s: State, act: int, names: list[str]) -> None:
    """Make the Act `act` row exactly these cards (the old ones go back on top of the deck)."""
    key = str(act)
    for cid in list(s.rows[key]):
        s.rows[key].remove(cid)
        s.decks[key].append(cid)
        ally = s.under.pop(cid, None)
        if ally:
            s.decks[key].append(ally)
    for name in names:
        cid = by_name(name)
        take(s, cid)
        s.rows[key].append(cid)


def place(s: State, slot: str, name: str, path: str = "top") -> None:
    cid = by_name(name)
    take(s, cid)
    s.placed.append([slot, cid, path])


def hand(s: State, *names: str) -> None:
    for name in names:
        cid = by_name(name)
        take(s, cid)
        s.hand.append(cid)


def rig(s: State, sides: list[int]) -> None:
    """Set the RNG so that the next len(sides) coin flips (rune faces) come out as `sides` (0 = first face)."""
    for seed in range(1, 1 << 20):
        rng = Rng(seed)
        if all(rng.below(2) == side for side in sides):
            s.rng = seed
            return
    raise AssertionError("no seed found")


def do(s: State, *actions: str) -> tuple[State, list]:
    events: list = []
    for a in actions:
        s, ev = ENGINE.apply(s, a)
        events += ev
    return s, events


def ids(s: State) -> list[str]:
    return [a.id for a in ENGINE.legal_actions(s)]


def set_boss(s: State, name: str) -> None:
    """Make the solo Adversary the adversary card of this name (the old one goes back to its deck)."""
    cid = by_name(name)
    old = s.boss
    if old == cid:
        return
    take(s, cid)
    s.decks[str(COMP.story[old].act)].insert(0, old)
    s.boss = cid
    s.quest = COMP.quest_for(cid)["id"]
