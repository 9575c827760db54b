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

from app.intake.names import MAX_NAME

_NUMBERED = re.compile(r"^(?P<base>.*) \((?P<n>[0-9]+)\)$", re.DOTALL)


def when_label(moment: datetime) -> str:
    """A short day and time in the server's local zone: '25 Nov, 04:42' (English month names for now)."""
    local = moment.astimezone()  # an aware moment converts; a naive one is taken as local already
    return f"{local.day} {local:%b}, {local:%H:%M}"


def default_name(title: str, moment: datetime) -> str:
    """The name of a new game or campaign: 'Nemo's War · 25 Nov, 04:42'."""
    return f"{title} · {when_label(moment)}"


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
