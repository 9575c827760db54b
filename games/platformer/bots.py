"""Bots for Platformer: `random` (uniform, nudged to finish what it starts) and `heuristic` (see hbot.py)."""

from __future__ import annotations

from typing import Any

from games.engine import Action, Rng
from games.platformer.hbot import HeuristicBot


class RandomBot:
    """Uniform among the legal actions; it leans towards ending a step or a symbol so turns do not drag on."""

    name = "random"

    def choose(self, engine: Any, state: dict, actions: list[Action], rng: Rng) -> str:
        ids = [a.id for a in actions]
        for closing in ("end_actions", "done", "save:skip"):
            if closing in ids and rng.below(6) == 0:
                return closing
        return rng.choice(ids)


BOTS: dict[str, Any] = {"random": RandomBot(), "heuristic": HeuristicBot()}
