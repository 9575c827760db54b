"""Which games exist: slug -> engine. Engines are built once, on first use.

A game's title and summary are its spec's (`GameSpec.title`, `.summary`), marked for its own catalog and said
from it wherever the shelf shows them (app.i18n.render.say_in, the templates' `in_game` filter).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from games.engine import GameEngine


class UnknownGame(KeyError):
    def __str__(self) -> str:
        return f"unknown game: {self.args[0]!r}"


# Each factory imports its engine inside the function, on purpose: naming the games (slugs(), an unknown slug)
# imports no rules, and a process that plays one game never imports another's. These are the only imports in
# games/ below a module's top level (tests/games/test_imports.py holds the rule).
def _adamastor() -> GameEngine:
    from games.adamastor.engine import AdamastorEngine

    return AdamastorEngine()


def _call_to_adventure() -> GameEngine:
    from games.call_to_adventure.engine import CallToAdventureEngine

    return CallToAdventureEngine()


def _nemos_war() -> GameEngine:
    from games.nemos_war.engine import NemosWarEngine

    return NemosWarEngine()


def _platformer() -> GameEngine:
    from games.platformer.engine import PlatformerEngine

    return PlatformerEngine()


_FACTORIES: dict[str, Callable[[], GameEngine]] = {
    "adamastor": _adamastor,
    "platformer": _platformer,
    "nemos_war": _nemos_war,
    "call_to_adventure": _call_to_adventure,
}


def register(slug: str, factory: Callable[[], GameEngine]) -> None:
    """Add (or replace) a game; used by plug-in games and by tests."""
    _FACTORIES[slug] = factory
    get_engine.cache_clear()


def unregister(slug: str) -> None:
    _FACTORIES.pop(slug, None)
    get_engine.cache_clear()


def slugs() -> list[str]:
    return list(_FACTORIES)


@cache
def get_engine(slug: str) -> GameEngine:
    try:
        factory = _FACTORIES[slug]
    except KeyError:
        raise UnknownGame(slug) from None
    return factory()


def all_engines() -> list[GameEngine]:
    return [get_engine(s) for s in _FACTORIES]
