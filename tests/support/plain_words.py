"""What a log line and the chronicle a player reads must not be (issue #15): a raw id or code, a die named
by its place in the pool ("d0") rather than by its face, "a" before a vowel. The label rules live in
label_words.py; `label_faults` and `face_faults` are re-exported here for the tests that import them from here.
"""

from __future__ import annotations

import html as html_lib
import re

from tests.support.label_words import DIE_BY_PLACE, face_faults, label_faults

__all__ = ["chronicle", "face_faults", "label_faults", "log_faults"]

_RAW_CODE = re.compile(r"\b([a-z]{1,3}\.\d+|r\d+c\d+|d\d\+d\d|[a-z]+_[a-z_]+)\b")


def log_faults(text: str) -> list[str]:
    """Why a log line is not plain words: a raw id or code, or a die named by its position."""
    faults = []
    if _RAW_CODE.search(text):
        faults.append(f"raw code {_RAW_CODE.search(text).group(0)!r}")
    if DIE_BY_PLACE.search(text):
        faults.append("a die named by its position")
    if re.search(r"\ba [aeiou]", text, re.IGNORECASE):
        faults.append("'a' before a vowel")
    return faults


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
