"""The action bar offers at most nine choices, picked piece first, each name once (app/ui/bar.py)."""

from __future__ import annotations

from app.ui.bar import MAX_CHOICES, choices
from app.ui.placement import Placement
from games.engine import Action


def acts(*labels: str) -> list[Action]:
    return [Action(f"a{i}", label) for i, label in enumerate(labels)]


def test_six_choices_or_fewer_are_shown_as_they_come():
    shown = choices(acts(*(f"Sail to space {n}" for n in range(6))))
    assert [c.label for c in shown] == [f"Sail to space {n}" for n in range(6)] and not any(c.group for c in shown)


def test_past_six_the_same_first_word_is_one_choice_that_opens():
    shown = choices(acts(*(f"Sail to space {n}" for n in range(7)), "End the turn"))
    assert [c.label for c in shown] == ["Sail…", "End the turn"]
    assert shown[0].faces == tuple(f"to space {n}" for n in range(7))


def test_the_swaps_of_many_pieces_are_one_swap_choice():
    swaps = [Action(f"swap:h{h}:r{r}", f"Swap #{h} Sails for #{r} Rations") for h in range(1, 6) for r in (1, 2, 3)]
    placement = Placement()
    for a in swaps:
        placement.add(("hand", a.id.split(":")[1]), a)
    draw, navigate, end = acts("Draw a card", "Navigate", "End the Actions phase")
    shown = choices([draw, *swaps, navigate, end], placement)
    assert [c.label for c in shown] == ["Draw a card", "Swap…", "Navigate", "End the Actions phase"]
    assert [a.id for a in shown[1].actions] == [a.id for a in swaps]
    assert shown[1].faces[0] == "#1 Sails for #1 Rations"


def test_identical_names_are_one_choice():
    shown = choices(acts("Use a move die to move", "Use a move die to move", "End the turn"))
    assert [c.label for c in shown] == ["Use a move die to move", "End the turn"]
    assert shown[0].action.id == "a0"


def test_a_long_decision_is_picked_piece_first():
    swaps = [Action(f"swap:h{h}:r{r}", f"Swap #{h} Sails for #{r} Rations") for h in (4, 5, 6) for r in (1, 2, 3)]
    others = acts("Draw a card", "End the Actions phase")
    placement = Placement()
    for a in swaps:
        placement.add(("hand", a.id.split(":")[1]), a)
    shown = choices(swaps + others, placement)
    assert len(shown) == 5 <= MAX_CHOICES
    group = shown[0]
    assert group.group and group.label == "Swap #4 Sails for…" and [a.id for a in group.actions] == [
        "swap:h4:r1", "swap:h4:r2", "swap:h4:r3"]
    assert group.faces == ("#1 Rations", "#2 Rations", "#3 Rations")
    assert [c.label for c in shown[3:]] == ["Draw a card", "End the Actions phase"]
    every = [a.id for c in shown for a in ((c.action,) if not c.group else c.actions)]
    assert sorted(every) == sorted(a.id for a in swaps + others), "every action is still one choice away"


def test_without_pieces_the_same_first_words_group_and_the_rest_waits_under_more():
    verbs = ["Rest", "Repair", "Refit", "Search", "Stalk", "Attack", "Incite", "Pray", "Wait", "Flee", "Dive"]
    many = acts(*(f"Move to {n}" for n in range(12)), *(f"{verb} now" for verb in verbs))
    shown = choices(many)
    assert len(shown) == MAX_CHOICES and shown[0].label == "Move to…" and len(shown[0].actions) == 12
    assert shown[0].faces[3] == "Move to 3", "each button keeps words to read (not a bare '3')"
    assert [c.label for c in shown[1:-1]] == [f"{verb} now" for verb in verbs[:7]]
    assert shown[-1].more and [a.label for a in shown[-1].actions] == [f"{verb} now" for verb in verbs[7:]]
    assert len({a.id for c in shown for a in (c.actions or (c.action,))}) == len(many)


def test_a_button_shows_its_label_up_to_the_brackets_unless_two_would_then_look_the_same():
    shown = choices(acts("Play Hope Endures (During your turn: +1 to a cast)",
                         "Swap The Volta (hand) for Seams (row 1)", "Swap The Volta (hand) for Cargo (row 2)",
                         "End your turn"))
    assert [c.face for c in shown] == ["Play Hope Endures", "Swap The Volta (hand) for Seams (row 1)",
                                       "Swap The Volta (hand) for Cargo (row 2)", "End your turn"]
    assert len({c.face for c in shown}) == len(shown)
    assert shown[0].rest == " (During your turn: +1 to a cast)" and shown[1].rest == ""


def test_labels_that_would_read_alike_show_their_face_and_what_tells_them_apart():
    """A phone's bar shows two lines of a label: the whole "Swap Pilot's Rutter (8) into the row for ..." of three
    swaps read alike there, cut before the row card (a playtest). They show the verb and the row card."""
    swap = "Swap Pilot's Rutter (8) into the row for "
    shown = choices(acts("Draw a card", swap + "Mutterings of Mutiny (30)", swap + "Stolen Rations (19)",
                         swap + "Lateen Sails (4)", "End the Actions phase"))
    assert [c.short for c in shown] == ["", "Swap … Mutterings of Mutiny (30)", "Swap … Stolen Rations (19)",
                                        "Swap … Lateen Sails (4)", ""]
    assert shown[1].label == swap + "Mutterings of Mutiny (30)", "the whole label stays the button's name"
    two = choices(acts(swap + "Mast (2)", swap + "Rations (5)", "Swap Sails (1) into the row for Mast (2)",
                       "Swap Sails (1) into the row for Rations (5)"))
    assert [c.short for c in two] == ["Swap Pilot's Rutter … Mast (2)", "Swap Pilot's Rutter … Rations (5)",
                                      "Swap Sails … Mast (2)", "Swap Sails … Rations (5)"], "two hands' swaps differ"
    alike = choices(acts("Sail (east)", "Sail (west)"))
    assert [c.short for c in alike] == ["", ""] and all(c.whole for c in alike), "nothing shared past the face"


def test_a_group_leaves_each_button_a_word_to_read():
    shown = choices(acts(*(f"Respawn at level 1, row 1, column {n}" for n in range(1, 8))))
    assert shown[0].label == "Respawn at level 1…"
    assert shown[0].faces == tuple(f"row 1, column {n}" for n in range(1, 8))
