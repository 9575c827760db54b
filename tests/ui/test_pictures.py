"""Pictures on cards, tiles and tokens (app/ui/pictures.py, scripts/icons.py): a game's pictures.json read
group by group, a component's drawing drawn from its game's sprite, and the table's own sprite holding exactly
the drawings it lists."""

from __future__ import annotations

import importlib.util
import json
import math
import re

import pytest

from app.core.config import ROOT
from app.ui import pictures
from tests.support.sprites import symbols


def sprite_names(name: str) -> set[str]:
    return set(symbols(name))


@pytest.fixture
def a_game(tmp_path, monkeypatch):
    file = tmp_path / "pictures.json"
    file.write_text(json.dumps({"_": "a note", "enemies": {"goblin": "goblin-head", "_why": "a note",
                                                           "*": "imp"}, "items": {"sword": "broadsword"}}))
    monkeypatch.setattr(pictures, "path", lambda slug: file)
    monkeypatch.setattr(pictures, "sprite", lambda slug: f"/assets/0123abcd/icons/{slug}.svg")  # no such file here
    pictures.pictures.cache_clear()
    yield "a_game"
    pictures.pictures.cache_clear()


def test_a_games_pictures_are_read_group_by_group_without_the_notes(a_game):
    assert pictures.pictures(a_game) == {"enemies": {"goblin": "goblin-head", "*": "imp"},
                                         "items": {"sword": "broadsword"}}
    assert pictures.names(a_game) == ["broadsword", "goblin-head", "imp"]
    assert pictures.name_of(a_game, "enemies", "goblin") == "goblin-head"
    assert pictures.name_of(a_game, "enemies", "troll") == "imp"  # the group's "*"
    assert pictures.name_of(a_game, "items", "shield") == ""


def test_a_picture_is_drawn_from_its_game_sprite_decorative_unless_labelled(a_game):
    drawn = str(pictures.picture(a_game, "items", "sword", "big"))
    assert drawn.startswith('<svg class="pic big" aria-hidden="true">')
    assert '#gi-broadsword"' in drawn and "/icons/a_game.svg#" in drawn
    labelled = str(pictures.picture(a_game, "items", "sword", label="A <sword>"))
    assert 'role="img"><title>A &lt;sword&gt;</title>' in labelled
    assert str(pictures.picture(a_game, "items", "shield")) == ""


def test_the_table_sprite_holds_exactly_its_list():
    listed = {line.strip() for line in (ROOT / "static/icons/game-icons.txt").read_text().splitlines() if line.strip()}
    assert sprite_names("game-icons") == listed


@pytest.mark.parametrize("slug", pictures.GAMES)
def test_a_game_sprite_holds_its_pictures_but_those_the_table_sprite_has(slug):
    table = sprite_names("game-icons")
    assert pictures.names(slug), f"{slug}: no pictures.json"
    assert sprite_names(slug) == set(pictures.own_names(slug)), "run scripts/icons.py"
    assert not sprite_names(slug) & table, "a board would load the same drawing twice"
    for name in pictures.names(slug):
        where = pictures.href(slug, name)
        assert where.endswith(f"#gi-{name}")
        assert f"/icons/{'game-icons' if name in table else slug}.svg#" in where
        assert name in sprite_names("game-icons" if name in table else slug)


def test_every_drawing_of_the_sprites_is_at_whole_units():
    """scripts/svgpath.py rounds the game-icons.net drawings to whole units of their 512 grid: half the bytes."""
    for sprite in (ROOT / "static" / "icons").glob("*.svg"):
        paths = re.findall(r' d="([^"]*)"', sprite.read_text())
        assert paths, sprite.name
        fractions = [d for d in paths if re.search(r"\d\.\d\d", d)]
        assert not fractions, f"{sprite.name}: {len(fractions)} drawings with hundredths of a unit"


def _svgpath():
    spec = importlib.util.spec_from_file_location("svgpath", ROOT / "scripts" / "svgpath.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_drawing_rounded_to_whole_units_never_drifts():
    """Forty relative steps of 0.4 each: rounded one by one they would all vanish; rounded on where the pen
    really is, the path still ends 16 units on, and every point is within half a unit of the original's."""
    svgpath = _svgpath()
    d = "m10.2 20.7" + "l.4 .4" * 40 + "h3.25v-1.75a5.5 5.5 0 01.5 2.5c1.111 2.222 3.333 4.444 5.555 6.666zM1 1 2.6 3.4"
    rounded = svgpath.whole(d)
    before, after = svgpath.points(d), svgpath.points(rounded)
    assert max(math.dist(a, b) for a, b in zip(before, after, strict=True)) <= 0.5 * math.sqrt(2)
    assert after[40] == (26, 37)  # 10.2 + 16 and 20.7 + 16, rounded once
    assert "a5.5 5.5 0 0 1" in rounded  # the arc's radii and both flags, read from "01.5"
    assert svgpath.whole(rounded) == rounded and not re.search(r"\.\d\d", rounded)
    assert svgpath.whole_svg('<symbol viewBox="0 0 24 24"><path d="M1.25 2.5"/></symbol>').count("1.25") == 1
