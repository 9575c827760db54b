"""Pictures on cards, tiles and tokens (app/ui/pictures.py, scripts/icons.py): a game's pictures.json read
group by group, a component's drawing drawn from its game's sprite, and the table's own sprite holding exactly
the drawings it lists."""

from __future__ import annotations

import json
import re

import pytest

from app.core.config import ROOT
from app.ui import pictures

SYMBOL = re.compile(r'<symbol id="gi-([a-z0-9-]+)"')


def sprite_names(name: str) -> set[str]:
    return set(SYMBOL.findall((ROOT / "static" / "icons" / f"{name}.svg").read_text()))


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
