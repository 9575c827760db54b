"""The rules package's component loader: it accepts a valid set and names what is wrong in a bad one."""

from __future__ import annotations

import json

import pytest

from games.adamastor.components import ComponentError, build, load_components
from tests.games.adamastor import kit


def parts() -> dict:
    return {
        "sailing": kit.sailing(),
        "weather": kit.weather(),
        "maps": kit.maps(),
        "encounters": kit.encounters(),
    }


def test_a_crafted_set_builds_into_frozen_objects():
    comp = build(**parts())
    assert comp.sailing[2].skill == "nav_plus" and comp.sailing[1].trauma == "disease"
    assert comp.maps["D01"].cells[2][3].kind == "none"
    with pytest.raises(AttributeError):
        comp.sailing[2].nav = 4


def test_loading_from_a_directory(tmp_path):
    for name, key in (
        ("sailing_cards", "sailing"),
        ("weather", "weather"),
        ("maps", "maps"),
        ("encounters", "encounters"),
    ):
        (tmp_path / f"{name}.json").write_text(json.dumps(parts()[key]))
    assert len(load_components(tmp_path).sailing) == 40


def test_a_missing_file_is_named(tmp_path):
    with pytest.raises(ComponentError, match="sailing_cards.json"):
        load_components(tmp_path)


def mutate(key, fn):
    p = parts()
    fn(p[key])
    return p


@pytest.mark.parametrize(
    ("key", "fn", "message"),
    [
        ("sailing", lambda s: s.pop(), "exactly 40"),
        ("sailing", lambda s: s[0].update(weather="rain"), "weather"),
        ("sailing", lambda s: s[0].update(skill={"kind": "nav_plus", "cost": 1}), "exactly one"),
        ("sailing", lambda s: s[1].update(skill={"kind": "fly", "cost": 1}), "skill kind"),
        ("sailing", lambda s: s[1].update(skill={"kind": "burst", "cost": 1, "n": 4}), "burst"),
        (
            "sailing",
            lambda s: s[1].update(skill={"kind": "ignore_icon", "cost": 1, "types": ["rats"]}),
            "types",
        ),
        ("weather", lambda w: w.pop(), "10 combinations"),
        ("weather", lambda w: w[0].update(icons=["storm", "sun", "sun"]), "sorted"),
        ("maps", lambda m: m[0]["cells"][0][0].update(kind="land"), "land/none"),
        ("maps", lambda m: m[0]["cells"][0][0].update(kind="current"), "flow"),
        ("maps", lambda m: [c.update(anchor=True) for c in m[0]["cells"][0]], "at most 3 anchors"),
        ("maps", lambda m: m[4]["cells"][2][3].update(kind="land"), "two land"),
        ("encounters", lambda e: e[0]["sea"].update(effects=[{"op": "teleport"}]), "unknown effect op"),
        ("encounters", lambda e: e[0]["sea"].update(effects=[{"op": "flip"}]), "no back"),
        (
            "encounters",
            lambda e: e[0]["sea"].update(task={"where": "sea", "costs": [], "reward": []}),
            "either",
        ),
        (
            "encounters",
            lambda e: e[0]["land"].update(
                effects=[
                    {
                        "op": "choice",
                        "options": [
                            {"key": "a", "costs": [], "effects": []},
                            {"key": "a", "costs": [], "effects": []},
                        ],
                    }
                ]
            ),
            "unique",
        ),
        (
            "encounters",
            lambda e: e[0]["land"].update(
                effects=[{"op": "test", "check": {"luck": 1}, "success": [], "failure": []}]
            ),
            "check",
        ),
    ],
)
def test_bad_components_are_refused_with_a_clear_message(key, fn, message):
    with pytest.raises(ComponentError, match=message):
        build(**mutate(key, fn))
