"""Issue #15, words: every action label of Platformer says what it does, dice named by face (never d0, die 2),
and the log shows no raw codes; over many bot-played seeded games."""

from __future__ import annotations

import pytest

from games.engine import Rng
from games.platformer.engine import PlatformerEngine
from tests.support.plain_words import label_faults, log_faults

ENG = PlatformerEngine()
HEROES = sorted(ENG.components.heroes)
BOSSES = sorted(ENG.components.bosses)


def _walk(seed: int, bot: str):
    opts = {"hero": HEROES[seed % len(HEROES)], "boss": BOSSES[seed % len(BOSSES)],
            "artifacts": ("off", "on")[seed % 2]}
    s = ENG.new_game(seed, opts)
    rng = Rng.from_seed(seed * 13 + 5)
    for _ in range(3000):
        if ENG.status(s).over:
            return
        actions = ENG.legal_actions(s)
        yield s, actions
        s, events = ENG.apply(s, ENG.bots[bot].choose(ENG, s, actions, rng))
        yield s, events


@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_labels_say_what_they_do_and_name_dice_by_face(bot):
    bad, seen = {}, 0
    for seed in range(12):
        for _, items in _walk(seed, bot):
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


def test_respawn_names_the_die_by_its_face():
    s = ENG.new_game(3, {"hero": HEROES[0], "boss": BOSSES[0]})
    s["hero_cell"] = None
    s["dice"] = [{"face": f, "used": False} for f in ("gold", "move", "move", "sword", "star")]
    labels = {a.id: a.label for a in ENG.legal_actions(s)}
    assert labels["use:d0"] == "Respawn with the gold die"
    assert labels["use:d1"] == "Respawn with a move die"
