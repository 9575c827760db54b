"""`python -m app bench --browser`: a short real run in Chromium (every game moves, figures printed).

Timing is not tested: the figures depend on the machine. The run checks that real clicks on a real
server were timed from the press to the painted board, for each of the four games.
"""

from __future__ import annotations

import argparse

import pytest

from app.ops import bench
from app.ops.bench import browser
from app.ops.cli import main
from games.registry import slugs

pytestmark = pytest.mark.browser


def _args(**given) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    bench.add_arguments(parser)
    args = parser.parse_args(["--browser"])
    for key, value in given.items():
        setattr(args, key, value)
    return args


@pytest.fixture(scope="module")
def short_run():
    return browser.bench(_args(browser_moves=8, browser_warmup=1, seed=3))


def test_every_game_moved_and_each_move_was_timed_to_its_paint(short_run):
    assert {m.game for m in short_run.moves} == set(slugs())
    assert len(short_run.moves) == 8
    for move in short_run.moves:
        assert move.click_to_paint > 0
        assert move.click_to_answer is not None and 0 < move.click_to_answer <= move.click_to_paint
        assert 0 < move.answer_bytes < 50_000  # compressed, as it came over the wire


def test_report_prints_percentiles_and_the_largest_answer(short_run):
    text = "\n".join(short_run.lines())
    assert "== browser: click to new board painted" in text
    for game in slugs():
        assert game in text
    assert "all four" in text and "p95 ms" in text
    assert "largest move answer:" in text and "KB compressed" in text


def test_cli_refuses_a_run_without_moves(capsys):
    assert main(["bench", "--browser", "--browser-moves", "0"]) == 2
    assert "--browser-moves" in capsys.readouterr().err
