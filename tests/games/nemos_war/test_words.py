"""Issue #15, words: every Nemo's War action label says what it does on its face (no bare "Choose", "Keep" or
numbers, no box codes like "na.2"), and the log reads as plain words; over many bot-played seeded games."""

from __future__ import annotations

import pytest

from games.engine import Rng, words
from games.nemos_war.rules import ship_name
from tests.games.nemos_war import kit
from tests.support.plain_words import label_faults, log_faults

E = kit.ENGINE
COMMITMENTS = ("choose", "science", "explore", "anti", "war", "roll")


def _walk(seed: int, bot: str):
    s = E.new_game(seed, {"commitment": COMMITMENTS[seed % len(COMMITMENTS)]})
    rng = Rng.from_seed(seed * 11 + 3)
    for _ in range(3000):
        if E.status(s).over:
            return
        actions = E.legal_actions(s)
        yield actions
        s, events = E.apply(s, E.bots[bot].choose(E, s, actions, rng))
        yield events


@pytest.mark.parametrize("bot", sorted(E.bots))
def test_labels_say_what_they_do(bot):
    bad, seen = {}, 0
    for seed in range(12):
        for items in _walk(seed, bot):
            for a in items:
                if hasattr(a, "label"):
                    seen += 1
                    for fault in label_faults(a.label):
                        bad.setdefault(fault, a.label)
                else:
                    for fault in log_faults(a.text):
                        bad.setdefault(fault, a.text)
    assert seen > 1000
    assert not bad, bad


def test_commitment_and_attack_labels_name_their_object():
    s = E.new_game(5, {"commitment": "choose"})
    labels = {a.id: a.label for a in E.legal_actions(s)}
    assert labels["commit:explore"] == "Commit to Explore"
    s = kit.to_action(kit.game(5, "na"))
    kit.clear_map(s)
    kit.put(s, "na.1", s.pool[-1])
    labels = {a.id: a.label for a in E.legal_actions(s)}
    assert labels["attack:na.1"] == "Attack the hidden ship in box 1 of the North Atlantic"
    assert labels["move:sa"].startswith("Sail to the South Atlantic (")


def test_every_ship_reads_well_where_a_sentence_says_the_ship():
    """Sentences name a ship as "the {ship}": a title must not bring its own article ("Combat with the The
    Avenger", a playtest)."""
    comp = E.components
    for sid in comp.ships:
        said = str(words("Combat with the {ship}: stake one resource if you wish, then roll.",
                         ship=ship_name(comp, sid)))
        assert " the The " not in said and " the the " not in said, said
