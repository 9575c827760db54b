"""The replay API (issue #17): `GET /api/sessions/{id}/replay?step=N`, a game as it stood at version N.

The answer is `{"step", "steps", "view", "events"}`: the view the player saw at version N (in the reader's
language, like a session's answer), and the lines of the log entry that made it (an undo shown as an undo).
Never the seed, never a card that was still hidden then. A step past the end, or another player's game: 404;
a log that no longer replays under the current rules: 409.
"""

from __future__ import annotations

from typing import Any

from fastapi import Depends, Query
from fastapi.responses import JSONResponse, Response
from sqlalchemy.orm import Session

from app.api.common import api_router
from app.api.schemas import Error
from app.core import jsoncodec
from app.db.engine import get_db
from app.http.auth import ApiPlayer
from app.i18n import context as i18n_context
from app.i18n.render import current, localize_lines, localize_view, say
from app.shelf import timeline
from app.shelf.files.savefile import ReplayError
from games.engine import reason

router = api_router()


def answer(db: Session, at: timeline.Step) -> dict[str, Any]:
    """A step as JSON, said in the current language."""
    game = at.session.game
    with i18n_context.using(game_=game):
        lines = localize_lines(timeline.entry_lines(at.entry), current())
        return {
            "step": at.step,
            "steps": at.steps,
            "view": localize_view(game, at.view),
            "events": [{"kind": line["kind"], "text": line["text"]} for line in lines],
        }


@router.get("/sessions/{session_id}/replay", responses={404: {"model": Error}, 409: {"model": Error}})
def replay_step(session_id: str, me: ApiPlayer, step: int = Query(0, ge=0),
                db: Session = Depends(get_db)) -> Any:
    try:
        at = timeline.step(db, session_id=session_id, n=step, owner_id=me.player_id)
    except ReplayError as exc:  # a log that no longer replays under the current rules (a save needing attention)
        return JSONResponse({"detail": say(reason(exc))}, status_code=409)
    return Response(jsoncodec.dumps_bytes(answer(db, at)), media_type="application/json")
