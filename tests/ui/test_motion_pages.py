"""What just happened, on every game's board (issue #15, item 1): the components a move can change carry
data-part ids, unique on the page, so the browser can tell which ones a move changed and light them up;
the tokens that move carry data-vt names, unique and valid CSS identifiers, by which table.js finds each one
again after the swap and slides it from where it stood (a name used twice would slide two tokens from one place)."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from tests.ui.test_action_bar_pages import HX, SLUGS, api, parse, start, web  # noqa: F401  (web: a fixture)

MOVES = 8
PART = re.compile(r'\bdata-part="([^"]*)"')
VT = re.compile(r'\bdata-vt="([^"]*)"')
IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*$")
# A component of each game that is on its board from the start and that moves change.
EXPECTED = {"adamastor": {"ship", "morale", "hand", "row"}, "nemos_war": {"cal", "not", "r-hull", "deck"},
            "platformer": {"turn", "hp", "gold", "d-en"}, "call_to_adventure": {"turn", "xp", "runes"}}
EXPECTED_VT = {"adamastor": {"ship"}, "nemos_war": {"m-cal", "m-not"}, "platformer": {"e-"},
               "call_to_adventure": {"cmark"}}


def board_of(page: str) -> str:
    return page[page.index('id="board"'):]


def check(page: str, where: str) -> tuple[set[str], set[str]]:
    parts = PART.findall(board_of(page))
    twice = [p for p, n in Counter(parts).items() if n > 1]
    assert not twice, f"{where}: data-part ids used more than once: {twice}"
    assert all(parts), f"{where}: an empty data-part id"
    names = VT.findall(board_of(page))
    twice = [p for p, n in Counter(names).items() if n > 1]
    assert not twice, f"{where}: data-vt names used more than once: {twice}"
    bad = [n for n in names if not IDENT.match(n) or n in ("none", "auto")]
    assert not bad, f"{where}: data-vt names that are no CSS identifier: {bad}"
    return set(parts), set(names)


@pytest.mark.parametrize("slug", SLUGS)
def test_each_board_names_its_parts_and_moving_tokens_uniquely(web, slug):  # noqa: F811
    sid = start(web, slug)
    seen_parts: set[str] = set()
    seen_vt: set[str] = set()
    for n in range(MOVES + 1):
        page = web.get(f"/play/{sid}").text
        parts, names = check(page, f"{slug} after {n} moves")
        assert len(parts) >= 5, f"{slug} after {n} moves: only {len(parts)} parts named"
        seen_parts |= parts
        seen_vt |= names
        bar = parse(page)
        if not bar.buttons:
            break
        first = bar.buttons[0]
        r = web.post(f"/play/{sid}/act", data={**first["form"]["inputs"], "action": first["value"]}, headers=HX)
        assert r.status_code == 200
        check(r.text, f"{slug}: the answer to move {n + 1}")
        assert api(web, sid)["version"] == int(first["form"]["inputs"]["version"]) + 1
    assert EXPECTED[slug] <= seen_parts, f"{slug}: missing parts {EXPECTED[slug] - seen_parts}"
    seen_vt |= {n[:2] for n in seen_vt if n.startswith("e-")}  # Platformer's enemies: e-<figure id>
    assert EXPECTED_VT[slug] <= seen_vt, f"{slug}: missing moving tokens {EXPECTED_VT[slug] - seen_vt}"
