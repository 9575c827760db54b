"""Moving Sailing cards around the table: morale, drawing, the Adventure Row, traumas, icon counts.

Every function works on a cloned `State` in place and appends what happened to `ev`.
"""

from __future__ import annotations

from games.adamastor.components import THREATS, Components
from games.adamastor.state import State
from games.engine import N_, Event, words, words_n

DEMORALISED = N_("demoralised: the Sailing deck was empty when a draw was required")
MUTINY = N_("mutiny")
REACHED = N_("the ship reached its destination")
THREAT_WORDS = (N_("unrest"), N_("disease"), N_("fatigue"), N_("motivation"))  # said where a type is named
STRANDED = N_("demoralised: the deck and your hand are empty and the ship can never sail again")


def say(s: State, ev: list[Event], kind: str, text: str, reveals: bool = False, **data) -> None:
    ev.append(Event(kind, text, reveals, data))
    s.add_log(text)


def finish(s: State, ev: list[Event], result: str, reason: str) -> None:
    s.phase, s.result, s.reason = "over", result, reason
    s.pending, s.todo, s.nav = None, [], None
    if result == "won":
        text = words("You win: the ship reaches its destination!")
    elif reason == MUTINY:
        text = words(
            "You lose: mutiny on board, with 3 or more icons of each threat (unrest, disease, fatigue) in play.")
    else:
        text = words("You lose ({reason}).", reason=reason)
    say(s, ev, result, text)


def title(comp: Components, number: int) -> str:
    return words("#{number} {title}", number=number, title=comp.sailing[number].title)


def card_name(comp: Components, number: int) -> str:
    """A card as a button names it: "Homesick (35)" (the log keeps `title`'s form: saves store it)."""
    return words("{title} ({number})", title=comp.sailing[number].title, number=number)


def nav_points(n: int) -> str:
    return words_n("{n} Navigation Point", "{n} Navigation Points", n)


def listing(items: list[str]) -> str:
    """Items joined by commas, each still said in the reader's language."""
    out = items[0] if items else ""
    for item in items[1:]:
        out = words("{a}, {b}", a=out, b=item)
    return out


WEATHER_WORDS = (N_("sun"), N_("cloud"), N_("storm"))  # the weather icons as the log names them


def spaced(items: list[str]) -> str:
    """Items joined by spaces (weather icons), each still said in the reader's language."""
    out = items[0] if items else ""
    for item in items[1:]:
        out = words("{a} {b}", a=out, b=item)
    return out


def lose_morale(comp: Components, s: State, ev: list[Event], n: int, removed: bool = False) -> None:
    """Top of the deck to the discard pile (or out of the game), one card at a time."""
    moved = []
    for _ in range(n):
        if not s.deck:
            break
        card = s.deck.pop(0)
        (s.removed if removed else s.discard).append(card)
        moved.append(card)
    if moved:
        names = listing([title(comp, c) for c in moved])
        text = (words("Morale −{n}: {cards} removed from play from the deck.", n=len(moved), cards=names) if removed
                else words("Morale −{n}: {cards} discarded from the deck.", n=len(moved), cards=names))
        say(s, ev, "morale", text, True, cards=moved)
    if len(moved) < n:
        say(s, ev, "morale", words("The Sailing deck is empty: no more morale can be lost."))


def gain_morale(s: State, ev: list[Event], n: int) -> None:
    """Top of the discard pile to the bottom of the deck, one card at a time."""
    moved = 0
    for _ in range(n):
        if not s.discard:
            break
        s.deck.append(s.discard.pop())
        moved += 1
    if moved:
        say(s, ev, "morale", words_n("Morale +{n}: {n} card goes back under the deck.",
                                     "Morale +{n}: {n} cards go back under the deck.", moved))
    if moved < n:
        say(s, ev, "morale", words("The discard pile is empty: no more morale can be gained."))


def take_top(comp: Components, s: State, ev: list[Event], why: str) -> int | None:
    """Take the deck's top card for a required draw; an empty deck loses the game."""
    if not s.deck:
        finish(s, ev, "lost", DEMORALISED)
        return None
    card = s.deck.pop(0)
    say(s, ev, "draw", words("{why}: {card}.", why=why, card=title(comp, card)), True, card=card)
    return card


def sort_row(s: State) -> None:
    s.row.sort(reverse=True)


def refill_row(comp: Components, s: State, ev: list[Event], why: str) -> None:
    while len(s.row) < 3 and s.phase != "over":
        card = take_top(comp, s, ev, why)
        if card is not None:
            s.row.append(card)
            sort_row(s)


def gain_or_discard(comp: Components, s: State, ev: list[Event], card: int) -> None:
    """A card leaving the row or revealed by an effect: a Trauma is gained, a Skill is discarded."""
    if comp.sailing[card].trauma:
        s.traumas.append(card)
        say(s, ev, "trauma", words("{card} becomes a Trauma ({kind}).", card=title(comp, card),
                                   kind=comp.sailing[card].trauma), card=card)
    else:
        s.discard.append(card)
        say(s, ev, "discard", words("{card} is discarded.", card=title(comp, card)), card=card)


def discard_lowest(comp: Components, s: State, ev: list[Event], why: str) -> None:
    if s.row:
        card = s.row.pop()
        say(s, ev, "row", words("{why}: the lowest row card {card} leaves the row.", why=why, card=title(comp, card)),
            card=card, phase=s.phase)
        gain_or_discard(comp, s, ev, card)


def skills_of(comp: Components, s: State, kind: str) -> list[int]:
    return [c for c in s.skills if comp.sailing[c].skill == kind]


def raw_icons(comp: Components, s: State) -> dict[str, int]:
    """Threat icons in play (row cards and held Traumas) and the row's motivation icons."""
    counts = {t: 0 for t in THREATS}
    motivation = 0
    for c in s.row:
        card = comp.sailing[c]
        motivation += card.motivation
        for i, t in enumerate(THREATS):
            counts[t] += card.threats[i]
    for c in s.traumas:
        counts[comp.sailing[c].trauma] += 1
    counts["motivation"] = motivation
    return counts


def icons(comp: Components, s: State) -> dict[str, int]:
    """Icon counts after ignore skills (ignore_icon always; ignore_choice once its type is chosen)."""
    counts = raw_icons(comp, s)
    for c in s.skills:
        card = comp.sailing[c]
        if card.skill == "ignore_icon":
            kind = card.types[0]
        elif card.skill == "ignore_choice":
            kind = s.ignore_choices.get(str(c))
        else:
            continue
        if kind:
            counts[kind] = max(0, counts[kind] - 1)
    return counts


def hand_limit(comp: Components, s: State) -> int:
    extra = s.campaign["mods"].get("hand_limit", 0) if s.campaign else 0
    return (4 if skills_of(comp, s, "hand_limit") else 3) + extra


def skill_cost(comp: Components, s: State, card: int) -> int:
    return max(0, comp.sailing[card].cost - len(skills_of(comp, s, "cheaper_skills")))
