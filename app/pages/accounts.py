"""The account pages: sign up, log in, log out, settings (password, API tokens), the admin page, and the page a
password reset link opens (app/accounts/resets.py).

In single mode there are no accounts: these pages send the player back to the library.
The log-in and sign-up forms carry a double-submit CSRF token (there is no log-in yet to hold one);
every other form here carries the log-in's token, checked by `page_player` like any page's.
"""

from __future__ import annotations

from typing import Annotated, Any
from urllib.parse import parse_qsl, urlencode

from fastapi import Depends, Request
from fastapi.responses import HTMLResponse, Response
from sqlalchemy.orm import Session

from app.accounts import logins, players, resets
from app.http.auth import (
    COOKIE,
    AdminPlayer,
    PagePlayer,
    clear_login_cookie,
    pre_login_form,
    set_login_cookie,
    set_pre_login_token,
)
from app.http.locale import cookie_header
from app.http.proxies import throttle_address
from app.i18n.locales import pick
from app.pages.common import DB, page, page_router, see_other
from app.ui.templating import on_this_site
from games.engine import reason, words, words_n

router = page_router(log_in=False)


async def _form(request: Request) -> dict[str, Any]:
    return {k: v for k, v in (await request.form()).items() if isinstance(v, str)}


Form = Annotated[dict[str, Any], Depends(_form)]


def _address(request: Request) -> str:
    """The client's address as the throttles count it (its /64 for IPv6; behind a trusted proxy, the
    address the proxy forwards for: app/http/proxies.py)."""
    return throttle_address(request.client.host if request.client else None)


def _single(request: Request) -> bool:
    return request.app.state.settings.auth_mode == "single"


def _safe_next(target: Any) -> str:
    """Where to go after logging in: a path on this site only (never `//host` or `http://...`)."""
    if isinstance(target, str) and target.startswith("/") and not target.startswith(("//", "/\\")):
        return target
    return "/"


def _logged_in(request: Request, db: Session) -> bool:
    token = request.cookies.get(COOKIE)
    return bool(token) and logins.session_principal(db, request.app.state.settings, token) is not None


def _start(request: Request, db: Session, player_id: str, target: str) -> Response:
    token, _csrf = logins.start_session(db, request.app.state.settings, player_id=player_id)
    response = see_other(target)
    set_login_cookie(request, response, token)
    return response


# ---------------------------------------------------------------- log in, sign up, log out

LOGGED_OUT = {
    players.ENDED_BY_PASSWORD: words("You were logged out because your password was changed. "
                                     "Log in with the new one."),
    players.ENDED_BY_RESET: words("You were logged out because your password was reset with a reset link. "
                                  "Log in with the new one."),
}


def _login_page(request: Request, db: Session, *, error: str = "", name: str = "", status_code: int = 200,
                headers: dict[str, str] | None = None, notice: str = "") -> HTMLResponse:
    set_pre_login_token(request)
    response = page(request, "pages/login.html",
                     {"error": error, "name": name, "next": _safe_next(request.query_params.get("next")),
                      "signup_open": players.signup_open(db), "first": not players.has_accounts(db),
                      "notice": notice}, status_code)
    response.headers.update(headers or {})
    return response


@router.get("/login", response_model=None)
def login_page(request: Request, db: DB) -> Response:
    if _single(request) or _logged_in(request, db):
        return see_other("/")
    token = request.cookies.get(COOKIE)
    why = logins.why_logged_out(db, token=token) if token else None
    response = _login_page(request, db, notice=LOGGED_OUT.get(why or "", ""))
    if why is not None:  # said once: the cookie of the ended log-in goes too
        clear_login_cookie(request, response)
    return response


@router.post("/login", response_model=None, dependencies=[Depends(pre_login_form)])
def login(request: Request, form: Form, db: DB) -> Response:
    if _single(request):
        return see_other("/")
    name = form.get("name", "")
    address = _address(request)
    try:
        player = logins.log_in(db, request.app.state.settings, name=name, password=form.get("password"),
                                 address=address)
    except players.Throttled as exc:
        return _login_page(request, db, error=words_n("Too many failed log-ins. Try again in {n} minute.",
                                                      "Too many failed log-ins. Try again in {n} minutes.",
                                                      exc.retry_after // 60 + 1),
                           name=name, status_code=429, headers={"Retry-After": str(exc.retry_after)})
    except players.AccountError as exc:
        return _login_page(request, db, error=reason(exc), name=name, status_code=401)
    if request.cookies.get(COOKIE):  # a log-in this browser had before ends: never two at once
        logins.end_session(db, token=request.cookies[COOKIE])
    response = _start(request, db, player.id, _safe_next(form.get("next")))
    if player.locale and pick(player.locale):  # the language this account chose comes back with the log-in
        response.headers.append("Set-Cookie", cookie_header(player.locale))
    return response


@router.get("/signup", response_model=None)
def signup_page(request: Request, db: DB) -> Response:
    if _single(request) or _logged_in(request, db):
        return see_other("/")
    set_pre_login_token(request)
    return page(request, "pages/signup.html", {"error": "", "name": "", "open": players.signup_open(db),
                                               "first": not players.has_accounts(db)})


@router.post("/signup", response_model=None, dependencies=[Depends(pre_login_form)])
def signup(request: Request, form: Form, db: DB) -> Response:
    if _single(request):
        return see_other("/")
    name = form.get("name", "")
    try:
        if form.get("password") != form.get("confirm"):
            raise players.AccountError(words("The two passwords differ."))
        player = players.sign_up(db, name=name, password=form.get("password"),
                                  settings=request.app.state.settings, address=_address(request))
    except players.Throttled as exc:
        set_pre_login_token(request)
        return page(request, "pages/signup.html", {
            "error": words_n("Too many sign-ups from your address. Try again in {n} minute.",
                             "Too many sign-ups from your address. Try again in {n} minutes.",
                             exc.retry_after // 60 + 1),
            "name": name, "open": players.signup_open(db)}, 429, headers={"Retry-After": str(exc.retry_after)})
    except players.AccountError as exc:
        set_pre_login_token(request)
        is_open = players.signup_open(db)
        return page(request, "pages/signup.html", {"error": reason(exc), "name": name, "open": is_open},
                     422 if is_open else 403)
    return _start(request, db, player.id, "/")


@router.post("/logout", response_model=None)
def logout(request: Request, db: DB, me: PagePlayer) -> Response:
    if me.via == "cookie" and request.cookies.get(COOKIE):
        logins.end_session(db, token=request.cookies[COOKIE])
    response = see_other("/login" if not _single(request) else "/")
    clear_login_cookie(request, response)
    return response


# ---------------------------------------------------------------- settings: password and API tokens

def _settings_page(request: Request, db: Session, me: logins.Principal, *, error: str = "", notice: str = "",
                   new_token: str = "", status_code: int = 200) -> HTMLResponse:
    return page(request, "pages/settings.html", {
        "nav": "settings", "me": me, "tokens": logins.list_tokens(db, player_id=me.player_id),
        "error": error, "notice": notice, "new_token": new_token, "single": _single(request),
    }, status_code)


PASSWORD_CHANGED = words("Password changed: your other log-ins have ended and your API tokens were revoked.")
LANGUAGE_SAVED = words("Language saved.")
PASSWORD_SET = words("Your new password is set: your other log-ins have ended and your API tokens were revoked.")


@router.get("/settings", response_class=HTMLResponse)
def settings_page(request: Request, db: DB, me: PagePlayer) -> HTMLResponse:
    done = request.query_params.get("done")
    notice = {"password": PASSWORD_CHANGED, "language": LANGUAGE_SAVED, "reset": PASSWORD_SET}.get(done or "", "")
    return _settings_page(request, db, me, notice=notice)


@router.post("/settings/language", response_model=None)
def choose_language(request: Request, form: Form, db: DB, me: PagePlayer) -> Response:
    """The language form of the settings page and the header's switch (a form for a logged-in player): the `lang`
    cookie, and the account too (accounts mode). Only this POST stores it: a `?lang=` link sets the cookie alone.
    The switch sends `next`, the page it was on, to go back to (on this site, without its own `lang`)."""
    lang = pick(form.get("lang"))
    if lang is None:
        return _settings_page(request, db, me, error=words("Choose English or Spanish."), status_code=422)
    if not _single(request) and me.via == "cookie":
        players.set_locale(db, player_id=me.player_id, locale=lang)
    back = form.get("next")
    response = see_other(_back_to(back) if isinstance(back, str) and back else "/settings?done=language")
    response.headers.append("Set-Cookie", cookie_header(lang))
    return response


def _back_to(address: str) -> str:
    """The page a language switch was on: a path of this site, its query without `lang`."""
    path, _, query = address.partition("?")
    kept = [(k, v) for k, v in parse_qsl(query, keep_blank_values=True) if k != "lang"]
    return on_this_site(path) + ("?" + urlencode(kept) if kept else "")


@router.post("/settings/password", response_model=None)
def change_password(request: Request, form: Form, db: DB, me: PagePlayer) -> Response:
    try:
        if _single(request):
            raise players.AccountError(words("There are no passwords in single mode."))
        if form.get("new") != form.get("confirm"):
            raise players.AccountError(words("The two new passwords differ."))
        players.change_password(db, player_id=me.player_id, current=form.get("current"), new=form.get("new"))
    except players.AccountError as exc:
        return _settings_page(request, db, me, error=reason(exc), status_code=422)
    # Every log-in of this player ended with the change (this one too): start a fresh one here.
    return _start(request, db, me.player_id, "/settings?done=password")


@router.post("/settings/tokens", response_model=None)
def create_token(request: Request, form: Form, db: DB, me: PagePlayer) -> Response:
    try:
        _row, token = logins.create_token(db, player_id=me.player_id, name=form.get("name"))
    except players.AccountError as exc:
        return _settings_page(request, db, me, error=reason(exc), status_code=422)
    # Shown in this answer only: it is stored hashed and can never be shown again.
    return _settings_page(request, db, me, new_token=token, status_code=201)


@router.post("/settings/tokens/{token_id}/revoke", response_model=None)
def revoke_token(token_id: str, request: Request, db: DB, me: PagePlayer) -> Response:
    try:
        logins.revoke_token(db, player_id=me.player_id, token_id=token_id)
    except LookupError:
        return page(request, "pages/404.html", {"message": words("There is no such token.")}, 404)
    return see_other("/settings")


# ---------------------------------------------------------------- a password reset link

def _reset_page(request: Request, db: Session, secret: Any, *, error: str = "", status_code: int = 200) -> Response:
    player = resets.link_player(db, secret)
    set_pre_login_token(request)
    if player is None:
        return page(request, "pages/reset_password.html", {"dead": resets.dead_link(), "token": ""}, 410)
    return page(request, "pages/reset_password.html",
                {"dead": "", "token": secret, "player_name": player.name, "error": error}, status_code)


@router.get(resets.PATH, response_model=None)
def reset_page(request: Request, db: DB) -> Response:
    """The page a reset link opens: a form for the new password (opening it changes nothing)."""
    if _single(request):
        return see_other("/")
    return _reset_page(request, db, request.query_params.get("token"))


@router.post(resets.PATH, response_model=None, dependencies=[Depends(pre_login_form)])
def reset_password(request: Request, form: Form, db: DB) -> Response:
    if _single(request):
        return see_other("/")
    secret = form.get("token")
    try:
        if form.get("password") != form.get("confirm"):
            raise players.AccountError(words("The two passwords differ."))
        player = resets.use_link(db, secret=secret, password=form.get("password"))
    except players.AccountError as exc:
        return _reset_page(request, db, secret, error=reason(exc), status_code=422)
    if request.cookies.get(COOKIE):  # this browser's log-in, if any, makes way for the player's
        logins.end_session(db, token=request.cookies[COOKIE])
    return _start(request, db, player.id, "/settings?done=reset")


# ---------------------------------------------------------------- admin

@router.get("/admin", response_class=HTMLResponse)
def admin_page(request: Request, db: DB, me: AdminPlayer) -> HTMLResponse:
    return _admin_page(request, db, me)


def _admin_page(request: Request, db: Session, me: logins.Principal, *, error: str = "",
                status_code: int = 200, reset: dict[str, Any] | None = None) -> HTMLResponse:
    return page(request, "pages/admin.html", {
        "nav": "admin", "me": me, "players": players.list_players(db),
        "signup_open": players.signup_open(db), "error": error, "reset": reset,
    }, status_code)


@router.post("/admin/players/{player_id}/reset-link", response_model=None)
def make_reset_link(player_id: str, request: Request, db: DB, me: AdminPlayer) -> Response:
    """A one-time link that sets a new password for the player, shown in this answer only (stored hashed)."""
    try:
        secret, expires = resets.make_link(db, player_id=player_id)
    except LookupError:
        return page(request, "pages/404.html", {"message": words("There is no such player.")}, 404)
    except players.AccountError as exc:
        return _admin_page(request, db, me, error=reason(exc), status_code=422)
    link = str(request.base_url).rstrip("/") + resets.reset_path(secret)
    return _admin_page(request, db, me, status_code=201,
                       reset={"link": link, "name": players.player_name(db, player_id), "expires": expires})


def _set_disabled(request: Request, db: Session, me: logins.Principal, player_id: str, disabled: bool) -> Response:
    try:
        players.set_disabled(db, player_id=player_id, disabled=disabled, by=me.player_id)
    except LookupError:
        return page(request, "pages/404.html", {"message": words("There is no such player.")}, 404)
    except players.AccountError as exc:
        return _admin_page(request, db, me, error=reason(exc), status_code=422)
    return see_other("/admin")


@router.post("/admin/players/{player_id}/disable", response_model=None)
def disable_player(player_id: str, request: Request, db: DB, me: AdminPlayer) -> Response:
    return _set_disabled(request, db, me, player_id, True)


@router.post("/admin/players/{player_id}/enable", response_model=None)
def enable_player(player_id: str, request: Request, db: DB, me: AdminPlayer) -> Response:
    return _set_disabled(request, db, me, player_id, False)


@router.post("/admin/signup", response_model=None)
def switch_signup(request: Request, form: Form, db: DB, me: AdminPlayer) -> Response:
    players.set_signup_open(db, form.get("open") == "1")
    return see_other("/admin")

