"""Component counts against the rulebook's list, and the loader refusing bad data."""

from __future__ import annotations

import json

import pytest

from games.platformer.components import DATA_DIR, ComponentError, build_components, load_components
from tests.games.platformer.kit import engine_for


def test_counts_match_the_rulebook():
    c = load_components()
    sets = [t.set for t in c.tiles.values()]
    assert sets.count("forest") == 16 and sets.count("void") == 16
    assert sum(t.boss for t in c.tiles.values()) == 4
    assert len(c.heroes) == 6 and len(c.enemies) == 6 and len(c.items) == 15 and len(c.potions) == 15
    assert len(c.bosses) == 2 and len(c.boss_cards) == 11 and len(c.artifacts) == 10 and len(c.events) == 12
    assert sum(t["count"] for b in c.bosses.values() for t in b.raw["tokens"]) == 20
    assert sorted(e.raw["tier"] for e in c.enemies.values()) == [1, 1, 2, 2, 3, 3]
    assert len(c.dice["action"]) == 6 and len(c.dice["enemy"]) == 6 and len(c.dice["special"]) == 6


def test_rulebook_facts_carry_over():
    c = load_components()
    assert {h: c.heroes[h].raw["health"] for h in ("angelo", "melosa", "avys", "etern")} == {
        "angelo": 5, "melosa": 4, "avys": 6, "etern": 6}
    assert c.enemies["ent"].raw["health"] == 2 and c.enemies["werewolf"].raw["damage"] == 3
    assert {b.name for b in c.bosses.values()} == {"Medusa", "Overlord Ikee"}
    assert c.items["i01"].name == "Boots of Haste" and c.items["i02"].name == "Hammer of Greed"


def test_every_regular_tile_lets_the_hero_climb_through_it():
    """From the bottom row of a tile, jumping freely, the top row is reachable (walls and platforms respected)."""
    c = load_components()
    for t in c.tiles.values():
        if t.boss:
            continue
        seen = {(0, col) for col in range(4)}
        todo = list(seen)
        while todo:
            r, col = todo.pop()
            nxt = []
            if col < 3 and not t.cells[r][col].wall_right:
                nxt.append((r, col + 1))
            if col > 0 and not t.cells[r][col - 1].wall_right:
                nxt.append((r, col - 1))
            if r < 3 and (not t.cells[r + 1][col].floor or t.cells[r + 1][col].ladder):
                nxt.append((r + 1, col))
            for cell in nxt:
                if cell not in seen:
                    seen.add(cell)
                    todo.append(cell)
        assert any((3, col) in seen for col in range(4)), t.id


def _data() -> dict:
    return {p.stem: json.loads(p.read_text()) for p in sorted(DATA_DIR.glob("*.json"))}


@pytest.mark.parametrize("breakage", [
    lambda d: d["tiles"][0].update(rows=["f f f f"] * 3),
    lambda d: d["tiles"][0].update(rows=["q . . ."] * 4),
    lambda d: d["items"][0].update(price=0),
    lambda d: d["items"][1]["effects"].append({"op": "teleport"}),
    lambda d: d["enemies"][0].update(tier=4),
    lambda d: d["bosses"][0]["deck"][0].update(range="far"),
    lambda d: d["dice"].update(special=["move"] * 6),
    lambda d: d["events"][0].update(timing="later"),
    lambda d: d["artifacts"][0]["condition"].update(kind="luck"),
])
def test_the_loader_refuses_bad_data(breakage):
    data = _data()
    breakage(data)
    with pytest.raises(ComponentError):
        build_components(data)


def test_crafted_tiles_load_through_the_same_checks():
    eng, ids = engine_for([["e . . . . . . .", ". . . . . . . .", ". . . . . . . .", "f f f . f f f ."]] * 3
                          + [[". . x . . . . .", ". . . . . . . .", ". b . . . b e .", "u us u u u u u us"]])
    assert ids[0][0] in eng.components.tiles
