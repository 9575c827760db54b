"""Charts of the /stats page, drawn on the server as SVG (no chart library, no script).

`score_chart` places a game's scores over time (oldest to newest ended game) in a fixed viewBox; the
template draws the line, a dot per game coloured by its result, and the axis labels. The page gives
each chart a text alternative (an aria-label and a table of the same points).
"""

from __future__ import annotations

from dataclasses import dataclass

from app.shelf.stats import Played

WIDTH, HEIGHT = 600, 220
LEFT, RIGHT, TOP, BOTTOM = 58, 16, 16, 28


@dataclass(frozen=True)
class Point:
    x: float
    y: float
    game: Played


@dataclass(frozen=True)
class ScoreChart:
    points: list[Point]
    ticks: list[tuple[float, int]]  # (y, score) of the horizontal guides
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    right_edge: int = WIDTH - RIGHT
    bottom_edge: int = HEIGHT - BOTTOM

    @property
    def line(self) -> str:
        return " ".join(f"{p.x:.1f},{p.y:.1f}" for p in self.points)


def _ticks(low: int, high: int) -> list[int]:
    if low == high:
        return [low]
    step = max(1, round((high - low) / 4))
    values = list(range(low, high, step))
    return [*values, high] if high - values[-1] > step / 2 else [*values[:-1], high]


def score_chart(games: list[Played]) -> ScoreChart | None:
    """The chart of these games' scores in the order given; None without any."""
    scored = [g for g in games if g.score is not None]
    if not scored:
        return None
    low, high = min(0, *(g.score for g in scored)), max(g.score for g in scored)  # type: ignore[type-var]
    # Every score the same (often all 0): they lie on the bottom guide, not on the top edge of an empty box.
    top = high if high > low else low + 1
    span = top - low
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def y_of(score: int) -> float:
        return TOP + inner_h * (top - score) / span

    step = inner_w / (len(scored) - 1) if len(scored) > 1 else 0
    points = [Point(LEFT + (i * step if len(scored) > 1 else inner_w / 2), y_of(g.score), g)  # type: ignore[arg-type]
              for i, g in enumerate(scored)]
    return ScoreChart(points=points, ticks=[(y_of(v), v) for v in _ticks(low, high)])
