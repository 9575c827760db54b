"""Scores for the lists of saves: the stored score, and for a game in progress whose rules give none yet,
the running score its board shows.

A game's `status()` may keep its score for the end (Platformer scores only a win, Adamastor only an
arrival), so the saved row holds none while it is played; the Saves page still shows where such a
game stands when its view offers a running score (`view["score"]["total"]`, e.g. Platformer's "score
if you win now"). Nothing here knows a game's rules: it only reads what each engine's view says.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from app.db.models import GameSession


def running_scores(views: Mapping[str, Any], sessions: Iterable[GameSession]) -> dict[str, int]:
    """session id -> the running score its view shows, for the games in progress that have no stored score.

    `views` are the games' views now (app.shelf.standing.game_views)."""
    found: dict[str, int] = {}
    for s in sessions:
        if s.score is not None or s.id not in views:
            continue
        score = views[s.id].get("score")
        total = score.get("total") if isinstance(score, dict) else None
        if isinstance(total, int) and not isinstance(total, bool):
            found[s.id] = total
    return found
