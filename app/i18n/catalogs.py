"""The compiled gettext catalogs: where they live and how they are loaded.

Domains: `messages` for the app (app/i18n/locale/<lang>/LC_MESSAGES/messages.po) and one per game, named by its
slug (games/<slug>/locale/<lang>/LC_MESSAGES/<slug>.po). `make catalogs` compiles each `.po` into the `.mo`
beside it (`pybabel compile`); the Docker image does the same. A `.mo` that is missing or older than its
`.po` (a checkout where nobody ran `make catalogs` yet) is compiled in memory instead, so the app never shows
stale words.

`translations(locale, game)` is what a page or an answer looks words up in: the game's domain first, then
the app's. The app's words include every game's title and summary (its `GameSpec`'s), as that game's own
catalog says them: the app names games outside their own pages too (a new game's default name, a refused
import, a save's attention note), and keeps no copy of those words. English is the source language: its
catalog is empty and every message id is its own text.
"""

from __future__ import annotations

import gettext
from functools import lru_cache
from io import BytesIO
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from app.core.config import ROOT
from app.i18n.grammar import Grammar, load_nouns
from app.i18n.locales import DEFAULT, PSEUDO, SUPPORTED
from app.i18n.pseudo import PseudoTranslations
from games.registry import all_engines

APP_DOMAIN = "messages"


def game_slugs() -> tuple[str, ...]:
    return tuple(sorted(p.parent.name for p in (ROOT / "games").glob("*/engine.py")))


def domains() -> tuple[str, ...]:
    return (APP_DOMAIN, *game_slugs())


def locale_dir(domain: str) -> Path:
    return ROOT / "app" / "i18n" / "locale" if domain == APP_DOMAIN else ROOT / "games" / domain / "locale"


def po_path(domain: str, locale: str) -> Path:
    return locale_dir(domain) / locale / "LC_MESSAGES" / f"{domain}.po"


def pot_path(domain: str) -> Path:
    return locale_dir(domain) / f"{domain}.pot"


def nouns_path(domain: str, locale: str) -> Path:
    """The genders of the names a domain's sentences give articles to (app/i18n/grammar.py)."""
    return locale_dir(domain) / locale / "nouns.json"


def _grammar(locale: str, game: str | None) -> Grammar:
    """The articles of `locale` for a page of `game`: every catalog's nouns, the game's over the app's."""
    nouns = {}
    for domain in (APP_DOMAIN, game) if game else (APP_DOMAIN,):
        nouns.update(load_nouns(nouns_path(domain, locale)))
    return Grammar(nouns)


def _compiled(domain: str, locale: str) -> Translations | None:
    po = po_path(domain, locale)
    if not po.exists():
        return None
    mo = po.with_suffix(".mo")
    if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
        with mo.open("rb") as fp:
            return Translations(fp, domain)
    with po.open("rb") as fp:
        catalog = read_po(fp, locale=locale, domain=domain)
    buffer = BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return Translations(buffer, domain)


def shelf_words(locale: str) -> dict[str, str]:
    """Every registered game's title and summary, as the game's own catalog says them in `locale`."""
    said: dict[str, str] = {}
    for engine in all_engines():
        own = _compiled(engine.spec.slug, locale)
        for text in (engine.spec.title, engine.spec.summary) if own is not None else ():
            if text and own._catalog.get(text):
                said[text] = own._catalog[text]
    return said


def _app_words(locale: str) -> gettext.NullTranslations:
    """The app's catalog, with the shelf's words beneath its own."""
    app = _compiled(APP_DOMAIN, locale)
    if app is None:
        return gettext.NullTranslations()
    app._catalog = {**shelf_words(locale), **app._catalog}
    return app


@lru_cache(maxsize=32)
def translations(locale: str, game: str | None = None) -> gettext.NullTranslations:
    """The words of `locale` for a page of `game` (None: an app page)."""
    if locale == PSEUDO:
        known: set[str] = set()
        for domain in (APP_DOMAIN, game) if game else (APP_DOMAIN,):
            cat = _compiled(domain, "es")
            if cat is not None:
                known.update(k if isinstance(k, str) else k[0] for k in cat._catalog if k)
        known.update(shelf_words("es"))
        return PseudoTranslations(frozenset(known))
    if locale == DEFAULT or locale not in SUPPORTED:
        return gettext.NullTranslations()
    if game is None:
        words = _app_words(locale)
        words.grammar = _grammar(locale, None)
        return words
    app = translations(locale)  # the app's words, built once per language
    own = _compiled(game, locale)
    if own is None:
        return app
    # One catalog to look in, the game's words over the app's: a fallback chain cost each of the app's words
    # (of the thousands a board says) a miss, a second look-up and a call.
    own._catalog = {**getattr(app, "_catalog", {}), **own._catalog}
    own.grammar = _grammar(locale, game)
    return own


def clear() -> None:
    """Forget loaded catalogs (tests that rewrite a catalog)."""
    translations.cache_clear()
