"""`CallToAdventureEngine.redeal`: a copy of an unfinished game deals the unseen again (issue #26, RULINGS.md).

Over 240 positions reached by the random bot under every option: the view, the legal action ids and the status
stay; everything seen (revealed rows, discard piles, hand, cards played and placed, the Adversary's revealed and
discarded cards, the dealt characters) keeps its place and order; each deck, and each act's face-down row with its
deck, keeps its sizes and cards; the hidden order really changes; the RNG changes; the same seed deals the same,
another seed otherwise; the given state is untouched; the result saves, loads and plays on to the end. The checks
are tested too: a redeal that changes nothing fails them.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from games.call_to_adventure.state import State
from games.engine import Rng
from tests.games.call_to_adventure import kit
from tests.support.lazy import lazy

E = kit.ENGINE
DECKS = ("hero_deck", "antihero_deck", "adv_deck")
HIDDEN = {*DECKS, "decks", "rows", "rng"}
VICTORIES = ("V1", "V2", "V3", "V4", "V5")


def options(seed: int) -> dict[str, str]:
    return {"deal": ("choose", "first")[seed % 2], "allies": ("with", "with", "without")[seed % 3],
            "victory": VICTORIES[seed % 5]}


def walk(s: State, rng: Rng, n: int) -> State:
    for _ in range(n):
        if E.status(s).over:
            break
        s, _ = E.apply(s, E.bots["random"].choose(E, s, E.legal_actions(s), rng))
    return s


def positions() -> list[State]:
    out = []
    for seed in range(120):
        s = E.new_game(seed, options(seed))
        rng = Rng.from_seed(seed * 31 + 7)
        s = walk(s, rng, seed % 6)
        out.append(s)
        out.append(walk(s, rng, 8 + (seed * 37) % 70))
    return out


POSITIONS = lazy(positions)  # played out by the first test that reads it, not at collection


def dumped(s: State) -> str:
    return json.dumps(E.dump(s), sort_keys=True)


def face_down_acts(s: State) -> list[str]:
    return [a for a in sorted(s.decks) if int(a) not in s.revealed]


def problems(s: State, r: State) -> list[str]:
    """What is wrong with `r` as a redeal of `s` (one position; the order changes are counted over many)."""
    out = []
    if json.dumps(E.view(s), sort_keys=True) != json.dumps(E.view(r), sort_keys=True):
        out.append("the view changed")
    if [a.id for a in E.legal_actions(s)] != [a.id for a in E.legal_actions(r)]:
        out.append("the legal actions changed")
    if E.status(s) != E.status(r):
        out.append("the status changed")
    before, after = E.dump(s), E.dump(r)
    moved = [k for k in before if k not in HIDDEN and before[k] != after[k]]
    if moved:
        out.append(f"seen parts changed: {moved}")
    for key in DECKS:
        if sorted(getattr(s, key)) != sorted(getattr(r, key)):
            out.append(f"{key} holds other cards")
    down = face_down_acts(s)
    for act in s.decks:
        if act not in down and (s.rows[act] != r.rows[act] or sorted(s.decks[act]) != sorted(r.decks[act])):
            out.append(f"the revealed act {act} changed")
        if act in down and (len(s.rows[act]) != len(r.rows[act]) or len(s.decks[act]) != len(r.decks[act])
                            or sorted(s.rows[act] + s.decks[act]) != sorted(r.rows[act] + r.decks[act])):
            out.append(f"the face-down act {act} changed size or cards")
    if r.rng == s.rng:
        out.append("the RNG is the same")
    return out


def changed_shares(pairs: list[tuple[State, State]]) -> dict[str, float]:
    """For each hidden place, the share of positions (with enough hidden cards) whose hidden order changed."""
    seen: Counter = Counter()
    changed: Counter = Counter()
    for s, r in pairs:
        checks = [(key, len(getattr(s, key)) >= 5, getattr(s, key) != getattr(r, key)) for key in DECKS]
        checks += [(f"act {a}", len(s.decks[a]) >= 5, s.decks[a] != r.decks[a]) for a in s.decks]
        checks += [("face-down rows", bool(face_down_acts(s)),
                    [s.rows[a] for a in face_down_acts(s)] != [r.rows[a] for a in face_down_acts(s)])]
        for name, enough, differs in checks:
            if enough:
                seen[name] += 1
                changed[name] += differs
    return {name: changed[name] / seen[name] for name in seen}


def test_there_are_enough_positions_of_every_kind():
    assert len(POSITIONS) >= 240
    assert sum(not E.status(s).over for s in POSITIONS) >= 170
    assert sum(bool(face_down_acts(s)) for s in POSITIONS) >= 150
    assert sum(len(s.revealed) >= 2 for s in POSITIONS) >= 20


@pytest.mark.parametrize("chunk", range(4))
def test_redeal_keeps_what_is_seen_and_deals_the_unseen(chunk):
    for k, s in enumerate(POSITIONS[chunk::4]):
        before = dumped(s)
        r = E.redeal(s, 10_000 + k)
        assert dumped(s) == before, "the given state is not mutated"
        assert problems(s, r) == []
        assert E.load(json.loads(json.dumps(E.dump(r)))) == r, "load(dump(redealt)) round-trips"


def test_hidden_order_changes():
    shares = changed_shares([(s, E.redeal(s, 77 + i)) for i, s in enumerate(POSITIONS)])
    assert all(share >= 0.9 for share in shares.values()), shares
    assert {"hero_deck", "antihero_deck", "adv_deck", "act 1", "act 2", "act 3", "face-down rows"} <= set(shares)


def test_same_seed_same_deal_other_seed_other_deal():
    for s in POSITIONS[::10]:
        assert dumped(E.redeal(s, 5)) == dumped(E.redeal(s, 5))
        a, b = E.redeal(s, 5), E.redeal(s, 6)
        assert a.rng != b.rng
        if len(s.hero_deck) >= 5:
            assert a.hero_deck != b.hero_deck


def test_a_redealt_game_plays_on_to_its_end():
    for i, s in enumerate(POSITIONS[1:40:6]):
        r = walk(E.redeal(s, 900 + i), Rng.from_seed(i), 20_000)
        assert E.status(r).over


def test_the_checks_catch_a_redeal_that_changes_nothing():
    pairs = [(s, s) for s in POSITIONS]
    assert all("the RNG is the same" in problems(s, r) for s, r in pairs)
    assert max(changed_shares(pairs).values()) == 0
