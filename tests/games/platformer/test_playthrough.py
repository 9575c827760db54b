"""Seeded playthroughs by both bots over every hero, boss, map and the Artifacts variant, checking the game's
invariants at every step: one figure per cell, figures only on levels in play, health and tokens in range,
cards each in one place, hidden information out of the view, dump/load round trips, same seed same game.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from games.engine import Rng
from games.platformer.engine import PlatformerEngine
from games.platformer.table import is_active, max_health

ENG = PlatformerEngine()
HEROES = sorted(ENG.components.heroes)
BOSSES = sorted(ENG.components.bosses)


def check(eng: PlatformerEngine, s: dict, full: bool) -> None:
    comp = eng.components
    cells = [f["cell"] for f in s["figs"].values()] + ([s["hero_cell"]] if s["hero_cell"] else [])
    if s["push"] is None:
        assert len(cells) == len(set(cells)), "one figure per cell"
    assert all(is_active(s, c) for c in cells), "figures stand only on levels in play"
    if s["phase"] != "over":
        assert 0 < s["health"] <= max_health(comp, s)
    assert s["gold"] >= 0 and s["gems"] >= 0
    tokens = {t["kind"]: t["count"] for t in comp.bosses[s["opts"]["boss"]].raw["tokens"]}
    used = Counter(s["htokens"]) + Counter(s["tokens"].values())
    assert all(n <= tokens[k] for k, n in used.items()), "boss tokens within the supply"
    assert len(set(s["htokens"])) == len(s["htokens"])
    summons = sum(1 for f in s["figs"].values() if f["kind"] == "summon")
    assert summons <= comp.bosses[s["opts"]["boss"]].raw["summon"]["tokens"]
    assert len(s["event_deck"]) + len(s["events_played"]) == 12
    data = eng.dump(s)
    if not full:
        assert eng.load(data) == s, "dump/load round trip"
        return
    assert eng.load(json.loads(json.dumps(data))) == s, "dump/load round trip through JSON"
    view = eng.view(s)
    text = json.dumps(view)
    assert str(s["rng"]) not in text and "event_deck" not in view
    for lv in view["map"]["levels"]:
        if lv["state"] != "revealed":
            assert lv["tiles"] is None
        if lv["state"] == "hidden":
            assert lv["enemy"] is None
    assert view["event"]["left"] == len(s["event_deck"])


def play(eng, seed: int, bot: str, opts: dict, check_every: int) -> tuple[list[str], dict]:
    s = eng.new_game(seed, opts)
    rng = Rng.from_seed(seed * 31 + 7)
    taken: list[str] = []
    while not eng.status(s).over:
        check(eng, s, full=len(taken) % check_every == 0)
        actions = eng.legal_actions(s)
        assert actions and len({a.id for a in actions}) == len(actions)
        choice = eng.bots[bot].choose(eng, s, actions, rng)
        before = eng.dump(s) if len(taken) % check_every == 0 else None
        new, events = eng.apply(s, choice)
        if before is not None:
            assert eng.dump(s) == before, "apply never changes its input"
        if new["rng"] != s["rng"]:
            assert any(e.reveals for e in events), f"{choice} used the dice or a deck without a reveal"
        s = new
        taken.append(choice)
        assert len(taken) < 3000, "a game ends"
    check(eng, s, full=True)
    assert eng.legal_actions(s) == []
    return taken, s


def _options(i: int) -> dict:
    return {"hero": HEROES[i % 6], "boss": BOSSES[(i // 6) % 2], "map": ("normal", "big")[(i // 12) % 2],
            "artifacts": ("off", "on")[(i // 3) % 2]}


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(8))
def test_random_bot_games(chunk):
    """720 games by the random bot, 90 per chunk, every option combination many times."""
    results = Counter()
    for i in range(chunk * 90, chunk * 90 + 90):
        _, s = play(ENG, i, "random", _options(i), check_every=16)
        results[s["result"]] += 1
    assert sum(results.values()) == 90 and results["lost"] > 0


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(4))
def test_heuristic_bot_games(chunk):
    """280 games by the heuristic bot, 70 per chunk; it wins some and loses some of them."""
    results = Counter()
    for i in range(chunk * 70, chunk * 70 + 70):
        _, s = play(ENG, 10_000 + i, "heuristic", _options(i), check_every=16)
        results[s["result"]] += 1
    assert results["won"] > 0 and results["lost"] > 0, results


def test_same_seed_same_game():
    for seed in (3, 44):
        opts = _options(seed)
        taken, end = play(ENG, seed, "random", opts, check_every=50)
        s = ENG.new_game(seed, opts)
        for a in taken:
            s, _ = ENG.apply(s, a)
        assert ENG.dump(s) == ENG.dump(end)
        other = ENG.new_game(seed + 1, opts)
        assert ENG.dump(other) != ENG.dump(ENG.new_game(seed, opts))
