"""create_app(): the FastAPI application with its routers, static files and error pages."""

from __future__ import annotations

import os
from typing import Any
from urllib.parse import urlencode

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from app import accounts, logs, migrate, rules_versions, sealing, web
from app.auth import FORM_SLACK, BodyTooLarge, CsrfRefused, Forbidden, LoginRequired, SecurityMiddleware
from app.capacity import health, overload
from app.config import ROOT, Settings
from app.db import make_engine, make_sessionmaker
from app.errors import NotFound
from app.i18n import coverage as i18n_coverage
from app.i18n.middleware import LocaleMiddleware
from app.i18n.render import reason, say
from app.intake.body_limit import BodyLimitMiddleware
from app.routes import (
    account_pages,
    api,
    campaign_pages,
    campaigns_api,
    history_pages,
    look_pages,
    pages,
    replay_api,
    replay_pages,
    stats_api,
)
from app.security.guard import RequestGuard
from games.engine import words


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
    # The key that seals an unfinished game's export (app/sealing/): SEAL_KEY, or created on first start.
    app.state.sealer = sealing.Sealer(sealing.server_key(settings))
    app.state.db_engine = make_engine(url, pool_size=settings.db_pool_size, max_overflow=settings.db_max_overflow,
                                      pool_timeout=settings.db_pool_timeout)
    app.state.sessionmaker = make_sessionmaker(app.state.db_engine)
    with app.state.sessionmaker() as db:
        app.state.single_player_id = accounts.single_player_id(db)
    # Host, origin, proxy and body-type rules, before any route or database connection (app/security/).
    app.add_middleware(RequestGuard, allowed_hosts=settings.allowed_hosts, trusted_proxies=settings.trusted_proxies)
    # No request body may outgrow the largest import (with its form): refused before any route runs
    # when its length is declared, cut off as the bytes arrive when not (before anything spools it to
    # disk). Added before the request log, so that the log sees these 413s as what they are.
    app.add_middleware(BodyLimitMiddleware, limit=settings.max_import_bytes + FORM_SLACK, refuse=_too_large)
    logs.install(app)
    # Saves made under older rules are replayed now (see app/rules_versions.py); idempotent and
    # compare-and-set, so several workers or replicas starting together cannot clash.
    rules_versions.upgrade_all(app.state.sessionmaker)
    app.mount("/static", StaticFiles(directory=str(ROOT / "static")), name="static")
    app.include_router(campaigns_api.router)
    app.include_router(api.router)
    app.include_router(replay_api.router)
    app.include_router(pages.router)
    app.include_router(look_pages.router)
    app.include_router(replay_pages.router)
    app.include_router(campaign_pages.router)
    app.include_router(account_pages.router)
    app.include_router(stats_api.router)
    app.include_router(history_pages.router)
    _install_error_handlers(app)
    overload.install(app)
    # Level 6 compresses a board within a few per cent of level 9 for about two thirds of the time.
    app.add_middleware(GZipMiddleware, minimum_size=500, compresslevel=9)  # level 9: 2% lighter for 0.5 ms
    app.add_middleware(SecurityMiddleware, cookie_secure=settings.cookie_secure)
    # Outermost, so that every answer (errors and refusals included) is in the reader's language.
    app.add_middleware(LocaleMiddleware, pseudo=settings.pseudo_locale)
    web.compile_all()
    i18n_coverage.check()  # every game's content in both languages, else a warning line per game
    if os.environ.get("SOLO_SHELF_BENCH_PROBE") == "1":  # only in a server started by `python -m app bench`
        from app.bench import probe_route

        probe_route.install(app)

    @app.get("/docs", include_in_schema=False)
    def api_docs(request: Request) -> HTMLResponse:
        """Swagger UI served from static/vendor (no CDN, no inline script): the CSP holds here too."""
        return web.templates.TemplateResponse(request, "pages/api_docs.html", {})

    @app.get("/healthz", tags=["ops"])
    async def healthz() -> dict[str, str]:
        await health.database_answers(app.state.db_engine)
        return {"status": "ok"}

    return app


def _wants_json(request: Request) -> bool:
    return request.url.path.startswith("/api/") or request.url.path in ("/healthz", "/openapi.json")


def _not_found(request: Request, message: str) -> Response:
    if _wants_json(request):
        return JSONResponse({"detail": say(message)}, status_code=404)
    from app.web import templates

    return templates.TemplateResponse(request, "pages/404.html", {"message": message}, status_code=404)


def _too_large(request: Request) -> Response:
    limit = request.app.state.settings.max_import_bytes
    message = words("That is too large: a file to import has at most {kb} kB.", kb=limit // 1000)
    if _wants_json(request):
        return JSONResponse({"detail": say(message)}, status_code=413)
    from app.web import templates

    return templates.TemplateResponse(request, "pages/403.html", {"message": message, "heading": words("Too large")},
                                      status_code=413)


def _install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(NotFound)
    async def not_found(request: Request, exc: NotFound) -> Response:
        return _not_found(request, reason(exc))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        if exc.status_code == 404:
            return _not_found(request, words("There is nothing at this address."))
        if exc.status_code == 413:  # a body past the app's limit, cut off while it arrived
            return _too_large(request)
        if exc.status_code == 400 and _wants_json(request):  # a body that is not JSON: malformed, like the rest
            return JSONResponse({"detail": say(words("malformed request: {details}", details=str(exc.detail)))},
                                status_code=422)
        if _wants_json(request):
            return JSONResponse({"detail": say(exc.detail) if isinstance(exc.detail, str) else str(exc.detail)},
                                status_code=exc.status_code, headers=exc.headers)
        return HTMLResponse(f"<h1>{exc.status_code}</h1>", status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(LoginRequired)
    async def login_required(request: Request, exc: LoginRequired) -> Response:
        if exc.api or _wants_json(request):
            return JSONResponse({"detail": say(reason(exc))}, status_code=401, headers={"WWW-Authenticate": "Bearer"})
        target = "/login?" + urlencode({"next": request.url.path}) if request.url.path != "/" else "/login"
        if request.headers.get("HX-Request", "").lower() == "true":  # htmx follows HX-Redirect itself
            return Response(status_code=401, headers={"HX-Redirect": target})
        return RedirectResponse(target, status_code=303)

    @app.exception_handler(CsrfRefused)
    async def csrf_refused(request: Request, exc: CsrfRefused) -> Response:
        if exc.api or _wants_json(request):
            return JSONResponse({"detail": say(reason(exc))}, status_code=403)
        from app.web import templates

        return templates.TemplateResponse(request, "pages/403.html", {"message": words(
            "This form has expired or did not come from this site. Reload the page and try again.")},
            status_code=403)

    @app.exception_handler(BodyTooLarge)
    async def too_large(request: Request, exc: BodyTooLarge) -> Response:
        return _too_large(request)

    @app.exception_handler(Forbidden)
    async def forbidden(request: Request, exc: Forbidden) -> Response:
        from app.web import templates

        return templates.TemplateResponse(request, "pages/403.html", {"message": words(
            "Only the admin of this shelf can open this page.")}, status_code=403)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> Response:
        return JSONResponse({"detail": say(_validation_message(exc.errors()))}, status_code=422)


def _validation_message(errors: Any) -> Any:
    parts = []
    for err in errors:
        where = ".".join(str(p) for p in err.get("loc", ()) if p != "body")
        parts.append(f"{where}: {err.get('msg', 'invalid')}" if where else str(err.get("msg", "invalid")))
    return words("malformed request: {details}", details="; ".join(parts))
