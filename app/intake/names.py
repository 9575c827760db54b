"""The one rule for the names players give their games and campaigns (API, pages and imports).

A name is shown in lists, titles and file names next to other text, so it may not carry characters
that reach past itself: control characters (NUL, ESC, line breaks, C1 controls), the Unicode
bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069: the "Trojan Source"
set, which can make a name display as something else), line and paragraph separators, and lone
surrogates (not text at all: the database driver cannot encode them). Everything else, every script
and emoji, is welcome.
"""

from __future__ import annotations

import unicodedata

from games.engine import words

MAX_NAME = 120
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def name_problem(name: str) -> str | None:
    """Why `name` cannot be a name, or None if it can (the length is checked too)."""
    if len(name) > MAX_NAME:
        return words("a name has at most {n} characters", n=MAX_NAME)
    for char in name:
        category = unicodedata.category(char)
        if category == "Cs":
            return words("a name cannot contain a lone surrogate (text that is not valid Unicode)")
        if category == "Cc":
            return words("a name cannot contain control characters ({code})", code=f"U+{ord(char):04X}")
        if char in BIDI_CONTROLS or category in ("Zl", "Zp"):
            return words("a name cannot contain characters that reorder or break the text ({code})",
                         code=f"U+{ord(char):04X}")
    return None


def check_name(name: str) -> str:
    """`name` itself if it can be a name; else ValueError with the reason."""
    problem = name_problem(name)
    if problem is not None:
        raise ValueError(problem)
    return name
