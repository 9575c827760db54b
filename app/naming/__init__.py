"""The names the app gives games and campaigns: the default name of a new one, and a free name for an import.

A new save is named after its game and the moment it began ("Nemo's War · 25 Nov, 04:42"), in the
server's local time zone (set `TZ` to choose it; the browser's zone is unknown to the server). The
date is written by `when_label` alone, so a later translation (Babel) changes one function.
An imported save whose name the player already uses gets the first free " (2)", " (3)"...
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime

from babel.dates import format_datetime

from app.i18n import context
from app.i18n.locales import PSEUDO
from app.i18n.render import say
from app.intake.names import MAX_NAME

_NUMBERED = re.compile(r"^(?P<base>.*) \((?P<n>[0-9]+)\)$", re.DOTALL)


def when_label(moment: datetime) -> str:
    """A short day and time in the server's local zone, in the reader's language: '25 Nov, 04:42',
    '25 nov, 04:42'."""
    local = moment.astimezone()  # an aware moment converts; a naive one is taken as local already
    loc = context.locale()
    return format_datetime(local, "d MMM, HH:mm", tzinfo=local.tzinfo, locale="en" if loc == PSEUDO else loc)


def default_name(title: str, moment: datetime) -> str:
    """The name of a new game or campaign, in the language of whoever starts it: 'Nemo's War · 25 Nov, 04:42'.
    Once given it is the player's own name: it does not change with the language."""
    named = title if context.locale() == PSEUDO else say(title)  # no pseudo-locale marks in a stored name
    return f"{named} · {when_label(moment)}"


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
