""""Look closer" pages: GET /play/{id}/look/{look_id} draws one component of a board large.

With the `HX-Request` header (the board's <dialog id="look"> fetches it) the answer is the fragment
templates/games/<slug>/_look.html; without it, a whole page with the same fragment and a link back to the
table, so a lookable component's link works without JavaScript. The component is found in the game's
current view (app/ui/boards), never in its state: what is hidden on the board stays hidden here. An unknown
id, a game without looks or another player's game: 404.
"""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import HTMLResponse

from app.core.errors import NotFound
from app.http.auth import PagePlayer
from app.http.wants import is_htmx
from app.i18n import context as i18n_context
from app.i18n.render import localize
from app.pages.common import DB, MISSING_GAME, not_found, page_router
from app.shelf import moves
from app.ui.boards import find_look
from app.ui.templating import templates
from games.engine import words
from games.registry import get_engine

router = page_router()


@router.get("/play/{session_id}/look/{look_id}", response_class=HTMLResponse)
def look(session_id: str, look_id: str, request: Request, db: DB, me: PagePlayer) -> HTMLResponse:
    try:
        sv = moves.current_view(db, session_id=session_id, owner_id=me.player_id)
    except NotFound:
        return not_found(request, MISSING_GAME)
    i18n_context.set_game(sv.game)
    sv = localize(sv)
    found = find_look(sv.game, sv.view, look_id)
    if found is None:
        return not_found(request, words("That piece is not on the table right now."))
    context = {"sv": sv, "v": sv.view, "look": found, "look_template": f"games/{sv.game}/_look.html"}
    if is_htmx(request):
        return templates.TemplateResponse(request, context["look_template"], context)
    context["title"] = get_engine(sv.game).spec.title
    return templates.TemplateResponse(request, "pages/look.html", context)
