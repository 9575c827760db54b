"""Fast JSON for the hot path (game states in the database, session answers), with the stdlib as a fallback.

orjson is several times faster than `json` at the state-sized documents a move reads and writes. It
refuses integers beyond 64 bits, which `json` accepts, so such (odd) documents go through `json`:
the text is the same JSON either way.
"""

from __future__ import annotations

import json
from typing import Any

import orjson

_OPTIONS = orjson.OPT_NON_STR_KEYS


class Encoded(str):
    """JSON text encoded already: the database's JSON columns store it as it is (`dumps` gives it back unchanged).
    A move encodes what it saves before it takes SQLite's write lock, and keeps the text (app/shelf/recent.py)."""


def dumps_bytes(value: Any) -> bytes:
    if type(value) is Encoded:
        return value.encode()
    try:
        return orjson.dumps(value, option=_OPTIONS)
    except TypeError:  # orjson.JSONEncodeError: an integer past 64 bits, or a type json may still know
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


def dumps(value: Any) -> str:
    if type(value) is Encoded:
        return value
    return dumps_bytes(value).decode()


def encoded(value: Any) -> Encoded:
    return Encoded(dumps(value))


loads = orjson.loads
