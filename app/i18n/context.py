"""The language and the game of what is being rendered now, as context variables.

The middleware sets the language for each request; a game page or answer sets the game, so that words
are looked up in that game's catalog first. Context variables follow a request into FastAPI's worker
threads (they are copied), so sync routes and templates see them too.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from app.i18n.locales import DEFAULT

_locale: ContextVar[str] = ContextVar("locale", default=DEFAULT)
_game: ContextVar[str | None] = ContextVar("game", default=None)


def locale() -> str:
    return _locale.get()


def game() -> str | None:
    return _game.get()


def set_locale(value: str) -> None:
    _locale.set(value)


def set_game(slug: str | None) -> None:
    """Words of this game are looked up in its catalog first, for the rest of this request."""
    _game.set(slug)


@contextmanager
def using(locale_: str | None = None, game_: str | None = None) -> Iterator[None]:
    """Render in `locale_` and/or `game_` inside the block (tests, the bench, background work)."""
    tokens = []
    if locale_ is not None:
        tokens.append((_locale, _locale.set(locale_)))
    if game_ is not None:
        tokens.append((_game, _game.set(game_)))
    try:
        yield
    finally:
        for var, token in reversed(tokens):
            var.reset(token)
