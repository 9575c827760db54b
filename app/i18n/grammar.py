"""What a translated sentence needs from the names that fill it: their articles, by gender and number (issue #27).

Spanish cannot say "the Nautilus attacks {ship}" as one template with the name dropped in: the name takes its
own article ("ataca al Carguero", "ataca a la Fragata Acorazada"), and the article contracts with the
preposition before it ("a" + "el" = "al", "de" + "el" = "del"). So:

- each language with articles has, beside each catalog, a nouns file (`<catalog folder>/<lang>/nouns.json`,
  `{"Cargo Ship": "m", "Ironclad Frigate": "f", "Supply Runs": "mp"}`): the gender and number of the names,
  keyed by the English message id a rule passes as a parameter (data, as the names themselves are);
- a translation asks for the article it needs with a format spec on the field: `{ship:el}` "el Carguero",
  `{ship:El}` the same at the start of a sentence, `{ship:al}` "al Carguero", `{ship:del}` "del Carguero",
  `{ship:un}` "un Carguero" (and "la/La/a la/de la/una" for a feminine name, the plurals for a plural one);
- every Spanish sentence made from parameters is finished by contracting "a el" and "de el" (a name whose own
  article is part of it, "El Vengador", keeps its capital and is not contracted, as with "a El Salvador"), and
  a negative number gets the minus sign (−1), as the boards print it, not the hyphen a format spec writes.

A parameter made of words (`{ship} ({kind}, ...)`) agrees as its first field does. A name said with an
article that no nouns file knows is said as masculine and remembered in `unknown`, which the Spanish grammar
tests keep empty (tests/i18n/test_spanish_grammar.py).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from games.engine import Words

# (gender, number) -> the article for each spec
_ARTICLES = {
    "m": {"el": "el", "al": "al", "del": "del", "un": "un"},
    "f": {"el": "la", "al": "a la", "del": "de la", "un": "una"},
    "mp": {"el": "los", "al": "a los", "del": "de los", "un": "unos"},
    "fp": {"el": "las", "al": "a las", "del": "de las", "un": "unas"},
}
SPECS = frozenset({"el", "El", "al", "del", "un", "Un"})
_OWN_ARTICLE = re.compile(r"^(El|La|Los|Las) ")
_CONTRACT = re.compile(r"\b([Aa]|[Dd]e) el\b")
_HYPHEN_MINUS = re.compile(r"(?<![\w\-−])-(?=\d)")  # "-1" typeset as "−1", not in "F-1" or "1-2"

# Names said with an article that no nouns file gives a gender (kept empty by the tests).
unknown: set[str] = set()


def load_nouns(path: Path) -> dict[str, str]:
    """A nouns file ({} when there is none)."""
    if not path.exists():
        return {}
    nouns = json.loads(path.read_text(encoding="utf-8"))
    bad = {k: v for k, v in nouns.items() if v not in _ARTICLES}
    if bad:
        raise ValueError(f"{path}: genders must be one of {sorted(_ARTICLES)}: {bad}")
    return nouns


class Said(str):
    """A parameter said in the reader's language, with the gender and number its article agrees with."""

    __slots__ = ("gender", "english")
    gender: str | None
    english: str

    def __new__(cls, text: str, gender: str | None, english: str) -> Said:
        self = super().__new__(cls, text)
        self.gender, self.english = gender, english
        return self

    def __format__(self, spec: str) -> str:
        if not spec:
            return str(self)
        if spec not in SPECS:
            return format(str(self), spec)
        text = str(self)
        own = _OWN_ARTICLE.match(text)
        if own:  # "El Vengador": its article is its own
            return {"al": f"a {text}", "del": f"de {text}"}.get(spec, text)
        if self.gender is None:
            unknown.add(self.english)
        article = _ARTICLES[self.gender or "m"][spec.lower()]
        if spec[0].isupper():
            article = article[0].upper() + article[1:]
        return f"{article} {text}"


class Grammar:
    """The articles of one language: its nouns (every catalog's, merged) and how its sentences are finished."""

    def __init__(self, nouns: Mapping[str, str]) -> None:
        self.nouns = dict(nouns)

    def gender(self, value: Any) -> str | None:
        if isinstance(value, Words):
            found = self.nouns.get(value.msgid)
            if found is None and value.msgid.startswith("{"):
                first = value.msgid[1:].split("}", 1)[0].split(":", 1)[0]
                return self.gender(value.params.get(first))
            return found
        if isinstance(value, str):
            return self.nouns.get(value)
        return None

    def said(self, value: Any, text: str) -> Said:
        return Said(text, self.gender(value), str(value))

    @staticmethod
    def finish(text: str) -> str:
        """"a el" -> "al", "de el" -> "del" (the article of a name of its own is capitalised and left alone), and
        a negative number's hyphen typeset as the minus sign the boards use ("modificador −1")."""
        text = _CONTRACT.sub(lambda m: {"a": "al", "A": "Al", "de": "del", "De": "Del"}[m.group(1)], text)
        return _HYPHEN_MINUS.sub("−", text)
