"""The Spanish catalogs are complete and match the sources (issue #16, "Catalogs complete").

For every domain (the app's `messages` and one per game) a fresh extraction from the code, templates and data
files (the same configuration `make catalogs-extract` uses) must find every message in the Spanish catalog,
translated, not fuzzy, with the same placeholders; and the catalog must hold no message the sources lost.
"""

from __future__ import annotations

import re

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from app.i18n import catalogs, grammar
from app.i18n.catalogs import game_slugs
from app.i18n.coverage import content_texts
from tests.support.label_words import english_faults

ROOT = catalogs.ROOT
KEYWORDS = {**DEFAULT_KEYWORDS, "words": None, "words_n": (1, 2), "N_": None}
_BRACES = re.compile(r"\{(\w+)(?::\w+)?\}")  # a translation may ask a name for its article: {ship:al}
_SPECS = re.compile(r"\{\w+:(\w+)\}")
_PERCENT = re.compile(r"%\((\w+)\)s")


def _config(domain: str):
    path = ROOT / ("app/i18n/babel.cfg" if domain == catalogs.APP_DOMAIN else f"games/{domain}/babel.cfg")
    with path.open() as fp:
        return parse_mapping_cfg(fp)


def _extracted(domain: str) -> set[str]:
    method_map, options_map = _config(domain)
    found = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
            str(ROOT), method_map, options_map, keywords=KEYWORDS, strip_comment_tags=True):
        found.add(message if isinstance(message, str) else message[0])
    return {m for m in found if m}


def _catalog(domain: str):
    with catalogs.po_path(domain, "es").open("rb") as fp:
        return read_po(fp, locale="es")


def _placeholders(text: str) -> tuple[set[str], set[str]]:
    return set(_BRACES.findall(text)), set(_PERCENT.findall(text))


@pytest.mark.parametrize("domain", catalogs.domains())
def test_every_message_of_the_sources_is_translated(domain):
    catalog = _catalog(domain)
    have = {m.id if isinstance(m.id, str) else m.id[0]: m for m in catalog if m.id}
    missing = sorted(_extracted(domain) - have.keys())
    assert not missing, f"{len(missing)} message(s) of {domain} not in its es catalog (make catalogs-extract): " \
                        f"{missing[:10]}"
    empty = [k for k, m in have.items() if not (m.string if isinstance(m.string, str) else all(m.string))]
    assert not empty, f"{len(empty)} untranslated in {domain}: {empty[:10]}"
    fuzzy = [k for k, m in have.items() if m.fuzzy]
    assert not fuzzy, f"fuzzy in {domain}: {fuzzy[:10]}"


@pytest.mark.parametrize("domain", catalogs.domains())
def test_the_catalog_holds_no_message_the_sources_lost(domain):
    have = {m.id if isinstance(m.id, str) else m.id[0] for m in _catalog(domain) if m.id}
    stale = sorted(have - _extracted(domain))
    assert not stale, f"{len(stale)} message(s) in {domain} that no source has (make catalogs-extract): {stale[:10]}"


@pytest.mark.parametrize("domain", catalogs.domains())
def test_translations_keep_every_placeholder(domain):
    wrong = []
    for m in _catalog(domain):
        if not m.id:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strings = [m.string] if isinstance(m.string, str) else list(m.string)
        wanted = _placeholders(ids[-1])
        for s in strings:
            if s and _placeholders(s) != wanted and _placeholders(s) != _placeholders(ids[0]):
                wrong.append((ids[0], s))
    assert not wrong, f"placeholders differ in {domain}: {wrong[:5]}"


@pytest.mark.parametrize("domain", catalogs.domains())
def test_a_translation_asks_only_for_articles_there_are(domain):
    wrong = []
    for m in _catalog(domain):
        for s in [m.string] if isinstance(m.string, str) else list(m.string or ()):
            wrong += [(m.id, spec) for spec in _SPECS.findall(s or "") if spec not in grammar.SPECS]
    assert not wrong, f"unknown article specs in {domain} (app/i18n/grammar.py knows {sorted(grammar.SPECS)}): {wrong}"


@pytest.mark.parametrize("domain", catalogs.domains())
def test_every_nouns_file_gives_genders(domain):
    grammar.load_nouns(catalogs.nouns_path(domain, "es"))  # raises on a gender it does not know


@pytest.mark.parametrize("game", catalogs.game_slugs())
def test_every_game_has_a_glossary(game):
    glossary = ROOT / "games" / game / "GLOSSARY.md"
    assert glossary.exists() and glossary.read_text().count("|") > 20, f"{glossary} missing or empty"


@pytest.mark.parametrize("game", sorted(game_slugs()))
def test_every_card_and_component_text_reads_as_english(game):
    """The English of a game's data files (the message ids its Spanish is translated from) has no article before
    "no" and no "a" before a vowel sound ("add a Intelligence rune")."""
    wrong = sorted(t for t in content_texts(game) if english_faults(t))
    assert wrong == [], wrong[:5]
