"""`python -m app bench --advisor` (issue #28): its parts measure what they say, on every game."""

from __future__ import annotations

from app.ops.bench import advisor
from games.registry import all_engines


def test_playouts_per_second_for_every_game():
    rates = advisor.playouts_per_second(seconds=0.3)
    assert set(rates) == {e.spec.slug for e in all_engines()}
    assert all(rate > 0 for rate in rates.values())


def test_a_decision_is_a_position_with_a_choice():
    for engine in all_engines():
        state = advisor._decision(engine, seed=1, moves=6)
        assert len(engine.legal_actions(state)) >= 2 and not engine.status(state).over


def test_percentiles():
    assert advisor._pct([3.0, 1.0, 2.0], 0.5) == 2.0
    assert advisor._pct([float(v) for v in range(1, 101)], 0.95) == 95.0
    assert advisor._pct([], 0.5) != advisor._pct([], 0.5)  # nan: nothing measured
