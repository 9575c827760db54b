"""Checks at start-up that every game's content has both languages (issue #16: "validated on load").

A game's content texts live in English in its data files (games/<slug>/data/*.json, the strings under the keys its
texts.py names) and in Spanish in its catalog. `missing()` lists the content texts a language has no translation
for; `check_once()` runs at start-up (once a process) and logs one warning line per game that lacks some (the
page then shows those texts in English rather than failing). tests/i18n/test_catalogs.py keeps the list empty.
"""

from __future__ import annotations

import json
import logging
from functools import cache

from app.i18n.catalogs import ROOT, game_slugs, translations
from app.i18n.extract import NOT_WORDS, keys_of, strings
from app.i18n.locales import DEFAULT, SUPPORTED

log = logging.getLogger("solo_shelf.i18n")


def content_texts(game: str) -> set[str]:
    """Every word of `game`'s data files, as its catalog's message ids."""
    keys = keys_of(f"games.{game}.texts")
    found: set[str] = set()
    for path in sorted((ROOT / "games" / game / "data").glob("*.json")):
        if path.name in NOT_WORDS:
            continue
        found.update(strings(json.loads(path.read_text(encoding="utf-8")), keys))
    return found


def missing(game: str, locale: str) -> list[str]:
    """The content texts of `game` that `locale`'s catalog does not translate."""
    catalog = translations(locale, game)
    marker = object()
    lookup = getattr(catalog, "_catalog", None)
    if lookup is None:  # no catalog at all for this language
        return sorted(content_texts(game))
    return sorted(t for t in content_texts(game) if lookup.get(t, marker) in (marker, ""))


def check() -> dict[str, list[str]]:
    """Every game × language that lacks translations, logged; {} when every text has every language."""
    gaps: dict[str, list[str]] = {}
    for game in game_slugs():
        for locale in SUPPORTED:
            if locale == DEFAULT:
                continue
            lacking = missing(game, locale)
            if lacking:
                gaps[f"{game}/{locale}"] = lacking
                log.warning("content texts without a translation", extra={"fields": {
                    "event": "untranslated_content", "game": game, "locale": locale, "count": len(lacking),
                    "first": lacking[:5]}})
    return gaps


@cache
def check_once() -> None:
    """`check()` for the first app a process builds: the data files and catalogs do not change while it runs."""
    check()
