"""Where each listed game and campaign stands, read from its saved state: the views the lists show a line of.

The library's Continue list, the Saves page and the Campaigns page say "Week 9 · 25 Morale" or "Voyage 2 of 3 ·
week 9 · 14 Renown" rather than a move count: that line is drawn from the game's (and campaign's) view, the same
view its board shows. Only games and campaigns in progress are read (a finished one shows its score); a save the
current rules cannot read shows no line (it is marked elsewhere). Nothing here knows a game's rules.

A view costs a few milliseconds to build (Call to Adventure's about 5): the views of the last few hundred
saved states are kept, so a list of many games in progress is built once and then only for a game that
moved since.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.db.models import Campaign, GameSession, Snapshot
from games.engine import MalformedState
from games.registry import UnknownGame, get_engine

View = dict[str, Any]
KEPT = 512

_kept: OrderedDict[tuple[str, int, Any], View] = OrderedDict()
_kept_lock = threading.Lock()


def game_views(db: Session, sessions: Iterable[GameSession]) -> dict[str, View]:
    """session id -> its view now, for the games in progress (not those marked as needing attention)."""
    listed = [s for s in sessions if s.status == "in_progress" and not s.attention]
    found: dict[str, View] = {}
    with _kept_lock:
        for s in listed:
            kept = _kept.get(_key(s))
            if kept is not None:
                _kept.move_to_end(_key(s))
                found[s.id] = kept
    wanted = {s.id: s for s in listed if s.id not in found}
    if not wanted:
        return found
    rows = db.execute(select(Snapshot.session_id, Snapshot.state).where(Snapshot.session_id.in_(wanted)))
    for session_id, state in rows:
        s = wanted[session_id]
        view = _game_view(s.game, state)
        if view is None:
            continue
        found[session_id] = view
        with _kept_lock:
            _kept[_key(s)] = view
            while len(_kept) > KEPT:
                _kept.popitem(last=False)
    return found


def campaign_views(db: Session, campaigns: Iterable[Campaign]) -> dict[str, tuple[View, View | None]]:
    """campaign id -> (its view, the view of its game under way or None), for the campaigns in progress."""
    running = {c.id: c for c in campaigns if c.status == "in_progress"}
    if not running:
        return {}
    playing = list(db.scalars(select(GameSession).where(GameSession.campaign_id.in_(running),
                                                        GameSession.status == "in_progress")))
    games = game_views(db, playing)
    under_way = {g.campaign_id: games.get(g.id) for g in playing}
    found: dict[str, tuple[View, View | None]] = {}
    for cid, c in running.items():
        try:
            cengine = get_engine(c.game).campaign
            if cengine is None:
                continue
            found[cid] = (cengine.view(cengine.load(c.state)), under_way.get(cid))
        except (UnknownGame, MalformedState, ValueError, TypeError, KeyError):
            continue
    return found


def _key(s: GameSession) -> tuple[str, int, Any]:
    """A saved game's state is known by its id, version and last write (a restore may bring a version back)."""
    return s.id, s.version, s.updated_at


def _game_view(game: str, state: Any) -> View | None:
    try:
        engine = get_engine(game)
        return engine.view(engine.load(state))
    except (UnknownGame, MalformedState, ValueError, TypeError, KeyError):
        return None
