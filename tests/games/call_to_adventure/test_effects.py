"""Card effects one by one: the special runes' faces, Hero/Antihero effects, the Adversary's cards."""

from __future__ import annotations

import pytest

from tests.games.call_to_adventure import kit
from tests.games.call_to_adventure.kit import by_name, do, ids

COMP = kit.COMP
ROW1 = ["Tavern Brawl", "River Crossing", "The Academy", "Runaway Cart"]


@pytest.mark.parametrize("ability, challenge, check", [
    ("dex", "River Crossing", lambda s, before: s.exp == before["exp"] + 1),
    ("con", "River Crossing", lambda s, before: s.adv_exp == before["adv"] - 1),
    ("wis", "The Academy", lambda s, before: s.level == 2),
    ("int", "The Academy", lambda s, before: ids(s) == ["choose:hero", "choose:antihero"]),
])
def test_special_rune_faces(ability, challenge, check):
    s = kit.start("Sailor", "Wanderlust", "Legendary Thief", boss="The Bandit King")
    kit.row(s, 1, ROW1)
    s, _ = do(s, f"challenge:{by_name(challenge)}:top")
    s.pending["pool"] = ["core1", "core2", f"{ability}3"]  # crafted: the special rune in the pool (see test_rules)
    s.adv_exp = 3
    before = {"exp": s.exp, "adv": s.adv_exp}
    kit.rig(s, [0, 0, 1])
    s, _ = do(s, "cast")
    assert s.pending["cast"][-1]["bonus"] == COMP.runes[f"{ability}3"].faces[1].bonus
    assert check(s, before)


def test_strength_special_face_is_worth_three():
    s = kit.start(boss="The Bandit King")
    kit.row(s, 1, ROW1)
    s, _ = do(s, f"challenge:{by_name('Tavern Brawl')}:top")
    s.pending["pool"] = ["str3"]
    kit.rig(s, [1])
    s, _ = do(s, "cast")
    assert kit.ENGINE.view(s)["challenge"]["total"] == 3


def test_lucky_break_casts_the_blank_runes_again():
    s = kit.start(boss="The Bandit King")
    kit.hand(s, "Lucky Break")
    kit.row(s, 1, ROW1)
    s, _ = do(s, f"challenge:{by_name('Tavern Brawl')}:top")  # core ×3 + cha1
    assert f"play:{by_name('Lucky Break')}" not in ids(s), "after the cast only"
    kit.rig(s, [1, 0, 0, 1, 0, 0])  # core1 0, core2 1, core3 1, cha1 0; then the two blanks again: 1 and 2
    s, events = do(s, "cast", f"play:{by_name('Lucky Break')}")
    assert [c["value"] for c in s.pending["cast"]] == [1, 1, 1, 2]
    assert any(e.kind == "cast" and e.reveals for e in events)


def test_a_card_adds_a_normal_rune_never_the_special_one():
    s = kit.start(boss="The Bandit King")  # Hunter: one dex icon
    kit.hand(s, "Nimble Feet", "Vicious Cunning")  # both add a dex rune
    kit.row(s, 1, ["Bandit Ambush"] + ROW1[:3])
    s, _ = do(s, f"challenge:{by_name('Bandit Ambush')}:top", f"play:{by_name('Nimble Feet')}")
    assert f"play:{by_name('Vicious Cunning')}" not in ids(s), "dex1 and dex2 are both taken"
    s, _ = do(s, "cast")
    assert s.pending["pool"] == ["core1", "core2", "core3", "dex1", "dex2"]


def test_shortcut_makes_travel_free_and_stand_against_darkness_weakens_the_adversary():
    s = kit.start(boss="The Bandit King")
    kit.hand(s, "Shortcut", "Stand Against Darkness")
    kit.row(s, 1, ROW1)
    s.adv_exp = 5
    s, _ = do(s, f"play:{by_name('Shortcut')}", f"play:{by_name('Stand Against Darkness')}")
    assert s.adv_exp == 3
    s, _ = do(s, f"travel:{by_name('Tavern Brawl')}")
    assert s.exp == 3, "the Bandit King's +1 is waived too: this travel is free"


@pytest.mark.parametrize("card, check", [
    ("Harsh Lesson", lambda s: s.exp == 2 and s.adv_exp == 1),
    ("Instill Fear", lambda s: s.pending["bonus"] == -2),
    ("Sabotage", lambda s: s.pending["bonus"] == -1 and s.flags["no_travel"]),
    ("Cruel Betrayal", lambda s: not s.allies and by_name("Loyal Hound") in s.discards["1"]),
])
def test_the_adversarys_cards(card, check):
    s = kit.start(boss="The Bandit King")
    kit.row(s, 1, ROW1)
    hound = by_name("Loyal Hound")
    kit.take(s, hound)
    s.allies = [hound]
    cid = by_name(card)
    s.adv_deck.remove(cid)
    s.adv_deck.append(cid)
    s, _ = do(s, f"challenge:{by_name('Tavern Brawl')}:top")
    kit.rig(s, [0, 0, 1, 0])
    s, _ = do(s, "cast", "choose:hero")  # the card drawn first, then the Adversary's revealed
    assert check(s)
    if card == "Sabotage":
        s, _ = do(s, "accept")
        assert not any(i.startswith("travel:") for i in ids(s))


def test_cruel_betrayal_without_an_ally_feeds_the_adversary():
    s = kit.start(boss="The Bandit King")
    kit.row(s, 1, ROW1)
    cid = by_name("Cruel Betrayal")
    s.adv_deck.remove(cid)
    s.adv_deck.append(cid)
    s, _ = do(s, f"challenge:{by_name('Tavern Brawl')}:top")
    kit.rig(s, [0, 0, 1, 0])
    s, _ = do(s, "cast", "choose:hero")
    assert s.adv_exp == 2


def test_the_adversarys_deck_is_reshuffled_when_empty():
    s = kit.start(boss="The Bandit King")
    kit.row(s, 1, ROW1)
    s.adv_discard, s.adv_deck = s.adv_deck, []
    s, _ = do(s, f"challenge:{by_name('Tavern Brawl')}:top")
    kit.rig(s, [0, 0, 1, 0])
    s, events = do(s, "cast", "choose:hero")
    assert len(s.adv_revealed) == 1 and len(s.adv_deck) == 5 and not s.adv_discard
    assert any("shuffled" in e.text and e.reveals for e in events)


def test_harsh_lesson_with_no_experience_says_no_loss_of_nothing():
    """Issue #27: "You lose 0 experience" is never said; the Adversary still gains, as its card says."""
    s = kit.start(boss="The Bandit King")
    kit.row(s, 1, ROW1)
    cid = by_name("Harsh Lesson")
    s.adv_deck.remove(cid)
    s.adv_deck.append(cid)
    s, _ = do(s, f"challenge:{by_name('Tavern Brawl')}:top")
    s.exp = 0
    kit.rig(s, [0, 0, 1, 0])
    s, events = do(s, "cast", "choose:hero")
    assert s.exp == 0 and s.adv_exp == 1
    assert not any(e.text.startswith("You lose") for e in events)
    assert any("it took your experience" in e.text for e in events)
