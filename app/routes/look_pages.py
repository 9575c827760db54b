""""Look closer" pages (issue #15, item 4): GET /play/{id}/look/{look_id} draws one component of a board large.

With the `HX-Request` header (the board's <dialog id="look"> fetches it) the answer is the fragment
templates/games/<slug>/_look.html; without it, a whole page with the same fragment and a link back to the
table, so a lookable component's link works without JavaScript. The component is found in the game's
current view (app/look), never in its state: what is hidden on the board stays hidden here. An unknown
id, a game without looks or another player's game: 404.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse
from sqlalchemy.orm import Session

from app import play
from app.auth import PagePlayer, page_player
from app.capacity.release import ReleasingRoute
from app.db import get_db
from app.errors import NotFound
from app.i18n import context as i18n_context
from app.i18n.render import localize
from app.look import find_look
from app.web import templates
from games.engine import words
from games.registry import get_engine

router = APIRouter(include_in_schema=False, dependencies=[Depends(page_player)], route_class=ReleasingRoute)
DB = Annotated[Session, Depends(get_db)]


def _missing(request: Request, message: str) -> HTMLResponse:
    return templates.TemplateResponse(request, "pages/404.html", {"message": message}, status_code=404)


@router.get("/play/{session_id}/look/{look_id}", response_class=HTMLResponse)
def look(session_id: str, look_id: str, request: Request, db: DB, me: PagePlayer) -> HTMLResponse:
    try:
        sv = play.current_view(db, session_id=session_id, owner_id=me.player_id)
    except NotFound:
        return _missing(request, words("There is no saved game with that id. It may have been deleted."))
    i18n_context.set_game(sv.game)
    sv = localize(sv)
    found = find_look(sv.game, sv.view, look_id)
    if found is None:
        return _missing(request, words("That piece is not on the table right now."))
    context = {"sv": sv, "v": sv.view, "look": found, "look_template": f"games/{sv.game}/_look.html"}
    if request.headers.get("HX-Request", "").lower() == "true":
        return templates.TemplateResponse(request, context["look_template"], context)
    context["title"] = get_engine(sv.game).spec.title
    return templates.TemplateResponse(request, "pages/look.html", context)
