"""What a button may say (issue #15, "buttons that say what they do"), shared by every game's label tests.

A label fails when it is only digits and punctuation ("3", "+1", "2w", "×2"), only a vague word without its
object ("Choose", "Keep", "OK"...), a card number standing for the card ("#35"), a bare bonus ("Sail +0"),
"point(s)" instead of the right plural, or a die named by its place in the pool ("d0", "die 2") rather than by
its face; or when its words do not read as English: an article before "no" ("lose the no points left"), "a"
before a vowel sound ("add a Intelligence rune").
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

VAGUE = {
    "choose", "keep", "ok", "okay", "go", "yes", "no", "select", "pick", "done", "use", "play", "learn", "discard",
    "draw", "attempt", "spend", "sacrifice", "gain", "travel", "refresh", "remove", "heal", "confirm", "accept",
    "continue", "next", "swap", "sail", "take", "buy", "stop", "navigate", "use power", "stop here", "here", "start",
    "apply", "submit", "spawn", "hit", "step", "portal",
}
_ONLY_SYMBOLS = re.compile(r"^[\W\d_]*[a-z]?[\W\d_]*$", re.IGNORECASE)  # "3", "+1", "2w", "#35", "×2"
A_BEFORE_VOWEL = re.compile(r"\ba (?!(?:uni|use|one|eu))[aeiou]", re.IGNORECASE)  # not "a unique", "a one-off"
DIE_BY_PLACE = re.compile(r"\b(d\d+|b\d+|sp|die \d+|dice \d+)\b", re.IGNORECASE)


def label_faults(label: str) -> list[str]:
    """Every reason why `label` does not say what it does on its face (an empty list when it does)."""
    text = " ".join(label.split())
    if not text:
        return ["empty"]
    faults = []
    if _ONLY_SYMBOLS.match(text) or not re.search(r"[A-Za-z]", text):
        faults.append("only digits or punctuation")
    elif re.sub(r"[^A-Za-z ]", "", text).strip().lower() in VAGUE:
        faults.append("a vague word without its object")
    if re.search(r"(^|\s)#\d+\b", text):
        faults.append("a card named by its number")
    if re.fullmatch(r"[A-Za-z]+ [+-]?\d+", text):
        faults.append("a bare bonus")
    if "point(s)" in text:
        faults.append("'point(s)' instead of the right plural")
    if DIE_BY_PLACE.search(text):
        faults.append("a die named by its position")
    return faults + english_faults(text)


def english_faults(text: str) -> list[str]:
    """Where `text` does not read as English (for any text a player reads: a button, a card)."""
    faults = []
    if re.search(r"\b(the|a|an) no\b", text, re.IGNORECASE):
        faults.append("an article before 'no'")
    if A_BEFORE_VOWEL.search(text):
        faults.append("'a' before a vowel sound")
    return faults


def label_problem(text: str) -> str | None:
    """The first reason why `text` is not a label that says what it does, or None when it is."""
    faults = label_faults(text)
    return faults[0] if faults else None


class _Buttons(HTMLParser):
    """Each action button of a page: its id, aria-label, whether it is drawn as a map space (`data-space`), and
    the text a sighted player reads on its face (svg icons, aria-hidden parts and visually hidden text left out)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[dict] = []
        self.depth = self.skip = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if self.depth:
            self.depth += tag not in _VOID
            hidden = tag in ("svg", "title") or a.get("aria-hidden") == "true" or (
                "visually-hidden" in (a.get("class") or ""))
            if hidden and not self.skip:
                self.skip = self.depth
        elif tag == "button" and "data-action" in a:
            self.depth, self.skip = 1, 0
            self.found.append({"id": a["data-action"], "label": a.get("aria-label") or "", "text": "",
                               "space": "data-space" in a})

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
    """[{"id", "label", "text", "space"}] for every `button[data-action]` of `html` (text: what its face shows)."""
    parser = _Buttons()
    parser.feed(html)
    for b in parser.found:
        b["text"] = " ".join(b["text"].split())
    return parser.found


def bad_buttons(html: str) -> list[tuple[str, str, str]]:
    """(action id, what it shows, why it fails) for every action button whose face does not say what it does.

    A button with no text on its face (a die, a cell drawn as itself) is read by its aria-label. A button drawn
    as a map space (`data-space`: where the ship may start or sail) is a picture of the space with its cost on
    it and says the rest in its aria-label, so its aria-label is what is judged there."""
    out = []
    for b in action_buttons(html):
        judged = b["label"] if b["space"] or not b["text"] else b["text"]
        why = label_problem(judged) or label_problem(b["label"] or judged)
        if why:
            out.append((b["id"], judged, why))
    return out


def face_faults(html: str) -> dict[str, str]:
    """{fault: example} over the buttons of a page (the same judgement as bad_buttons, one example a fault)."""
    bad: dict[str, str] = {}
    for action_id, said, why in bad_buttons(html):
        bad.setdefault(why, f"{action_id}: {said!r}")
    return bad
