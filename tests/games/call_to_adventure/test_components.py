"""The components match the rulebook's counts and CONTRACT.md, and the loader refuses broken data."""

from __future__ import annotations

import json
import shutil
from collections import Counter

import pytest

from games.call_to_adventure.components import DATA, ComponentError
from games.call_to_adventure.loader import load_components
from tests.games.call_to_adventure import kit

COMP = kit.COMP


def test_character_cards():
    kinds = Counter(c.kind for c in COMP.characters.values())
    assert kinds == {"origin": 15, "motivation": 15, "destiny": 15}
    assert sum(kinds.values()) == 45


def test_story_cards_by_act_and_type():
    acts = Counter(c.act for c in COMP.story.values())
    assert acts == {1: 29, 2: 32, 3: 30} and len(COMP.story) == 91
    types = Counter((c.act, c.type) for c in COMP.story.values())
    assert types[(3, "ally")] == 0 and types[(1, "ally")] > 0 and types[(2, "ally")] > 0
    assert types[(1, "adversary")] == 0 and types[(2, "adversary")] > 0 and types[(3, "adversary")] > 0
    for c in COMP.story.values():
        assert len(c.paths) == {"trait": 1, "challenge": 2, "adversary": 1, "ally": 0}[c.type], c.id


def test_hero_and_antihero_cards_and_the_adversary_deck():
    assert Counter(h.kind for h in COMP.heroes.values()) == {"hero": 22, "antihero": 22}
    skulls = sorted(h.name for h in COMP.heroes.values() if h.skull)
    assert skulls == sorted(["Cruel Betrayal", "Dark Lord's Champion", "Harsh Lesson", "Instill Fear",
                             "Tap into Darkness", "Sabotage"])
    assert all(COMP.heroes[kit.by_name(n)].kind == "antihero" for n in skulls)


def test_the_first_game_removes_exactly_the_rulebooks_related_cards():
    out = sorted(c.name for group in (COMP.characters, COMP.heroes) for c in group.values() if not c.first_game)
    assert out == sorted(["Noble", "Lone Survivor", "Oath of Vengeance", "Heir to the Throne", "Master of Whispers",
                          "Cruel Betrayal"])
    assert all(not c.first_game for c in COMP.story.values() if c.type in ("ally", "adversary"))
    assert all(c.first_game for c in COMP.story.values() if c.type in ("trait", "challenge"))


def test_solo_cards():
    kinds = Counter(c["kind"] for c in COMP.solo.values())
    assert kinds == {"quest": 6, "rise": 1, "victory": 5} and len(COMP.solo) == 12
    advs = {c.id for c in COMP.story.values() if c.type == "adversary"}
    assert {q["adversary"] for q in COMP.solo.values() if q["kind"] == "quest"} == advs
    names = {COMP.story[a].name for a in advs}
    assert {"The Demon", "The Sorceress", "The Mad Cultist"} <= names
    goals = [c["goal"] for c in COMP.solo.values() if c["kind"] == "victory"]
    assert goals == sorted(goals, reverse=True), "each Victory card is harder than the one before"


def test_runes_and_their_faces():
    assert len(COMP.runes) == 24
    kinds = Counter(r.kind for r in COMP.runes.values())
    assert kinds == {"core": 3, "dark": 3, "ability": 18}
    core = [sorted((f.value, f.draw) for f in COMP.runes[f"core{i}"].faces) for i in (1, 2, 3)]
    assert core.count([(0, False), (1, False)]) == 2 and core.count([(0, True), (1, False)]) == 1
    for i in (1, 2, 3):
        assert sorted((f.value, f.corruption) for f in COMP.runes[f"dark{i}"].faces) == [(1, 0), (2, 1)]
    for a in ("str", "dex", "con", "int", "wis", "cha"):
        assert [COMP.runes[f"{a}{i}"].special for i in (1, 2, 3)] == [False, False, True]
        normal = sorted(f.value for f in COMP.runes[f"{a}1"].faces)
        special = COMP.runes[f"{a}3"].faces
        assert normal == [0, 2] and min(f.value for f in special) >= 1, "the special rune never shows a blank"


def test_corruption_track():
    levels = COMP.levels
    assert len(levels) == 6 and COMP.start_level == 3
    assert levels[2]["hero"] and levels[2]["antihero"] and levels[2]["dark"], "neutral allows everything"
    assert not levels[0]["antihero"] and not levels[-1]["hero"] and not levels[-1]["dark"]


@pytest.fixture()
def data_copy(tmp_path):
    folder = tmp_path / "data"
    shutil.copytree(DATA, folder)
    return folder


def _edit(folder, name, fn):
    path = folder / name
    data = json.loads(path.read_text())
    fn(data)
    path.write_text(json.dumps(data))


@pytest.mark.parametrize("name, fn, words", [
    ("story.json", lambda d: d.pop(-4), "act3: 29 cards"),
    ("story.json", lambda d: d[0]["paths"]["top"]["reward"].update(fame=1), "unknown reward"),
    ("story.json", lambda d: d[12].update(abilities=["luck"]), "bad abilities"),
    ("heroes.json", lambda d: d[0]["effects"].append({"op": "teleport"}), "unknown effect"),
    ("heroes.json", lambda d: d[1].update(when="after_cast"), "rune cannot be used after_cast"),
    ("characters.json", lambda d: d[30].update(destiny=[]), "destiny needs"),
    ("runes.json", lambda d: d.pop(), "runes"),
    ("solo.json", lambda d: d[0].update(bane="luck"), "quest"),
])
def test_loader_refuses_broken_data(data_copy, name, fn, words):
    _edit(data_copy, name, fn)
    with pytest.raises(ComponentError, match=words):
        load_components(data_copy)


def test_the_shipped_data_loads(data_copy):
    assert load_components(data_copy) == COMP
