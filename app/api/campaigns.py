"""The JSON API of campaigns, following the conventions of the session API."""

from __future__ import annotations

from typing import Any

from fastapi import Depends, Request, Response
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse
from sqlalchemy.orm import Session

from app.api.common import api_router, download, error, read_upload, refused, said, said_event
from app.api.schemas import (
    ActionIn,
    CampaignLogOut,
    CampaignOut,
    CampaignStaleError,
    CampaignSummary,
    Error,
    NewSession,
    RenameIn,
    UndoIn,
)
from app.core.errors import Illegal, OnShelf, Refused, Stale
from app.db.engine import get_db
from app.http.auth import ApiPlayer
from app.http.capacity.release import releasing
from app.i18n import context as i18n_context
from app.shelf import campaigns
from app.shelf.files import campaign_files, exports
from app.shelf.files.sealing import Sealer
from games.engine import reason, words

# Like the session API: a player is required, and only that player's campaigns are found.
router = api_router("/api/campaigns", "campaigns")

# A stale campaign move answers with the current campaign (not a session, as the session API does).
CAMPAIGN_MOVE_ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"model": Error, "description": "unknown campaign"},
    409: {"model": CampaignStaleError,
          "description": "stale version: nothing applied; the current campaign is included"},
    422: {"model": Error, "description": "illegal or malformed action: nothing applied"},
}


def _stale(exc: Stale) -> JSONResponse:
    return error(409, words("This campaign has moved on since that page was loaded."), current=said(exc.view))


@router.post("", status_code=201, response_model=CampaignOut, responses={422: {"model": Error}})
def create_campaign(body: NewSession, me: ApiPlayer, db: Session = Depends(get_db)) -> Any:
    try:
        campaign = campaigns.create_campaign(
            db, game=body.game, seed=body.seed, options=body.options, name=body.name, owner_id=me.player_id
        )
    except Refused as exc:
        return refused(exc)
    return said(campaigns.current_view(db, campaign_id=campaign.id))


@router.get("", response_model=list[CampaignSummary])
def list_campaigns(
    me: ApiPlayer, in_progress: bool | None = None, game: str | None = None, db: Session = Depends(get_db)
) -> Any:
    return [
        {
            "id": c.id,
            "game": c.game,
            "name": c.name,
            "status": c.status,
            "score": c.score,
            "version": c.version,
            "updated_at": c.updated_at.isoformat(),
        }
        for c in campaigns.list_campaigns(db, in_progress=in_progress, game=game, owner_id=me.player_id)
    ]


@router.get("/{campaign_id}", response_model=CampaignOut, responses={404: {"model": Error}})
def get_campaign(campaign_id: str, me: ApiPlayer, db: Session = Depends(get_db)) -> Any:
    return said(campaigns.current_view(db, campaign_id=campaign_id, owner_id=me.player_id))


@router.patch("/{campaign_id}", response_model=CampaignOut, responses={404: {"model": Error}})
def rename_campaign(campaign_id: str, body: RenameIn, me: ApiPlayer, db: Session = Depends(get_db)) -> Any:
    try:
        campaigns.rename_campaign(db, campaign_id=campaign_id, name=body.name, owner_id=me.player_id)
    except Refused as exc:
        return refused(exc)
    return said(campaigns.current_view(db, campaign_id=campaign_id))


@router.delete("/{campaign_id}", status_code=204, responses={404: {"model": Error}})
def delete_campaign(campaign_id: str, me: ApiPlayer, db: Session = Depends(get_db)) -> Response:
    campaigns.delete_campaign(db, campaign_id=campaign_id, owner_id=me.player_id)
    return Response(status_code=204)


@router.post("/{campaign_id}/actions", response_model=CampaignOut, responses=CAMPAIGN_MOVE_ERRORS)
def campaign_action(campaign_id: str, body: ActionIn, me: ApiPlayer, db: Session = Depends(get_db)) -> Any:
    try:
        return said(campaigns.act(db, campaign_id=campaign_id, action=body.action, version=body.version,
                             owner_id=me.player_id))
    except Stale as exc:
        return _stale(exc)
    except Illegal as exc:
        return refused(exc)  # said with the game's catalog first: its prompt may be part of the sentence


@router.post("/{campaign_id}/undo", response_model=CampaignOut, responses=CAMPAIGN_MOVE_ERRORS)
def campaign_undo(campaign_id: str, body: UndoIn, me: ApiPlayer, db: Session = Depends(get_db)) -> Any:
    """Take back the latest between-games choice (422 if there is none: none made, or a game has set sail)."""
    try:
        return said(campaigns.undo(db, campaign_id=campaign_id, version=body.version, owner_id=me.player_id))
    except Stale as exc:
        return _stale(exc)
    except Illegal as exc:
        return refused(exc)


@router.get("/{campaign_id}/log", response_model=list[CampaignLogOut], responses={404: {"model": Error}})
def campaign_log(campaign_id: str, me: ApiPlayer, db: Session = Depends(get_db)) -> Any:
    entries = campaigns.campaign_log(db, campaign_id=campaign_id, owner_id=me.player_id)
    game = campaigns.get_campaign(db, campaign_id=campaign_id).game
    with i18n_context.using(game_=game):  # each event's text in the reader's language; its words stay as stored
        return [{"seq": e.seq, "kind": e.kind, "action": e.action, "events": [said_event(ev) for ev in e.events]}
                for e in entries]


@router.get("/{campaign_id}/export", responses={404: {"model": Error}})
def export_campaign(campaign_id: str, request: Request, me: ApiPlayer, db: Session = Depends(get_db)) -> JSONResponse:
    data, name = exports.campaign_download(db, campaign_id=campaign_id, sealer=request.app.state.sealer,
                                           owner_id=me.player_id)
    return download(data, name)


@router.post(
    "/import",
    status_code=201,
    response_model=CampaignOut,
    responses={409: {"model": Error}, 413: {"model": Error}, 422: {"model": Error}},
    openapi_extra={"requestBody": {"content": {"application/json": {"schema": {"type": "object"}}}, "required": True}},
)
async def import_campaign(request: Request, me: ApiPlayer, db: Session = Depends(get_db),
                          on_shelf: str | None = None) -> Any:
    """A campaign file, restored under its own id where that is free; when the player's campaign of that id is
    still on the shelf, 409 (its id as `existing`) unless `on_shelf` is `restore` or `copy` (as for a game)."""
    data, refusal = await read_upload(request, "campaign file")
    if refusal is not None:
        return refusal
    try:
        return await run_in_threadpool(_import_campaign, db, data, request.app.state.sealer, me.player_id, on_shelf)
    except OnShelf as exc:
        return error(409, reason(exc), existing=exc.existing)
    except Refused as exc:
        return error(422, reason(exc))


@releasing
def _import_campaign(db: Session, data: Any, sealer: Sealer, owner_id: str, on_shelf: str | None) -> dict[str, Any]:
    """The database side of an import, in one worker thread, once the whole body is in (as for sessions)."""
    campaign = campaign_files.import_campaign(db, data=data, sealer=sealer, owner_id=owner_id, on_shelf=on_shelf)
    return said(campaigns.current_view(db, campaign_id=campaign.id))
