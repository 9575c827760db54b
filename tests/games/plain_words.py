"""What a label a player reads must not be (issue #15): only digits and punctuation ("3", "2w" is caught as a
number with a unit letter), a vague word with no object ("Choose", "Keep", "OK"), or a die named by its place
in the pool ("d0", "die 2") rather than by its face. Also what a log line must not show: raw ids and codes.
"""

from __future__ import annotations

import html as html_lib
import re
from html.parser import HTMLParser

VAGUE = {"choose", "keep", "ok", "okay", "go", "yes", "no", "select", "pick", "done", "use", "buy", "here",
         "start", "confirm", "next", "continue", "apply", "submit", "play", "spawn", "hit", "step", "portal"}
_ONLY_SYMBOLS = re.compile(r"^[\W\d_]*[a-z]?[\W\d_]*$", re.IGNORECASE)  # "3", "+1", "2w", "#35", "×2"
_DIE_BY_PLACE = re.compile(r"\b(d\d+|b\d+|sp|die \d+|dice \d+)\b", re.IGNORECASE)
_RAW_CODE = re.compile(r"\b([a-z]{1,3}\.\d+|r\d+c\d+|d\d\+d\d|[a-z]+_[a-z_]+)\b")


def label_faults(label: str) -> list[str]:
    """Why `label` does not say what it does on its face (an empty list when it does)."""
    text = " ".join(label.split())
    faults = []
    if not text:
        faults.append("empty")
    elif _ONLY_SYMBOLS.match(text):
        faults.append("only digits or punctuation")
    elif text.strip(" .!:").lower() in VAGUE:
        faults.append("a vague word without its object")
    if _DIE_BY_PLACE.search(text):
        faults.append("a die named by its position")
    return faults


def log_faults(text: str) -> list[str]:
    """Why a log line is not plain words: a raw id or code, or a die named by its position."""
    faults = []
    if _RAW_CODE.search(text):
        faults.append(f"raw code {_RAW_CODE.search(text).group(0)!r}")
    if _DIE_BY_PLACE.search(text):
        faults.append("a die named by its position")
    if re.search(r"\ba [aeiou]", text, re.IGNORECASE):
        faults.append("'a' before a vowel")
    return faults



class _Buttons(HTMLParser):
    """Each action button of a page: its id, its aria-label and the text a sighted player reads on its face
    (icons, aria-hidden parts and visually hidden text left out)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[dict] = []
        self.depth = self.skip = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if self.depth:
            self.depth += tag not in _VOID
            hidden = tag == "svg" or a.get("aria-hidden") == "true" or "visually-hidden" in (a.get("class") or "")
            if hidden and not self.skip:
                self.skip = self.depth
        elif tag == "button" and "data-action" in a:
            self.depth, self.skip = 1, 0
            self.found.append({"id": a["data-action"], "label": a.get("aria-label") or "", "text": ""})

    def handle_endtag(self, tag):
        if not self.depth or tag in _VOID:
            return
        if self.skip == self.depth:
            self.skip = 0
        self.depth -= 1

    def handle_data(self, data):
        if self.depth and not self.skip:
            self.found[-1]["text"] += data


_VOID = {"br", "img", "input", "meta", "link", "hr", "use", "source", "wbr", "area", "col", "embed", "param", "track"}


def action_buttons(html: str) -> list[dict]:
    """[{"id", "label", "text"}] for every `button[data-action]` of `html` (text: what its face shows)."""
    b = _Buttons()
    b.feed(html)
    for x in b.found:
        x["text"] = " ".join(x["text"].split())
    return b.found


def face_faults(html: str) -> dict[str, str]:
    """{fault: example} over the buttons of a page: a button's face must say what it does; a button with no text
    on its face (a die, a cell drawn as itself) is read by its aria-label, which must then say it."""
    bad: dict[str, str] = {}
    for b in action_buttons(html):
        said = b["text"] or b["label"]
        for fault in label_faults(said):
            bad.setdefault(fault, f"{b['id']}: {said!r}")
    return bad


def chronicle(html: str) -> list[tuple[str, list[str]]]:
    """The game log of a page as [(turn heading, [entry text...])], in page order."""
    m = re.search(r'<section class="[^"]*\bchronicle\b[^"]*"[^>]*>(.*?)</section>', html, re.S)
    assert m, "no chronicle on the page"
    out = []
    for body in m.group(1).split('<li class="chronicle-turn">')[1:]:
        head = re.search(r'<h3 class="chronicle-heading">(.*?)</h3>', body, re.S).group(1)
        entries = re.findall(r'<li class="chronicle-entry[^"]*">(.*?)</li>', body, re.S)
        out.append((_text(head), [_text(e) for e in entries]))
    return out


def _text(fragment: str) -> str:
    fragment = re.sub(r'<svg.*?</svg>|<span[^>]*aria-hidden="true"[^>]*>.*?</span>', "", fragment, flags=re.S)
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())
