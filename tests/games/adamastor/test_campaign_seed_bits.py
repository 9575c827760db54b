"""Voyage seeds (issue #14): 53 bits for campaigns begun under campaign rules version 2, 31 for older ones.

A voyage seed of 31 bits can be found by trying all 2^31 against the cards the voyage shows, and then every
draw to come is known. New campaigns derive 53-bit voyage seeds; a campaign begun before (its dump has no
`seed_bits`) keeps dealing its voyages exactly as it did, so it replays as it was played.
"""

from __future__ import annotations

import json

import pytest

from games.adamastor.campaign import CAMPAIGN_SPEC
from games.adamastor.engine import AdamastorEngine
from games.engine import MalformedState, Rng

ENGINE = AdamastorEngine()
CAMP = ENGINE.campaign
SEEDS = [1, 2, 3, 77, 2**40 + 5, 2**53 - 1]


def old_game_seed(seed: int, voyage: int) -> int:
    """How campaign rules version 1 derived a voyage's seed (written out again, independently of the engine)."""
    return Rng.from_seed(seed ^ (voyage * 0x9E3779B97F4A7C15)).next64() % (1 << 31)


def sailing(cstate):
    """The campaign with its first offered card chosen and the voyage under way."""
    cstate, _ = CAMP.apply(cstate, f"card:{cstate.offered[0]}")
    cstate, _ = CAMP.apply(cstate, "sail")
    return cstate


def test_campaign_rules_version_2_deals_voyages_with_53_bit_seeds():
    assert CAMPAIGN_SPEC.rules_version == 2
    for seed in SEEDS:
        cstate = sailing(CAMP.new_campaign(seed, {}))
        voyage_seed = CAMP.next_game(cstate).seed
        assert 2**31 <= voyage_seed < 2**53, seed  # a 31-bit derivation would keep it below 2^31
        assert voyage_seed % 2**31 == old_game_seed(seed, 1)
        assert CAMP.dump(cstate)["seed_bits"] == 53
        assert CAMP.load(json.loads(json.dumps(CAMP.dump(cstate)))) == cstate


def test_a_campaign_dumped_before_seed_bits_keeps_its_31_bit_voyages():
    for seed in SEEDS:
        new = CAMP.dump(CAMP.new_campaign(seed, {}))
        old = {k: v for k, v in new.items() if k != "seed_bits"}  # what the engine dumped before the field
        cstate = sailing(CAMP.load(old))
        assert CAMP.next_game(cstate).seed == old_game_seed(seed, 1)
        assert "seed_bits" not in CAMP.dump(cstate), "an old campaign dumps exactly as it always did"


def test_an_older_rules_version_deals_as_it_dealt():
    for seed in SEEDS:
        cstate = CAMP.new_campaign(seed, {}, 1)
        assert "seed_bits" not in CAMP.dump(cstate)
        assert CAMP.next_game(sailing(cstate)).seed == old_game_seed(seed, 1)
    with pytest.raises(ValueError, match="no rules version 7"):
        CAMP.new_campaign(1, {}, 7)


@pytest.mark.parametrize("bits", [31, 32, 64, "53", 53.0, None, True])
def test_seed_bits_other_than_53_are_refused_when_written(bits):
    dumped = CAMP.dump(CAMP.new_campaign(5, {}))
    with pytest.raises(MalformedState):
        CAMP.load({**dumped, "seed_bits": bits})
