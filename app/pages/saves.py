"""The Saves page: every saved game, to resume, rename, delete, export as a file, or import from one."""

from __future__ import annotations

import json
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse, Response
from sqlalchemy.orm import Session

from app.core.errors import NotFound, OnShelf, Refused
from app.http.auth import PagePlayer
from app.pages.common import (
    DB,
    MISSING_GAME,
    FormData,
    download,
    not_found,
    page,
    page_router,
    see_other,
    titles,
    uploaded_json,
)
from app.shelf import campaigns, scores, standing, store
from app.shelf.files import exports, game_files
from games.engine import reason, words

router = page_router()
DONE = ("renamed", "deleted")


def _saves_page(request: Request, db: Session, owner_id: str, *, error: Any = "", notice: str = "",
                status_code: int = 200, asked: dict[str, str] | None = None) -> HTMLResponse:
    names = {c.id: c.name for c in campaigns.list_campaigns(db, owner_id=owner_id)}
    sessions = store.list_sessions(db, owner_id=owner_id)
    views = standing.game_views(db, sessions)
    return page(request, "pages/saves.html",
                {"nav": "saves", "sessions": sessions, "titles": titles(), "campaign_names": names,
                 "views": views, "sealed": exports.sealed_games(db, sessions),
                 "running": scores.running_scores(views, sessions), "error": error, "notice": notice,
                 "asked": asked}, status_code)


@router.get("/saves", response_class=HTMLResponse)
def saves(request: Request, db: DB, me: PagePlayer) -> HTMLResponse:
    done = request.query_params.get("done", "")
    return _saves_page(request, db, me.player_id, notice=done if done in DONE else "")


@router.post("/saves/{session_id}/rename", response_model=None)
def rename(session_id: str, request: Request, form: FormData, db: DB, me: PagePlayer) -> Response:
    name = form.get("name")
    try:
        store.rename_session(db, session_id=session_id, name=name if isinstance(name, str) else "",
                             owner_id=me.player_id)
    except NotFound:
        return not_found(request, MISSING_GAME)
    except Refused as exc:
        return _saves_page(request, db, me.player_id, error=reason(exc), status_code=422)
    return see_other("/saves?done=renamed")


@router.get("/saves/{session_id}/delete", response_model=None)
def confirm_delete(session_id: str, request: Request, db: DB, me: PagePlayer) -> Response:
    try:
        record = store.get_session(db, session_id=session_id, owner_id=me.player_id)
    except NotFound:
        return not_found(request, MISSING_GAME)
    if record.campaign_id is not None:  # it goes only with its campaign: ask about that instead
        return see_other(f"/campaigns/{record.campaign_id}/delete")
    return page(request, "pages/confirm_delete.html",
                {"nav": "saves", "session": record, "title": titles().get(record.game, record.game)})


@router.post("/saves/{session_id}/delete", response_model=None)
def delete(session_id: str, request: Request, db: DB, me: PagePlayer) -> Response:
    try:
        store.delete_session(db, session_id=session_id, owner_id=me.player_id)
    except NotFound:
        return not_found(request, MISSING_GAME)
    except Refused:  # a campaign's game goes only with its campaign
        return _saves_page(request, db, me.player_id, status_code=422,
                           error=words("This game belongs to a campaign: delete the campaign instead."))
    return see_other("/saves?done=deleted")


@router.get("/saves/{session_id}/export", response_model=None)
def export(session_id: str, request: Request, db: DB, me: PagePlayer) -> Response:
    try:
        data, name = exports.game_download(db, session_id=session_id, sealer=request.app.state.sealer,
                                           owner_id=me.player_id)
    except NotFound:
        return not_found(request, MISSING_GAME)
    return download(data, name)


@router.post("/saves/import", response_model=None)
def import_save(request: Request, form: FormData, db: DB, me: PagePlayer) -> Response:
    on_shelf = form.get("on_shelf")
    try:
        data = uploaded_json(request, form, missing=words("Choose a save file (.json) to import."),
                             unreadable=lambda why: words("This save cannot be imported: {why}.", why=why))
        record = game_files.import_session(db, data=data, sealer=request.app.state.sealer, owner_id=me.player_id,
                                           on_shelf=on_shelf if isinstance(on_shelf, str) and on_shelf else None)
    except OnShelf as exc:  # asked: restore over the game still on the shelf, or keep a copy beside it
        return _saves_page(request, db, me.player_id, error=reason(exc), status_code=409,
                           asked={"kept": json.dumps(data, ensure_ascii=False), "existing": exc.existing})
    except Refused as exc:
        return _saves_page(request, db, me.player_id, error=reason(exc), status_code=422)
    return see_other(f"/play/{record.id}")
