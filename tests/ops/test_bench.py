"""`python -m app bench`: a short real run (every report section, real moves, no 5xx) and the probe's absence.

Timing is not tested here: the figures depend on the machine. The run checks that the bench really
drives a real server (JSON, HTML and campaign players all move) and that its report is complete.
"""

from __future__ import annotations

import argparse

import pytest

from app.ops import bench
from app.ops.bench.report import SECTIONS
from app.ops.bench.stats import Series, percentile
from app.ops.cli import main
from games.registry import slugs


def _args(**given) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    bench.add_arguments(parser)
    args = parser.parse_args([])
    for key, value in given.items():
        setattr(args, key, value)
    return args


@pytest.fixture(scope="module")
def short_run():
    args = _args(players=3, duration=4.0, probe_seconds=1.0, resume_actions=30,
                 html_share=0.34, campaign_share=0.34, seed=5, think_ms=400.0)
    return bench.bench(args)


@pytest.mark.slow
def test_report_has_every_section_and_every_target(short_run):
    text = "\n".join(short_run.lines())
    for section in SECTIONS:
        assert f"== {section}" in text
    assert "players:      3 (1 json, 1 html, 1 campaign)" in text
    assert "auth mode:    accounts (players sign up" in text  # the default: every player is a real account
    targets = [line for line in text.splitlines() if line.startswith(("PASS ", "FAIL "))]
    assert len(targets) == 6  # latency, share of the limit, 5xx, move size, first load, resume


@pytest.mark.slow
def test_players_really_played_through_json_html_and_campaigns(short_run):
    total = short_run.samples.overall()
    assert total.moves.count > 20
    assert [r.name for r in short_run.runs] == ["paced", "flat out"]
    for run in short_run.runs:
        assert run.moves_per_second > 0
        assert run.server_cpu > 0 and run.cpu_ms_per_request() > 0
    assert short_run.server_errors() == 0
    assert not [status for status in total.errors if status >= 500]
    game = short_run.samples.games["adamastor"]
    assert game.pages.count >= 1 and game.first_loads  # the HTML player loaded its board
    assert min(game.first_loads) > max(game.pages.sizes)  # the first load counts its assets too
    assert "campaign:adamastor" in short_run.samples.games  # the campaign player started one
    assert all(0 < size < 50_000 for size in total.moves.sizes)  # compressed answers, measured on the wire


@pytest.mark.slow
def test_paced_players_pause_between_moves_and_flat_out_ones_do_not(short_run):
    paced, flat = short_run.runs
    # 3 players pausing 0.4 s on average for 4 s make a few dozen moves at most; flat out, far more
    assert 0 < paced.samples.overall().moves.count <= 3 * 4.0 / 0.4 * 2
    assert flat.samples.overall().moves.count > 2 * paced.samples.overall().moves.count
    assert short_run.paced is paced and short_run.flat_out is flat
    assert any(text.endswith("(paced run)") for text, _ in short_run.targets())  # latency is judged there


@pytest.mark.slow
def test_probe_and_engines_and_resume_were_measured(short_run):
    assert short_run.probe.writes.count > 0 and short_run.probe.errors == 0
    assert [e.slug for e in short_run.engines] == slugs()
    assert all(e.actions_per_second > 0 and e.games > 0 for e in short_run.engines)
    assert short_run.resume is not None and short_run.resume.long_actions == 30
    assert all(ms > 0 for ms in (*short_run.resume.api_ms, *short_run.resume.page_ms, *short_run.resume.replay_ms))


def test_probe_route_is_absent_in_a_normal_app(client):
    session = client.post("/api/sessions", json={"game": "adamastor", "seed": 1}).json()
    assert client.post(f"/_bench/write/{session['id']}").status_code == 404
    assert "/_bench" not in str(client.get("/openapi.json").json()["paths"])


def test_answers_are_compressed_when_asked(client):
    session = client.post("/api/sessions", json={"game": "adamastor", "seed": 1}).json()
    resp = client.get(f"/api/sessions/{session['id']}", headers={"Accept-Encoding": "gzip"})
    assert resp.headers.get("content-encoding") == "gzip"
    assert resp.num_bytes_downloaded < len(resp.content)


def test_percentiles_by_nearest_rank():
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 50) == 50 and percentile(values, 99) == 99 and percentile(values, 100) == 100
    assert percentile([], 99) == 0
    series = Series()
    series.add(0.004, 900)
    series.add(0.002, 1100)
    assert series.ms(50) == pytest.approx(2.0) and series.mean_size == 1000 and series.max_size == 1100


def test_bench_is_a_subcommand(capsys):
    with pytest.raises(SystemExit) as done:
        main(["bench", "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    for option in ("--players", "--duration", "--database-url", "--workers", "--html-share", "--seed"):
        assert option in out


def test_session_answers_sent_without_the_model_pass_have_its_exact_shape(client):
    """The move, undo and session routes skip FastAPI's response-model pass for speed: what they
    send must be exactly what that pass would have produced."""
    from app.api.schemas import SessionOut

    def same_as_model(answer: dict) -> None:
        assert SessionOut.model_validate(answer).model_dump(mode="json") == answer

    current = client.post("/api/sessions", json={"game": "adamastor", "seed": 3}).json()
    for _ in range(12):
        action = current["legal_actions"][0]["id"]
        resp = client.post(f"/api/sessions/{current['id']}/actions",
                           json={"action": action, "version": current["version"]})
        assert resp.status_code == 200
        current = resp.json()
        same_as_model(current)
        if current["can_undo"]:
            undone = client.post(f"/api/sessions/{current['id']}/undo", json={"version": current["version"]})
            same_as_model(undone.json())
            break
    else:
        pytest.fail("no move that could be taken back in 12 moves")
    same_as_model(client.get(f"/api/sessions/{current['id']}").json())
