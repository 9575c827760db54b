"""The score chart of /stats (app/ui/charts.py): scores placed between its guides, lower scores lower."""

from __future__ import annotations

from datetime import UTC, datetime

from app.shelf.stats import Played
from app.ui.charts import BOTTOM, HEIGHT, TOP, score_chart

WHEN = datetime(2026, 11, 28, tzinfo=UTC)


def _games(*scores: int | None) -> list[Played]:
    return [Played(id=str(i), status="lost", score=s, ended_at=WHEN, options={}) for i, s in enumerate(scores)]


def test_higher_scores_are_drawn_higher_and_zero_on_the_bottom_guide():
    chart = score_chart(_games(0, 10, 5))
    ys = [p.y for p in chart.points]
    assert ys[1] == TOP and ys[0] == HEIGHT - BOTTOM and ys[1] < ys[2] < ys[0]
    assert [score for _, score in chart.ticks][0] == 0 and chart.ticks[-1][1] == 10


def test_equal_scores_lie_on_the_bottom_guide_not_the_top_edge():
    """Five lost games scoring 0 each (a Platformer losing streak) drew their line along the top of the box."""
    chart = score_chart(_games(0, 0, 0, 0, 0))
    assert {p.y for p in chart.points} == {HEIGHT - BOTTOM}
    assert chart.ticks == [(HEIGHT - BOTTOM, 0)]


def test_no_scored_game_draws_no_chart():
    assert score_chart(_games(None, None)) is None
