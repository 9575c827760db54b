"""Finds text a Spanish player would meet in English: render a page in the `qps` pseudo-locale (every
translated string comes out between ⟦ and ⟧, app/i18n/pseudo.py) and look for words outside the marks.

`untranslated(html)` returns those words with a little context. It reads every visible text node (in
document order, so a translated sentence that wraps markup still counts as one) and the attributes a person
reads or hears (aria-label, title, alt, placeholder, a button's value). Skipped: <script>, <style>, and any
element marked `translate="no"` (a player's own names, a save's name, the language names in the switch), and the
text of an element marked `data-cut`: a piece of a label cut for display (the action bar's short faces), whose
whole label the page says in an attribute checked here (title, aria-label) or on the buttons it groups.
"""

from __future__ import annotations

from html.parser import HTMLParser

from app.i18n.pseudo import unmarked

SPOKEN_ATTRIBUTES = ("aria-label", "title", "alt", "placeholder", "aria-description", "aria-roledescription")
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []  # (tag, skipped)
        self.cuts: list[int] = []  # depths of the data-cut elements open
        self.text: list[str] = []
        self.attributes: list[tuple[str, str, str]] = []

    def _skipping(self) -> bool:
        return bool(self.stack) and self.stack[-1][1]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        skipped = self._skipping() or tag in ("script", "style") or a.get("translate") == "no"
        if not skipped:
            for name in SPOKEN_ATTRIBUTES:
                if a.get(name):
                    self.attributes.append((tag, name, a[name]))
            if tag == "input" and a.get("type") in ("submit", "button") and a.get("value"):
                self.attributes.append((tag, "value", a["value"]))
        if tag not in VOID:
            if "data-cut" in a:
                self.cuts.append(len(self.stack))
            self.stack.append((tag, skipped))
        self.text.append(" ")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID and self.stack and self.stack[-1][0] == tag:
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                while self.cuts and self.cuts[-1] >= len(self.stack):
                    self.cuts.pop()
                break
        self.text.append(" ")

    @property
    def cut(self) -> bool:
        return bool(self.cuts)

    def handle_data(self, data: str) -> None:
        if not self._skipping() and not self.cut:
            self.text.append(data)


def untranslated(html: str) -> list[str]:
    """Words of `html` (rendered in qps) that no catalog translated, each with where it was found."""
    reader = _Reader()
    reader.feed(html)
    found = []
    text = "".join(reader.text)
    for word in sorted(set(unmarked(text))):
        at = text.find(word)
        found.append(f"text {word!r} in …{' '.join(text[max(0, at - 60):at + 60].split())}…")
    for tag, name, value in reader.attributes:
        words = unmarked(value)
        if words:
            found.append(f"<{tag} {name}={value!r}>: {words}")
    return found
