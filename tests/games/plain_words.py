"""What a label a player reads must not be (issue #15): only digits and punctuation ("3", "2w" is caught as a
number with a unit letter), a vague word with no object ("Choose", "Keep", "OK"), or a die named by its place
in the pool ("d0", "die 2") rather than by its face. Also what a log line must not show: raw ids and codes.
"""

from __future__ import annotations

import re

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
