"""The chronicle groups the log's last lines by turn, once for every game (app/ui/chronicle.py)."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from app.ui import boards
from app.ui.chronicle import Chronicle, taken_back
from games.engine import Rng
from games.registry import all_engines, get_engine


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


def seq_line(seq: int, kind: str = "event", text: str = "") -> dict:
    return {"seq": seq, "kind": kind, "text": text or f"{kind} {seq}"}


def undone(lines: list[dict]) -> list[str]:
    return [ln["text"] for ln in taken_back(lines) if ln.get("undone")]


def test_the_lines_of_a_move_taken_back_are_marked_and_the_tail_is_left_as_it_was():
    lines = [seq_line(1), seq_line(2), seq_line(2, text="event 2b"), seq_line(3, "undo"), seq_line(4)]
    assert undone(lines) == ["event 2", "event 2b"]
    assert not any("undone" in ln for ln in lines), "the tail itself is not changed"
    assert taken_back([seq_line(1), seq_line(2)]) == [seq_line(1), seq_line(2)], "no undo: nothing marked"


def test_undos_in_a_row_take_back_one_move_each_newest_first_and_a_silent_move_counts():
    # 3 logged nothing: the first undo takes it back (nothing to mark), the second takes back 2
    lines = [seq_line(1), seq_line(2), seq_line(4, "undo"), seq_line(5, "undo"), seq_line(6)]
    assert undone(lines) == ["event 2"]
    # an undo of a move before the tail marks nothing in it
    assert undone([seq_line(7, "undo"), seq_line(8)]) == []
    assert undone([seq_line(7), seq_line(8, "undo"), seq_line(9, "undo"), seq_line(10)]) == ["event 7"]


@pytest.fixture
def web(db_url, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", db_url)
    with TestClient(create_app()) as c:
        yield c


@pytest.mark.parametrize("slug", [e.spec.slug for e in all_engines()])
def test_a_boards_chronicle_strikes_the_lines_of_a_move_taken_back(web, slug):
    """Undone moves stayed in the log unmarked, so a move taken back and played again read as done twice (the Call to
    Adventure and Platformer playtests: '5 against 4: success. You gain 1 experience' twice)."""
    eng = get_engine(slug)
    made = web.post("/api/sessions", json={"game": slug, "seed": 6}).json()
    sid, version = made["id"], made["version"]
    state, rng = eng.new_game(6, eng.spec.normalize_options(None)), Rng.from_seed(6)
    for _ in range(200):
        action = eng.bots["heuristic"].choose(eng, state, eng.legal_actions(state), rng)
        answer = web.post(f"/api/sessions/{sid}/actions", json={"action": action, "version": version}).json()
        version, state = answer["version"], eng.apply(state, action)[0]
        logged = [ln for ln in answer["log_tail"] if ln["seq"] == version]
        if answer["can_undo"] and logged:
            break
    else:
        pytest.fail("no undoable move that logged a line in 200 moves")
    assert web.post(f"/play/{sid}/undo", data={"version": str(version)}).status_code in (200, 303)
    page = web.get(f"/play/{sid}").text
    struck = re.findall(r'<li class="chronicle-entry chronicle-\w+ chronicle-undone">', page)
    assert len(struck) == len(logged), f"{len(logged)} lines taken back, {len(struck)} struck"
    assert page.count('<span class="visually-hidden">Taken back: </span>') == len(logged)
