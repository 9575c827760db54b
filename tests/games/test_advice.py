"""The advisor's arithmetic (games/advice.py, issue #28): it never peeks, its margins are honest, it plays legally."""

from __future__ import annotations

import pytest

from games import advice
from games.advice import AdvisorBot, Tally
from games.engine import Rng
from games.registry import all_engines, get_engine

SLUGS = [e.spec.slug for e in all_engines()]


def decisions(slug: str, count: int) -> list:
    """Unfinished positions with at least two options, reached by the heuristic bot from several seeds."""
    engine = get_engine(slug)
    out = []
    for seed in range(40):
        rng = Rng.from_seed(seed)
        s = engine.new_game(seed, engine.spec.normalize_options(None))
        for _ in range(3 + seed % 9):
            if engine.status(s).over:
                break
            s, _ = engine.apply(s, engine.bots["heuristic"].choose(engine, s, engine.legal_actions(s), rng))
        if not engine.status(s).over and len(engine.legal_actions(s)) >= 2:
            out.append(s)
        if len(out) == count:
            break
    return out


def advice_on(engine, s, deals: int = 3) -> dict:
    options = [a.id for a in engine.legal_actions(s)]
    tallies = advice.playouts(engine, s, options, advice.view_seed(engine, s), range(deals))
    return {o: t.to_json() for o, t in tallies.items()}


@pytest.mark.parametrize("slug", SLUGS)
def test_two_games_that_look_the_same_get_the_same_advice(slug):
    engine = get_engine(slug)
    for k, s in enumerate(decisions(slug, 2)):
        twin = engine.redeal(s, 4_000 + k)  # the same view, other cards face down, another future
        assert engine.view(twin) == engine.view(s)
        assert engine.dump(twin) != engine.dump(s)
        assert advice.view_seed(engine, twin) == advice.view_seed(engine, s)
        assert advice_on(engine, twin) == advice_on(engine, s), f"position {k}: the advice saw the hidden parts"


def test_the_check_catches_an_advisor_that_peeks(monkeypatch):
    """Dealing from the position as saved (its hidden order) gives the twins different advice somewhere."""
    real = {slug: get_engine(slug).redeal for slug in ("call_to_adventure", "nemos_war")}
    differed = 0
    for slug, redeal in real.items():
        engine = get_engine(slug)
        monkeypatch.setattr(engine, "redeal", lambda s, seed, canonical=False, r=redeal: r(s, seed))
        for k, s in enumerate(decisions(slug, 2)):
            twin = redeal(s, 4_000 + k)
            differed += advice_on(engine, twin) != advice_on(engine, s)
    assert differed


def test_the_margin_is_a_wilson_interval():
    half = Tally(100, 50, 0.0, 0.0)
    low, high = half.chance_bounds()
    assert (round(low, 3), round(high, 3)) == (0.404, 0.596)
    none = Tally(50, 0, 0.0, 0.0)
    assert none.chance_bounds()[0] == 0.0 and 0.06 < none.chance_bounds()[1] < 0.08, "no win yet is not 0 ± 0"
    assert Tally().chance_bounds() == (0.0, 1.0)


def test_the_score_margin_shrinks_with_the_playouts():
    small, large = Tally(), Tally()
    for i in range(10):
        small.add(False, float(i % 5))
    for i in range(1000):
        large.add(False, float(i % 5))
    assert small.score == large.score == 2.0
    assert large.score_margin < small.score_margin / 5
    merged = Tally()
    merged.merge(small)
    merged.merge(large)
    assert merged.n == 1010 and merged.score == 2.0


def test_clearly_worse_options_get_no_more_playouts():
    tallies = {"good": Tally(200, 120, 0.0, 0.0), "close": Tally(200, 110, 0.0, 0.0), "poor": Tally(200, 20, 0.0, 0.0)}
    assert advice.ranked(tallies) == ["good", "close", "poor"]
    assert advice.still_open(tallies) == ["good", "close"]
    tallies["new"] = Tally(3, 0, 0.0, 0.0)
    assert set(advice.still_open(tallies)) == {"good", "close", "poor", "new"}, "every option gets its first playouts"


def test_without_a_win_the_expected_score_decides():
    high, low = Tally(), Tally()
    for i in range(100):
        high.add(False, 80.0 + i % 3)
        low.add(False, 20.0 + i % 3)
    assert advice.ranked({"low": low, "high": high}) == ["high", "low"]
    assert advice.still_open({"low": low, "high": high}) == ["high"]


@pytest.mark.parametrize("slug", SLUGS)
def test_the_advisor_bot_takes_a_legal_option(slug):
    engine = get_engine(slug)
    s = decisions(slug, 1)[0]
    actions = engine.legal_actions(s)
    choice = AdvisorBot(deals=2).choose(engine, s, actions, Rng.from_seed(1))
    assert choice in {a.id for a in actions}
