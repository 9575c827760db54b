"""A move starts from the state this process kept (app/shelf/recent.py) only when the row holds exactly that state."""

from __future__ import annotations

from app.shelf import moves, store
from app.shelf.recent import RECENT, Kept, Recent
from games.engine import Rng
from games.registry import get_engine
from tests.shelf.test_moves import sessions  # noqa: F401  (a fixture)


def test_a_kept_state_is_found_only_for_its_version_its_json_and_its_engine():
    engine, other = get_engine("adamastor"), get_engine("platformer")
    recent = Recent(size=2)
    recent.keep("s1", Kept(4, engine, '{"a":1}', "STATE"))
    assert recent.find("s1", 4, '{"a":1}', engine).state == "STATE"
    assert recent.find("s1", 5, '{"a":1}', engine) is None, "another version"
    assert recent.find("s1", 4, '{"a": 1}', engine) is None, "other text: another process or a restored file"
    assert recent.find("s1", 4, '{"a":1}', other) is None, "other rules"
    recent.keep("s2", Kept(1, engine, "{}", "2"))
    recent.keep("s3", Kept(1, engine, "{}", "3"))
    assert recent.find("s1", 4, '{"a":1}', engine) is None, "the least recently used goes first"


def test_games_played_from_memory_and_from_the_database_are_the_same(sessions):  # noqa: F811
    """Every move of seeded games, once with the kept states and once with them forgotten before every move:
    the same answers, version by version."""
    for game in ("adamastor", "nemos_war", "platformer", "call_to_adventure"):
        seen = {}
        for forget in (False, True):
            with sessions() as db:
                sid = store.create_session(db, game=game, seed=11).id
                sv = moves.current_view(db, session_id=sid)
            rng, views = Rng.from_seed(5), []
            for _ in range(40):
                if sv.status.over:
                    break
                if forget:
                    RECENT.forget(sid)
                action = sv.legal_actions[rng.below(len(sv.legal_actions))].id
                with sessions() as db:
                    sv = moves.play(db, session_id=sid, action=action, version=sv.version)
                views.append((sv.version, sv.view, [a.id for a in sv.legal_actions], sv.log_tail, sv.status))
            seen[forget] = views
        assert seen[False] == seen[True], game


def test_a_revealing_move_saves_its_state_as_the_undo_checkpoint_once_encoded(sessions):  # noqa: F811
    """A move that reveals something makes its new state the checkpoint: the snapshot holds the same JSON text in
    both columns (encoded once), and the checkpoint reads back as the engine's own dump of that state."""
    from sqlalchemy import Text, cast, select

    from app.db.models import Snapshot

    engine = get_engine("nemos_war")
    with sessions() as db:
        sid = store.create_session(db, game="nemos_war", seed=3).id
        sv = moves.current_view(db, session_id=sid)
    rng, revealed = Rng.from_seed(2), 0
    for _ in range(40):
        if sv.status.over:
            break
        action = sv.legal_actions[rng.below(len(sv.legal_actions))].id
        with sessions() as db:
            sv = moves.play(db, session_id=sid, action=action, version=sv.version)
            state, checkpoint, pending = db.execute(select(
                cast(Snapshot.state, Text), cast(Snapshot.checkpoint, Text), Snapshot.pending).where(
                Snapshot.session_id == sid)).one()
            saved = engine.load(store.load_checkpoint(db, session_id=sid))
        kept = RECENT.find(sid, sv.version, state, engine)
        if not pending:  # this move revealed something
            revealed += 1
            assert checkpoint == state
            assert engine.dump(saved) == engine.dump(kept.state)
        assert sv.status == engine.status(kept.state)
    assert revealed > 3
