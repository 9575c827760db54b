"""Each engine's speed alone, with no server: actions per second and whole games per second (random bot)."""

from __future__ import annotations

from dataclasses import dataclass

from games.registry import all_engines
from games.simulate import simulate


@dataclass
class EngineSpeed:
    slug: str
    games: int
    actions: int
    seconds: float

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0


def engine_speeds(budget: float = 1.0, *, seed: int = 0) -> list[EngineSpeed]:
    """Seeded games with the random bot, in batches, until `budget` seconds per engine are spent."""
    speeds = []
    for engine in all_engines():
        speed = EngineSpeed(engine.spec.slug, 0, 0, 0.0)
        while speed.seconds < budget:
            summary = simulate(engine, bot="random", games=20, seed=seed + speed.games)
            speed.games += len(summary.results)
            speed.actions += summary.actions
            speed.seconds += summary.seconds
        speeds.append(speed)
    return speeds
