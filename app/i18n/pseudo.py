"""The `qps` pseudo-locale: every string that has a translation comes out between ⟦ and ⟧.

Rendering a page in `qps` and finding a visible word outside the marks means that word never went through a
catalog: it would stay English for a Spanish player. Only on when Settings.pseudo_locale is set (tests).
"""

from __future__ import annotations

import gettext
import re

OPEN, CLOSE = "⟦", "⟧"


def mark(text: str) -> str:
    return f"{OPEN}{text}{CLOSE}"


class PseudoTranslations(gettext.NullTranslations):
    """Marks every message id that the Spanish catalogs know; leaves anything else as it is."""

    def __init__(self, known: frozenset[str]) -> None:
        super().__init__()
        self.known = known

    def gettext(self, message: str) -> str:
        return mark(message) if message in self.known else message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        text = singular if n == 1 else plural
        return mark(text) if singular in self.known else text

    def pgettext(self, context: str, message: str) -> str:
        return self.gettext(message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self.ngettext(singular, plural, n)


_LETTER = re.compile(r"[^\W\d_]{2,}")


def unmarked(text: str) -> list[str]:
    """The words of `text` (two letters or more) that stand outside every ⟦…⟧ (nesting allowed)."""
    outside, depth, found = [], 0, []
    for ch in text:
        if ch == OPEN:
            depth += 1
            outside.append(" ")
        elif ch == CLOSE:
            depth = max(0, depth - 1)
            outside.append(" ")
        elif depth == 0:
            outside.append(ch)
    found.extend(_LETTER.findall("".join(outside)))
    return found
