"""The library (every game, the games and campaigns to continue), each game's page (how to play, options, a new
game) and its rules reference."""

from __future__ import annotations

from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse, Response
from jinja2 import TemplateNotFound
from sqlalchemy.orm import Session

from app.core.errors import Refused
from app.http.auth import PagePlayer
from app.i18n import context as i18n_context
from app.i18n.render import localize_view
from app.pages.common import DB, FormData, continue_url, not_found, page, page_router, parse_seed, see_other, titles
from app.shelf import campaigns, standing, store
from app.ui.templating import templates
from games.engine import reason, words
from games.registry import UnknownGame, all_engines, get_engine

router = page_router()


def _no_such_game(request: Request, slug: str) -> HTMLResponse:
    return not_found(request, words("There is no game called “{game}” on this shelf.", game=slug))


@router.get("/", response_class=HTMLResponse)
def library(request: Request, db: DB, me: PagePlayer) -> HTMLResponse:
    games = [e.spec for e in all_engines()]
    in_progress = [s for s in store.list_sessions(db, in_progress=True, owner_id=me.player_id)
                   if s.campaign_id is None]
    listed = campaigns.list_campaigns(db, in_progress=True, owner_id=me.player_id)
    running = [(c, continue_url(db, c)) for c in listed]
    return page(request, "pages/library.html",
                {"nav": "library", "games": games, "in_progress": in_progress, "titles": titles(),
                 "campaigns": running, "views": standing.game_views(db, in_progress),
                 "campaign_views": standing.campaign_views(db, listed)})


def _game_page(request: Request, db: Session, slug: str, owner_id: str, *, form: dict[str, Any] | None = None,
               error: Any = "", status_code: int = 200) -> HTMLResponse:
    try:
        engine = get_engine(slug)
    except UnknownGame:
        return _no_such_game(request, slug)
    i18n_context.set_game(slug)
    sessions = store.list_sessions(db, game=slug, owner_id=owner_id)
    return page(request, "pages/game.html",
                {"spec": engine.spec, "form": form or {}, "error": error, "sessions": sessions,
                 "has_campaign": getattr(engine, "campaign", None) is not None}, status_code)


@router.get("/games/{slug}", response_class=HTMLResponse)
def game_page(slug: str, request: Request, db: DB, me: PagePlayer) -> HTMLResponse:
    return _game_page(request, db, slug, me.player_id)


@router.post("/games/{slug}/new", response_model=None)
def new_game(slug: str, request: Request, form: FormData, db: DB, me: PagePlayer) -> Response:
    try:
        spec = get_engine(slug).spec
    except UnknownGame:
        return _no_such_game(request, slug)
    fields = {k: v for k, v in form.items() if isinstance(v, str)}
    options = {opt.key: fields[opt.key] for opt in spec.options if opt.key in fields}
    unknown = set(fields) - {o.key for o in spec.options} - {"seed", "name", "csrf_token"}
    options.update({k: fields[k] for k in unknown})  # let the engine refuse them by name
    try:
        record = store.create_session(db, game=slug, seed=parse_seed(fields.get("seed")),
                                      options=options, name=fields.get("name"), owner_id=me.player_id)
    except Refused as exc:
        return _game_page(request, db, slug, me.player_id, form=fields, error=reason(exc), status_code=422)
    return see_other(f"/play/{record.id}")


@router.get("/games/{slug}/rules", response_class=HTMLResponse)
def rules(slug: str, request: Request) -> HTMLResponse:
    try:
        spec = get_engine(slug).spec
    except UnknownGame:
        return _no_such_game(request, slug)
    try:
        templates.env.get_template(f"games/{slug}/rules.html")
    except TemplateNotFound:
        return not_found(request, words("The rules reference for {game} is not written yet.", game=spec.title))
    i18n_context.set_game(slug)
    return page(request, f"games/{slug}/rules.html", {"spec": spec, "sample": _sample_view(slug)})


def _sample_view(slug: str) -> dict[str, Any]:
    """A fresh game's view, so a rules page can show the real tables (the Weather card, ...)."""
    engine = get_engine(slug)
    return localize_view(slug, engine.view(engine.new_game(0, engine.spec.normalize_options(None))))
