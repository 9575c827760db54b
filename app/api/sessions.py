"""The JSON API: games, sessions, moves, undo, log, export and import (see DESIGN.md)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from fastapi import Depends, Query, Request, Response
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse
from sqlalchemy.orm import Session

from app.api.common import (
    api_router,
    download,
    error,
    raw_json,
    read_upload,
    refused,
    said,
    said_event,
)
from app.api.schemas import (
    ActionIn,
    AdviceOut,
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
from app.core.errors import Illegal, OnShelf, Refused, Stale
from app.db.engine import get_db
from app.http.auth import ApiPlayer
from app.http.capacity.release import releasing
from app.i18n import context as i18n_context
from app.i18n.render import say
from app.shelf import advisor, moves, review, store
from app.shelf.files import exports, game_files
from app.shelf.files.sealing import Sealer
from games.engine import reason
from games.registry import all_engines

router = api_router()

MOVE_ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"model": Error, "description": "unknown session"},
    409: {"model": StaleError, "description": "stale version: nothing applied; the current session is included"},
    422: {"model": Error, "description": "illegal or malformed action: nothing applied"},
}


def _stale(exc: Stale) -> JSONResponse:
    return error(409, reason(exc), current=said(exc.view))


def _session_answer(sv: moves.SessionView) -> Response:
    """A session as JSON: `to_json` has SessionOut's exact shape already."""
    return raw_json(said(sv))


@router.get("/games", response_model=list[GameOut])
def list_games() -> list[dict[str, Any]]:
    return [e.spec.to_json() for e in all_engines()]


@router.post("/sessions", status_code=201, response_model=SessionOut, responses={422: {"model": Error}})
def create_session(body: NewSession, me: ApiPlayer, db: Session = Depends(get_db)) -> Any:
    try:
        record = store.create_session(db, game=body.game, seed=body.seed, options=body.options, name=body.name,
                                      owner_id=me.player_id)
    except Refused as exc:
        return refused(exc)
    return said(moves.current_view(db, session_id=record.id))


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
    return _session_answer(moves.current_view(db, session_id=session_id, owner_id=me.player_id))


@router.patch("/sessions/{session_id}", response_model=SessionOut, responses={404: {"model": Error}})
def rename_session(session_id: str, body: RenameIn, me: ApiPlayer, db: Session = Depends(get_db)) -> Any:
    try:
        store.rename_session(db, session_id=session_id, name=body.name, owner_id=me.player_id)
    except Refused as exc:
        return refused(exc)
    return said(moves.current_view(db, session_id=session_id))


@router.delete("/sessions/{session_id}", status_code=204, responses={404: {"model": Error}, 422: {"model": Error}})
def delete_session(session_id: str, me: ApiPlayer, db: Session = Depends(get_db)) -> Response:
    try:
        store.delete_session(db, session_id=session_id, owner_id=me.player_id)
    except Refused as exc:
        return refused(exc)
    return Response(status_code=204)


@router.post("/sessions/{session_id}/actions", response_model=SessionOut, responses=MOVE_ERRORS)
def apply_action(session_id: str, body: ActionIn, me: ApiPlayer, db: Session = Depends(get_db)) -> Any:
    try:
        return _session_answer(moves.play(db, session_id=session_id, action=body.action, version=body.version,
                                         owner_id=me.player_id))
    except Stale as exc:
        return _stale(exc)
    except Illegal as exc:
        return refused(exc)


@router.post("/sessions/{session_id}/undo", response_model=SessionOut, responses=MOVE_ERRORS)
def undo(session_id: str, body: UndoIn, me: ApiPlayer, db: Session = Depends(get_db)) -> Any:
    try:
        return _session_answer(moves.undo(db, session_id=session_id, version=body.version, owner_id=me.player_id))
    except Stale as exc:
        return _stale(exc)
    except Illegal as exc:
        return refused(exc)


@router.get("/sessions/{session_id}/advice", response_model=AdviceOut,
            responses={202: {"model": AdviceOut, "description": "still estimating: poll `Location` (figures so far)"},
                       404: {"model": Error}, 409: {"model": Error, "description": "the game is over, or the version "
                                                                                 "is not the game's"}})
def get_advice(session_id: str, request: Request, me: ApiPlayer, db: Session = Depends(get_db),
               seed: int | None = Query(None, ge=0, lt=2**63, description="the deals' seed (default: from the view)"),
               margin: float = Query(advisor.MARGIN, ge=0.005, le=0.5,
                                     description="done once the leading option's win chance is known within ±margin"),
               seconds: float = Query(advisor.SECONDS, ge=1, le=300, description="done after this long in any case"),
               playouts: int | None = Query(None, ge=1, le=2048, description="instead: exactly this many per option"),
               version: int | None = Query(None, ge=0, description="the position asked about (409 if not current)"),
               ) -> Any:
    """Each option's chance to win (`win`, with its 95% `margin`) and expected score, from playouts that never peek
    (app/shelf/advisor.py): the unseen dealt again from what the player sees, the option applied, the game's best
    bot to the end, every option on the same deals. 200 once enough; meanwhile 202 with the figures so far and a
    `Location` to poll. The same seed (with `playouts`, or a margin reached in time) gives the same answer on any
    machine. Asking is remembered with the game (the history and the replay say "advised")."""
    try:
        asked = advisor.ask_about(db, request.app.state.advisor, session_id=session_id, owner_id=me.player_id,
                                  version=version, seed=seed, margin=margin, seconds=seconds, playouts=playouts)
    except advisor.StaleQuestion:
        return error(409, advisor.stale_question())
    if asked is None:
        return error(409, advisor.nothing_to_advise())
    game, estimate = asked
    with i18n_context.using(game_=game):
        for option in estimate["options"]:
            option["label"] = say(option["label"])
    if estimate["done"]:
        return raw_json(estimate)
    poll = {"seed": estimate["seed"], "margin": margin, "seconds": seconds, "version": estimate["version"]}
    if playouts is not None:
        poll["playouts"] = playouts
    location = f"/api/sessions/{session_id}/advice?{urlencode(poll)}"
    return JSONResponse(estimate, status_code=202, headers={"Location": location})


@router.post("/sessions/{session_id}/review", status_code=202,
             responses={404: {"model": Error}, 422: {"model": Error, "description": "the game is not finished"}})
def start_review(session_id: str, request: Request, me: ApiPlayer, db: Session = Depends(get_db)) -> Any:
    """Review a finished game in the background (app/shelf/review.py): its chance to win after every decision.
    202 with a `Location` to follow its progress (asking again gives the same review)."""
    try:
        found = review.request(db, session_id=session_id, owner_id=me.player_id)
    except Refused as exc:
        return refused(exc)
    request.app.state.reviewer.wake()
    return JSONResponse(_review_answer(found), status_code=202,
                        headers={"Location": f"/api/sessions/{session_id}/review"})


@router.delete("/sessions/{session_id}/review", responses={404: {"model": Error}})
def cancel_review(session_id: str, me: ApiPlayer, db: Session = Depends(get_db)) -> Any:
    """Cancel a review waiting or running: its state becomes `cancelled`, what it found so far is kept (asking
    again goes on from there)."""
    found = review.cancel(db, session_id=session_id, owner_id=me.player_id)
    if found is None:
        return error(404, review.never_reviewed())
    return _review_answer(found)


@router.get("/sessions/{session_id}/review", responses={404: {"model": Error}})
def get_review(session_id: str, me: ApiPlayer, db: Session = Depends(get_db)) -> Any:
    """The review so far: `state` queued, running, done, failed or cancelled, its `progress` (0 to 1), and a
    point per decision reviewed (`win` after the best option, `chosen_win` after the one taken), the costliest
    `marked`. 404 if the game was never reviewed."""
    found = review.current(db, session_id=session_id, owner_id=me.player_id)
    if found is None:
        return error(404, review.never_reviewed())
    return _review_answer(found)


def _review_answer(found: review.ReviewView) -> dict[str, Any]:
    data = found.to_json()
    with i18n_context.using(game_=found.game):
        for point in data["decisions"]:
            point["label"], point["best_label"] = say(point["label"]), say(point["best_label"])
    return data


@router.get("/sessions/{session_id}/log", response_model=list[LogEventOut], responses={404: {"model": Error}})
def get_log(session_id: str, me: ApiPlayer, db: Session = Depends(get_db)) -> Any:
    entries = store.log_entries(db, session_id=session_id, owner_id=me.player_id)
    game = store.get_session(db, session_id=session_id, owner_id=me.player_id).game if entries else None
    with i18n_context.using(game_=game):  # each event's text in the reader's language; its words stay as stored
        return [{"seq": e.seq, "kind": e.kind, "action": e.action, "events": [said_event(ev) for ev in e.events]}
                for e in entries]


@router.get("/sessions/{session_id}/export", responses={404: {"model": Error}})
def export_session(session_id: str, request: Request, me: ApiPlayer, db: Session = Depends(get_db)) -> JSONResponse:
    data, name = exports.game_download(db, session_id=session_id, sealer=request.app.state.sealer,
                                       owner_id=me.player_id)
    return download(data, name)


@router.post(
    "/sessions/import",
    status_code=201,
    response_model=SessionOut,
    responses={409: {"model": Error}, 413: {"model": Error}, 422: {"model": Error}},
    openapi_extra={"requestBody": {"content": {"application/json": {"schema": {"type": "object"}}}, "required": True}},
)
async def import_session(request: Request, me: ApiPlayer, db: Session = Depends(get_db),
                         on_shelf: str | None = None) -> Any:
    """A save file, restored under its own id where that is free. When the player's game of that id is still on
    the shelf: 409 (with its id as `existing`) unless `on_shelf` says `restore` (back to the file's point, same
    id) or `copy` (beside it, a new id)."""
    data, refusal = await read_upload(request, "save file")
    if refusal is not None:
        return refusal
    try:
        return await run_in_threadpool(_import_session, db, data, request.app.state.sealer, me.player_id, on_shelf)
    except OnShelf as exc:
        return error(409, reason(exc), existing=exc.existing)
    except Refused as exc:
        return refused(exc)


@releasing
def _import_session(db: Session, data: Any, sealer: Sealer, owner_id: str, on_shelf: str | None) -> dict[str, Any]:
    """The database side of an import, in one worker thread, once the whole body is in: replay and
    store it, read it back; the connection goes back to the pool before the answer leaves."""
    record = game_files.import_session(db, data=data, sealer=sealer, owner_id=owner_id, on_shelf=on_shelf)
    return said(moves.current_view(db, session_id=record.id))
