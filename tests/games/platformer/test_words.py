"""Issue #15, words: every action label of Platformer says what it does, dice named by face (never d0, die 2),
and the log shows no raw codes; over many bot-played seeded games."""

from __future__ import annotations

import re

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


def test_the_log_names_no_tile_codes_and_the_boss_as_itself():
    """"Level 2 is revealed (tiles F08 and V02)" named tiles by codes nothing on the table shows, and a boss's blow
    was "Etern suffers 2 wounds (a Medusa)" (Platformer playtest). Seeds 0-11 of the heuristic bot."""
    boss_blows, reveals = [], 0
    for seed in range(12):
        for _, items in _walk(seed, "heuristic"):
            for e in items:
                if hasattr(e, "label"):
                    continue
                text = str(e.text)
                assert not re.search(r"\btiles? [A-Z]\d", text), text
                reveals += " is revealed" in text
                if e.kind == "wound" and e.data.get("by") == "boss":
                    boss_blows.append(text)
    assert reveals and boss_blows, (reveals, boss_blows[:3])
    names = [b.raw["name"] for b in ENG.components.bosses.values()]
    assert not [t for t in boss_blows if any(f"(a {n})" in t or f"(an {n})" in t for n in names)], boss_blows[:5]
    # the boss striking as an enemy does (beside the hero when the enemies attack), and a Goblin for comparison
    from games.platformer.combat import enemy_attacks
    from tests.games.platformer import kit

    eng, s = kit.position(hero="r12c0", revealed=4, enemies={"r12c1": "boss", "r12c2": "goblin"})
    blows = []
    for fid in ("boss", next(f for f in s["figs"] if f != "boss")):
        events = []
        enemy_attacks(eng.components, s, events, fid)
        blows += [str(e.text) for e in events if e.kind == "wound"]
    assert f"wounds ({eng.components.bosses['medusa'].raw['name']});" in blows[0], blows
    assert "(a Goblin)" in blows[1], blows


def test_two_enemies_of_one_kind_are_told_apart_by_where_they_stand():
    """Three Goblins on the tower gave three choices named "Move the Goblin": the bar, which shows one choice per
    name, offered one of them, and a screen reader heard the same name on every cell (Platformer playtest)."""
    seen = 0
    for seed in range(12):
        for _, items in _walk(seed, "heuristic"):
            labels = [str(a.label) for a in items if hasattr(a, "label") and a.id.startswith(("grab:", "strike:"))]
            assert len(set(labels)) == len(labels), labels
            seen += len(labels) > 1
    assert seen, "no decision between two enemies came up"
