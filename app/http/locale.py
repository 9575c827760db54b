"""Picks the language of each request and remembers a choice.

Pages: `?lang=es|en` (which also sets the `lang` cookie for a year), else the `lang` cookie, else the
browser's `Accept-Language`. The JSON API (paths under /api/) answers in the language of `Accept-Language`
only, so a script's answers never depend on a cookie. Every answer says `Content-Language` and varies on
the headers that chose it. Accounts mode also keeps the choice on the account (app/pages/accounts.py
stores it; log-in hands it back as the cookie).
"""

from __future__ import annotations

from http.cookies import SimpleCookie
from urllib.parse import parse_qs

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.i18n import context
from app.i18n.locales import negotiate, pick

COOKIE = "lang"
YEAR = 365 * 24 * 3600


def cookie_header(lang: str) -> str:
    return f"{COOKIE}={lang}; Path=/; Max-Age={YEAR}; SameSite=Lax"


class LocaleMiddleware:
    def __init__(self, app: ASGIApp, pseudo: bool = False) -> None:
        self.app = app
        self.pseudo = pseudo

    def choose(self, scope: Scope) -> tuple[str, str | None]:
        """The request's language, and the language to remember in the cookie (None: keep it)."""
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        accept = headers.get("accept-language")
        if scope.get("path", "").startswith("/api/"):
            return negotiate(accept), None
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        asked = pick((query.get("lang") or [""])[0], pseudo=self.pseudo)
        if asked:
            return asked, asked
        cookie = SimpleCookie()
        try:
            cookie.load(headers.get("cookie", ""))
        except Exception:  # a malformed Cookie header: as if there were none
            cookie = SimpleCookie()
        chosen = pick(cookie[COOKIE].value if COOKIE in cookie else None, pseudo=self.pseudo)
        return chosen or negotiate(accept), None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        lang, remember = self.choose(scope)
        context.set_locale(lang)
        context.set_game(None)
        scope.setdefault("state", {})["lang"] = lang

        async def send_with_language(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers["Content-Language"] = lang
                headers.add_vary_header("Accept-Language")
                headers.add_vary_header("Cookie")
                if remember:
                    headers.append("Set-Cookie", cookie_header(remember))
            await send(message)

        await self.app(scope, receive, send_with_language)
