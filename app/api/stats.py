"""GET /api/stats: the player's statistics per game, per option and per campaign (see app/shelf/stats.py)."""

from __future__ import annotations

from typing import Any

from fastapi import Depends
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from sqlalchemy.orm import Session

from app.api.common import api_router, error
from app.api.schemas import Error
from app.db.engine import get_db
from app.http.auth import ApiPlayer
from app.shelf import stats
from games.engine import words
from games.registry import UnknownGame

# Like the rest of the API: a player is required, and only that player's games are counted.
router = api_router(tag="stats")


class CountersOut(BaseModel):
    played: int
    won: int
    lost: int
    finished: int
    in_progress: int
    win_rate: float | None  # won / (won + lost); null when there is neither
    best_score: int | None
    mean_score: float | None
    current_streak: int
    best_streak: int


class GameStatsOut(CountersOut):
    by_option: dict[str, dict[str, CountersOut]]  # option key -> option value -> its figures
    campaigns: CountersOut | None  # the record of this game's campaigns; null for a game without campaigns


class StatsOut(BaseModel):
    games: dict[str, GameStatsOut]


@router.get("/stats", response_model=StatsOut, responses={404: {"model": Error, "description": "unknown game"}})
def player_stats(me: ApiPlayer, game: str | None = None, db: Session = Depends(get_db)) -> Any:
    """Played, won, lost, finished, in progress, win rate, best and mean score, current and best winning
    streak: per game (or only `game`), per option value, and per campaign. Only the player's own games."""
    try:
        return JSONResponse(stats.player_stats(db, owner_id=me.player_id, game=game))
    except UnknownGame:
        return error(404, words("There is no game called “{game}” on this shelf.", game=game))
