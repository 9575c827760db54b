"""A picture on every card, tile and token (issue #25 §3): of the components a player can look at closer (every
element carrying data-look on a board), at least nine in ten carry their drawing (an <svg class="pic ...">), over
the first moves of a game the bot plays in each of the four games; the look-closer view draws the component's
picture large. (What each sprite holds: tests/ui/test_pictures.py.)"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from tests.ui.test_words_pages import play, web  # noqa: F401  (the `web` fixture)

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr", "use",
        "path", "circle", "rect"}
GAMES = [("adamastor", 2, {"maps": "3"}), ("nemos_war", 4, {}), ("platformer", 1, {}), ("call_to_adventure", 3, {})]


class Lookables(HTMLParser):
    """Each [data-look] element of a page: its look id and whether an <svg class="pic"> stands inside it."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[tuple[str, str | None]] = []  # (tag, look id or None)
        self.found: dict[str, bool] = {}

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "svg" and "pic" in (a.get("class") or "").split():
            for _, look in self.open:
                if look is not None:
                    self.found[look] = True
        look = a.get("data-look")
        if look is not None:
            self.found.setdefault(look, False)
        if tag not in VOID:
            self.open.append((tag, look))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.open.pop()

    def handle_endtag(self, tag):
        for i in range(len(self.open) - 1, -1, -1):
            if self.open[i][0] == tag:
                del self.open[i:]
                return


def lookables(html: str) -> dict[str, bool]:
    parser = Lookables()
    parser.feed(html)
    return parser.found


def test_the_parser_sees_a_picture_inside_a_lookable_and_none_beside_it():
    html = ('<div data-look="c1"><b>A</b><svg class="pic small" aria-hidden="true"><use href="#gi-x"></use></svg>'
            '</div><div data-look="c2"><i>B</i></div><svg class="pic"></svg>')
    assert lookables(html) == {"c1": True, "c2": False}


@pytest.mark.parametrize("slug, seed, options", GAMES)
def test_nine_in_ten_lookable_components_carry_a_picture(web, slug, seed, options):  # noqa: F811
    """Every lookable component seen on the first page and the answers of the first 40 moves, counted once per
    look id (a card seen on many boards counts once; it carries a picture if it did on any)."""
    r = web.post(f"/games/{slug}/new", data={"seed": str(seed), "name": "Pictures", **options}, follow_redirects=False)
    seen = lookables(web.get(r.headers["location"]).text)
    for n, (board, _) in enumerate(play(web, slug, seed, options)):
        for look, drawn in lookables(board).items():
            seen[look] = seen.get(look, False) or drawn
        if n >= 40:
            break
    bare = sorted(look for look, drawn in seen.items() if not drawn)
    assert len(seen) >= 10, f"{slug}: only {len(seen)} lookable components"
    assert len(bare) <= len(seen) / 10, f"{slug}: {len(bare)} of {len(seen)} without a picture: {bare[:20]}"


@pytest.mark.parametrize("slug, seed, options", GAMES)
def test_the_look_closer_view_draws_the_picture_large(web, slug, seed, options):  # noqa: F811
    """Every lookable component of the first page, opened closer (the page without JavaScript), shows its drawing
    large, for nine in ten of them."""
    r = web.post(f"/games/{slug}/new", data={"seed": str(seed), "name": "Closer", **options}, follow_redirects=False)
    where = r.headers["location"]
    drawn = {look: web.get(f"{where}?look={look}") for look in lookables(web.get(where).text)}
    assert all(page.status_code == 200 for page in drawn.values())
    large = [look for look, page in drawn.items() if re.search(r'<svg class="pic[^"]*\bpic-large\b', page.text)]
    assert len(large) >= 0.9 * len(drawn), f"{slug}: {len(large)} of {len(drawn)}: {sorted(set(drawn) - set(large))}"
