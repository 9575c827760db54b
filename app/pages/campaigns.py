"""The HTML pages of campaigns: the list (start, rename, delete, export, import) and a campaign's own page.

A campaign's page shows its progress, its games and its log; between games it offers the campaign's
choices as buttons, and "take back" for the latest of them. A choice goes through `app.shelf.campaigns.act`
(a take-back through `undo`) exactly as the JSON API's does: with the `HX-Request` header the answer is the
`#campaign` fragment (200, or 409/422 with the current campaign and a notice); without it a 303 back to the
page (`?notice=stale`), or the whole page again with 422. A choice that starts a game (set sail) sends the
player to its board: `HX-Redirect` (the fragment still comes with it), or a 303 there.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse, Response
from sqlalchemy.orm import Session

from app.core.errors import Illegal, NotFound, OnShelf, Refused, Stale
from app.http.auth import PagePlayer
from app.http.wants import is_htmx
from app.i18n import context as i18n_context
from app.i18n import render as i18n_render
from app.pages.common import (
    DB,
    FormData,
    continue_url,
    download,
    not_found,
    page,
    page_router,
    parse_seed,
    parse_version,
    see_other,
    titles,
    uploaded_json,
)
from app.shelf import campaigns, moves, standing, store
from app.shelf.campaigns import CampaignView
from app.shelf.files import campaign_files, exports
from app.ui.recap import recap
from app.ui.templating import templates, where
from games.engine import reason, words
from games.registry import all_engines

# Like every page: a player is required, and only that player's campaigns are found.
router = page_router()

GONE = words("There is no campaign with that id. It may have been deleted.")
DONE = {"renamed": words("Renamed."), "deleted": words("The campaign and its games were deleted.")}


def _campaign_specs() -> list[Any]:
    """The campaign spec of every game that has a campaign mode (slug = the game's slug)."""
    return [e.campaign.spec for e in all_engines() if getattr(e, "campaign", None) is not None]


# ---------------------------------------------------------------- the list

def _list_page(request: Request, db: Session, owner_id: str, *, error: Any = "", notice: Any = "",
               form: dict | None = None, status_code: int = 200, asked: dict[str, str] | None = None) -> HTMLResponse:
    listed = campaigns.list_campaigns(db, owner_id=owner_id)
    rows = [(c, continue_url(db, c)) for c in listed]
    return page(request, "pages/campaigns.html", {
        "nav": "campaigns",
        "views": standing.campaign_views(db, listed),
        "running": [(c, url) for c, url in rows if c.status == "in_progress"],
        "finished": [(c, url) for c, url in rows if c.status != "in_progress"],
        "specs": _campaign_specs(),
        "titles": titles(),
        "form": form or {},
        "error": error,
        "notice": notice,
        "asked": asked,
    }, status_code)


@router.get("/campaigns", response_class=HTMLResponse)
def campaign_list(request: Request, db: DB, me: PagePlayer) -> HTMLResponse:
    return _list_page(request, db, me.player_id, notice=DONE.get(request.query_params.get("done", ""), ""))


@router.post("/campaigns/new/{slug}", response_model=None)
def new_campaign(slug: str, request: Request, form: FormData, db: DB, me: PagePlayer) -> Response:
    fields = {k: v for k, v in form.items() if isinstance(v, str) and k != "csrf_token"}
    # Every field but seed and name is an option: the engine refuses unknown ones by name.
    options = {k: v for k, v in fields.items() if k not in ("seed", "name")}
    try:
        campaign = campaigns.create_campaign(db, game=slug, seed=parse_seed(fields.get("seed")),
                                             options=options, name=fields.get("name"), owner_id=me.player_id)
    except Refused as exc:
        return _list_page(request, db, me.player_id, error=reason(exc), form={"game": slug, **fields},
                          status_code=422)
    return see_other(f"/campaigns/{campaign.id}")


@router.post("/campaigns/{campaign_id}/rename", response_model=None)
def rename(campaign_id: str, request: Request, form: FormData, db: DB, me: PagePlayer) -> Response:
    name = form.get("name")
    try:
        campaigns.rename_campaign(db, campaign_id=campaign_id, name=name if isinstance(name, str) else "",
                                  owner_id=me.player_id)
    except NotFound:
        return not_found(request, GONE)
    except Refused as exc:
        return _list_page(request, db, me.player_id, error=reason(exc), status_code=422)
    return see_other("/campaigns?done=renamed")


@router.get("/campaigns/{campaign_id}/delete", response_class=HTMLResponse)
def confirm_delete(campaign_id: str, request: Request, db: DB, me: PagePlayer) -> HTMLResponse:
    try:
        campaign = campaigns.get_campaign(db, campaign_id=campaign_id, owner_id=me.player_id)
    except NotFound:
        return not_found(request, GONE)
    games = campaigns.campaign_games(db, campaign_id=campaign_id)
    return page(request, "partials/campaign_delete.html",
                 {"nav": "campaigns", "campaign": campaign, "games": games,
                  "title": titles().get(campaign.game, campaign.game)})


@router.post("/campaigns/{campaign_id}/delete", response_model=None)
def delete(campaign_id: str, request: Request, db: DB, me: PagePlayer) -> Response:
    try:
        campaigns.delete_campaign(db, campaign_id=campaign_id, owner_id=me.player_id)
    except NotFound:
        return not_found(request, GONE)
    return see_other("/campaigns?done=deleted")


@router.get("/campaigns/{campaign_id}/export", response_model=None)
def export(campaign_id: str, request: Request, db: DB, me: PagePlayer) -> Response:
    try:
        data, name = exports.campaign_download(db, campaign_id=campaign_id, sealer=request.app.state.sealer,
                                               owner_id=me.player_id)
    except NotFound:
        return not_found(request, GONE)
    return download(data, name)


@router.post("/campaigns/import", response_model=None)
def import_campaign(request: Request, form: FormData, db: DB, me: PagePlayer) -> Response:
    on_shelf = form.get("on_shelf")
    try:
        data = uploaded_json(request, form, missing=words("Choose a campaign file (.json) to import."),
                             unreadable=lambda why: words("This campaign cannot be imported: {why}.", why=why))
        campaign = campaign_files.import_campaign(db, data=data, sealer=request.app.state.sealer,
                                                  owner_id=me.player_id,
                                                  on_shelf=on_shelf if isinstance(on_shelf, str) and on_shelf else None)
    except OnShelf as exc:  # asked: restore over the campaign still on the shelf, or keep a copy beside it
        return _list_page(request, db, me.player_id, error=reason(exc), status_code=409,
                          asked={"kept": json.dumps(data, ensure_ascii=False), "existing": exc.existing})
    except Refused as exc:
        return _list_page(request, db, me.player_id, error=reason(exc), status_code=422)
    return see_other(f"/campaigns/{campaign.id}")


# ---------------------------------------------------------------- one campaign

def _last_game(db: Session, cv: CampaignView) -> moves.SessionView | None:
    """The latest finished game of the campaign, whose end the between-games screen recounts."""
    done = [g for g in cv.games if g["status"] != "in_progress"]
    return moves.current_view(db, session_id=done[-1]["id"]) if done else None


def _last_game_end(db: Session, cv: CampaignView) -> list[dict[str, Any]]:
    """What the campaign said when its latest game ended (the events of its last `game_end` entry)."""
    entries = [e for e in campaigns.campaign_log(db, campaign_id=cv.id) if e.kind == "game_end"]
    return list(entries[-1].events) if entries else []


def _said_log(entries: list[Any]) -> list[dict[str, Any]]:
    """The campaign's log entries with their lines in the reader's language (stored Words said again)."""
    t = i18n_render.current()
    return [{"seq": e.seq, "kind": e.kind, "action": e.action, "created_at": e.created_at,
             "events": i18n_render.localize_lines(list(e.events), t)} for e in entries]


def _campaign_context(db: Session, cv: CampaignView, notice_kind: str = "", notice: str = "") -> dict[str, Any]:
    between = bool(cv.legal_actions)
    i18n_context.set_game(cv.game)  # this game's catalog first (app/i18n)
    cv = i18n_render.localize(cv)
    last_game = _last_game(db, cv) if between else None
    return {
        "cv": cv,
        "title": titles().get(cv.game, cv.game),
        "last_game": i18n_render.localize(last_game) if last_game else None,
        "last_end": i18n_render.localize_lines(_last_game_end(db, cv), i18n_render.current()) if between else [],
        "full_log": _said_log(campaigns.campaign_log(db, campaign_id=cv.id)),
        "progress_template": templates.env.select_template(
            [f"games/{cv.game}/campaign.html", "partials/campaign_progress.html"]).name,
        "choices_template": templates.env.select_template(
            [f"games/{cv.game}/campaign_choices.html", "partials/campaign_choices.html"]).name,
        "notice_kind": notice_kind,
        "notice": notice,
    }


def _fragment(request: Request, db: Session, cv: CampaignView, *, notice_kind: str = "", notice: str = "",
              status_code: int = 200) -> HTMLResponse:
    return templates.TemplateResponse(request, "partials/campaign.html",
                                      _campaign_context(db, cv, notice_kind, notice), status_code=status_code)


def _full_page(request: Request, db: Session, cv: CampaignView, *, notice_kind: str = "", notice: str = "",
               status_code: int = 200) -> HTMLResponse:
    context = {"nav": "campaigns", **_campaign_context(db, cv, notice_kind, notice)}
    said = context["cv"]
    context["recap"] = recap(said, where(said.game, _game_view(db, said), said.view))
    return page(request, "pages/campaign.html", context, status_code)


def _game_view(db: Session, cv: CampaignView) -> dict[str, Any] | None:
    """The view of the campaign's game under way, if there is one (for where the campaign stands)."""
    if not cv.current_session:
        return None
    return moves.current_view(db, session_id=cv.current_session).view


@router.get("/campaigns/{campaign_id}", response_class=HTMLResponse)
def campaign_page(campaign_id: str, request: Request, db: DB, me: PagePlayer) -> HTMLResponse:
    try:
        cv = campaigns.current_view(db, campaign_id=campaign_id, owner_id=me.player_id)
    except NotFound:
        return not_found(request, GONE)
    notice_kind = "stale" if request.query_params.get("notice") == "stale" else ""
    return _full_page(request, db, cv, notice_kind=notice_kind)


@router.post("/campaigns/{campaign_id}/act", response_model=None)
def act(campaign_id: str, request: Request, form: FormData, db: DB, me: PagePlayer) -> Response:
    return _answer(request, db, campaign_id, lambda: campaigns.act(
        db, campaign_id=campaign_id, action=form.get("action"), version=parse_version(form.get("version")),
        owner_id=me.player_id))


@router.post("/campaigns/{campaign_id}/undo", response_model=None)
def undo(campaign_id: str, request: Request, form: FormData, db: DB, me: PagePlayer) -> Response:
    return _answer(request, db, campaign_id, lambda: campaigns.undo(
        db, campaign_id=campaign_id, version=parse_version(form.get("version")), owner_id=me.player_id))


def _answer(request: Request, db: Session, campaign_id: str, move: Callable[[], CampaignView]) -> Response:
    """The answer to a choice or a take-back (see the module's docstring)."""
    htmx = is_htmx(request)
    try:
        cv = move()
    except NotFound:
        return not_found(request, GONE)
    except Stale as exc:
        if htmx:
            return _fragment(request, db, exc.view, notice_kind="stale", status_code=409)
        return see_other(f"/campaigns/{campaign_id}?notice=stale")
    except Illegal as exc:
        view = exc.view or campaigns.current_view(db, campaign_id=campaign_id)
        if htmx:
            return _fragment(request, db, view, notice_kind="error", notice=exc.message, status_code=422)
        return _full_page(request, db, view, notice_kind="error", notice=exc.message, status_code=422)
    # A choice can only start a game (none was in progress before it): then the player goes to its board.
    board = f"/play/{cv.current_session}" if cv.current_session else None
    if htmx:
        answer = _fragment(request, db, cv)
        if board:
            answer.headers["HX-Redirect"] = board
        return answer
    return see_other(board or f"/campaigns/{campaign_id}")


@router.get("/campaigns/{campaign_id}/games/{index}/log", response_class=HTMLResponse)
def game_log(campaign_id: str, index: int, request: Request, db: DB, me: PagePlayer) -> HTMLResponse:
    try:
        campaign = campaigns.get_campaign(db, campaign_id=campaign_id, owner_id=me.player_id)
    except NotFound:
        return not_found(request, GONE)
    game = next((g for g in campaigns.campaign_games(db, campaign_id=campaign_id) if g.campaign_index == index), None)
    if game is None:
        return not_found(request, words("This campaign has no game {n} (yet).", n=index))
    i18n_context.set_game(campaign.game)  # the game's catalog first, for its log lines
    return page(request, "partials/campaign_game_log.html", {
        "nav": "campaigns", "campaign": campaign, "game": game,
        "entries": _said_log(store.log_entries(db, session_id=game.id)),
    })
