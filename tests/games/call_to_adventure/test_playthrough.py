"""Seeded playthroughs by both bots over every option and every Adversary, checking the game's invariants
at every step: every card in exactly one place, counters in range, hidden cards never in the view, dump/load
round trips, reveals marked, and the same seed with the same actions giving the same game."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from games.call_to_adventure.persist import where_cards_are
from games.engine import Rng
from tests.games.call_to_adventure import kit

ENG = kit.ENGINE
COMP = kit.COMP
EVERY_CARD = set(COMP.story) | set(COMP.characters) | set(COMP.heroes)
VICTORIES = ("V1", "V2", "V3", "V4", "V5")
CARD_ID = re.compile(r'"([A-Z][0-9-]+)"')


def options_for(seed: int) -> dict[str, str]:
    return {"deal": ("choose", "first")[seed % 2], "allies": ("with", "with", "without")[seed % 3],
            "victory": VICTORIES[seed % 5]}


def hidden_ids(s) -> set[str]:
    """Cards the player must not see: every deck, the rows of acts not yet revealed."""
    out = set(s.hero_deck) | set(s.antihero_deck) | set(s.adv_deck)
    for act, deck in s.decks.items():
        out |= set(deck)
        if int(act) not in s.revealed:
            out |= set(s.rows[act]) | {s.under[c] for c in s.rows[act] if c in s.under}
    return out


def check(s, full: bool) -> None:
    counts = where_cards_are(s)
    assert set(counts) == EVERY_CARD and set(counts.values()) == {1}, "every card is in exactly one place"
    assert 1 <= s.level <= len(COMP.levels), "the corruption marker stays on the track"
    assert 0 <= s.exp <= 40 and s.adv_exp >= 0
    assert s.flags["dark_used"] <= 3 and len(s.placed) <= 9
    assert all(len(s.rows[str(a)]) <= 4 for a in s.revealed)
    data = ENG.dump(s)
    if not full:
        assert ENG.load(data) == s
        return
    assert ENG.load(json.loads(json.dumps(data))) == s, "dump/load round trip through JSON"
    view = ENG.view(s)
    text = json.dumps(view)
    assert str(s.rng) not in text and "rng" not in view
    leaked = hidden_ids(s) & set(CARD_ID.findall(text))
    assert not leaked, f"hidden cards in the view: {leaked}"
    assert {r["act"] for r in view["rows"]} == set(s.revealed)
    assert view["destiny"]["total"] == ENG.status(s).score == sum(x["points"] for x in view["destiny"]["lines"])


def play(seed: int, bot: str, full_every: int, try_all: bool = False):
    s = ENG.new_game(seed, options_for(seed))
    rng = Rng.from_seed(seed * 7 + 3)
    taken: list[str] = []
    while not ENG.over(s):
        check(s, full=len(taken) % full_every == 0)
        actions = ENG.legal_actions(s)
        assert actions, "a game in progress always offers an action"
        assert len({a.id for a in actions}) == len(actions), "action ids are unique"
        if try_all:
            before = ENG.dump(s)
            for a in actions:
                ENG.apply(s, a.id)
            assert ENG.dump(s) == before, "apply never changes its input"
        choice = ENG.bots[bot].choose(ENG, s, actions, rng)
        new, events = ENG.apply(s, choice)
        shown = new.rng != s.rng or new.hero_deck != s.hero_deck or new.antihero_deck != s.antihero_deck
        shown = shown or new.revealed != s.revealed or any(
            new.decks[a] != s.decks[a] for a in s.decks if int(a) in s.revealed)
        if shown:
            assert any(e.reveals for e in events), f"{choice} brought something to light without a reveal"
        s = new
        taken.append(choice)
        assert len(taken) < 3000, "a game must end"
    check(s, full=True)
    assert ENG.legal_actions(s) == []
    status = ENG.status(s)
    assert status.state in ("won", "lost") and status.reason
    if status.state == "won":
        assert s.boss_defeated and status.score >= COMP.solo[s.victory]["target"]
    return taken, s


def replay(seed: int, actions: list[str]):
    s = ENG.new_game(seed, options_for(seed))
    for a in actions:
        s, _ = ENG.apply(s, a)
    return s


def run(seeds: range, bot_for, full_every: int, try_all_every: int = 0) -> Counter:
    outcomes: Counter = Counter()
    for seed in seeds:
        bot = bot_for(seed)
        taken, final = play(seed, bot, full_every, try_all=bool(try_all_every) and seed % try_all_every == 0)
        if seed % 10 == 0:
            assert replay(seed, taken) == final, "same seed and actions give the same game"
        outcomes[(bot, final.result, COMP.story[final.boss].name, final.options["victory"])] += 1
    return outcomes


@pytest.mark.slow
def test_100_games_checking_everything_at_every_step():
    out = run(range(100), lambda seed: ("random", "heuristic")[seed % 2], full_every=1, try_all_every=10)
    assert sum(out.values()) == 100
    assert any(k[1] == "won" for k in out) and any(k[1] == "lost" for k in out)


@pytest.mark.slow
@pytest.mark.parametrize("block", range(4))  # four quarters of 250 seeds, shared out among the test processes
def test_1000_heuristic_and_random_games_over_every_option_and_adversary(block):
    seeds = range(1000 + 250 * block, 1250 + 250 * block)
    out = run(seeds, lambda seed: ("heuristic", "heuristic", "random")[seed % 3], full_every=25)
    assert sum(out.values()) == 250
    bosses = {k[2] for k in out}
    assert bosses == {c.name for c in COMP.story.values() if c.type == "adversary"}, "every Adversary faced"
    assert {k[3] for k in out} == set(VICTORIES)
    won = sum(n for k, n in out.items() if k[0] == "heuristic" and k[1] == "won")
    heur = sum(n for k, n in out.items() if k[0] == "heuristic")
    assert 0 < won < heur, "the heuristic bot wins some games and loses some"
