"""Scores for the lists of saves: the stored score, and for a game in progress whose rules give none yet,
the running score its board shows.

A game's `status()` may keep its score for the end (Platformer scores only a win, Adamastor only an
arrival), so the saved row holds none while it is played; the Saves page still shows where such a
game stands when its view offers a running score (`view["score"]["total"]`, e.g. Platformer's "score
if you win now"). Nothing here knows a game's rules: it only reads what each engine's view says.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.db.models import GameSession, Snapshot
from games.engine import MalformedState
from games.registry import UnknownGame, get_engine


def running_scores(db: Session, sessions: Iterable[GameSession]) -> dict[str, int]:
    """session id -> the running score its view shows, for the games in progress that have no stored score."""
    wanted = {s.id: s.game for s in sessions if s.status == "in_progress" and s.score is None and not s.attention}
    if not wanted:
        return {}
    found: dict[str, int] = {}
    rows = db.execute(select(Snapshot.session_id, Snapshot.state).where(Snapshot.session_id.in_(wanted)))
    for session_id, state in rows:
        total = _view_total(wanted[session_id], state)
        if total is not None:
            found[session_id] = total
    return found


def _view_total(game: str, state: Any) -> int | None:
    try:
        engine = get_engine(game)
        score = engine.view(engine.load(state)).get("score")
    except (UnknownGame, MalformedState, ValueError, TypeError, KeyError):
        return None  # a save the current rules cannot read is marked elsewhere; here it just shows no score
    total = score.get("total") if isinstance(score, dict) else None
    return total if isinstance(total, int) and not isinstance(total, bool) else None
