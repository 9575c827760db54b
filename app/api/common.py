"""What the JSON API's routers share: the router they hang on, the errors every route may answer, answers in
the reader's language, a file to download, and an imported file read within the limit.

Every route needs a player (a bearer token or the log-in cookie): 401 otherwise. Every id is looked up among
that player's own games only, so another player's id answers 404 exactly like a missing one.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse, Response

from app.api.schemas import Error
from app.core import jsoncodec
from app.core.errors import Refused
from app.http.auth import api_player
from app.http.capacity.release import ReleasingRoute
from app.i18n import context as i18n_context
from app.i18n.render import localize, say, say_json
from app.shelf.files.parser import UnreadableFile, parse_json_file
from games.engine import N_, reason, words

AUTH_ERRORS: dict[int | str, dict[str, Any]] = {
    401: {"model": Error, "description": "no valid bearer token or log-in"},
    403: {"model": Error, "description": "a request with the log-in cookie but without its CSRF token"},
    # Malformed parameters or body: the app's own {"detail": "..."} (app/http/errors.py), not FastAPI's list.
    422: {"model": Error, "description": "malformed request"},
}


def api_router(prefix: str = "/api", tag: str = "api") -> APIRouter:
    """A router of the JSON API: a player required, connections released early, the auth errors documented."""
    return APIRouter(prefix=prefix, tags=[tag], dependencies=[Depends(api_player)], responses=AUTH_ERRORS,
                     route_class=ReleasingRoute)


def error(status: int, detail: Any, **extra: Any) -> JSONResponse:
    """An error answer; its `detail` said in the language of the request (Accept-Language)."""
    return JSONResponse({"detail": say(detail), **extra}, status_code=status)


def refused(exc: Refused, game: str | None = None) -> JSONResponse:
    """422 for a refusal, said with the game's own words first (its prompt may be part of the sentence)."""
    with i18n_context.using(game_=game or getattr(exc.view, "game", None)):
        return error(422, reason(exc))


def said(view: Any) -> dict[str, Any]:
    """A session's or campaign's answer as JSON, in the reader's language (ids never change with it)."""
    return localize(view).to_json()


def raw_json(data: dict[str, Any]) -> Response:
    """An answer sent as it is: for one whose shape is the route's response model already (the tests check it),
    which spares FastAPI a second pass over it (validation in another thread hop)."""
    return Response(jsoncodec.dumps_bytes(data), media_type="application/json")


def said_event(event: dict[str, Any]) -> dict[str, Any]:
    """A stored log event with its text in the reader's language (its stored words unchanged)."""
    text = say_json(event.get("words"))
    return event if text is None else {**event, "text": text}


def download(data: Any, filename: str) -> JSONResponse:
    return JSONResponse(data, headers={"Content-Disposition": f'attachment; filename="{filename}"'})


FILE_KINDS = (N_("save file"), N_("campaign file"))  # what read_upload names, said in the reader's language


async def read_upload(request: Request, what: str) -> tuple[Any, JSONResponse | None]:
    """The body as JSON if it is within the import size limit; else the error answer to send."""
    limit = request.app.state.settings.max_import_bytes
    too_large = error(413, words("a {what} is at most {limit} bytes", what=what, limit=limit))
    declared = request.headers.get("content-length", "")
    if declared.isascii() and declared.isdigit() and int(declared) > limit:
        return None, too_large  # refused before a byte of it is read
    body = bytearray()
    async for chunk in request.stream():  # a body sent without a length is cut off at the limit too
        body += chunk
        if len(body) > limit:
            return None, too_large
    try:
        return parse_json_file(bytes(body)), None
    except UnreadableFile as exc:
        return None, error(422, words("This {what} cannot be imported: {why}", what=what, why=reason(exc)))
