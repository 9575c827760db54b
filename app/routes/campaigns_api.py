"""The JSON API of campaigns, following the conventions of the session API."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Request, Response
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse
from sqlalchemy.orm import Session

from app import campaign_saves, campaigns
from app.auth import ApiPlayer, api_player
from app.capacity.release import ReleasingRoute, releasing
from app.db import get_db
from app.errors import Illegal, ImportRefused, Stale
from app.i18n import context as i18n_context
from app.i18n.render import reason
from app.routes.api import AUTH_ERRORS, _error, _refused, _said, read_upload
from app.schemas import (
    ActionIn,
    CampaignLogOut,
    CampaignOut,
    CampaignStaleError,
    CampaignSummary,
    Error,
    NewSession,
    RenameIn,
)
from app.sealing import Sealer
from games.engine import words

# Like the session API: a player is required, and only that player's campaigns are found.
router = APIRouter(prefix="/api/campaigns", tags=["campaigns"], dependencies=[Depends(api_player)],
                   responses=AUTH_ERRORS, route_class=ReleasingRoute)

# A stale campaign move answers with the current campaign (not a session, as the session API does).
CAMPAIGN_MOVE_ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"model": Error, "description": "unknown campaign"},
    409: {"model": CampaignStaleError,
          "description": "stale version: nothing applied; the current campaign is included"},
    422: {"model": Error, "description": "illegal or malformed action: nothing applied"},
}


def _stale(exc: Stale) -> JSONResponse:
    return _error(409, words("This campaign has moved on since that page was loaded."), current=exc.view.to_json())


@router.post("", status_code=201, response_model=CampaignOut, responses={422: {"model": Error}})
def create_campaign(body: NewSession, me: ApiPlayer, db: Session = Depends(get_db)) -> Any:
    try:
        campaign = campaigns.create_campaign(
            db, game=body.game, seed=body.seed, options=body.options, name=body.name, owner_id=me.player_id
        )
    except ValueError as exc:
        return _error(422, reason(exc))
    return campaigns.current_view(db, campaign_id=campaign.id).to_json()


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
    return campaigns.current_view(db, campaign_id=campaign_id, owner_id=me.player_id).to_json()


@router.patch("/{campaign_id}", response_model=CampaignOut, responses={404: {"model": Error}})
def rename_campaign(campaign_id: str, body: RenameIn, me: ApiPlayer, db: Session = Depends(get_db)) -> Any:
    try:
        campaigns.rename_campaign(db, campaign_id=campaign_id, name=body.name, owner_id=me.player_id)
    except ValueError as exc:
        return _error(422, reason(exc))
    return campaigns.current_view(db, campaign_id=campaign_id).to_json()


@router.delete("/{campaign_id}", status_code=204, responses={404: {"model": Error}})
def delete_campaign(campaign_id: str, me: ApiPlayer, db: Session = Depends(get_db)) -> Response:
    campaigns.delete_campaign(db, campaign_id=campaign_id, owner_id=me.player_id)
    return Response(status_code=204)


@router.post("/{campaign_id}/actions", response_model=CampaignOut, responses=CAMPAIGN_MOVE_ERRORS)
def campaign_action(campaign_id: str, body: ActionIn, me: ApiPlayer, db: Session = Depends(get_db)) -> Any:
    try:
        return campaigns.act(db, campaign_id=campaign_id, action=body.action, version=body.version,
                             owner_id=me.player_id).to_json()
    except Stale as exc:
        return _stale(exc)
    except Illegal as exc:
        return _refused(exc)  # said with the game's catalog first: its prompt may be part of the sentence


@router.get("/{campaign_id}/log", response_model=list[CampaignLogOut], responses={404: {"model": Error}})
def campaign_log(campaign_id: str, me: ApiPlayer, db: Session = Depends(get_db)) -> Any:
    entries = campaigns.campaign_log(db, campaign_id=campaign_id, owner_id=me.player_id)
    game = campaigns.get_campaign(db, campaign_id=campaign_id).game
    with i18n_context.using(game_=game):  # each event's text in the reader's language; its words stay as stored
        return [{"seq": e.seq, "kind": e.kind, "action": e.action, "events": [_said(ev) for ev in e.events]}
                for e in entries]


@router.get("/{campaign_id}/export", responses={404: {"model": Error}})
def export_campaign(campaign_id: str, request: Request, me: ApiPlayer, db: Session = Depends(get_db)) -> JSONResponse:
    data = campaign_saves.export_campaign(db, campaign_id=campaign_id, sealer=request.app.state.sealer,
                                          owner_id=me.player_id)
    filename = f"solo-shelf-campaign-{data['game']}-{campaign_id}.json"
    return JSONResponse(data, headers={"Content-Disposition": f'attachment; filename="{filename}"'})


@router.post(
    "/import",
    status_code=201,
    response_model=CampaignOut,
    responses={413: {"model": Error}, 422: {"model": Error}},
    openapi_extra={"requestBody": {"content": {"application/json": {"schema": {"type": "object"}}}, "required": True}},
)
async def import_campaign(request: Request, me: ApiPlayer, db: Session = Depends(get_db)) -> Any:
    data, refusal = await read_upload(request, "campaign file")
    if refusal is not None:
        return refusal
    try:
        return await run_in_threadpool(_import_campaign, db, data, request.app.state.sealer, me.player_id)
    except ImportRefused as exc:
        return _error(422, reason(exc))


@releasing
def _import_campaign(db: Session, data: Any, sealer: Sealer, owner_id: str) -> dict[str, Any]:
    """The database side of an import, in one worker thread, once the whole body is in (as for sessions)."""
    campaign = campaign_saves.import_campaign(db, data=data, sealer=sealer, owner_id=owner_id)
    return campaigns.current_view(db, campaign_id=campaign.id).to_json()
