"""What the page routers share: the router they hang on, the database and form dependencies, drawing a page,
the common answers (a 404 page, a 303), the readers of form fields, and a file to download.

Every page router but the log-in pages needs a player (else a redirect to /login) and shows only that
player's games: `page_router()` makes such a router.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from sqlalchemy.orm import Session

from app.core.errors import Refused
from app.db.engine import get_db
from app.db.models import Campaign
from app.http.auth import page_player
from app.http.capacity.release import ReleasingRoute
from app.shelf import campaigns
from app.shelf.files.parser import UnreadableFile, parse_json_file
from app.ui.templating import templates
from games.engine import reason, words
from games.registry import all_engines

MISSING_GAME = words("There is no saved game with that id. It may have been deleted.")


def page_router(*, log_in: bool = True) -> APIRouter:
    """A router of pages: out of the OpenAPI schema, its connections released early, a player required."""
    dependencies = [Depends(page_player)] if log_in else []
    return APIRouter(include_in_schema=False, dependencies=dependencies, route_class=ReleasingRoute)


async def form_data(request: Request) -> dict[str, Any]:
    """The posted form as a plain dict (last value wins); files stay UploadFile objects. (A body past the
    limit never gets here: app/http/body_limit.py refuses it at the edge.)"""
    form = await request.form()
    return dict(form.items())


DB = Annotated[Session, Depends(get_db)]
FormData = Annotated[dict[str, Any], Depends(form_data)]


def page(request: Request, name: str, context: dict[str, Any], status_code: int = 200,
         headers: dict[str, str] | None = None) -> HTMLResponse:
    return templates.TemplateResponse(request, name, context, status_code=status_code, headers=headers)


def not_found(request: Request, message: Any, status_code: int = 404) -> HTMLResponse:
    """'Lost at sea', saying what was not found."""
    return page(request, "pages/404.html", {"message": message}, status_code)


def see_other(url: str) -> RedirectResponse:
    return RedirectResponse(url, status_code=303)


def titles() -> dict[str, str]:
    """Every game's title by slug."""
    return {e.spec.slug: e.spec.title for e in all_engines()}


def parse_seed(raw: Any) -> int | None:
    """A seed typed in a form: digits, or nothing (a fresh secret seed); Refused otherwise."""
    text = str(raw or "").strip()
    if not text:
        return None
    if not re.fullmatch(r"[0-9]{1,19}", text):
        raise Refused(words("the seed must be a whole number (digits only), or left empty"))
    return int(text)


def parse_version(raw: Any) -> int | str:
    """A whole number, or the raw text so that the move path refuses it with its own message."""
    text = str(raw or "").strip()
    return int(text) if re.fullmatch(r"-?[0-9]{1,12}", text) else text


def continue_url(db: Session, campaign: Campaign) -> str:
    """Where "continue" takes a campaign: its game in progress, else its own page (between games, over)."""
    current = next((g.id for g in campaigns.campaign_games(db, campaign_id=campaign.id)
                    if g.status == "in_progress"), None)
    return f"/play/{current}" if current else f"/campaigns/{campaign.id}"


def download(data: Any, filename: str) -> Response:
    """A JSON file to save, under `filename` (plain ASCII, and in full as UTF-8 for the browsers that read it)."""
    return Response(
        json.dumps(data, indent=2, ensure_ascii=False),
        media_type="application/json",
        headers={"Content-Disposition": f"attachment; filename=\"{filename}\"; filename*=UTF-8''{quote(filename)}"},
    )


def uploaded_json(request: Request, form: dict[str, Any], *, missing: Any, unreadable: Callable[[Any], Any]) -> Any:
    """The JSON document of the file a form posted (field `file`, or `kept`: the text of a file posted before, sent
    again with the player's answer to a question about it); Refused with what to tell the player when there is no
    file, it is past the import limit, or it is not JSON (`unreadable(why)` says so)."""
    upload, kept = form.get("file"), form.get("kept")
    limit = request.app.state.settings.max_import_bytes
    if isinstance(kept, str) and kept and (upload is None or isinstance(upload, str)):
        raw = kept.encode()
    elif upload is None or isinstance(upload, str):
        raise Refused(missing)
    else:
        raw = upload.file.read(limit + 1)
    if len(raw) > limit:
        raise Refused(words("That file is too large (the limit is {kb} kB).", kb=limit // 1000))
    try:
        return parse_json_file(raw)
    except UnreadableFile as exc:
        raise Refused(unreadable(reason(exc))) from None
