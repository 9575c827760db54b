"""Bots for Adamastor's between-voyage choices (the game itself is played by bots.py): `random` picks
uniformly and sails one time in three; `heuristic` takes the route it rates easiest, buys upgrades in
a fixed order of usefulness while it can pay, then sails.
"""

from __future__ import annotations

from typing import Any

from games.engine import Action, Rng

# The heuristic's shopping list: what helps a voyage most for its price, first.
UPGRADE_ORDER = ("U3", "U1", "U6", "U2", "U8", "U9", "U5", "U10", "U4", "U7")
MOD_VALUE = {
    "exp": 1.0,
    "hand": 1.5,
    "morale": 0.6,
    "trauma": -2.5,
    "first_turn_actions": 1.5,
    "storm_season": -1.2,
    "hand_limit": 1.0,
    "enc_exp": 1.0,
    "reveal": 0.5,
}


def route_value(card: dict) -> float:
    """Higher is easier: fewer map cards, no goal before landing, helpful special rules."""
    value = -4.0 * card["map"]["regular"]
    if card["goal"]["kind"] == "encounters":
        value -= 2.0 * card["goal"]["n"] + (1.0 if card["goal"]["where"] == "land" else 0.0)
    value += sum(MOD_VALUE[m["op"]] * m["n"] for m in card["mods"])
    return value + 3.0 * len(card["skills"])


class RandomCampaignBot:
    name = "random"

    def choose(self, engine: Any, state: Any, actions: list[Action], rng: Rng) -> str:
        ids = [a.id for a in actions]
        if "sail" in ids and rng.below(3) == 0:
            return "sail"
        return rng.choice(ids)


class HeuristicCampaignBot:
    name = "heuristic"

    def choose(self, engine: Any, state: Any, actions: list[Action], rng: Rng) -> str:
        ids = [a.id for a in actions]
        if state.chosen is None:
            cards = [i for i in ids if i.startswith("card:")]
            return max(cards, key=lambda i: (route_value(engine.content.cards[i[5:]]), i))
        for uid in UPGRADE_ORDER:
            if f"upgrade:{uid}" in ids:
                return f"upgrade:{uid}"
        return "sail"


CAMPAIGN_BOTS = {"random": RandomCampaignBot(), "heuristic": HeuristicCampaignBot()}
