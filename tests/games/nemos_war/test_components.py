"""Component counts and the facts the seed fixes, and that broken data is refused."""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter

import pytest

from games.nemos_war.components import DATA_DIR, ComponentError, load_components
from tests.games.nemos_war import kit

C = kit.ENGINE.components


def test_ship_counters():
    assert len(C.base_ids) == 60 and len(C.expansion_ids) == 6
    groups = Counter(C.ship(x).group for x in C.base_ids)
    assert groups == {"light_grey": 34, "yellow": 6, "orange": 6, "blue": 6, "green": 6, "dark_grey": 1, "red": 1}
    for sid in C.base_ids:
        sh = C.ship(sid)
        assert (sh.av is not None) == (sh.cls in {"frigate", "armoured_frigate", "ironclad", "capital", "battleship"})


def test_the_ships_the_seed_describes_exist():
    assert kit.ship_of("capital", av=8, dv=11)
    assert kit.ship_of("passenger", dv=8, skulls=0)
    assert kit.ship_of("ironclad", av=7, dv=10, skulls=1)


def test_map():
    assert {k: o.die for k, o in C.oceans.items()} == {"na": 1, "sa": 2, "med": 3, "wp": 4, "io": 5, "ep": 6}
    assert C.oceans["io"].boxes == 3, "the seed's example: the Indian Ocean holds 3 ships"
    assert C.oceans["ep"].routes["wp"] == 1, "Eastern to Western Pacific is 1 week"
    assert sum(o.start_ships for o in C.oceans.values()) == 9
    assert C.scourge == (6, 12, 18, 24, 30, 40) and C.register_columns == 6


def test_cards():
    assert len(C.cards) == 36
    ids = set(C.cards)
    assert {str(n) for n in range(1, 25)} | {"24a", "24b", "24c"} <= ids
    halves = sorted(x for x in ids if x.endswith("h"))
    assert len(halves) == 9 and "4h" in halves and "15h" in halves
    assert C.cards["17"].test["target"] == 9 and C.cards["17"].test["help"] == ["crew", "hull"]
    assert C.cards["17"].test["fail"][0]["effects"] == [{"op": "res", "res": "hull", "n": -2}]
    jaws = C.cards["9"]
    assert jaws.test["target"] == 8 and jaws.test["help"] == ["nemo"] and len(jaws.test["pass"]) == 2
    ashore = C.cards["6"]
    assert ashore.timing == "keep" and ashore.where == ("ep", "wp")
    assert C.cards["4h"].test["target"] == 11 and C.cards["9h"].where == ("io",) and C.cards["9h"].science == 1
    assert sorted(x for x in ids if C.cards[x].ending) == ["24", "24a", "24b", "24c"]
    assert C.cards["9h"].vp == 2, "the Pearl: 'Si no la usas, al final del juego, conseguirás sus 2 PV' (the seed)"


def test_a_cards_text_names_the_vp_it_scores():
    """Scientific Observations said "Unused, it scores 1 VP" under a badge of 2 (the balance's +1 VP left its text
    behind), and the Pearl scored 3 against the 2 of its text and of the seed."""
    named = {cid: int(m.group(1)) for cid, card in C.cards.items()
             if (m := re.search(r"scores (\d+) VP", card.raw.get("text") or ""))}
    assert named, "some cards name their VP in their text"
    assert {cid: C.cards[cid].vp for cid in named} == named


def test_treasures_tracks_tables():
    kinds = Counter(t.kind for t in C.tokens.values())
    assert kinds == {"vp": 17, "discard": 6, "or": 4, "wonder": 4}
    assert len(C.tokens) + len(C.markers) == 45, "the 45 round counters"
    assert C.tracks["nemo"].hits == (1,) and C.tracks["crew"].hits == (2, 3) and C.tracks["hull"].hits == (4, 5, 6)
    assert C.passengers["ned"]["vp"] == 3
    assert C.tables["commitments"]["war"]["multipliers"]["warships"] == 2
    assert C.tables["commitments"]["science"]["science"] == 10 and C.tables["commitments"]["explore"]["wonders"] == 10
    assert C.tables["refits"]["seek"]["repeatable"] and len(C.tables["refits"]) == 5
    assert set(C.tables["epilogue"]) == {"science", "explore", "anti", "war"}


def _broken(tmp_path, name, change):
    d = tmp_path / "data"
    shutil.copytree(DATA_DIR, d)
    data = json.loads((d / name).read_text())
    change(data)
    (d / name).write_text(json.dumps(data))
    return d


@pytest.mark.parametrize("name,change", [
    ("ships.json", lambda d: d["ships"].pop()),
    ("cards.json", lambda d: d["cards"][0]["test"].update(target=1)),
    ("cards.json", lambda d: d["cards"][1]["outcomes"][0]["effects"].append({"op": "teleport"})),
    ("map.json", lambda d: d["oceans"][0].update(die=2)),
    ("tables.json", lambda d: d["commitments"]["war"].update(roll=[5])),
    ("treasures.json", lambda d: d["tokens"][0].update(kind="gold")),
])
def test_broken_data_is_refused(tmp_path, name, change):
    with pytest.raises(ComponentError):
        load_components(_broken(tmp_path, name, change))
