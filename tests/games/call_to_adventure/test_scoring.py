"""Destiny scoring: the rulebook's worked example (Suzanne, 41 Destiny) exactly, and the set table."""

from __future__ import annotations

import pytest

from games.call_to_adventure.scoring import breakdown, destiny, set_points
from tests.games.call_to_adventure import kit

SUZANNE = [
    ("origin", "Adventurer", "top"), ("origin", "Lost in the Woods", "top"), ("origin", "River Crossing", "bottom"),
    ("motivation", "Fey Crossroads", "top"), ("motivation", "Plague Town", "top"),
    ("motivation", "Storm at Sea", "bottom"),
    ("destiny", "The Lost City", "top"), ("destiny", "The Mirror Maze", "top"), ("destiny", "Tough as Nails", "top"),
]


def suzanne():
    s = kit.start("Hunter", "Bound by Honor", "One with Nature")
    for slot, name, path in SUZANNE:
        kit.place(s, slot, name, path)
    s.exp = 2
    for name in ("Courage", "Guiding Light", "Dirty Trick"):
        cid = kit.by_name(name)
        kit.take(s, cid)
        s.played.append(cid)
    s.level = 5
    return s


def test_the_worked_example_scores_41_destiny():
    s = suzanne()
    lines = {line.label: line.points for line in breakdown(kit.COMP, s)}
    assert lines == {
        "Printed Triumph": 17, "Printed Tragedy": 2, "Story-icon sets": 8, "Unspent experience": 2,
        "Hero cards played": 2, "Antihero cards played": 1, "Corruption track": 4, "Destiny card": 5,
    }
    assert destiny(kit.COMP, s) == 41
    assert kit.ENGINE.status(s).score == 41
    assert kit.ENGINE.view(s)["destiny"]["total"] == 41


def test_a_strength_icon_would_meet_the_other_destiny_requirement():
    s = suzanne()
    kit.place(s, "destiny", "Strong Back")  # str + con, no points of its own
    assert destiny(kit.COMP, s) == 46


def test_corruption_track_points_do_not_add_up_along_the_way():
    s = suzanne()
    points = {}
    for lv in range(1, 7):
        s.level = lv
        points[lv] = next(x.points for x in breakdown(kit.COMP, s) if x.label == "Corruption track")
    assert points == {1: 4, 2: 2, 3: 0, 4: 2, 5: 4, 6: 6}


@pytest.mark.parametrize("n, pts", [(0, 0), (1, 0), (2, 1), (3, 3), (4, 5), (5, 8), (6, 12), (7, 16), (8, 20)])
def test_story_icon_set_table(n, pts):
    assert set_points(kit.COMP, n) == pts


def test_the_defeated_adversary_adds_its_printed_points():
    s = suzanne()
    s.boss_defeated = True
    lines = {line.label: line.points for line in breakdown(kit.COMP, s)}
    reward = kit.COMP.story[s.boss].paths["top"].reward
    assert lines["Adversary defeated"] == reward.get("triumph", 0) + reward.get("tragedy", 0) > 0
    assert destiny(kit.COMP, s) == 41 + lines["Adversary defeated"]
