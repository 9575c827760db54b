"""What a button may say (issue #15, "buttons that say what they do"), shared by the games' label tests.

A label fails when it is only digits and punctuation ("3", "#35", "+0"), only a vague word without its object
("Choose", "Keep", "OK"...), a card number standing for the card ("#35"), or a bare bonus ("Sail +0", "2w").
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

VAGUE = {
    "choose", "keep", "ok", "okay", "go", "yes", "no", "select", "pick", "done", "use", "play", "learn", "discard",
    "draw", "attempt", "spend", "sacrifice", "gain", "travel", "refresh", "remove", "heal", "confirm", "accept",
    "continue", "next", "swap", "sail", "take", "buy", "stop", "navigate", "use power", "stop here",
}


def label_problem(text: str) -> str | None:
    """Why `text` is not a label that says what it does, or None when it is."""
    words = " ".join(text.split())
    if not words:
        return "empty"
    if not re.search(r"[A-Za-z]", words):
        return "only digits or punctuation"
    bare = re.sub(r"[^A-Za-z ]", "", words).strip().lower()
    if bare in VAGUE:
        return "a vague word without its object"
    if re.search(r"(^|\s)#\d+\b", words):
        return "a card named by its number"
    if re.fullmatch(r"[A-Za-z]+ [+-]?\d+", words) or re.fullmatch(r"\d+[a-z]", words):
        return "a bare bonus"
    if "point(s)" in words:
        return "'point(s)' instead of the right plural"
    return None


class Buttons(HTMLParser):
    """The visible text, aria-label and title of every `button[data-action]` of an HTML fragment."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[dict[str, str]] = []
        self._open: dict[str, str] | None = None
        self._hidden = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "button" and "data-action" in a:
            self._open = {"id": a["data-action"], "aria": a.get("aria-label") or "", "text": "",
                          "space": "data-space" in a}
        elif self._open is not None and tag in ("svg", "title"):
            self._hidden += 1

    def handle_endtag(self, tag):
        if tag == "button" and self._open is not None:
            self.found.append(self._open)
            self._open = None
        elif self._open is not None and tag in ("svg", "title") and self._hidden:
            self._hidden -= 1

    def handle_data(self, data):
        if self._open is not None and not self._hidden:
            self._open["text"] += data


def buttons(html: str) -> list[dict[str, str]]:
    parser = Buttons()
    parser.feed(html)
    return parser.found


def bad_buttons(html: str) -> list[tuple[str, str, str]]:
    """(action id, what it shows, why it fails) for every action button whose face does not say what it does.

    A button drawn as a map space (`data-space`: where the ship may start or sail) is a picture of the space
    with its cost on it and says the rest in its aria-label, so its aria-label is what is judged there."""
    out = []
    for b in buttons(html):
        face = " ".join(b["text"].split())
        judged = b["aria"] if b["space"] else face
        why = label_problem(judged) or label_problem(b["aria"])
        if why:
            out.append((b["id"], judged, why))
    return out
