"""The game review's page (issue #28 §3): GET /play/{id}/review shows a finished game's review (or offers one),
POST starts it (app/shelf/review.py does the work in the background).

While the review runs the page asks again every two seconds (htmx, only the review's section; without JavaScript
the page reloads itself). Done, it draws the chance to win after every decision (app/ui/charts.py), marks the three
decisions that cost the most with what the advisor would have chosen, and links each to the replay at that moment.
"""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import HTMLResponse, Response

from app.core.errors import NotFound, Refused
from app.http.auth import PagePlayer
from app.i18n import context as i18n_context
from app.pages.common import DB, MISSING_GAME, FormData, not_found, page_router, see_other
from app.shelf import review, store
from app.ui.charts import review_chart
from app.ui.templating import templates
from games.registry import get_engine

router = page_router()


@router.get("/play/{session_id}/review", response_class=HTMLResponse)
def review_page(session_id: str, request: Request, db: DB, me: PagePlayer) -> HTMLResponse:
    try:
        record = store.get_session(db, session_id=session_id, owner_id=me.player_id)
        found = review.current(db, session_id=session_id, owner_id=me.player_id)
    except NotFound:
        return not_found(request, MISSING_GAME)
    i18n_context.set_game(record.game)
    marks = found.marks if found else []
    context = {
        "record": record,
        "title": get_engine(record.game).spec.title,
        "review": found,
        "marks": marks,
        "chart": review_chart(found.points, {p.n for p in marks}) if found and found.status == "done" else None,
        "finished": record.status != "in_progress",
        "deals": review.DEALS,
    }
    return templates.TemplateResponse(request, "pages/review.html", context)


@router.post("/play/{session_id}/review/cancel", response_model=None)
def cancel_review(session_id: str, request: Request, form: FormData, db: DB, me: PagePlayer) -> Response:
    try:
        review.cancel(db, session_id=session_id, owner_id=me.player_id)
    except NotFound:
        return not_found(request, MISSING_GAME)
    return see_other(f"/play/{session_id}/review")


@router.post("/play/{session_id}/review", response_model=None)
def start_review(session_id: str, request: Request, form: FormData, db: DB, me: PagePlayer) -> Response:
    try:
        review.request(db, session_id=session_id, owner_id=me.player_id)
    except NotFound:
        return not_found(request, MISSING_GAME)
    except Refused:
        return see_other(f"/play/{session_id}/review")  # the page says why (the game is not finished)
    request.app.state.reviewer.wake()
    return see_other(f"/play/{session_id}/review")
