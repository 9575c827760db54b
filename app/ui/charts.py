"""Charts of the /stats page, drawn on the server as SVG (no chart library, no script).

`score_chart` places a game's scores over time (oldest to newest ended game) in a fixed viewBox; the
template draws the line, a dot per game coloured by its result, and the axis labels. The page gives
each chart a text alternative (an aria-label and a table of the same points).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

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


# ---- The game review (issue #28 §3): the chance to win after every decision, like a chess evaluation graph ----
REVIEW_WIDTH, REVIEW_HEIGHT = 640, 200


@dataclass(frozen=True)
class ReviewDot:
    x: float
    y: float
    best_y: float
    point: Any  # app.shelf.review.Point
    marked: bool


@dataclass(frozen=True)
class ReviewChart:
    dots: list[ReviewDot]
    ticks: list[tuple[float, float]]  # (y, chance) of the horizontal guides
    width: int = REVIEW_WIDTH
    height: int = REVIEW_HEIGHT
    left: int = LEFT
    right_edge: int = REVIEW_WIDTH - RIGHT
    bottom_edge: int = REVIEW_HEIGHT - BOTTOM

    @property
    def line(self) -> str:
        return " ".join(f"{d.x:.1f},{d.y:.1f}" for d in self.dots)

    @property
    def area(self) -> str:
        """The chance as a filled area down to 0 (the line's shadow)."""
        if not self.dots:
            return ""
        return (f"{self.dots[0].x:.1f},{self.bottom_edge} {self.line} {self.dots[-1].x:.1f},{self.bottom_edge}")


def review_chart(points: list[Any], marked: set[int]) -> ReviewChart | None:
    """The chance of the option chosen at each decision, first to last, the marked ones flagged; None without any."""
    if not points:
        return None
    inner_w, inner_h = REVIEW_WIDTH - LEFT - RIGHT, REVIEW_HEIGHT - TOP - BOTTOM

    def y_of(chance: float) -> float:
        return TOP + inner_h * (1 - chance)

    step = inner_w / (len(points) - 1) if len(points) > 1 else 0
    dots = [ReviewDot(LEFT + (i * step if len(points) > 1 else inner_w / 2), y_of(p.chance), y_of(p.best_chance), p,
                      p.n in marked) for i, p in enumerate(points)]
    return ReviewChart(dots=dots, ticks=[(y_of(v), v) for v in (0.0, 0.25, 0.5, 0.75, 1.0)])
