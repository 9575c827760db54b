"""Measurements of one bench run: per-game samples of moves and page loads, merged across players.

A player process fills a `Samples` and sends it back (it is picklable); the parent merges them all
and asks for rates, percentiles and sizes when the report is written.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


def percentile(values: list[float], pct: float) -> float:
    """The pct-th percentile by nearest rank (0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * pct // 100))  # ceil without floats drifting
    return ordered[int(rank) - 1]


@dataclass
class Series:
    """Latencies (seconds) and compressed answer sizes (bytes) of one kind of request."""

    latencies: list[float] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)

    def add(self, latency: float, size: int) -> None:
        self.latencies.append(latency)
        self.sizes.append(size)

    def merge(self, other: Series) -> None:
        self.latencies.extend(other.latencies)
        self.sizes.extend(other.sizes)

    @property
    def count(self) -> int:
        return len(self.latencies)

    def ms(self, pct: float) -> float:
        return percentile(self.latencies, pct) * 1000

    @property
    def mean_size(self) -> float:
        return sum(self.sizes) / len(self.sizes) if self.sizes else 0.0

    @property
    def max_size(self) -> int:
        return max(self.sizes, default=0)


@dataclass
class GameSamples:
    """Everything measured for one game (or for one campaign's between-games choices)."""

    moves: Series = field(default_factory=Series)  # answered with success
    pages: Series = field(default_factory=Series)  # board page loads (HTML only, assets not included)
    first_loads: list[int] = field(default_factory=list)  # HTML + every asset it references, bytes
    errors: Counter[int] = field(default_factory=Counter)  # refused or failed moves by HTTP status
    games_finished: int = 0

    def merge(self, other: GameSamples) -> None:
        self.moves.merge(other.moves)
        self.pages.merge(other.pages)
        self.first_loads.extend(other.first_loads)
        self.errors.update(other.errors)
        self.games_finished += other.games_finished


@dataclass
class Samples:
    """One player's (or the whole run's) samples, keyed by game slug ("campaign:<slug>" for campaigns)."""

    games: dict[str, GameSamples] = field(default_factory=dict)

    def of(self, key: str) -> GameSamples:
        return self.games.setdefault(key, GameSamples())

    def merge(self, other: Samples) -> None:
        for key, samples in other.games.items():
            self.of(key).merge(samples)

    def overall(self) -> GameSamples:
        total = GameSamples()
        for samples in self.games.values():
            total.merge(samples)
        return total
