"""The bots: they always pick a legal action, finish their games, and the heuristic one plays better."""

from __future__ import annotations

import pytest

from games.adamastor.engine import AdamastorEngine
from games.engine import Rng


@pytest.fixture(scope="module")
def eng() -> AdamastorEngine:
    return AdamastorEngine()


def finish(eng: AdamastorEngine, bot: str, seed: int, maps: str = "3") -> str:
    s = eng.new_game(seed, {"maps": maps})
    rng = Rng.from_seed(seed)
    for _ in range(5000):
        if eng.status(s).over:
            return eng.status(s).state
        actions = eng.legal_actions(s)
        choice = eng.bots[bot].choose(eng, s, actions, rng)
        assert choice in {a.id for a in actions}
        s, _ = eng.apply(s, choice)
    raise AssertionError(f"{bot} did not finish game {seed}")


def test_bots_have_names(eng):
    assert eng.bots["random"].name == "random" and eng.bots["heuristic"].name == "heuristic"


def test_heuristic_wins_some_and_beats_random(eng):
    heuristic = [finish(eng, "heuristic", seed) for seed in range(60)]
    random = [finish(eng, "random", seed) for seed in range(60)]
    assert heuristic.count("won") >= 5
    assert heuristic.count("won") > random.count("won")
    assert heuristic.count("lost") > 0, "the game stays a challenge"


def test_same_seed_same_bot_game(eng):
    first = eng.new_game(5, {})
    second = eng.new_game(5, {})
    rng_a, rng_b = Rng.from_seed(9), Rng.from_seed(9)
    for _ in range(40):
        if eng.status(first).over:
            break
        a = eng.bots["heuristic"].choose(eng, first, eng.legal_actions(first), rng_a)
        b = eng.bots["heuristic"].choose(eng, second, eng.legal_actions(second), rng_b)
        assert a == b
        first, _ = eng.apply(first, a)
        second, _ = eng.apply(second, b)
    assert first == second
