"""The JSON API: games, sessions, moves, undo, log, export and import (see DESIGN.md)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Request, Response
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse
from sqlalchemy.orm import Session

from app import jsoncodec, play, store
from app.auth import ApiPlayer, api_player
from app.capacity.release import ReleasingRoute, releasing
from app.db import get_db
from app.errors import Illegal, ImportRefused, Stale
from app.i18n import context as i18n_context
from app.i18n.render import reason, say, say_json
from app.intake.json_files import UnreadableFile, parse_json_file
from app.schemas import (
    ActionIn,
    Error,
    GameOut,
    LogEventOut,
    NewSession,
    RenameIn,
    SessionOut,
    SessionSummary,
    StaleError,
    UndoIn,
)
from app.sealing import Sealer
from games.engine import N_, words
from games.registry import all_engines

# Every route needs a player (a bearer token or the log-in cookie): 401 otherwise. Every id is looked
# up among that player's own games only, so another player's id answers 404 exactly like a missing one.
AUTH_ERRORS: dict[int | str, dict[str, Any]] = {
    401: {"model": Error, "description": "no valid bearer token or log-in"},
    403: {"model": Error, "description": "a request with the log-in cookie but without its CSRF token"},
    # Malformed parameters or body: the app's own {"detail": "..."} (see app/main.py), not FastAPI's default list.
    422: {"model": Error, "description": "malformed request"},
}
router = APIRouter(prefix="/api", tags=["api"], dependencies=[Depends(api_player)], responses=AUTH_ERRORS,
                   route_class=ReleasingRoute)

MOVE_ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"model": Error, "description": "unknown session"},
    409: {"model": StaleError, "description": "stale version: nothing applied; the current session is included"},
    422: {"model": Error, "description": "illegal or malformed action: nothing applied"},
}


def _error(status: int, detail: str, **extra: Any) -> JSONResponse:
    """An error answer; its `detail` said in the language of the request (Accept-Language)."""
    return JSONResponse({"detail": say(detail), **extra}, status_code=status)


def _stale(exc: Stale) -> JSONResponse:
    return _error(409, reason(exc), current=exc.view.to_json())


def _session_answer(sv: play.SessionView) -> JSONResponse:
    """A session as JSON, sent as it is: `to_json` already has SessionOut's exact shape (the tests
    check it), so FastAPI's second pass over it (validation in another thread hop) is skipped."""
    return Response(jsoncodec.dumps_bytes(sv.to_json()), media_type="application/json")


@router.get("/games", response_model=list[GameOut])
def list_games() -> list[dict[str, Any]]:
    return [e.spec.to_json() for e in all_engines()]


@router.post("/sessions", status_code=201, response_model=SessionOut, responses={422: {"model": Error}})
def create_session(body: NewSession, me: ApiPlayer, db: Session = Depends(get_db)) -> Any:
    try:
        record = store.create_session(db, game=body.game, seed=body.seed, options=body.options, name=body.name,
                                      owner_id=me.player_id)
    except ValueError as exc:
        return _error(422, reason(exc))
    return play.current_view(db, session_id=record.id).to_json()


@router.get("/sessions", response_model=list[SessionSummary])
def list_sessions(
    me: ApiPlayer, in_progress: bool | None = None, game: str | None = None, db: Session = Depends(get_db)
) -> Any:
    return [
        {
            "id": r.id,
            "game": r.game,
            "name": r.name,
            "status": r.status,
            "score": r.score,
            "version": r.version,
            "updated_at": r.updated_at.isoformat(),
            "attention": say(r.attention) if r.attention else r.attention,
        }
        for r in store.list_sessions(db, in_progress=in_progress, game=game, owner_id=me.player_id)
    ]


@router.get("/sessions/{session_id}", response_model=SessionOut, responses={404: {"model": Error}})
def get_session(session_id: str, me: ApiPlayer, db: Session = Depends(get_db)) -> Any:
    return _session_answer(play.current_view(db, session_id=session_id, owner_id=me.player_id))


@router.patch("/sessions/{session_id}", response_model=SessionOut, responses={404: {"model": Error}})
def rename_session(session_id: str, body: RenameIn, me: ApiPlayer, db: Session = Depends(get_db)) -> Any:
    try:
        store.rename_session(db, session_id=session_id, name=body.name, owner_id=me.player_id)
    except ValueError as exc:
        return _error(422, reason(exc))
    return play.current_view(db, session_id=session_id).to_json()


@router.delete("/sessions/{session_id}", status_code=204, responses={404: {"model": Error}, 422: {"model": Error}})
def delete_session(session_id: str, me: ApiPlayer, db: Session = Depends(get_db)) -> Response:
    try:
        store.delete_session(db, session_id=session_id, owner_id=me.player_id)
    except ValueError as exc:
        return _error(422, reason(exc))
    return Response(status_code=204)


def _refused(exc: Illegal) -> JSONResponse:
    """422 for an illegal move, said with the game's own words (its prompt may be part of the sentence)."""
    with i18n_context.using(game_=getattr(exc.view, "game", None)):
        return _error(422, exc.message)


@router.post("/sessions/{session_id}/actions", response_model=SessionOut, responses=MOVE_ERRORS)
def apply_action(session_id: str, body: ActionIn, me: ApiPlayer, db: Session = Depends(get_db)) -> Any:
    try:
        return _session_answer(play.play(db, session_id=session_id, action=body.action, version=body.version,
                                         owner_id=me.player_id))
    except Stale as exc:
        return _stale(exc)
    except Illegal as exc:
        return _refused(exc)


@router.post("/sessions/{session_id}/undo", response_model=SessionOut, responses=MOVE_ERRORS)
def undo(session_id: str, body: UndoIn, me: ApiPlayer, db: Session = Depends(get_db)) -> Any:
    try:
        return _session_answer(play.undo(db, session_id=session_id, version=body.version, owner_id=me.player_id))
    except Stale as exc:
        return _stale(exc)
    except Illegal as exc:
        return _refused(exc)


@router.get("/sessions/{session_id}/log", response_model=list[LogEventOut], responses={404: {"model": Error}})
def get_log(session_id: str, me: ApiPlayer, db: Session = Depends(get_db)) -> Any:
    entries = store.log_entries(db, session_id=session_id, owner_id=me.player_id)
    game = store.get_session(db, session_id=session_id, owner_id=me.player_id).game if entries else None
    with i18n_context.using(game_=game):  # each event's text in the reader's language; its words stay as stored
        return [{"seq": e.seq, "kind": e.kind, "action": e.action, "events": [_said(ev) for ev in e.events]}
                for e in entries]


def _said(event: dict[str, Any]) -> dict[str, Any]:
    text = say_json(event.get("words"))
    return event if text is None else {**event, "text": text}


@router.get("/sessions/{session_id}/export", responses={404: {"model": Error}})
def export_session(session_id: str, request: Request, me: ApiPlayer, db: Session = Depends(get_db)) -> JSONResponse:
    data = store.export_session(db, session_id=session_id, sealer=request.app.state.sealer, owner_id=me.player_id)
    filename = f"solo-shelf-{data['game']}-{session_id}.json"
    return JSONResponse(data, headers={"Content-Disposition": f'attachment; filename="{filename}"'})


@router.post(
    "/sessions/import",
    status_code=201,
    response_model=SessionOut,
    responses={413: {"model": Error}, 422: {"model": Error}},
    openapi_extra={"requestBody": {"content": {"application/json": {"schema": {"type": "object"}}}, "required": True}},
)
async def import_session(request: Request, me: ApiPlayer, db: Session = Depends(get_db)) -> Any:
    data, refusal = await read_upload(request, "save file")
    if refusal is not None:
        return refusal
    try:
        return await run_in_threadpool(_import_session, db, data, request.app.state.sealer, me.player_id)
    except ImportRefused as exc:
        return _error(422, exc.message)


@releasing
def _import_session(db: Session, data: Any, sealer: Sealer, owner_id: str) -> dict[str, Any]:
    """The database side of an import, in one worker thread, once the whole body is in: replay and
    store it, read it back; the connection goes back to the pool before the answer leaves."""
    record = store.import_session(db, data=data, sealer=sealer, owner_id=owner_id)
    return play.current_view(db, session_id=record.id).to_json()


FILE_KINDS = (N_("save file"), N_("campaign file"))  # what read_upload names, said in the reader's language


async def read_upload(request: Request, what: str) -> tuple[Any, JSONResponse | None]:
    """The body as JSON if it is within the import size limit; else the error answer to send."""
    limit = request.app.state.settings.max_import_bytes
    too_large = _error(413, words("a {what} is at most {limit} bytes", what=what, limit=limit))
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        return None, too_large  # refused before a byte of it is read
    body = bytearray()
    async for chunk in request.stream():  # a body sent without a length is cut off at the limit too
        body += chunk
        if len(body) > limit:
            return None, too_large
    try:
        return parse_json_file(bytes(body)), None
    except UnreadableFile as exc:
        return None, _error(422, words("This {what} cannot be imported: {why}", what=what, why=reason(exc)))
