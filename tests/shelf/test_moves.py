"""The move path: serialized writes, snapshot == replay of the log, resume without replay."""

from __future__ import annotations

import threading

import pytest

from app.core.errors import Illegal, Stale
from app.db.engine import make_engine, make_sessionmaker
from app.db.migrate import upgrade
from app.db.models import Snapshot
from app.shelf import moves, store
from app.shelf.files.savefile import effective_actions, replay
from games.engine import Rng
from games.registry import get_engine


@pytest.fixture
def sessions(db_url):
    upgrade(db_url)
    engine = make_engine(db_url)
    yield make_sessionmaker(engine)
    engine.dispose()


def test_parallel_moves_on_one_version_apply_exactly_once(sessions, pebbles):
    with sessions() as db:
        sid = store.create_session(db, game=pebbles, seed=3).id
    results: list[str] = []
    barrier = threading.Barrier(8)

    def worker() -> None:
        with sessions() as db:
            barrier.wait()
            try:
                moves.play(db, session_id=sid, action="draw", version=0)
                results.append("ok")
            except Stale:
                results.append("stale")

    threads = [threading.Thread(target=worker) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == ["ok"] + ["stale"] * 7
    with sessions() as db:
        view = moves.current_view(db, session_id=sid)
        assert view.version == 1 and len(view.view["hand"]) == 1
        assert len(store.log_entries(db, session_id=sid)) == 1


def test_illegal_move_leaves_everything_as_it_was(sessions, pebbles):
    with sessions() as db:
        sid = store.create_session(db, game=pebbles, seed=3).id
        before = db.get(Snapshot, sid).state
        with pytest.raises(Illegal):
            moves.play(db, session_id=sid, action="place:1", version=0)
        with pytest.raises(Illegal):
            moves.play(db, session_id=sid, action=None, version=0)
        with pytest.raises(Illegal):
            moves.play(db, session_id=sid, action="draw", version="0")
    with sessions() as db:
        assert db.get(Snapshot, sid).state == before
        assert store.get_session(db, session_id=sid).version == 0


def play_random_games(sessions, game: str, count: int, max_moves: int, undo_every: int = 7) -> list[str]:
    ids = []
    for seed in range(count):
        rng = Rng.from_seed(seed)
        with sessions() as db:
            view = moves.current_view(db, session_id=store.create_session(db, game=game, seed=seed).id)
            for n in range(max_moves):
                if view.status.over:
                    break
                if view.can_undo and n % undo_every == 0:
                    view = moves.undo(db, session_id=view.id, version=view.version)
                    continue
                action = rng.choice(view.legal_actions).id
                view = moves.play(db, session_id=view.id, action=action, version=view.version)
            ids.append(view.id)
    return ids


def assert_snapshot_is_replay(sessions, sid: str) -> None:
    with sessions() as db:
        record = store.get_session(db, session_id=sid)
        engine = get_engine(record.game)
        log = [(e.kind, e.action) for e in store.log_entries(db, session_id=sid)]
        rebuilt = replay(engine, record.seed, record.options, effective_actions(log))
        assert engine.dump(rebuilt) == db.get(Snapshot, sid).state
        assert record.version == len(log)


def test_snapshot_equals_replay_of_log_pebbles(sessions, pebbles):
    for sid in play_random_games(sessions, pebbles, count=30, max_moves=40):
        assert_snapshot_is_replay(sessions, sid)


@pytest.mark.slow
def test_snapshot_equals_replay_of_log_adamastor(sessions):
    for sid in play_random_games(sessions, "adamastor", count=25, max_moves=150, undo_every=5):
        assert_snapshot_is_replay(sessions, sid)


def test_a_snapshot_out_of_step_with_its_row_is_stale_never_applied(sessions, pebbles):
    from sqlalchemy import update as sql_update

    with sessions() as db:
        sid = store.create_session(db, game=pebbles, seed=3).id
        view = moves.play(db, session_id=sid, action="draw", version=0)
        assert db.get(Snapshot, sid).version == view.version == 1
    with sessions() as db:
        # What a torn read looks like: the row says 1, the snapshot was written at 2.
        db.execute(sql_update(Snapshot).where(Snapshot.session_id == sid).values(version=2))
        db.commit()
    with sessions() as db:
        with pytest.raises(Stale):
            moves.play(db, session_id=sid, action="draw", version=1)
        assert store.get_session(db, session_id=sid).version == 1
