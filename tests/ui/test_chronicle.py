"""The chronicle groups the log's last lines by turn, once for every game (app/ui/chronicle.py)."""

from __future__ import annotations

from app.ui import boards
from app.ui.chronicle import Chronicle


def line(kind: str, text: str = "", n: int | None = None) -> dict:
    out = {"seq": 1, "kind": kind, "text": text or kind}
    if n is not None:
        out["words"] = {"m": "Turn {n}", "p": {"n": n}}
    return out


def shape(turns) -> list[tuple]:
    return [(t.number, t.final, [ln["text"] for ln in t.lines]) for t in turns]


def test_an_opening_line_that_says_its_number_numbers_the_turns_before_and_after_it():
    lines = [line("roll", "a"), line("turn", "T7", n=7), line("move", "b"), line("turn", "T8", n=8), line("end", "c")]
    headed = Chronicle(headings=True).turns(lines, {"turn": 99})
    assert shape(headed) == [(6, False, ["a"]), (7, False, ["b"]), (8, False, ["c"])], "a heading is no entry"
    listed = Chronicle().turns(lines, {"turn": 99})
    assert shape(listed) == [(6, False, ["a"]), (7, False, ["T7", "b"]), (8, False, ["T8", "c"])]


def test_without_numbers_the_turns_are_counted_back_from_the_view():
    lines = [line("setup", "s"), line("start", "W1"), line("draw", "d"), line("turn", "W2"), line("nav", "n")]
    weeks = boards.chronicle("adamastor", lines, {"turn": 2})
    assert shape(weeks) == [(0, False, ["s"]), (1, False, ["W1", "d"]), (2, False, ["W2", "n"])]
    assert shape(Chronicle().turns([line("draw", "d")], {"turn": 4})) == [(4, False, ["d"])], "no opener: this turn"


def test_nemos_war_lines_before_the_first_heading_belong_to_the_turn_being_prepared():
    prep = {"turn": 3, "phase": "prep"}
    assert shape(boards.chronicle("nemos_war", [line("roll", "r")], prep)) == [(2, False, ["r"])]
    assert shape(boards.chronicle("nemos_war", [line("roll", "r")], {"turn": 3, "phase": "act"})) == [(3, False, ["r"])]


def test_call_to_adventure_keeps_the_setup_apart_and_gives_the_final_confrontation_its_own_turn():
    lines = [line("setup", "tale"), line("keep", "kept"), line("draw", "first move"), line("turn", "T2", n=2),
             line("cast", "runes"), line("final", "F"), line("result", "won"), line("final", "F again")]
    tale = boards.chronicle("call_to_adventure", lines, {"turn": 2})
    assert shape(tale) == [(0, False, ["tale", "kept"]), (1, False, ["first move"]), (2, False, ["T2", "runes"]),
                           (3, True, ["F", "won", "F again"])]


def test_a_game_without_a_board_module_groups_by_its_turn_lines():
    assert shape(boards.chronicle("pebbles", [line("x", "a")], {})) == [(0, False, ["a"])]
    assert boards.chronicle("pebbles", [], {}) == []
