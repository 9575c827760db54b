"""The HTML pages: library, game pages, the board (with its HTMX move/undo endpoints), saves, rules.

Moves go through `app.play` exactly as the JSON API's do. With the `HX-Request` header the answer
is the board fragment (200, or 409/422 with the current board and a notice). Without it: a 303 back
to the board page (`?notice=stale` for a stale tab), or for a refused move the whole page again (422).
"""

from __future__ import annotations

import json
import re
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from jinja2 import TemplateNotFound
from sqlalchemy.orm import Session

from app import campaigns, play, scores, store
from app.auth import PagePlayer, page_player, refuse_oversized
from app.capacity.release import ReleasingRoute
from app.db import get_db
from app.errors import Illegal, ImportRefused, NotFound, Stale
from app.i18n import context as i18n_context
from app.i18n.render import localize, localize_view, reason
from app.intake.json_files import UnreadableFile, parse_json_file
from app.look import without_look_links
from app.models import Campaign
from app.table import keep, lighten, travel
from app.table.bar import action_bar
from app.web import place_actions, templates
from games.engine import words
from games.registry import UnknownGame, all_engines, get_engine

# Every page needs a player (else a redirect to /login) and shows only that player's games.
router = APIRouter(include_in_schema=False, dependencies=[Depends(page_player)], route_class=ReleasingRoute)


async def form_data(request: Request) -> dict[str, Any]:
    """The posted form as a plain dict (last value wins); files stay UploadFile objects."""
    refuse_oversized(request)
    form = await request.form()
    return dict(form.items())


DB = Annotated[Session, Depends(get_db)]
FormData = Annotated[dict[str, Any], Depends(form_data)]


def _page(request: Request, name: str, context: dict[str, Any], status_code: int = 200) -> HTMLResponse:
    return templates.TemplateResponse(request, name, context, status_code=status_code)


def _not_found(request: Request, message: str) -> HTMLResponse:
    return _page(request, "pages/404.html", {"message": message}, 404)


MISSING_GAME = words("There is no saved game with that id. It may have been deleted.")


def _titles() -> dict[str, str]:
    return {e.spec.slug: e.spec.title for e in all_engines()}


def _see_other(url: str) -> RedirectResponse:
    return RedirectResponse(url, status_code=303)


def _is_htmx(request: Request) -> bool:
    return request.headers.get("HX-Request", "").lower() == "true"


# ---------------------------------------------------------------- library and game pages

# ---------------------------------------------------------------- campaigns seen from other pages

def continue_url(db: Session, campaign: Campaign) -> str:
    """Where "continue" takes a campaign: its game in progress, else its own page (between games, over)."""
    current = next((g.id for g in campaigns.campaign_games(db, campaign_id=campaign.id)
                    if g.status == "in_progress"), None)
    return f"/play/{current}" if current else f"/campaigns/{campaign.id}"


def _campaign_of(db: Session, sv: play.SessionView) -> dict[str, Any] | None:
    """The campaign a game belongs to, for the board's banner and end screen (None for a lone game)."""
    if sv.campaign_id is None:
        return None
    campaign = campaigns.get_campaign(db, campaign_id=sv.campaign_id)
    return {"id": campaign.id, "name": campaign.name, "index": sv.campaign_index,
            "status": campaign.status, "url": f"/campaigns/{campaign.id}",
            "chosen_seed": campaign.seed if campaign.seed_chosen else None}


@router.get("/", response_class=HTMLResponse)
def library(request: Request, db: DB, me: PagePlayer) -> HTMLResponse:
    games = [e.spec for e in all_engines()]
    in_progress = [s for s in store.list_sessions(db, in_progress=True, owner_id=me.player_id)
                   if s.campaign_id is None]
    running = [(c, continue_url(db, c))
               for c in campaigns.list_campaigns(db, in_progress=True, owner_id=me.player_id)]
    return _page(request, "pages/library.html",
                 {"nav": "library", "games": games, "in_progress": in_progress, "titles": _titles(),
                  "campaigns": running})


def _game_page(request: Request, db: Session, slug: str, owner_id: str, *, form: dict[str, Any] | None = None,
               error: str = "", status_code: int = 200) -> HTMLResponse:
    try:
        spec = get_engine(slug).spec
    except UnknownGame:
        return _not_found(request, words("There is no game called “{game}” on this shelf.", game=slug))
    i18n_context.set_game(slug)
    sessions = store.list_sessions(db, game=slug, owner_id=owner_id)
    has_campaign = getattr(get_engine(slug), "campaign", None) is not None
    return _page(request, "pages/game.html",
                 {"spec": spec, "form": form or {}, "error": error, "sessions": sessions,
                  "has_campaign": has_campaign}, status_code)


@router.get("/games/{slug}", response_class=HTMLResponse)
def game_page(slug: str, request: Request, db: DB, me: PagePlayer) -> HTMLResponse:
    return _game_page(request, db, slug, me.player_id)


def _parse_seed(raw: Any) -> int | None:
    text = str(raw or "").strip()
    if not text:
        return None
    if not re.fullmatch(r"\d{1,19}", text):
        raise ValueError(words("the seed must be a whole number (digits only), or left empty"))
    return int(text)


@router.post("/games/{slug}/new", response_model=None)
def new_game(slug: str, request: Request, form: FormData, db: DB, me: PagePlayer) -> Response:
    try:
        spec = get_engine(slug).spec
    except UnknownGame:
        return _not_found(request, words("There is no game called “{game}” on this shelf.", game=slug))
    fields = {k: v for k, v in form.items() if isinstance(v, str)}
    options = {opt.key: fields[opt.key] for opt in spec.options if opt.key in fields}
    unknown = set(fields) - {o.key for o in spec.options} - {"seed", "name", "csrf_token"}
    options.update({k: fields[k] for k in unknown})  # let the engine refuse them by name
    try:
        record = store.create_session(db, game=slug, seed=_parse_seed(fields.get("seed")),
                                      options=options, name=fields.get("name"), owner_id=me.player_id)
    except ValueError as exc:
        return _game_page(request, db, slug, me.player_id, form=fields, error=reason(exc), status_code=422)
    return _see_other(f"/play/{record.id}")


@router.get("/games/{slug}/rules", response_class=HTMLResponse)
def rules(slug: str, request: Request) -> HTMLResponse:
    try:
        spec = get_engine(slug).spec
    except UnknownGame:
        return _not_found(request, words("There is no game called “{game}” on this shelf.", game=slug))
    try:
        templates.env.get_template(f"games/{slug}/rules.html")
    except TemplateNotFound:
        return _not_found(request, words("The rules reference for {game} is not written yet.", game=spec.title))
    i18n_context.set_game(slug)
    return _page(request, f"games/{slug}/rules.html", {"spec": spec, "sample": _sample_view(slug)})


def _sample_view(slug: str) -> dict[str, Any]:
    """A fresh game's view, so a rules page can show the real tables (the Weather card, ...)."""
    engine = get_engine(slug)
    return localize_view(slug, engine.view(engine.new_game(0, engine.spec.normalize_options(None))))


# ---------------------------------------------------------------- the board

def _board_context(sv: play.SessionView, notice_kind: str = "", notice: str = "",
                   campaign: dict[str, Any] | None = None) -> dict[str, Any]:
    i18n_context.set_game(sv.game)  # this game's catalog first (app/i18n)
    sv = localize(sv)
    return {
        "sv": sv,
        "campaign": campaign,
        "placement": place_actions(sv.game, sv.view, sv.legal_actions),
        "board_template": templates.env.select_template(
            [f"games/{sv.game}/board.html", "partials/generic_board.html"]).name,
        "notice_kind": notice_kind,
        "notice": notice,
        "bar": action_bar(sv),
        "bar_oob": False,
        "bar_fresh": False,
    }


def _board(request: Request, db: Session, sv: play.SessionView, *, notice_kind: str = "", notice: str = "",
           status_code: int = 200) -> HTMLResponse:
    context = _board_context(sv, notice_kind, notice, _campaign_of(db, sv))
    # The action bar sits outside #board: the answer carries its parts out of band; the last move is
    # announced only when a move went through (a refused or stale move changed nothing).
    context["bar_oob"], context["bar_fresh"] = True, status_code == 200
    template = context["board_template"]
    with travel.rendering(_trips(sv) if status_code == 200 else None):
        answer = templates.TemplateResponse(request, template, context, status_code=status_code)
    light = lighten.squeeze(without_look_links(bytes(answer.body)))
    return HTMLResponse(keep.mark(light, keep.claims(request.headers.get(keep.HEADER))), status_code=status_code)


def _trips(sv: play.SessionView) -> travel.Trips | None:
    """What the move that made `sv` moved, and from where (None when `sv` is not a move's answer)."""
    if sv.before is None:
        return None
    before = get_engine(sv.game).view(sv.before)
    return travel.trips(sv.game, before, sv.view, [e.to_json() for e in sv.events])


@router.get("/play/{session_id}", response_model=None)
def play_page(session_id: str, request: Request, db: DB, me: PagePlayer) -> Response:
    try:
        sv = play.current_view(db, session_id=session_id, owner_id=me.player_id)
    except NotFound:
        return _not_found(request, MISSING_GAME)
    wanted = request.query_params.get("look")
    if wanted:  # a board's "look closer" link without JavaScript (see app/routes/look_pages.py)
        return _see_other(f"/play/{session_id}/look/{quote(wanted, safe='')}")
    notice_kind = "stale" if request.query_params.get("notice") == "stale" else ""
    return _play_page(request, db, sv, notice_kind=notice_kind)


def _play_page(request: Request, db: Session, sv: play.SessionView, *, notice_kind: str = "", notice: str = "",
               status_code: int = 200) -> HTMLResponse:
    context = _board_context(sv, notice_kind, notice, _campaign_of(db, sv))
    context["title"] = _titles().get(sv.game, sv.game)
    page = _page(request, "pages/play.html", context, status_code)
    return HTMLResponse(keep.mark(bytes(page.body)), status_code=status_code)


def _parse_version(raw: Any) -> int | str:
    """A whole number, or the raw text so that `play` refuses it with its own message."""
    text = str(raw or "").strip()
    return int(text) if re.fullmatch(r"-?\d{1,12}", text) else text


def _move_answer(request: Request, db: Session, session_id: str, run: Any) -> Response:
    """Run a move; answer with the board fragment (HTMX) or a redirect to the board page."""
    htmx = _is_htmx(request)
    try:
        sv = run()
    except NotFound:
        return _not_found(request, MISSING_GAME)
    except Stale as exc:
        if htmx:
            return _board(request, db, exc.view, notice_kind="stale", status_code=409)
        return _see_other(f"/play/{session_id}?notice=stale")
    except Illegal as exc:
        # The refusal is shown by re-rendering (not through the URL, so no one can put words in it).
        if exc.view is None:
            return _see_other(f"/play/{session_id}")
        if htmx:
            return _board(request, db, exc.view, notice_kind="error", notice=exc.message, status_code=422)
        return _play_page(request, db, exc.view, notice_kind="error", notice=exc.message, status_code=422)
    if htmx:
        return _board(request, db, sv)
    return _see_other(f"/play/{session_id}")


@router.post("/play/{session_id}/act", response_model=None)
def act(session_id: str, request: Request, form: FormData, db: DB, me: PagePlayer) -> Response:
    action = form.get("action")
    version = _parse_version(form.get("version"))
    return _move_answer(request, db, session_id, lambda: play.play(db, session_id=session_id, action=action,
                                                                   version=version, owner_id=me.player_id))


@router.post("/play/{session_id}/undo", response_model=None)
def undo(session_id: str, request: Request, form: FormData, db: DB, me: PagePlayer) -> Response:
    version = _parse_version(form.get("version"))
    return _move_answer(request, db, session_id,
                        lambda: play.undo(db, session_id=session_id, version=version, owner_id=me.player_id))


# ---------------------------------------------------------------- saves

def _saves_page(request: Request, db: Session, owner_id: str, *, error: str = "", notice: str = "",
                status_code: int = 200) -> HTMLResponse:
    names = {c.id: c.name for c in campaigns.list_campaigns(db, owner_id=owner_id)}
    sessions = store.list_sessions(db, owner_id=owner_id)
    return _page(request, "pages/saves.html",
                 {"nav": "saves", "sessions": sessions, "titles": _titles(), "campaign_names": names,
                  "running": scores.running_scores(db, sessions), "error": error, "notice": notice}, status_code)


@router.get("/saves", response_class=HTMLResponse)
def saves(request: Request, db: DB, me: PagePlayer) -> HTMLResponse:
    done = request.query_params.get("done", "")
    return _saves_page(request, db, me.player_id, notice=done if done in ("renamed", "deleted") else "")


@router.post("/saves/{session_id}/rename", response_model=None)
def rename(session_id: str, request: Request, form: FormData, db: DB, me: PagePlayer) -> Response:
    name = form.get("name")
    try:
        store.rename_session(db, session_id=session_id, name=name if isinstance(name, str) else "",
                             owner_id=me.player_id)
    except NotFound:
        return _not_found(request, MISSING_GAME)
    except ValueError as exc:
        return _saves_page(request, db, me.player_id, error=reason(exc), status_code=422)
    return _see_other("/saves?done=renamed")


@router.get("/saves/{session_id}/delete", response_model=None)
def confirm_delete(session_id: str, request: Request, db: DB, me: PagePlayer) -> Response:
    try:
        record = store.get_session(db, session_id=session_id, owner_id=me.player_id)
    except NotFound:
        return _not_found(request, MISSING_GAME)
    if record.campaign_id is not None:  # it goes only with its campaign: ask about that instead
        return _see_other(f"/campaigns/{record.campaign_id}/delete")
    return _page(request, "pages/confirm_delete.html",
                 {"nav": "saves", "session": record, "title": _titles().get(record.game, record.game)})


@router.post("/saves/{session_id}/delete", response_model=None)
def delete(session_id: str, request: Request, db: DB, me: PagePlayer) -> Response:
    try:
        store.delete_session(db, session_id=session_id, owner_id=me.player_id)
    except NotFound:
        return _not_found(request, MISSING_GAME)
    except ValueError:  # a campaign's game goes only with its campaign
        return _saves_page(request, db, me.player_id, status_code=422,
                           error=words("This game belongs to a campaign: delete the campaign instead."))
    return _see_other("/saves?done=deleted")


def _file_name(record_game: str, name: str, session_id: str) -> str:
    stem = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40] or "game"
    return f"{record_game}-{stem}-{session_id}.json"


@router.get("/saves/{session_id}/export", response_model=None)
def export(session_id: str, request: Request, db: DB, me: PagePlayer) -> Response:
    try:
        data = store.export_session(db, session_id=session_id, sealer=request.app.state.sealer, owner_id=me.player_id)
        record = store.get_session(db, session_id=session_id, owner_id=me.player_id)
    except NotFound:
        return _not_found(request, MISSING_GAME)
    filename = _file_name(record.game, record.name, record.id)
    return Response(
        json.dumps(data, indent=2, ensure_ascii=False),
        media_type="application/json",
        headers={"Content-Disposition":
                 f"attachment; filename=\"{filename}\"; filename*=UTF-8''{quote(filename)}"},
    )


@router.post("/saves/import", response_model=None)
def import_save(request: Request, form: FormData, db: DB, me: PagePlayer) -> Response:
    upload = form.get("file")
    if upload is None or isinstance(upload, str):
        return _saves_page(request, db, me.player_id, error=words("Choose a save file (.json) to import."),
                           status_code=422)
    limit = request.app.state.settings.max_import_bytes
    raw = upload.file.read(limit + 1)
    if len(raw) > limit:
        return _saves_page(request, db, me.player_id,
                           status_code=422,
                           error=words("That file is too large (the limit is {kb} kB).", kb=limit // 1000))
    try:
        data = parse_json_file(raw)
    except UnreadableFile as exc:
        return _saves_page(request, db, me.player_id,
                           error=words("This save cannot be imported: {why}.", why=reason(exc)), status_code=422)
    try:
        record = store.import_session(db, data=data, sealer=request.app.state.sealer, owner_id=me.player_id)
    except ImportRefused as exc:
        return _saves_page(request, db, me.player_id, error=exc.message, status_code=422)
    return _see_other(f"/play/{record.id}")
