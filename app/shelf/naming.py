"""The names of games and campaigns: what a name may hold, the default name of a new one, a free name for an
import, and the name of an exported file.

- What a name may hold (`check_name`, `name_problem`): a name is shown in lists, titles and file names next to
  other text, so it may not carry characters that reach past itself: control characters (NUL, ESC, line breaks,
  C1 controls), the Unicode bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069: the
  "Trojan Source" set, which can make a name display as something else), line and paragraph separators, and
  lone surrogates (not text at all: the database driver cannot encode them). Everything else, every script and
  emoji, is welcome.
- A new save is named after its game and the moment it began ("Nemo's War · 25 Nov, 04:42"), in the server's
  local time zone (set `TZ` to choose it; the browser's zone is unknown to the server).
- An imported save whose name the player already uses gets the first free " (2)", " (3)"...
- An exported file is named `solo-shelf-[campaign-]<game>-<name>-<id>.json` (`file_name`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from datetime import datetime

from babel.dates import format_datetime

from app.core.errors import Refused
from app.i18n import context
from app.i18n.locales import PSEUDO
from app.i18n.render import say
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
    """`name` itself if it can be a name; else Refused with the reason."""
    problem = name_problem(name)
    if problem is not None:
        raise Refused(problem)
    return name


_NUMBERED = re.compile(r"^(?P<base>.*) \((?P<n>[0-9]+)\)$", re.DOTALL)


def when_label(moment: datetime) -> str:
    """A short day and time in the server's local zone, in the reader's language: '25 Nov, 04:42',
    '25 nov, 04:42'."""
    local = moment.astimezone()  # an aware moment converts; a naive one is taken as local already
    loc = context.locale()
    return format_datetime(local, "d MMM, HH:mm", tzinfo=local.tzinfo, locale="en" if loc == PSEUDO else loc)


def default_name(title: str, moment: datetime, game: str | None = None) -> str:
    """The name of a new game or campaign, in the language of whoever starts it: 'Nemo's War · 25 Nov, 04:42'
    ('Adamastor — Campaña · 25 nov, 04:42': a campaign's title is in its game's catalog, `game`).
    Once given it is the player's own name: it does not change with the language."""
    with context.using(game_=game or context.game()):
        named = title if context.locale() == PSEUDO else say(title)  # no pseudo-locale marks in a stored name
    return f"{named} · {when_label(moment)}"


def campaign_game_name(campaign_name: str, index: int) -> str:
    """The name of a campaign's game, in the language of whoever plays on: 'Winter voyages — game 2',
    'Viajes de invierno — partida 2'. Stored like any name."""
    if context.locale() == PSEUDO:
        return f"{campaign_name} — game {index}"
    return say(words("{campaign} — game {n}", campaign=campaign_name, n=index))


def free_name(name: str, taken: Iterable[str]) -> str:
    """`name` if nobody uses it yet; else its base with the first free number: 'Voyage (2)', 'Voyage (3)'...

    A name that already ends in a number counts on from its base ('Voyage (2)' taken gives 'Voyage (3)'),
    and the base is shortened when the number would make the name longer than a name may be.
    """
    used = set(taken)
    if name not in used:
        return name
    numbered = _NUMBERED.match(name)
    base = numbered.group("base") if numbered else name
    n = 2
    while True:
        suffix = f" ({n})"
        candidate = base[: MAX_NAME - len(suffix)].rstrip() + suffix
        if candidate not in used:
            return candidate
        n += 1


def file_name(game: str, name: str, record_id: str, *, campaign: bool = False, sealed: bool = False) -> str:
    """The name of an exported game's (or campaign's) file: plain ASCII, its name shortened to a readable stem,
    ending in "-sealed" when its seed is sealed (it opens only on this server: app/shelf/files/sealing.py)."""
    stem = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40] or ("campaign" if campaign else "game")
    kind = "campaign-" if campaign else ""
    return f"solo-shelf-{kind}{game}-{stem}-{record_id}{'-sealed' if sealed else ''}.json"
