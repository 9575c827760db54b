"""Rough values the heuristic bot uses to compare cards, encounter options and Adventure Rows."""

from __future__ import annotations

from games.adamastor.components import THREATS, Components
from games.adamastor.state import State
from games.adamastor.table import skill_cost

WEATHER_VALUE = {"sun": 1.0, "cloud": 0.0, "storm": -1.2}
EFFECT_VALUE = {
    "morale": 1.0,
    "exp": 1.0,
    "draw": 1.5,
    "discard": -1.5,
    "actions": 1.5,
    "nav_bonus": 0.7,
    "heal": 2.5,
}
PLAIN_VALUE = {"trauma": -1.5, "learn": 2.0, "reveal_map": 0.5, "row_lowest": -0.5, "flip": 0.0}
COST_VALUE = {"exp": 1.0, "cards": 1.5, "morale": 1.0, "nav": 0.6}


def effects_value(effects: list[dict]) -> float:
    total = 0.0
    for eff in effects:
        op = eff["op"]
        if op in EFFECT_VALUE:
            total += EFFECT_VALUE[op] * eff["n"]
        elif op in PLAIN_VALUE:
            total += PLAIN_VALUE[op]
        elif op == "test":
            total += (effects_value(eff["success"]) + effects_value(eff["failure"])) / 2 - 1
        elif op == "choice":
            total += max(
                effects_value(o.get("effects", [])) - costs_value(o.get("costs", [])) for o in eff["options"]
            )
    return total


def costs_value(costs: list[dict]) -> float:
    return sum(COST_VALUE[c["pay"]] * c["n"] for c in costs)


def card_value(comp: Components, s: State, number: int) -> float:
    """How much a card is worth keeping in hand."""
    card = comp.sailing[number]
    value = card.nav * 1.0
    known = {comp.sailing[c].skill for c in s.skills}
    if card.skill and card.skill not in known and skill_cost(comp, s, number) <= 2:
        value += 2.5
    return value


def row_value(comp: Components, s: State, row: list[int], hand: list[int]) -> float:
    """A row's worth for this turn's events and next turn's weather (the two highest cards stay)."""
    cards = [comp.sailing[c] for c in row]
    value = sum(WEATHER_VALUE[c.weather] for c in cards[:2])
    counts = {t: sum(c.threat(t) for c in cards) for t in THREATS}
    for c in s.traumas:
        counts[comp.sailing[c].trauma] += 1
    for c in s.skills:
        skill = comp.sailing[c]
        if skill.skill in ("ignore_icon", "ignore_choice"):
            worst = max(skill.types, key=lambda t: counts[t])
            counts[worst] = max(0, counts[worst] - 1)
    if counts["unrest"] >= 5:
        value -= 2.0
    if counts["disease"] >= 5:
        value -= sum(1 for c in s.traumas if comp.sailing[c].trauma == "disease") * 1.0
    if counts["fatigue"] >= 5:
        value -= 3.0
    if min(counts.values()) >= 3:
        value -= 100.0
    if cards and cards[-1].trauma:
        value -= 2.0
    motivation = sum(c.motivation for c in cards)
    if motivation >= 2 and any(comp.sailing[c].skill and skill_cost(comp, s, c) <= motivation for c in hand):
        value += 2.0
    value += 0.3 * sum(comp.sailing[c].nav for c in hand)
    return value
