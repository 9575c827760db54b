"""create_app(): the FastAPI application, its middleware, routers, static files and error pages wired together."""

from __future__ import annotations

import gc
import os

from fastapi import FastAPI, Request
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import HTMLResponse

from app.accounts import players
from app.api import campaigns as campaigns_api
from app.api import replays as replays_api
from app.api import sessions as sessions_api
from app.api import stats as stats_api
from app.core.config import ROOT, Settings
from app.db import migrate
from app.db.engine import make_engine, make_sessionmaker
from app.http import errors, request_log
from app.http.auth import SecurityMiddleware
from app.http.body_limit import BodyLimitMiddleware
from app.http.capacity import health, overload
from app.http.guard import RequestGuard
from app.http.head import HeadAsGet
from app.http.locale import LocaleMiddleware
from app.http.static import CachedStaticFiles
from app.i18n import coverage as i18n_coverage
from app.pages import accounts as account_pages
from app.pages import advice as advice_pages
from app.pages import assets as asset_pages
from app.pages import board as board_pages
from app.pages import campaigns as campaign_pages
from app.pages import history as history_pages
from app.pages import library as library_pages
from app.pages import looks as look_pages
from app.pages import replays as replay_pages
from app.pages import review as review_pages
from app.pages import saves as saves_pages
from app.shelf import advisor, review, upgrades
from app.shelf.files import seal_key, sealing
from app.ui import assets, templating

# A board's answer (about 46 KB of HTML) at level 6: 0.56 ms and 6.4 KB; at level 9: 0.81 ms for 1.3% fewer bytes
# (30 Nov 2026). The server's one core is what a move waits for; a household line does not miss 80 bytes.
ANSWER_GZIP_LEVEL = 6

# The move routes first: a request's path is matched against the routes in this order (no two routers' paths
# overlap, so the order changes nothing else).
ROUTERS = (sessions_api, board_pages, asset_pages, campaigns_api, replays_api, library_pages, saves_pages,
           look_pages, replay_pages, campaign_pages, account_pages, stats_api, history_pages, advice_pages,
           review_pages)


def create_app(settings: Settings | None = None, *, run_migrations: bool = True) -> FastAPI:
    settings = settings or Settings()
    url = settings.resolved_database_url()
    if run_migrations:
        migrate.upgrade(url)
    app = FastAPI(
        title="Solo Shelf",
        summary="Play solo board games in the browser: rules enforced, every move saved.",
        version="0.1.0",
        # FastAPI's own Swagger UI and ReDoc pages load scripts from a CDN and run inline code, which
        # the Content-Security-Policy forbids: /docs below serves a vendored Swagger UI instead.
        docs_url=None,
        redoc_url=None,
    )
    app.state.settings = settings
    # The key that seals an unfinished game's export (app/shelf/files/): SEAL_KEY, or created on first start.
    app.state.sealer = sealing.Sealer(seal_key.server_key(settings))
    app.state.db_engine = make_engine(url, pool_size=settings.db_pool_size, max_overflow=settings.db_max_overflow,
                                      pool_timeout=settings.db_pool_timeout)
    app.state.sessionmaker = make_sessionmaker(app.state.db_engine)
    app.state.advisor = advisor.Advisor(settings.advisor_workers)  # its workers start with the first question
    app.state.reviewer = review.Reviewer(app.state.sessionmaker, app.state.advisor)
    with app.state.sessionmaker() as db:
        app.state.single_player_id = players.single_player_id(db)
    # Host, origin, proxy and body-type rules, before any route or database connection (app/http/).
    app.add_middleware(HeadAsGet)  # a HEAD is answered as its GET, without the body (app/http/head.py)
    app.add_middleware(RequestGuard, allowed_hosts=settings.allowed_hosts, trusted_proxies=settings.trusted_proxies)
    # No request body may outgrow the largest import (with its form): refused before any route runs
    # when its length is declared, cut off as the bytes arrive when not (before anything spools it to
    # disk). Added before the request log, so that the log sees these 413s as what they are.
    app.add_middleware(BodyLimitMiddleware, settings=settings, refuse=errors.too_large)
    request_log.install(app)
    # Saves made under older rules are replayed now (see app/shelf/upgrades.py); idempotent and
    # compare-and-set, so several workers or replicas starting together cannot clash.
    upgrades.upgrade_all(app.state.sessionmaker)
    app.state.reviewer.resume()  # game reviews a stopped server left halfway go on

    def stop_background_work() -> None:
        """The reviewer stops where it is (its review resumes at the next start) and the advisor's workers go."""
        app.state.reviewer.stop()
        app.state.advisor.stop_all()  # a batch the reviewer waits for is cancelled: it ends at once
        app.state.reviewer.stop(wait=10)

    app.state.stop_background_work = stop_background_work
    app.router.add_event_handler("shutdown", stop_background_work)
    app.mount("/static", CachedStaticFiles(directory=str(ROOT / "static")), name="static")
    for module in ROUTERS:
        # The routers' routes, built once per process when their modules were imported, join the app's own
        # table as they are (each already carries its router's prefix, tags and dependencies). include_router
        # would wrap each router for this app and rebuild every route's dependencies and fields on its first
        # request (about 80 ms an app), then match a request through that extra layer every time.
        app.router.routes.extend(module.router.routes)
    errors.install(app, templating.error_page)
    overload.install(app)
    app.add_middleware(GZipMiddleware, minimum_size=500, compresslevel=ANSWER_GZIP_LEVEL)
    app.add_middleware(SecurityMiddleware, cookie_secure=settings.cookie_secure)
    # Outermost, so that every answer (errors and refusals included) is in the reader's language.
    app.add_middleware(LocaleMiddleware, pseudo=settings.pseudo_locale)
    templating.compile_all()
    assets.assets()  # minified, hashed and compressed now, not on the first page
    i18n_coverage.check_once()  # every game's content in both languages, else a warning line per game

    @app.get("/docs", include_in_schema=False)
    def api_docs(request: Request) -> HTMLResponse:
        """Swagger UI served from static/vendor (no CDN, no inline script): the CSP holds here too."""
        return templating.templates.TemplateResponse(request, "pages/api_docs.html", {})

    @app.get("/healthz", tags=["ops"])
    async def healthz() -> dict[str, str]:
        await health.database_answers(app.state.db_engine)
        return {"status": "ok"}

    return app


def serving_app() -> FastAPI:
    """The app a server process serves (app/asgi.py): migrations unless the launcher ran them already, then
    everything built so far parked outside the garbage collector's reach.

    Modules, compiled templates, game data and the app live as long as the process: frozen, a full collection
    walks ~13,000 objects instead of ~150,000 (3.5 instead of 42 ms measured), and it stops every request while
    it runs."""
    app = create_app(run_migrations=os.environ.get("SOLO_SHELF_SKIP_MIGRATIONS") != "1")
    gc.collect()
    gc.freeze()
    return app
