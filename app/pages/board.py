"""The board: a game's page, and its moves and undo, which go through app.shelf.moves exactly as the JSON
API's do.

With the `HX-Request` header a move is answered with the board fragment (200, or 409/422 with the current board
and a notice: app/ui/table.py). Without it: a 303 back to the board page (`?notice=stale` for a stale tab), or
for a refused move the whole page again (422).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import quote

from fastapi import Request
from fastapi.responses import HTMLResponse, Response
from sqlalchemy.orm import Session

from app.core.errors import Illegal, NotFound, Stale
from app.http.auth import PagePlayer
from app.http.wants import is_htmx
from app.pages.common import DB, MISSING_GAME, FormData, not_found, page_router, parse_version, see_other, titles
from app.shelf import campaigns, moves
from app.ui import table
from app.ui.recap import recap
from app.ui.templating import where

router = page_router()


def campaign_banner(db: Session, sv: moves.SessionView) -> dict[str, Any] | None:
    """The campaign a game belongs to, for the board's banner and end screen (None for a lone game)."""
    if sv.campaign_id is None:
        return None
    campaign = campaigns.get_campaign(db, campaign_id=sv.campaign_id)
    return {"id": campaign.id, "name": campaign.name, "index": sv.campaign_index,
            "status": campaign.status, "url": f"/campaigns/{campaign.id}",
            "chosen_seed": campaign.seed if campaign.seed_chosen else None}


def _context(db: Session, sv: moves.SessionView, *, notice_kind: str = "", notice: Any = "") -> dict[str, Any]:
    return table.board_context(sv, notice_kind=notice_kind, notice=notice, campaign=campaign_banner(db, sv))


@router.get("/play/{session_id}", response_model=None)
def play_page(session_id: str, request: Request, db: DB, me: PagePlayer) -> Response:
    try:
        sv = moves.current_view(db, session_id=session_id, owner_id=me.player_id)
    except NotFound:
        return not_found(request, MISSING_GAME)
    wanted = request.query_params.get("look")
    if wanted:  # a board's "look closer" link without JavaScript (see app/pages/looks.py)
        return see_other(f"/play/{session_id}/look/{quote(wanted, safe='')}")
    notice_kind = "stale" if request.query_params.get("notice") == "stale" else ""
    return _play_page(request, db, sv, notice_kind=notice_kind)


def _play_page(request: Request, db: Session, sv: moves.SessionView, *, notice_kind: str = "", notice: Any = "",
               status_code: int = 200) -> HTMLResponse:
    context = _context(db, sv, notice_kind=notice_kind, notice=notice)
    context["title"] = titles().get(sv.game, sv.game)
    said = context["sv"]  # in the reader's language
    context["recap"] = recap(said, where(said.game, said.view))
    return table.board_page(request, context, status_code=status_code)


def _move_answer(request: Request, db: Session, session_id: str, run: Callable[[], moves.SessionView]) -> Response:
    """Run a move; answer with the board fragment (htmx) or a redirect to the board page."""
    htmx = is_htmx(request)
    try:
        sv = run()
    except NotFound:
        return not_found(request, MISSING_GAME)
    except Stale as exc:
        if htmx:
            return table.move_answer(request, exc.view, _context(db, exc.view, notice_kind="stale"), status_code=409)
        return see_other(f"/play/{session_id}?notice=stale")
    except Illegal as exc:
        # The refusal is shown by re-rendering (not through the URL, so no one can put words in it).
        if exc.view is None:
            return see_other(f"/play/{session_id}")
        if htmx:
            context = _context(db, exc.view, notice_kind="error", notice=exc.message)
            return table.move_answer(request, exc.view, context, status_code=422)
        return _play_page(request, db, exc.view, notice_kind="error", notice=exc.message, status_code=422)
    if htmx:
        return table.move_answer(request, sv, _context(db, sv))
    return see_other(f"/play/{session_id}")


@router.post("/play/{session_id}/act", response_model=None)
def act(session_id: str, request: Request, form: FormData, db: DB, me: PagePlayer) -> Response:
    action = form.get("action")
    version = parse_version(form.get("version"))
    return _move_answer(request, db, session_id, lambda: moves.play(db, session_id=session_id, action=action,
                                                                    version=version, owner_id=me.player_id))


@router.post("/play/{session_id}/undo", response_model=None)
def undo(session_id: str, request: Request, form: FormData, db: DB, me: PagePlayer) -> Response:
    version = parse_version(form.get("version"))
    return _move_answer(request, db, session_id,
                        lambda: moves.undo(db, session_id=session_id, version=version, owner_id=me.player_id))
