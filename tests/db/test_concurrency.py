"""Two tabs, a double click: truly parallel HTTP requests at one version against the real server.

Of the requests racing on one session (or one campaign) at the same version, exactly one applies
and every other one gets 409 with the current board. On PostgreSQL the same holds with several
worker processes, where no in-process lock is shared: the version compare-and-set in the database
is what decides.
"""

from __future__ import annotations

import threading

import httpx
import pytest

from app.ops import live
from app.ops.backup import check_database

RACERS = 8
ROUNDS = 4


def race(base_url: str, path: str, bodies: list[dict]) -> list[httpx.Response]:
    """POST every body to `path` at once, each from its own already-connected client."""
    clients = [httpx.Client(base_url=base_url, timeout=30) for _ in bodies]
    for c in clients:
        c.get("/healthz")  # open the connection now, so the race is the requests, not the handshakes
    barrier = threading.Barrier(len(bodies))
    answers: list[httpx.Response | None] = [None] * len(bodies)

    def send(i: int) -> None:
        barrier.wait()
        answers[i] = clients[i].post(path, json=bodies[i])

    threads = [threading.Thread(target=send, args=(i,)) for i in range(len(bodies))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    for c in clients:
        c.close()
    assert all(a is not None for a in answers), "a request did not come back"
    return answers  # type: ignore[return-value]


def check_one_winner(answers: list[httpx.Response], version: int) -> dict:
    """Exactly one 200; every other answer a 409 carrying the board as the winner left it."""
    codes = sorted(a.status_code for a in answers)
    assert codes == [200] + [409] * (len(answers) - 1), codes
    winner = next(a.json() for a in answers if a.status_code == 200)
    assert winner["version"] == version + 1
    for lost in (a.json() for a in answers if a.status_code == 409):
        assert lost["current"]["version"] == version + 1
        assert lost["current"]["legal_actions"] == winner["legal_actions"]
    return winner


def race_session(base_url: str, seed: int) -> None:
    s = httpx.post(f"{base_url}/api/sessions", json={"game": "adamastor", "seed": seed}, timeout=30).json()
    sid, applied = s["id"], []
    for _ in range(ROUNDS):
        ids = [a["id"] for a in s["legal_actions"]]
        # Different tabs may click different things: each racer picks its own legal action.
        bodies = [{"action": ids[i % len(ids)], "version": s["version"]} for i in range(RACERS)]
        s = check_one_winner(race(base_url, f"/api/sessions/{sid}/actions", bodies), s["version"])
        applied.append(s["version"])
    log = httpx.get(f"{base_url}/api/sessions/{sid}/log", timeout=30).json()
    assert sorted({e["seq"] for e in log}) == applied == list(range(1, ROUNDS + 1))
    assert httpx.get(f"{base_url}/api/sessions/{sid}", timeout=30).json()["version"] == ROUNDS


def race_campaign(base_url: str, seed: int) -> None:
    c = httpx.post(f"{base_url}/api/campaigns", json={"game": "adamastor", "seed": seed}, timeout=30).json()
    ids = [a["id"] for a in c["legal_actions"]]
    assert ids, "a new campaign opens with a choice"
    bodies = [{"action": ids[i % len(ids)], "version": c["version"]} for i in range(RACERS)]
    won = check_one_winner(race(base_url, f"/api/campaigns/{c['id']}/actions", bodies), c["version"])
    again = httpx.get(f"{base_url}/api/campaigns/{c['id']}", timeout=30).json()
    assert again["version"] == won["version"] == c["version"] + 1


@pytest.mark.slow
def test_parallel_moves_apply_exactly_once(db_url, tmp_path):
    with live.running(db_url, tmp_path) as server:
        race_session(server.base_url, seed=11)
        race_campaign(server.base_url, seed=12)
    report = check_database(db_url)
    assert report.ok, report.problems
    assert report.sessions == 1 and report.actions == ROUNDS


@pytest.mark.slow
def test_parallel_moves_across_worker_processes(backend, db_url, tmp_path):
    if backend != "postgresql":
        pytest.skip("several workers are a PostgreSQL deployment (SQLite serves one process)")
    with live.running(db_url, tmp_path, workers=2) as server:
        for seed in (21, 22):
            race_session(server.base_url, seed=seed)
        race_campaign(server.base_url, seed=23)
    report = check_database(db_url)
    assert report.ok, report.problems
    assert report.sessions == 2 and report.actions == 2 * ROUNDS
