"""`AdamastorEngine.redeal`: a copy of an unfinished voyage deals the unseen again (issue #26, RULINGS.md).

Over 300 positions reached by the random bot (Classic, the harder map and campaign voyages): the view, the legal
action ids and the status stay; every seen card keeps its place and order; the hidden piles keep their sizes and
cards; the hidden order really changes; the RNG changes; the same seed deals the same, another seed otherwise;
the given state is untouched; the result saves, loads and plays on to the end. The checks are tested too: a
redeal that changes nothing fails them.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from games.adamastor.engine import AdamastorEngine
from games.adamastor.state import State
from games.engine import Rng
from tests.support.lazy import lazy

E = AdamastorEngine()
C = E.components
HIDDEN = {"deck", "enc_deck", "map_ids", "rng"}


def voyage(seed: int) -> State:
    """The first voyage of a campaign (a campaign card chosen, set sail)."""
    camp = E.campaign
    c = camp.new_campaign(seed, {})
    if c.chosen is None:
        c, _ = camp.apply(c, next(a.id for a in camp.legal_actions(c) if a.id.startswith("card:")))
    c, _ = camp.apply(c, "sail")
    setup = camp.next_game(c)
    return E.new_game(setup.seed, setup.options, setup.carried)


def walk(s: State, rng: Rng, n: int) -> State:
    for _ in range(n):
        if E.status(s).over:
            break
        s, _ = E.apply(s, E.bots["random"].choose(E, s, E.legal_actions(s), rng))
    return s


def positions() -> list[State]:
    out = []
    for seed in range(150):
        s = voyage(seed) if seed % 8 == 7 else E.new_game(seed, {"maps": "4" if seed % 3 == 0 else "3"})
        rng = Rng.from_seed(seed * 31 + 7)
        s = walk(s, rng, seed % 5)
        out.append(s)
        out.append(walk(s, rng, 10 + (seed * 37) % 70))
    return out


POSITIONS = lazy(positions)  # played out by the first test that reads it, not at collection


def dumped(s: State) -> str:
    return json.dumps(E.dump(s), sort_keys=True)


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
    if sorted(s.deck) != sorted(r.deck):
        out.append("the Sailing deck holds other cards")
    if sorted(s.enc_deck) != sorted(r.enc_deck) or s.enc_deck[:1] != r.enc_deck[:1]:
        out.append("the Encounter deck holds other cards or another public top card")
    for i, (a, b) in enumerate(zip(s.map_ids, r.map_ids, strict=True)):
        if s.face_up[i] and a != b:
            out.append(f"face-up map slot {i} changed")
        if C.maps[a].kind != C.maps[b].kind:
            out.append(f"map slot {i} changed kind")
    if len(set(r.map_ids)) != len(r.map_ids):
        out.append("a map card is dealt twice")
    if s.campaign is not None and r.map_ids[: len(s.campaign["map"]["fixed"])] != s.campaign["map"]["fixed"]:
        out.append("a campaign's fixed map cards moved")
    if r.rng == s.rng:
        out.append("the RNG is the same")
    return out


def changed_shares(pairs: list[tuple[State, State]]) -> dict[str, float]:
    """For each hidden pile, the share of positions (with enough hidden cards) whose hidden order changed."""
    seen: Counter = Counter()
    changed: Counter = Counter()
    for s, r in pairs:
        down = [i for i, up in enumerate(s.face_up) if not up]
        for name, enough, differs in (
            ("deck", len(s.deck) >= 5, s.deck != r.deck),
            ("encounters", len(s.enc_deck) >= 6, s.enc_deck != r.enc_deck),
            ("maps", len(down) >= 2, [s.map_ids[i] for i in down] != [r.map_ids[i] for i in down]),
        ):
            if enough:
                seen[name] += 1
                changed[name] += differs
    return {name: changed[name] / seen[name] for name in seen}


def test_there_are_enough_positions_of_every_kind():
    assert len(POSITIONS) >= 300
    assert sum(not E.status(s).over for s in POSITIONS) >= 200
    assert sum(s.campaign is not None for s in POSITIONS) >= 20
    assert sum(len(s.deck) >= 5 for s in POSITIONS) >= 150


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
    assert shares["deck"] >= 0.9 and shares["encounters"] >= 0.9, shares
    assert shares["maps"] >= 0.8, shares


def test_same_seed_same_deal_other_seed_other_deal():
    for s in POSITIONS[::10]:
        assert dumped(E.redeal(s, 5)) == dumped(E.redeal(s, 5))
        if len(s.deck) >= 5:
            assert E.redeal(s, 5).deck != E.redeal(s, 6).deck
        assert E.redeal(s, 5).rng != E.redeal(s, 6).rng


def test_face_down_maps_come_from_the_unseen_cards():
    for s in POSITIONS:
        r = E.redeal(s, 3)
        up = {m for m, f in zip(s.map_ids, s.face_up, strict=True) if f}
        assert not up & {m for m, f in zip(r.map_ids, r.face_up, strict=True) if not f}


def test_a_redealt_game_plays_on_to_its_end():
    for i, s in enumerate(POSITIONS[1:40:6]):
        r = walk(E.redeal(s, 900 + i), Rng.from_seed(i), 5000)
        assert E.status(r).over


def test_the_checks_catch_a_redeal_that_changes_nothing():
    pairs = [(s, s) for s in POSITIONS]
    assert all("the RNG is the same" in problems(s, r) for s, r in pairs)
    assert max(changed_shares(pairs).values()) == 0


def test_campaign_redeal_reseeds_offers_and_voyages():
    camp = E.campaign
    for seed in range(20):
        c = camp.new_campaign(seed, {})
        before = json.dumps(camp.dump(c), sort_keys=True)
        r = camp.redeal(c, 1000 + seed)
        assert json.dumps(camp.dump(c), sort_keys=True) == before
        assert json.dumps(camp.view(r), sort_keys=True, default=str) == json.dumps(camp.view(c), sort_keys=True,
                                                                                     default=str)
        assert [a.id for a in camp.legal_actions(r)] == [a.id for a in camp.legal_actions(c)]
        assert r.rng != c.rng and r.seed != c.seed
        assert camp.load(camp.dump(r)) == r
        assert camp.dump(camp.redeal(c, 7)) == camp.dump(camp.redeal(c, 7))
        card = next(a.id for a in camp.legal_actions(r) if a.id.startswith("card:"))
        a, _ = camp.apply(camp.apply(c, card)[0], "sail")
        b, _ = camp.apply(camp.apply(r, card)[0], "sail")
        assert camp.next_game(a).seed != camp.next_game(b).seed, "the copy's voyages are dealt otherwise"
