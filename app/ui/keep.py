"""Parts of a board the browser already has are not sent again (a move's answer stays light however long the game).

A board template wraps a large part that a move often leaves as it was (a row of cards, the rune tray, a hand)
in `<x-keep data-keep="KEY">…</x-keep>` (templates/partials/keep.html; CSS `display: contents`, so the wrapper
takes no part in the layout). Every board the server sends marks each such part with `data-h`, a hash of the
part as a move's answer carries it (without the magnifier links a page draws: app/ui/table.py).

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

HEADER = "X-Kept"
MAX_CLAIMS = 64  # a board keeps a few dozen parts at most; a longer header is not ours

_PART = re.compile(rb'<x-keep data-keep="([A-Za-z0-9_.:-]{1,40})">(.*?)</x-keep>', re.S)
SENT = re.compile(r'<x-keep data-keep="([^"]+)" data-h="([0-9a-f]+)"(?: data-kept>|>(.*?))</x-keep>', re.S)
_CLAIM = re.compile(r"([A-Za-z0-9_.:-]{1,40}):([0-9a-f]{16})")


# The magnifier link a page draws in its lookable components (templates/partials/look.html), which a move's
# answer does not draw.
LOOK_LINK = re.compile(rb'<a href="\?look=[^"]*" aria-label="[^"]*"></a>')


def digest(inner: bytes, *, drawn_with_links: bool = False) -> str:
    """The hash of a part as a move's answer carries it (16 hex digits): a part of a page is hashed without
    its magnifier links, so that it matches the same part in a move's answer."""
    if drawn_with_links:
        inner = LOOK_LINK.sub(b"", inner)
    return hashlib.blake2b(inner, digest_size=8).hexdigest()


def claims(header: str | None) -> dict[str, str]:
    """The parts a request says its page holds, {key: hash}; empty when the header is absent or not ours."""
    if not header or len(header) > MAX_CLAIMS * 60:
        return {}
    words = header.split()
    found = [_CLAIM.fullmatch(w) for w in words[:MAX_CLAIMS]]
    return {m.group(1): m.group(2) for m in found if m}


def mark(html: bytes, held: dict[str, str] | None = None, *, drawn_with_links: bool = False) -> bytes:
    """`html` with each part marked with its hash; a part whose hash is the one `held` claims for it goes empty.
    `drawn_with_links`: a whole page, whose parts carry the magnifier links a move's answer leaves out."""
    held = held or {}

    def one(m: re.Match[bytes]) -> bytes:
        key, inner = m.group(1), m.group(2)
        h = digest(inner, drawn_with_links=drawn_with_links)
        head = b'<x-keep data-keep="' + key + b'" data-h="' + h.encode() + b'"'
        if held.get(key.decode()) == h:
            return head + b" data-kept></x-keep>"
        return head + b">" + inner + b"</x-keep>"

    return _PART.sub(one, html)


class Held:
    """What static/js/keep.js does, in Python, for whatever plays like a browser (the bench's players, tests):
    hold the parts of the board, name them in each move's request, put back the ones an answer left out."""

    def __init__(self, page: str = "") -> None:
        self.parts: dict[str, tuple[str, str]] = {}  # key -> (hash, the part as received)
        if page:
            self.receive(page)

    def headers(self) -> dict[str, str]:
        """The header a move's request carries (none while nothing is held)."""
        if not self.parts:
            return {}
        return {HEADER: " ".join(f"{key}:{h}" for key, (h, _) in self.parts.items())}

    def receive(self, answer: str) -> str:
        """The whole board of an answer, each part it left out put back; its parts are held from now on.
        ValueError if it left out a part not held (keep.js reloads the page then)."""
        parts: dict[str, tuple[str, str]] = {}

        def whole(m: re.Match[str]) -> str:
            key, h, inner = m.group(1), m.group(2), m.group(3)
            if inner is None:
                if self.parts.get(key, ("", ""))[0] != h:
                    raise ValueError(f"the answer left out {key}, which is not held")
                parts[key] = self.parts[key]
                return f'<x-keep data-keep="{key}" data-h="{h}">{parts[key][1]}</x-keep>'
            parts[key] = (h, inner)
            return m.group(0)

        text = SENT.sub(whole, answer)
        self.parts = parts
        return text
