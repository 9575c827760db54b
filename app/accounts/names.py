"""The key that keeps player names apart: no two players may have names a reader could take for each other.

`name_key(name)` is what must be unique (and what a log-in looks a name up by):
1. NFKC (`ａｌｉｃｅ` → `alice`, `ﬁ` → `fi`), runs of spaces made one;
2. the Unicode TR39 skeleton (UTS #39 §4), which replaces every character by the prototype it is
   confusable with (Cyrillic `а` → Latin `a`, `1` → `l`, `m` → `rn`), of the upper-cased name, then
   case-folded, and the skeleton again (see `name_key`).
The confusables data is Unicode's `confusables.txt` as the `confusable-homoglyphs` package ships it
(the library django-registration uses for the same purpose). That package keeps the pairs in both
directions; `_prototypes` recovers TR39's one-way mapping from them (see there).

`refusal(name)` says why a display name cannot be a player's at all: control characters, invisible
formatting characters such as the right-to-left override U+202E, unassigned or private code points.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections import defaultdict
from functools import lru_cache
from importlib.resources import files

from games.engine import words

KEY_MAX = 160
_DIRECTION_MARKS = str.maketrans("", "", "\u200e\u200f")  # the data wraps right-to-left letters in them
_SPACES = re.compile(r"\s+")


@lru_cache(maxsize=1)
def _prototypes() -> dict[str, str]:
    """TR39's mapping, character -> prototype string, rebuilt from the two-way pairs of the data.

    In confusables.txt each source character maps to one prototype, and a prototype is never a source;
    the data lists each pair both ways, so a prototype with its sources forms a star: the prototype is
    linked to every source, and each source only to it. The centre of a star of three or more is plain.
    A lone pair is told apart when one side is several characters (only prototypes are) or occurs inside
    such a prototype (prototypes are made of fixed points); else either may be the prototype and the
    smaller code point is taken: skeletons compare equal exactly when TR39's do.
    """
    data = json.loads((files("confusable_homoglyphs") / "confusables.json").read_text("utf-8"))
    links: dict[str, set[str]] = defaultdict(set)
    for key, entries in data.items():
        a = key.translate(_DIRECTION_MARKS)
        for entry in entries:
            b = entry["c"].translate(_DIRECTION_MARKS)
            links[a].add(b)
            links[b].add(a)
    inside = {ch for node in links if len(node) > 1 for ch in node}
    mapping: dict[str, str] = {}
    for node, partners in links.items():
        if len(node) != 1 or len(partners) != 1:
            continue  # a prototype (several characters, or the centre of a star): it maps to itself
        (other,) = partners
        if len(other) > 1 or len(links[other]) > 1:
            mapping[node] = other
            continue
        prototype = node if node in inside else other if other in inside else min(node, other)
        if prototype != node:
            mapping[node] = prototype
    return mapping


def skeleton(text: str) -> str:
    """UTS #39 skeleton: NFD, each character replaced by its prototype, NFD again."""
    mapping = _prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(mapping.get(ch, ch) for ch in decomposed))


def name_key(name: str) -> str:
    """The uniqueness key of a player name (see the module docstring); '' for a name of only spaces.

    The skeleton is taken of the upper-case name, then of the case-folded result: some letters are
    confusable only in one case (Cyrillic `В` with `B`, but `в` with small-capital `ʙ`; `rn` with `m`),
    and upper-casing first keeps the key the same for every way of writing one name's case.
    """
    spaced = _SPACES.sub(" ", unicodedata.normalize("NFKC", name)).strip()
    folded = skeleton(unicodedata.normalize("NFKC", spaced.upper())).casefold()
    return unicodedata.normalize("NFC", skeleton(folded).casefold())


def refusal(name: str) -> str | None:
    """Why this text cannot be a player's name (a sentence for the player), or None."""
    for ch in name:
        category = unicodedata.category(ch)
        if category == "Cc":
            return words("A name cannot contain control characters (such as a tab or an escape).")
        if category == "Cf":
            return words("A name cannot contain invisible formatting characters (such as a right-to-left "
                         "override, {code}).", code=f"U+{ord(ch):04X}")
        if category.startswith("C"):
            return words("A name cannot contain the character {code} (unassigned or private).", code=f"U+{ord(ch):04X}")
    return None
