"""The one parser of imported files (saves and campaigns, through the API, the pages or the CLI).

orjson refuses what `json.loads` lets through and then trips over later: nesting deeper than
1,024 levels (json recursed until RecursionError), lone surrogates (stored, then UnicodeEncodeError),
integers of thousands of digits (json's 4,300-digit guard raised a ValueError the pages did not
expect), NaN and Infinity. Integers past 64 bits become floats, which the save checks then refuse as
"not a whole number". A UTF-8 byte-order mark (Windows editors add one) is accepted, as the JSON
RFC allows; other encodings are refused.

The parsed value is then walked (without recursion) to refuse anything nested more than MAX_DEPTH
levels: no real save comes near it, and it keeps every later walk (the save checks, `repr` in an
error message, `json.dumps` of a digest) far from Python's recursion limit.
"""

from __future__ import annotations

import codecs
from typing import Any

import orjson

from games.engine import words

MAX_DEPTH = 64


class UnreadableFile(ValueError):
    """The bytes are not a JSON document this app reads; the message says why, for the player."""


def parse_json_file(raw: bytes) -> Any:
    """The JSON value in `raw`, or UnreadableFile with the reason."""
    if raw.startswith(codecs.BOM_UTF8):
        raw = raw[len(codecs.BOM_UTF8):]
    elif raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):  # UTF-32's marks start the same way
        raise UnreadableFile(words("it is not UTF-8 text (it is UTF-16 or UTF-32: save it as UTF-8)"))
    try:
        value = orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        raise UnreadableFile(_reason(exc)) from None
    if _too_deep(value):
        raise UnreadableFile(words("it is nested more than {n} levels deep", n=MAX_DEPTH))
    return value


def _reason(exc: orjson.JSONDecodeError) -> str:
    message = str(exc.msg)
    if "depth" in message or "recursion" in message:
        return words("it is nested more than {n} levels deep", n=MAX_DEPTH)
    if "UTF-8" in message:  # raw bytes that are not UTF-8 (orjson says "surrogates not allowed" there too)
        return words("it is not UTF-8 text")
    if "surrogate" in message:  # a \ud800 escape without its pair
        return words("it contains text that is not valid Unicode (a lone surrogate)")
    if "infinity" in message:
        return words("a number in it is too large (line {line}, column {column})", line=exc.lineno, column=exc.colno)
    return words("it is not a JSON file (it breaks off at line {line}, column {column})", line=exc.lineno,
                 column=exc.colno)


def _too_deep(value: Any) -> bool:
    """Whether `value` has lists or objects nested more than MAX_DEPTH levels (iteratively: no recursion)."""
    stack = [(value, 1)] if isinstance(value, (dict, list)) else []
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            return True
        children = item.values() if isinstance(item, dict) else item
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return False
