"""The advisor's page: GET /play/{id}/advice, each choice's chances (app/shelf/advisor.py, issue #28 §2).

From the bar's "Chances?" (htmx) the answer is the fragment templates/partials/advice.html, which asks again each
second while the estimate is refined; `?version=N` names the position it is about, and once the game has moved on
it comes back empty (the bar of the new position has its own button). Without JavaScript the link opens a whole
page with the same table, reloading itself until the estimate is done. `?close=1` (htmx) puts the table away.
A finished game has nothing to advise: the fragment is empty, the page goes back to the table.
"""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import HTMLResponse, Response

from app.core.errors import NotFound
from app.http.auth import PagePlayer
from app.http.wants import is_htmx
from app.i18n import context as i18n_context
from app.pages.common import DB, MISSING_GAME, not_found, page_router, see_other
from app.shelf import advisor
from app.ui.advice import even_choices
from app.ui.templating import templates
from games.registry import get_engine

router = page_router()

PUT_AWAY = '<div id="advice" hidden></div>'


@router.get("/play/{session_id}/advice", response_model=None)
def advice(session_id: str, request: Request, db: DB, me: PagePlayer) -> Response:
    htmx = is_htmx(request)
    if htmx and request.query_params.get("close"):
        return HTMLResponse(PUT_AWAY)
    wanted = request.query_params.get("version", "")
    try:
        asked = advisor.ask_about(db, request.app.state.advisor, session_id=session_id, owner_id=me.player_id,
                                  version=int(wanted) if wanted.isascii() and wanted.isdigit() else None)
    except NotFound:
        return not_found(request, MISSING_GAME)
    except advisor.StaleQuestion:
        asked = None
    if asked is None:
        return HTMLResponse(PUT_AWAY) if htmx else see_other(f"/play/{session_id}")
    game, estimate = asked
    i18n_context.set_game(game)
    context = {"session_id": session_id, "advice": estimate, "even": even_choices(estimate), "page": not htmx}
    if htmx:
        return templates.TemplateResponse(request, "partials/advice.html", context)
    context["title"] = get_engine(game).spec.title
    context["game"] = game
    return templates.TemplateResponse(request, "pages/advice.html", context)
