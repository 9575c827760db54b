"""A board page's headings go one level at a time (issue #24 §5: "its event card skips a heading level"): a screen
reader's list of headings is the page's outline, and a level skipped (an h2 followed by an h4) reads as a part
missing. Every game's page is read at several points of a game the bot plays."""

from __future__ import annotations

import re

import pytest

from tests.ui.test_words_pages import play, web  # noqa: F401  (the `web` fixture)

HEADING = re.compile(r"<h([1-6])[\s>]")


def skips(html: str, level: int = 0) -> list[str]:
    """Each place where a heading goes deeper by more than one level, with the text around it (`level`: the one the
    fragment stands under, 1 for a board under the page's h1)."""
    out = []
    for m in HEADING.finditer(html):
        n = int(m.group(1))
        if level and n > level + 1:
            out.append(f"h{level} then h{n}: {html[m.start():m.start() + 120]!r}")
        level = n
    return out


@pytest.mark.parametrize("slug, seed, options", [
    ("adamastor", 2, {"maps": "3"}),
    ("nemos_war", 4, {}),
    ("platformer", 1, {}),
    ("call_to_adventure", 3, {}),
])
def test_a_board_never_skips_a_heading_level(web, slug, seed, options):  # noqa: F811
    """The first page, then every move's answer (the board, under the page's h1) of the first 60 moves."""
    r = web.post(f"/games/{slug}/new", data={"seed": str(seed), "name": "Outline", **options}, follow_redirects=False)
    found = skips(web.get(r.headers["location"]).text)
    for n, (board, _) in enumerate(play(web, slug, seed, options)):
        found += skips(board[board.index('<section id="board"'):], level=1)
        if n >= 60:
            break
    assert not found, f"{slug}: headings skip a level:\n" + "\n".join(sorted(set(found))[:8])
