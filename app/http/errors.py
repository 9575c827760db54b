"""Error answers, said in one place: `{"detail": ...}` for JSON paths, a page for the rest.

The pages themselves are drawn by the UI layer: `install(app, page)` takes the callback that draws one
(`app.ui.templating.error_page`), so nothing at the edge imports templates. `refusal(request, status,
message)` is what a guard, a capacity check or a route answers with.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import urlencode

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from app.core.errors import NotFound
from app.http.auth import CsrfRefused, Forbidden, LoginRequired
from app.http.wants import is_htmx, wants_json
from app.i18n.render import say
from games.engine import N_, reason, words

# (request, status, {"message": ..., "heading": ..., ...}, headers) -> the HTML answer
ErrorPage = Callable[[Request, int, dict[str, Any], Mapping[str, str] | None], Response]


def refusal(request: Request, status: int, message: Any, *, heading: Any = None,
            headers: Mapping[str, str] | None = None, **context: Any) -> Response:
    """The answer to a request refused with `status`: JSON `detail` on JSON paths, else the error page."""
    if wants_json(request.url.path):
        return JSONResponse({"detail": say(message)}, status_code=status, headers=headers)
    page: ErrorPage = request.app.state.error_page
    return page(request, status, {"message": message, "heading": heading, **context}, headers)


def too_large(request: Request) -> Response:
    limit = request.app.state.settings.max_import_bytes
    return refusal(request, 413, words("That is too large: a file to import has at most {kb} kB.", kb=limit // 1000),
                   heading=words("Too large"))


def install(app: FastAPI, page: ErrorPage) -> None:
    """Every domain and edge error mapped to its status, with `page` drawing the HTML ones."""
    app.state.error_page = page

    @app.exception_handler(NotFound)
    async def not_found(request: Request, exc: NotFound) -> Response:
        return refusal(request, 404, reason(exc))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        if exc.status_code == 404:
            return refusal(request, 404, words("There is nothing at this address."))
        if exc.status_code == 413:  # a body past the app's limit, cut off while it arrived
            return too_large(request)
        if exc.status_code == 400 and wants_json(request.url.path):  # a body that is not JSON: malformed
            return JSONResponse({"detail": say(words("malformed request: {details}", details=str(exc.detail)))},
                                status_code=422)
        if wants_json(request.url.path):
            return JSONResponse({"detail": say(exc.detail) if isinstance(exc.detail, str) else str(exc.detail)},
                                status_code=exc.status_code, headers=exc.headers)
        return HTMLResponse(f"<h1>{exc.status_code}</h1>", status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(LoginRequired)
    async def login_required(request: Request, exc: LoginRequired) -> Response:
        if exc.api or wants_json(request.url.path):
            return JSONResponse({"detail": say(reason(exc))}, status_code=401, headers={"WWW-Authenticate": "Bearer"})
        target = "/login?" + urlencode({"next": request.url.path}) if request.url.path != "/" else "/login"
        if is_htmx(request):  # htmx follows HX-Redirect itself
            return Response(status_code=401, headers={"HX-Redirect": target})
        return RedirectResponse(target, status_code=303)

    @app.exception_handler(CsrfRefused)
    async def csrf_refused(request: Request, exc: CsrfRefused) -> Response:
        if exc.api:
            return JSONResponse({"detail": say(reason(exc))}, status_code=403)
        return refusal(request, 403, reason(exc) if wants_json(request.url.path) else words(
            "This form has expired or did not come from this site. Reload the page and try again."))

    @app.exception_handler(Forbidden)
    async def forbidden(request: Request, exc: Forbidden) -> Response:
        return refusal(request, 403, words("Only the admin of this shelf can open this page."))

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> Response:
        return JSONResponse({"detail": say(_validation_message(exc.errors()))}, status_code=422)


# What each kind of validation error says, in the reader's language (pydantic's own messages are English only).
_PROBLEMS = {
    "missing": N_("{field} is missing"),
    "int_type": N_("{field} must be a whole number"),
    "int_parsing": N_("{field} must be a whole number"),
    "int_from_float": N_("{field} must be a whole number"),
    "string_type": N_("{field} must be text"),
    "bool_type": N_("{field} must be true or false"),
    "bool_parsing": N_("{field} must be true or false"),
    "dict_type": N_("{field} must be a JSON object"),
    "model_type": N_("{field} must be a JSON object"),
    "list_type": N_("{field} must be a list"),
    "string_too_long": N_("{field} is too long"),
    "string_too_short": N_("{field} is too short"),
    "too_long": N_("{field} is too long"),
    "greater_than_equal": N_("{field} is too small"),
    "greater_than": N_("{field} is too small"),
    "less_than_equal": N_("{field} is too large"),
    "less_than": N_("{field} is too large"),
    "literal_error": N_("{field} is not one of the values it may take"),
    "enum": N_("{field} is not one of the values it may take"),
    "extra_forbidden": N_("{field} is not a field of this request"),
    "json_invalid": N_("the body is not valid JSON"),
}


def _validation_message(errors: Any) -> Any:
    """One refusal naming each field that was wrong and how, said in the reader's language."""
    parts = []
    for err in errors:
        where = ".".join(str(p) for p in err.get("loc", ()) if p != "body") or "body"
        problem = _PROBLEMS.get(err.get("type", ""), N_("{field} is not valid"))
        parts.append(words(problem, field=where))
    joined = "; ".join(f"{{p{i}}}" for i in range(len(parts)))  # each part said in the reader's language
    return words("malformed request: {details}", details=words(joined, **{f"p{i}": p for i, p in enumerate(parts)}))
