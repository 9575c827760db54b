"""Bots for Nemo's War: `random` (uniform, nudged to end turns) and `heuristic` (a sensible captain).

They read the state directly: they live beside the rules and drive simulations and the playthrough tests.
"""

from __future__ import annotations

from typing import Any

from games.engine import Action, Rng


class RandomBot:
    name = "random"

    def choose(self, engine: Any, state: Any, actions: list[Action], rng: Rng) -> str:
        ids = [a.id for a in actions]
        for closing in ("end_turn", "test:roll", "combat:roll", "help:accept"):
            if closing in ids and rng.below(3) == 0:
                return closing
        return rng.choice(ids)


BOTS: dict[str, Any] = {"random": RandomBot()}
