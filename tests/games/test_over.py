"""`engine.over(state)`, the end of a game asked after every move of every playout (games/advice.py,
games/simulate.py), answers what `engine.status(state).over` answers, at every position of seeded games won, lost
and left unfinished, for every game."""

from __future__ import annotations

import pytest

from games.engine import Rng
from games.registry import all_engines, get_engine

SLUGS = [e.spec.slug for e in all_engines()]


@pytest.mark.parametrize("slug", SLUGS)
def test_over_agrees_with_status_at_every_position(slug):
    engine = get_engine(slug)
    endings = set()
    for seed in range(40):
        state = engine.new_game(seed, engine.spec.normalize_options({}))
        bot = engine.bots["heuristic" if seed % 2 else "random"]
        rng = Rng.from_seed(seed)
        for _ in range(5000):
            status = engine.status(state)
            assert engine.over(state) is status.over, (seed, status.state)
            if status.over:
                endings.add(status.state)
                break
            state, _ = engine.apply(state, bot.choose(engine, state, engine.legal_actions(state), rng))
        else:
            pytest.fail(f"seed {seed}: the game did not end")
    assert "lost" in endings  # the games ended, and not all in one way
