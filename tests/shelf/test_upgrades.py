"""Rules versions: saves made under older rules are replayed under the new ones, or kept and marked.

Pebbles version 1 is played and saved, then a version 2 is registered in its place: one whose rules
still accept the old logs (`PebblesV2`: a hand limit of 5 and a new key in the state), one where an
old move is now illegal (`PebblesStrict`: a hand limit of 2, so a third draw in a row is refused).
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from app.core.config import Settings
from app.core.errors import Illegal
from app.core.words import stored_words
from app.db.engine import make_engine, make_sessionmaker
from app.db.migrate import upgrade
from app.db.models import GameSession, LogEntry, Snapshot
from app.main import create_app
from app.shelf import moves, store, upgrades
from games import registry
from games.engine import Action, IllegalAction, MalformedState
from tests.support.pebbles import PebblesEngine


class PebblesV2(PebblesEngine):
    """Version 2: the same moves, plus a hand limit (5) written into the state."""

    spec = dataclasses.replace(PebblesEngine.spec, rules_version=2)
    HAND_LIMIT = 5

    def new_game(self, seed: int, options: dict, carried: dict | None = None) -> dict:
        return {**super().new_game(seed, options, carried), "limit": self.HAND_LIMIT}

    def legal_actions(self, state: dict) -> list[Action]:
        acts = super().legal_actions(state)
        if len(state["hand"]) >= state.get("limit", self.HAND_LIMIT):
            acts = [a for a in acts if a.id != "draw"]
        return acts

    def apply(self, state: dict, action_id: str) -> tuple[dict, list[Any]]:
        if action_id not in {a.id for a in self.legal_actions(state)}:
            raise IllegalAction(f"{action_id!r} is not legal now")
        new, events = super().apply(state, action_id)
        return {**new, "limit": state.get("limit", self.HAND_LIMIT)}, events


class PebblesStrict(PebblesV2):
    """Version 2 with a hand limit of 2: an old log with three draws in a row no longer replays."""

    HAND_LIMIT = 2


class PebblesNewFormat(PebblesStrict):
    """Strict rules whose saved state has a new shape: an old snapshot cannot even be read."""

    def load(self, data: dict) -> dict:
        if "limit" not in data:
            raise MalformedState("a pebbles state from before version 2")
        return super().load(data)


class PebblesV3(PebblesV2):
    spec = dataclasses.replace(PebblesEngine.spec, rules_version=3)


@pytest.fixture
def sessions(db_url, pebbles):
    upgrade(db_url)
    engine = make_engine(db_url)
    yield make_sessionmaker(engine)
    engine.dispose()


@contextmanager
def serving(db_url: str) -> Iterator[TestClient]:
    """A fresh app (as after a restart) on the database, its connections closed afterwards."""
    app = create_app(Settings(database_url=db_url))
    with TestClient(app) as client:
        yield client
    app.state.db_engine.dispose()


def use_rules(engine_class: type) -> None:
    registry.register("pebbles", engine_class)


def new_game(sessions, actions: list[str], seed: int = 5) -> str:
    with sessions() as db:
        sid = store.create_session(db, game="pebbles", seed=seed).id
        for n, move in enumerate(actions):
            moves.play(db, session_id=sid, action=move, version=n)
    return sid


def saved(sessions, sid: str) -> tuple[dict[str, Any], dict[str, Any], list[tuple[int, str, str]]]:
    """The session row's columns, the snapshot and the log, as plain values."""
    with sessions() as db:
        record = db.get(GameSession, sid)
        row = {c: getattr(record, c) for c in ("rules_version", "status", "score", "version", "attention",
                                                "attention_rules_version", "updated_at")}
        snap = db.get(Snapshot, sid)
        snapshot = {"state": snap.state, "checkpoint": snap.checkpoint, "pending": snap.pending}
        log = [(e.seq, e.kind, e.action) for e in db.scalars(
            select(LogEntry).where(LogEntry.session_id == sid).order_by(LogEntry.seq))]
    return row, snapshot, log


def hand_of(sessions, sid: str) -> list[int]:
    with sessions() as db:
        return list(moves.current_view(db, session_id=sid).view["hand"])


def test_old_saves_replay_under_compatible_new_rules_at_start_up(sessions, caplog):
    sid = new_game(sessions, ["draw", "draw"])
    placed = hand_of(sessions, sid)[0]
    with sessions() as db:
        moves.play(db, session_id=sid, action=f"place:{placed}", version=2)
    row_before, snap_before, log_before = saved(sessions, sid)
    assert row_before["rules_version"] == 1 and "limit" not in snap_before["state"]

    use_rules(PebblesV2)
    caplog.set_level(logging.INFO, logger="solo_shelf.rules")
    summary = upgrades.upgrade_all(sessions)

    assert (summary.upgraded, summary.marked) == (1, 0)
    assert [r.fields for r in caplog.records if r.name == "solo_shelf.rules"] == [
        {"event": "rules_versions", "upgraded": 1, "needs_attention": 0}]
    row, snap, log = saved(sessions, sid)
    assert row["rules_version"] == 2 and row["attention"] is None
    assert row["version"] == row_before["version"] == 3
    assert snap["state"]["limit"] == 5  # rebuilt by the new rules, not copied
    assert {k: v for k, v in snap["state"].items() if k != "limit"} == snap_before["state"]
    assert snap["pending"] == snap_before["pending"] == [f"place:{placed}"]
    assert snap["checkpoint"]["limit"] == 5
    assert log == log_before
    with sessions() as db:  # play and undo go on as before
        sv = moves.undo(db, session_id=sid, version=3)
        assert sorted(sv.view["hand"]) == sorted(snap_before["state"]["hand"] + [placed])
        assert moves.play(db, session_id=sid, action="draw", version=4).version == 5
    assert upgrades.upgrade_all(sessions).upgraded == 0  # nothing left to do


def test_a_save_that_no_longer_replays_is_kept_marked_and_refuses_moves(sessions):
    broken = new_game(sessions, ["draw", "draw", "draw"])
    fine = new_game(sessions, ["draw", "draw"], seed=9)
    row_before, snap_before, log_before = saved(sessions, broken)

    use_rules(PebblesStrict)
    with sessions() as db:  # the lazy path: loading the board brings it up to date or marks it
        sv = moves.current_view(db, session_id=broken)
    assert sv.attention is not None
    assert "rules version 1" in sv.attention and "version 2" in sv.attention
    assert "move 3 (draw) is no longer allowed" in sv.attention
    assert sv.legal_actions == [] and sv.can_undo is False
    assert len(sv.view["hand"]) == 3  # the old board is still shown

    row, snap, log = saved(sessions, broken)
    assert (snap, log) == (snap_before, log_before)
    assert row["rules_version"] == 1 and row["version"] == 3 and row["updated_at"] == row_before["updated_at"]
    assert row["attention_rules_version"] == 2
    with sessions() as db:
        with pytest.raises(Illegal) as refused:
            moves.play(db, session_id=broken, action="stop", version=3)
        assert refused.value.message == sv.attention
        with pytest.raises(Illegal):
            moves.undo(db, session_id=broken, version=3)
    assert saved(sessions, broken)[1:] == (snap_before, log_before)

    summary = upgrades.upgrade_all(sessions)
    assert (summary.upgraded, summary.marked) == (1, 0)  # the other save; the marked one is not retried
    assert saved(sessions, fine)[0]["rules_version"] == 2


def test_a_marked_save_whose_old_state_cannot_be_read_still_opens(db_url, pebbles):
    with serving(db_url) as client:
        sid = client.post("/api/sessions", json={"game": "pebbles", "seed": 4}).json()["id"]
        for version in range(3):
            client.post(f"/api/sessions/{sid}/actions", json={"action": "draw", "version": version})
    use_rules(PebblesNewFormat)
    with serving(db_url) as client:
        body = client.get(f"/api/sessions/{sid}").json()
        assert "no longer allowed" in body["attention"]
        assert (body["view"], body["legal_actions"], body["status"]["state"], body["version"]) == (
            {}, [], "in_progress", 3)
        board = client.get(f"/play/{sid}")
        assert board.status_code == 200 and 'id="attention"' in board.text
        assert client.post(f"/api/sessions/{sid}/undo", json={"version": 3}).status_code == 422


def test_a_later_rules_version_is_tried_again_and_clears_the_mark(sessions):
    sid = new_game(sessions, ["draw", "draw", "draw"])
    use_rules(PebblesStrict)
    upgrades.upgrade_all(sessions)
    assert saved(sessions, sid)[0]["attention"]
    use_rules(PebblesV3)
    assert upgrades.upgrade_all(sessions).upgraded == 1
    row, snap, _ = saved(sessions, sid)
    assert (row["rules_version"], row["attention"], row["attention_rules_version"]) == (3, None, None)
    assert snap["state"]["limit"] == 5


def test_a_save_from_newer_rules_is_marked_not_downgraded(sessions):
    use_rules(PebblesV2)
    sid = new_game(sessions, ["draw"])
    _, snap_before, log_before = saved(sessions, sid)
    use_rules(PebblesEngine)
    with sessions() as db:
        sv = moves.current_view(db, session_id=sid)
    assert "newer version of the rules" in sv.attention
    row, snap, log = saved(sessions, sid)
    assert row["rules_version"] == 2 and (snap, log) == (snap_before, log_before)

    use_rules(PebblesV2)  # the newer server again (a rolling deploy): the mark is lifted, nothing replayed
    assert upgrades.upgrade_all(sessions).upgraded == 0
    row, snap, log = saved(sessions, sid)
    assert (row["rules_version"], row["attention"], row["attention_rules_version"]) == (2, None, None)
    assert (snap, log) == (snap_before, log_before)
    with sessions() as db:
        assert moves.play(db, session_id=sid, action="stop", version=1).status.state == "lost"


class PebblesHarder(PebblesV2):
    """Version 2 where stopping wins only at 100 or more: every game won under version 1 is lost."""

    def apply(self, state: dict, action_id: str) -> tuple[dict, list[Any]]:
        new, events = super().apply(state, action_id)
        if action_id == "stop" and sum(new["placed"]) < 100:
            new = {**new, "over": "lost"}
        return new, events


def test_a_finished_game_whose_result_would_change_is_kept_as_played(sessions):
    with sessions() as db:
        sid = store.create_session(db, game="pebbles", seed=1).id
        version = 0
        # Draw and place until the total reaches the target, then stop: a win under version 1.
        while sum(moves.current_view(db, session_id=sid).view["placed"]) < 10:
            sv = moves.play(db, session_id=sid, action="draw", version=version)
            sv = moves.play(db, session_id=sid, action=f"place:{sv.view['hand'][-1]}", version=sv.version)
            version = sv.version
        final = moves.play(db, session_id=sid, action="stop", version=version)
    assert final.status.state == "won"
    row_before, snap_before, _ = saved(sessions, sid)
    use_rules(PebblesHarder)
    upgrades.upgrade_all(sessions)
    row, snap, _ = saved(sessions, sid)
    assert "would end differently (lost, not won)" in stored_words(row["attention"])  # kept as its words' JSON
    assert (row["status"], row["score"], row["rules_version"], snap) == ("won", row_before["score"], 1, snap_before)


def test_the_api_and_pages_show_the_mark(db_url, pebbles):
    with serving(db_url) as client:
        sid = client.post("/api/sessions", json={"game": "pebbles", "seed": 2}).json()["id"]
        for version in range(3):
            assert client.post(f"/api/sessions/{sid}/actions", json={"action": "draw", "version": version}).is_success
        assert client.get(f"/api/sessions/{sid}").json()["attention"] is None
    use_rules(PebblesStrict)
    with serving(db_url) as client:  # a restart: the start-up pass
        body = client.get(f"/api/sessions/{sid}").json()
        assert "no longer allowed" in body["attention"] and body["legal_actions"] == []
        refused = client.post(f"/api/sessions/{sid}/actions", json={"action": "stop", "version": 3})
        assert refused.status_code == 422 and refused.json()["detail"] == body["attention"]
        listed = {s["id"]: s for s in client.get("/api/sessions").json()}
        assert listed[sid]["attention"] == body["attention"]
        board = client.get(f"/play/{sid}")
        assert board.status_code == 200 and 'id="attention"' in board.text
        assert "Needs attention." in board.text and "no longer allowed" in board.text
        htmx = client.post(f"/play/{sid}/act", data={"action": "stop", "version": "3"}, headers={"HX-Request": "true"})
        assert htmx.status_code == 422 and 'id="attention"' in htmx.text
        assert f'data-attention="{sid}"' in client.get("/saves").text
        assert f'data-attention="{sid}"' in client.get("/").text
        assert client.get(f"/api/sessions/{sid}/export").json()["actions"] == ["draw", "draw", "draw"]
        assert client.get(f"/api/sessions/{sid}").json()["version"] == 3


def test_a_campaign_shows_its_game_that_needs_attention(db_url, pebbles):
    with serving(db_url) as client:
        campaign = client.post("/api/campaigns", json={"game": "pebbles", "seed": 4}).json()
        sid = campaign["current_session"]
        for version in range(3):
            assert client.post(f"/api/sessions/{sid}/actions", json={"action": "draw", "version": version}).is_success
    use_rules(PebblesStrict)
    with serving(db_url) as client:
        games = client.get(f"/api/campaigns/{campaign['id']}").json()["games"]
        assert [g["id"] for g in games if g["attention"]] == [sid]
        assert f'data-attention="{sid}"' in client.get(f"/campaigns/{campaign['id']}").text
