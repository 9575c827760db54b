"""Words kept in a text column (a save's `attention`): stored as their JSON, read back as Words, so that each
reader hears them in their own language (app.i18n.render.say reads the stored form too)."""

from __future__ import annotations

from typing import Any

from app.core import jsoncodec
from games.engine import Words

STORED_PREFIX = '{"m":'


def stored_text(value: Any) -> str:
    """Words to keep in a text column: their JSON; any other value as its text."""
    return jsoncodec.dumps(value.to_json()) if isinstance(value, Words) else str(value)


def stored_words(text: str | None) -> Any:
    """What `stored_text` kept: the Words again (their English as a str), or the text itself."""
    if text and text.startswith(STORED_PREFIX):
        try:
            kept = Words.from_json(jsoncodec.loads(text))
        except ValueError:
            kept = None
        if kept is not None:
            return kept
    return text
