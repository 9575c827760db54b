"""The Events phase: Learn a Skill, Crew Unrest, Disease Outbreak, Exhausted Sailors, Mutiny, and the
ignore skills."""

from __future__ import annotations

from tests.games.adamastor import kit
from tests.games.adamastor.kit import card, skill


def example_cards() -> dict:
    """The rulebook's Events example, card by card (numbers chosen so the row sorts as intended)."""
    return {
        38: card(38, threats=(2, 0, 1), motivation=1, skill=skill("nav_plus", 3)),
        36: card(36, threats=(2, 1, 1), motivation=1, skill=skill("nav_plus", 3)),
        20: card(20, trauma="disease"),  # the row's lowest card: a disease Trauma
        30: card(30, threats=(0, 1, 1), trauma="fatigue"),  # the card drawn to refill the row
        1: card(1, trauma="unrest"),
        3: card(3, trauma="unrest"),
        5: card(5, trauma="disease"),
        7: card(7, trauma="disease"),
        40: card(40, skill=skill("ignore_icon", 2, types=["fatigue"])),
        34: card(34, skill=skill("nav_plus", 2)),
    }


def example_position(eng):
    s = kit.ready(eng, row=[38, 36, 20], hand=[40, 34], traumas=[1, 3, 5, 7], deck_top=[30, 11, 13, 15])
    return kit.play(eng, s, "end_actions")


def test_rulebook_events_example():
    eng = kit.engine(sailing_over=example_cards())
    s, first = example_position(eng)
    assert [e.text.split(":")[0] for e in first if e.kind == "event"] == ["Learn a Skill"]
    # 1. Learn a Skill: 2 motivation icons, and two cost-2 skills in hand.
    assert s.pending == {"kind": "learn", "max": 2}
    assert {"learn:40", "learn:34", "learn:skip"} <= set(kit.ids(eng, s))
    s, events = kit.play(eng, s, "learn:40")
    texts = [e.text for e in events]
    assert 40 in s.skills
    # 2. Crew Unrest: 4 unrest in the row + 2 on Traumas; the lowest card (a Trauma) is gained, a card drawn.
    assert any(t.startswith("Crew Unrest: 6 unrest") for t in texts)
    assert 20 in s.traumas
    # 3. Disease Outbreak: 2 in the row + 3 Traumas = 5; 3 disease Traumas: 3 cards removed from play.
    assert any(t.startswith("Disease Outbreak: 5 disease") for t in texts)
    assert s.removed == [11, 13, 15]
    # 4. Exhausted Sailors: 3 fatigue icons, minus the learned skill: no. 5. No mutiny thanks to it.
    assert not any("Exhausted" in t for t in texts)
    assert eng.status(s).state == "in_progress"
    assert [e.text.split(":")[0] for e in events if e.kind == "event"] == ["Crew Unrest", "Disease Outbreak"]


def test_same_events_without_the_ignore_skill_end_in_mutiny():
    eng = kit.engine(sailing_over=example_cards())
    s, _ = example_position(eng)
    s, events = kit.play(eng, s, "learn:34")
    assert eng.status(s).state == "lost" and eng.status(s).reason == "mutiny" and s.phase == "over"
    assert eng.status(s).score == 0


def test_learning_needs_two_motivation_and_a_cheap_enough_skill():
    over = {38: card(38, motivation=1), 36: card(36, motivation=0), 40: card(40, skill=skill("nav_plus", 1))}
    eng = kit.engine(sailing_over=over)
    s, _ = kit.play(eng, kit.ready(eng, row=[38, 36, 35], hand=[40]), "end_actions")
    assert s.pending is None and 40 in s.hand  # only one motivation icon: nothing to learn
    over = {38: card(38, motivation=1), 36: card(36, motivation=1), 40: card(40, skill=skill("nav_plus", 3))}
    eng = kit.engine(sailing_over=over)
    s, _ = kit.play(eng, kit.ready(eng, row=[38, 36, 35], hand=[40]), "end_actions")
    assert s.pending is None and 40 in s.hand  # cost 3 needs 3 icons


def test_cheaper_skills_lowers_each_cost_by_one():
    over = {
        38: card(38, motivation=1),
        36: card(36, motivation=1),
        40: card(40, skill=skill("nav_plus", 3)),
        34: card(34, skill=skill("cheaper_skills", 2)),
    }
    eng = kit.engine(sailing_over=over)
    s, _ = kit.play(eng, kit.ready(eng, row=[38, 36, 35], hand=[40], skills=[34]), "end_actions")
    assert s.pending == {"kind": "learn", "max": 2}
    s, _ = kit.play(eng, s, "learn:40")
    assert 40 in s.skills


def test_learn_skip_keeps_the_card():
    over = {38: card(38, motivation=1), 36: card(36, motivation=1), 40: card(40, skill=skill("nav_plus", 1))}
    eng = kit.engine(sailing_over=over)
    s, _ = kit.play(eng, kit.ready(eng, row=[38, 36, 35], hand=[40]), "end_actions", "learn:skip")
    assert 40 in s.hand and 40 not in s.skills


def test_exhausted_sailors_lose_three_morale():
    over = {38: card(38, threats=(0, 0, 2)), 36: card(36, threats=(0, 0, 2)), 35: card(35, threats=(0, 0, 1))}
    eng = kit.engine(sailing_over=over)
    s = kit.ready(eng, row=[38, 36, 35], deck_top=[1, 3, 5, 7])
    s, events = kit.play(eng, s, "end_actions")
    assert s.discard[:3] == [1, 3, 5]
    assert any(e.text.startswith("Exhausted Sailors: 5 fatigue") for e in events)


def test_traumas_count_as_icons_and_ignore_icon_removes_one():
    over = {
        38: card(38, threats=(0, 0, 2)),
        36: card(36, threats=(0, 0, 2)),
        9: card(9, trauma="fatigue"),
        40: card(40, skill=skill("ignore_icon", 1, types=["fatigue"])),
    }
    eng = kit.engine(sailing_over=over)
    s = kit.ready(eng, row=[38, 36, 35], traumas=[9])
    assert eng.view(s)["icons"]["fatigue"] == 5
    s.skills = [40]
    s.hand = [c for c in s.hand if c != 40]
    s.deck = [c for c in s.deck if c != 40]
    assert eng.view(s)["icons"]["fatigue"] == 4
    _, events = kit.play(eng, s, "end_actions")
    assert not any("Exhausted" in e.text for e in events)


def test_ignore_choice_asks_which_type_when_it_matters():
    over = {
        38: card(38, threats=(2, 0, 2)),
        36: card(36, threats=(2, 0, 2)),
        35: card(35, threats=(1, 0, 1)),
        40: card(40, skill=skill("ignore_choice", 2, types=["unrest", "fatigue", "disease"])),
    }
    eng = kit.engine(sailing_over=over)
    s, _ = kit.play(
        eng, kit.ready(eng, row=[38, 36, 35], skills=[40], deck_top=[1, 3, 5, 7, 9]), "end_actions"
    )
    assert s.pending == {"kind": "ignore", "skill": 40, "types": ["unrest", "fatigue"]}
    assert set(kit.ids(eng, s)) == {"ignore:unrest", "ignore:fatigue"}
    s, events = kit.play(eng, s, "ignore:fatigue")
    texts = [e.text for e in events]
    assert any(t.startswith("Crew Unrest: 5") for t in texts)
    assert not any("Exhausted" in t for t in texts)


def test_ignore_choice_is_automatic_when_only_one_type_is_present():
    over = {
        38: card(38, threats=(0, 0, 2)),
        36: card(36, threats=(0, 0, 2)),
        35: card(35, threats=(0, 0, 1)),
        40: card(40, skill=skill("ignore_choice", 2, types=["unrest", "fatigue"])),
    }
    eng = kit.engine(sailing_over=over)
    s, events = kit.play(eng, kit.ready(eng, row=[38, 36, 35], skills=[40]), "end_actions")
    assert s.pending is None
    assert not any("Exhausted" in e.text for e in events)


def test_mutiny_loses_at_once():
    over = {38: card(38, threats=(2, 2, 2)), 36: card(36, threats=(1, 1, 1))}
    eng = kit.engine(sailing_over=over)
    s, events = kit.play(eng, kit.ready(eng, row=[38, 36, 35]), "end_actions")
    assert eng.status(s).state == "lost" and eng.status(s).reason == "mutiny"
    assert s.turn == 1  # no Sunset after a mutiny


def test_crew_unrest_with_an_empty_deck_demoralises():
    over = {38: card(38, threats=(2, 0, 0)), 36: card(36, threats=(2, 0, 0)), 35: card(35, threats=(1, 0, 0))}
    eng = kit.engine(sailing_over=over)
    s, _ = kit.play(eng, kit.ready(eng, row=[38, 36, 35], deck_size=0), "end_actions")
    assert eng.status(s).state == "lost" and eng.status(s).reason.startswith("demoralised")


def test_view_lists_the_events_with_counts():
    over = {38: card(38, threats=(2, 0, 0), motivation=1), 36: card(36, threats=(2, 0, 0), motivation=1)}
    eng = kit.engine(sailing_over=over)
    view = eng.view(kit.ready(eng, row=[38, 36, 35]))
    by_key = {e["key"]: e for e in view["events"]}
    assert by_key["learn"]["count"] == 2 and by_key["learn"]["triggers"]
    assert by_key["unrest"]["count"] == 4 and not by_key["unrest"]["triggers"]
    assert [e["key"] for e in view["events"]] == ["learn", "unrest", "disease", "fatigue", "mutiny"]
