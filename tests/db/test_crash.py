"""Crash safety: SIGKILL the real server while players are moving, restart it, and nothing answered is lost.

Every move answered 200 before the kill is in the log (same number, same action) and in the
snapshot; every session replays from seed + log to its snapshot; the database passes its checks
(SQLite's integrity_check among them). Bounded: a few players, a capped number of moves each.
"""

from __future__ import annotations

import threading
import time

import httpx
import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from app.db.engine import make_engine
from app.db.models import GameSession, LogEntry
from app.ops import live
from app.ops.backup import check_database
from tests.support.players import Player

PLAYERS = 4
MOVES_BEFORE_KILL = 60  # answered moves, all players together
TIME_LIMIT = 60.0


def play_until_killed(db_url: str, workdir) -> list[Player]:
    server = live.start(db_url, workdir)
    players = [Player(server.base_url, seed=n + 1) for n in range(PLAYERS)]
    stop = threading.Event()
    threads = [threading.Thread(target=p.run, args=(stop,)) for p in players]
    try:
        for t in threads:
            t.start()
        deadline = time.monotonic() + TIME_LIMIT
        while sum(len(p.answered) for p in players) < MOVES_BEFORE_KILL and time.monotonic() < deadline:
            time.sleep(0.01)
        server.kill()  # mid-stream: the players are still sending moves
    finally:
        stop.set()
        server.kill()
        for t in threads:
            t.join(timeout=30)
    return players


@pytest.mark.slow
def test_answered_moves_survive_sigkill(db_url, tmp_path):
    players = play_until_killed(db_url, tmp_path)
    assert not [u for p in players for u in p.unexpected]
    answered = [a for p in players for a in p.answered]
    assert len(answered) >= MOVES_BEFORE_KILL

    engine = make_engine(db_url)
    try:
        with Session(engine) as db:
            logged = {(e.session_id, e.seq): (e.kind, e.action) for e in db.scalars(select(LogEntry))}
            versions = {sid: v for sid, v in db.execute(select(GameSession.id, GameSession.version))}
    finally:
        engine.dispose()
    for sid, version, action in answered:
        assert logged.get((sid, version)) == ("action", action), f"answered move {sid}#{version} lost"
    for p in players:
        for sid, last in p.last_version.items():
            # A move may have been applied with its answer lost in the kill: at most one more.
            assert versions[sid] in (last, last + 1), (sid, last, versions[sid])

    report = check_database(db_url)  # integrity_check, log numbering, snapshot == replay of the log
    assert report.ok, report.problems
    assert report.sessions == len(versions) and not report.skipped

    server = live.start(db_url, tmp_path)  # and the server comes back on the same database
    try:
        sid, version, _ = answered[-1]
        s = httpx.get(f"{server.base_url}/api/sessions/{sid}", timeout=10).json()
        assert s["version"] == versions[sid]
        if s["legal_actions"]:
            r = httpx.post(
                f"{server.base_url}/api/sessions/{sid}/actions",
                json={"action": s["legal_actions"][0]["id"], "version": s["version"]},
                timeout=10,
            )
            assert r.status_code == 200 and r.json()["version"] == s["version"] + 1
    finally:
        server.stop()
