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


def dumps_bytes(value: Any) -> bytes:
    try:
        return orjson.dumps(value, option=_OPTIONS)
    except TypeError:  # orjson.JSONEncodeError: an integer past 64 bits, or a type json may still know
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


def dumps(value: Any) -> str:
    return dumps_bytes(value).decode()


loads = orjson.loads
