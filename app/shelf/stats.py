"""A player's statistics: per game, per option value that changes play, and per campaign.

The figures of a group of games (`Counters`):
- played: every game started (in progress ones included); won / lost / finished / in_progress by status.
- win_rate = won / (won + lost), None when there is neither ("finished" games, which have no winner, such
  as a solo game scored only on points, count in neither).
- best_score / mean_score: over ended games (won, lost, finished) that have a score; an in-progress game's
  score is not final, so it is left out. None when there is none.
- Streaks: ended games in the order they ended (their `updated_at`, the time of their last move; then id).
  A won game extends the streak; a lost or a finished game breaks it; in-progress games are ignored.
  current_streak is the run of wins at the end of that order, best_streak the longest run.

Only the rows of one owner are read, and only the columns these figures need (no state, no log).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.db.models import Campaign, GameSession
from games.engine import GameEngine
from games.registry import all_engines, get_engine

ENDED = ("won", "lost", "finished")
RESULTS = ("won", "lost", "finished", "in_progress")


@dataclass(frozen=True)
class Played:
    """One game (or campaign) as the figures see it."""

    id: str
    status: str
    score: int | None
    ended_at: datetime
    options: dict[str, Any]


def counters(games: Iterable[Played]) -> dict[str, Any]:
    """The figures of a group of games (see the module docstring)."""
    games = list(games)
    count = {state: sum(1 for g in games if g.status == state) for state in RESULTS}
    decided = count["won"] + count["lost"]
    ended = sorted((g for g in games if g.status in ENDED), key=lambda g: (g.ended_at, g.id))
    scores = [g.score for g in ended if g.score is not None]
    run = best = 0
    for g in ended:
        run = run + 1 if g.status == "won" else 0
        best = max(best, run)
    return {
        "played": len(games),
        "won": count["won"],
        "lost": count["lost"],
        "finished": count["finished"],
        "in_progress": count["in_progress"],
        "win_rate": round(count["won"] / decided, 4) if decided else None,
        "best_score": max(scores) if scores else None,
        "mean_score": round(sum(scores) / len(scores), 2) if scores else None,
        "current_streak": run,
        "best_streak": best,
    }


def by_option(engine: GameEngine, games: list[Played]) -> dict[str, dict[str, dict[str, Any]]]:
    """The figures per option key and value (the game's OptionSpecs), for the values that were played,
    in the order the game offers them. A save older than an option counts under its default."""
    result: dict[str, dict[str, dict[str, Any]]] = {}
    for opt in engine.spec.options:
        groups: dict[str, list[Played]] = {}
        for g in games:
            groups.setdefault(str(g.options.get(opt.key, opt.default)), []).append(g)
        order = [v for v, _ in opt.choices] + sorted(set(groups) - {v for v, _ in opt.choices})
        result[opt.key] = {v: counters(groups[v]) for v in order if v in groups}
    return result


def _sessions(db: Session, owner_id: str, game: str | None) -> list[tuple[str, Played]]:
    query = select(GameSession.game, GameSession.id, GameSession.status, GameSession.score,
                   GameSession.updated_at, GameSession.options).where(GameSession.owner_id == owner_id)
    if game is not None:
        query = query.where(GameSession.game == game)
    return [(slug, Played(sid, status, score, at, dict(options or {})))
            for slug, sid, status, score, at, options in db.execute(query)]


def _campaigns(db: Session, owner_id: str, game: str | None) -> list[tuple[str, Played]]:
    query = select(Campaign.game, Campaign.id, Campaign.status, Campaign.score, Campaign.updated_at,
                   Campaign.options).where(Campaign.owner_id == owner_id)
    if game is not None:
        query = query.where(Campaign.game == game)
    return [(slug, Played(cid, status, score, at, dict(options or {})))
            for slug, cid, status, score, at, options in db.execute(query)]


def game_stats(engine: GameEngine, games: list[Played], campaigns: list[Played] | None) -> dict[str, Any]:
    """One game's figures, its figures per option, and its campaigns' record (None without a campaign mode)."""
    return {**counters(games), "by_option": by_option(engine, games),
            "campaigns": counters(campaigns) if campaigns is not None else None}


def player_stats(db: Session, *, owner_id: str, game: str | None = None) -> dict[str, Any]:
    """`{"games": {slug: figures}}` for every game on the shelf (or only `game`: UnknownGame if there is
    no such game). Games never played are there too, with zeros."""
    engines = [get_engine(game)] if game is not None else list(all_engines())
    sessions: dict[str, list[Played]] = {}
    for slug, played in _sessions(db, owner_id, game):
        sessions.setdefault(slug, []).append(played)
    runs: dict[str, list[Played]] = {}
    for slug, played in _campaigns(db, owner_id, game):
        runs.setdefault(slug, []).append(played)
    return {"games": {
        e.spec.slug: game_stats(e, sessions.get(e.spec.slug, []),
                                runs.get(e.spec.slug, []) if getattr(e, "campaign", None) is not None else None)
        for e in engines
    }}


def scores_over_time(db: Session, *, owner_id: str, game: str, limit: int = 60) -> list[Played]:
    """The latest `limit` ended games of `game` that have a score, oldest first (the chart's points)."""
    played = [p for slug, p in _sessions(db, owner_id, game) if p.status in ENDED and p.score is not None]
    return sorted(played, key=lambda g: (g.ended_at, g.id))[-limit:]
