"""A pybabel extractor for the games' JSON data files: every string under a key that holds words.

Used from a game's babel.cfg:

    [app.i18n.extract:extract_json: games/<slug>/data/**.json]
    module = games.<slug>.texts

The keys are the module's `DATA_KEYS` if it has them, else its `TEXT_KEYS` (the keys the view shows,
app/i18n/render.py). Ids, kinds and numbers are never words, so they are never extracted, and neither is a
data file of no words (`NOT_WORDS`: pictures.json names a drawing for each component id).
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

NOT_WORDS = frozenset({"pictures.json"})


def keys_of(module: str) -> frozenset[str]:
    mod = importlib.import_module(module)
    return frozenset(getattr(mod, "DATA_KEYS", None) or mod.TEXT_KEYS)


def strings(value: Any, keys: frozenset[str], key: str = "") -> Iterator[str]:
    """Every non-empty string under one of `keys`, in document order (lists of strings included)."""
    if isinstance(value, str):
        if key in keys and value.strip():
            yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from strings(v, keys, k)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v, keys, key)


def extract_json(fileobj: Any, keywords: Any, comment_tags: Any, options: dict[str, str]) -> Iterator[tuple]:
    if Path(getattr(fileobj, "name", "")).name in NOT_WORDS:
        return
    data = json.loads(fileobj.read().decode("utf-8"))
    for text in strings(data, keys_of(options["module"])):
        yield 0, None, text, []
