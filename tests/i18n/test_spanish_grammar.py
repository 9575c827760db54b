"""Spanish that reads like the editions (issue #27 §1): every log line, button, board text and ending of seeded games
(tests/support/spanish_corpus.py), checked for the grammar that word-for-word templates break.

- "a el" and "de el" contract ("al", "del"); a name said with an article has a gender (app/i18n/grammar.py);
- a count agrees with its noun ("1 punto", "2 puntos", never "1 completados" nor "se pierden 1");
- nothing is lost or gained by nothing ("Pierdes 0 de experiencia" is not said);
- a verb or a common word is not capitalised after a lower-case word ("el Héroe se Mueve", "y Guardar");
  game terms keep the rulebook's capitals (Jefe, Enemigo, Nivel);
- one sign for "times" (×), never the letter x between numbers.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache

import pytest

from app.core.config import ROOT
from app.i18n import grammar
from app.i18n.catalogs import translations
from app.i18n.extract import NOT_WORDS, keys_of, strings
from tests.support.spanish_corpus import corpus

# Every test here reads seeded games whole (tests/support/spanish_corpus.py): make test runs them, make test-fast
# does not.
pytestmark = pytest.mark.slow

GAMES = ["adamastor", "nemos_war", "platformer", "call_to_adventure"]

_UNCONTRACTED = re.compile(r"\b(?:[Aa]|[Dd]e) el\b")
_NOTHING = re.compile(r"\b(?:pierdes?|ganas?|se pierden?|se ganan?|recuperas?|gastas?) 0\b", re.I)
_COUNTED = ("punto", "semana", "carta", "dado", "runa", "tesoro", "turno", "acción", "casilla", "paso", "icono",
            "herida", "gema", "serpiente", "enemigo", "completado", "ficha", "vez", "moneda", "nivel", "barco")
_PLURAL = {w: (w[:-1] + "ones" if w.endswith("ón") else w[:-1] + "ces" if w.endswith("z")
               else w + "es" if w[-1] in "lnr" else w + "s") for w in _COUNTED}
_ONE_OF_MANY = re.compile(r"(?<![\w.,/+-])1 (" + "|".join(_PLURAL.values()) + r")\b", re.I)
_MANY_OF_ONE = re.compile(r"(?<![\w.,/+-])(?:0|[2-9]|\d\d+) (" + "|".join(_COUNTED) + r")\b", re.I)
_PLURAL_VERB_ONE = re.compile(r"\bse (?:pierden|ganan|mueven|descartan|roban|añaden) 1\b", re.I)
# A capitalised infinitive (with or without its pronoun) or a conjugated verb after a lower-case word.
_CAPITAL_VERB = re.compile(
    r"(?<=[a-záéíóúñ,;] )(?:[A-ZÁÉÍÓÚ][a-záéíóúñ]+(?:ar|er|ir|ír)(?:l[oa]s?|les?|te|se|me)?"
    r"|Mueve|Mueven|Revela|Revelan|Reaparece|Restablece|Ataca|Atacan|Gana|Pierde|Roba|Obtiene)\b")
_TIMES_AS_X = re.compile(r"\d ?x ?\d|\bx\d")


@lru_cache(maxsize=8)
def _names(game: str) -> tuple[str, ...]:
    """The Spanish names of the game's components (its data files' short strings: card, tile, hero, path names)
    and the terms of its GLOSSARY.md (the rulebook's, with its capitals), longest first: a name keeps its
    capitals wherever it stands ("Achicar sin fin", "la Pila de Robar")."""
    t, keys = translations("es", game), keys_of(f"games.{game}.texts")
    found = set(_glossary(game))
    for path in (ROOT / "games" / game / "data").rglob("*.json"):
        if path.name not in NOT_WORDS:
            for text in strings(json.loads(path.read_text(encoding="utf-8")), keys):
                said = t.gettext(text)
                if len(said.split()) <= 6 and not said.endswith("."):
                    found.add(said)
    return tuple(sorted(found, key=len, reverse=True))


def _glossary(game: str) -> set[str]:
    """The Spanish column of a game's GLOSSARY.md tables, each term as written (markup and notes dropped)."""
    terms = set()
    for row in (ROOT / "games" / game / "GLOSSARY.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in row.strip().strip("|").split("|")]
        if row.startswith("|") and len(cells) >= 2 and not set(cells[1]) <= set("-: ") and cells[1] != "Spanish":
            for term in re.split(r"\s*[/;]\s*|\s*,\s+", re.sub(r"\(.*?\)|[*«»`]", "", cells[1])):
                if term.strip():
                    terms.add(term.strip())
    return terms


def _found(game: str, pattern: re.Pattern, *, names_kept: bool = False) -> list[str]:
    found = []
    for line in sorted({line for lines in corpus(game).values() for line in lines}):
        checked = line
        if names_kept:
            for name in _names(game):
                checked = checked.replace(name, "Nombre")
        if pattern.search(checked):
            found.append(line)
    return found


@pytest.mark.parametrize("game", GAMES)
def test_articles_contract_and_every_name_with_an_article_has_a_gender(game):
    grammar.unknown.clear()
    wrong = _found(game, _UNCONTRACTED)
    assert not wrong, f"{len(wrong)} lines say 'a el'/'de el': {wrong[:8]}"
    assert not grammar.unknown, f"names said with an article but without a gender in a nouns file: " \
                                f"{sorted(grammar.unknown)[:10]}"


@pytest.mark.parametrize("game", GAMES)
def test_counts_agree_with_their_nouns(game):
    wrong = _found(game, _ONE_OF_MANY) + _found(game, _MANY_OF_ONE) + _found(game, _PLURAL_VERB_ONE)
    assert not wrong, f"{len(wrong)} lines where a count and its noun disagree: {wrong[:8]}"


@pytest.mark.parametrize("game", GAMES)
def test_nothing_is_lost_or_gained_by_nothing(game):
    wrong = _found(game, _NOTHING)
    assert not wrong, f"{len(wrong)} lines lose or gain 0: {wrong[:8]}"


@pytest.mark.parametrize("game", GAMES)
def test_no_verb_is_capitalised_mid_sentence(game):
    wrong = _found(game, _CAPITAL_VERB, names_kept=True)
    assert not wrong, f"{len(wrong)} lines capitalise a verb after a lower-case word: {wrong[:8]}"


@pytest.mark.parametrize("game", GAMES)
def test_times_is_one_sign(game):
    wrong = _found(game, _TIMES_AS_X)
    assert not wrong, f"{len(wrong)} lines write 'x' for times: {wrong[:8]}"


_VOSOTROS = re.compile(r"\b\w+(?:áis|éis)\b")
_ASCII_SIGNS = re.compile(r"(?<=\d) ?(?:>=|<=) ?(?=\d)|(?<![\w\-−])-\d")


@pytest.mark.parametrize("game", GAMES)
def test_the_player_is_tu_and_signs_are_typeset(game):
    wrong = _found(game, _VOSOTROS) + _found(game, _ASCII_SIGNS)
    assert not wrong, f"{len(wrong)} lines say vosotros or write >=, <= or a hyphen for minus: {wrong[:8]}"
