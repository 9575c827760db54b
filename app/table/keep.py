"""Parts of a board the browser already has are not sent again (a move's answer stays light however long the game).

A board template wraps a large part that a move often leaves as it was (a row of cards, the rune tray, a hand)
in `<x-keep data-keep="KEY">…</x-keep>` (templates/partials/keep.html; CSS `display: contents`, so the wrapper
takes no part in the layout). Every board the server sends marks each such part with `data-h`, a hash of the
part as a move's answer would carry it (no magnifier links, no indentation: app/look, app/table/lighten).

static/js/keep.js remembers the parts of the board it holds, and a move's request says which with the header
`X-Kept: KEY:HASH KEY:HASH …`. Rendering the new board, the server sends a part whose hash is the one the browser
claims as an empty `<x-keep data-keep="KEY" data-h="HASH" data-kept></x-keep>`; keep.js puts back the copy it
holds before htmx swaps the board in, so the page (and everything that reads it: the motion, the focus, a screen
reader) sees the whole board, exactly as if it had come whole.

Nothing hidden can leak through this: the server only ever leaves out a part equal, byte for byte, to one it is
sending in this very answer; a claim that matches nothing changes nothing. Without JavaScript (no header) and on
any claim it cannot read, the board comes whole.
"""

from __future__ import annotations

import hashlib
import re

from app.look import without_look_links
from app.table import lighten

HEADER = "X-Kept"
MAX_CLAIMS = 64  # a board keeps a few dozen parts at most; a longer header is not ours

_PART = re.compile(rb'<x-keep data-keep="([A-Za-z0-9_.:-]{1,40})">(.*?)</x-keep>', re.S)
_CLAIM = re.compile(r"([A-Za-z0-9_.:-]{1,40}):([0-9a-f]{16})")


def digest(inner: bytes) -> str:
    """The hash of a part as a move's answer carries it (16 hex digits)."""
    return hashlib.blake2b(lighten.squeeze(without_look_links(inner)), digest_size=8).hexdigest()


def claims(header: str | None) -> dict[str, str]:
    """The parts a request says its page holds, {key: hash}; empty when the header is absent or not ours."""
    if not header or len(header) > MAX_CLAIMS * 60:
        return {}
    words = header.split()
    found = [_CLAIM.fullmatch(w) for w in words[:MAX_CLAIMS]]
    return {m.group(1): m.group(2) for m in found if m}


def mark(html: bytes, held: dict[str, str] | None = None) -> bytes:
    """`html` with each part marked with its hash; a part whose hash is the one `held` claims for it goes empty."""
    held = held or {}

    def one(m: re.Match[bytes]) -> bytes:
        key, inner = m.group(1), m.group(2)
        h = digest(inner)
        head = b'<x-keep data-keep="' + key + b'" data-h="' + h.encode() + b'"'
        if held.get(key.decode()) == h:
            return head + b" data-kept></x-keep>"
        return head + b">" + inner + b"</x-keep>"

    return _PART.sub(one, html)
