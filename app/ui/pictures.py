"""A picture on every card, tile and token: which drawing each component of a game carries.

The pictures are data beside the cards: games/<slug>/data/pictures.json maps, group by group, a component's id
to the name of a game-icons.net drawing (CC BY 3.0, https://game-icons.net), for example
`{"enemies": {"goblin": "goblin-head"}, "items": {...}}`. Keys beginning with "_" are notes for the reader. The
groups are the game's own (its board module and templates say which group a component is looked up in);
a group may give a "*" entry, the picture of any member it does not name.

The drawings come from one sprite per game (static/icons/<slug>.svg, built by scripts/icons.py with only the
names used here), served fingerprinted and compressed like the stylesheets (app/ui/assets.py). A drawing the
table's own sprite has already (static/icons/game-icons.svg, on every board) is left out of the game's and
drawn from the table's (`href`), so that no page loads the same drawing twice.
Never the publishers' art.
"""

from __future__ import annotations

import json
from functools import cache
from html import escape

from markupsafe import Markup

from app.core.config import ROOT
from app.ui import assets

GAMES = ("adamastor", "nemos_war", "platformer", "call_to_adventure")
Pictures = dict[str, dict[str, str]]


def path(slug: str):
    return ROOT / "games" / slug / "data" / "pictures.json"


@cache
def pictures(slug: str) -> Pictures:
    """A game's pictures by group, then by component id (no notes); empty for a game without any."""
    file = path(slug)
    if not file.is_file():
        return {}
    raw = json.loads(file.read_text(encoding="utf-8"))
    return {group: {key: name for key, name in members.items() if not key.startswith("_")}
            for group, members in raw.items() if not group.startswith("_") and isinstance(members, dict)}


def names(slug: str) -> list[str]:
    """Every drawing a game uses, once each, sorted: what its sprite holds."""
    return sorted({name for members in pictures(slug).values() for name in members.values()})


def name_of(slug: str, group: str, key: object) -> str:
    """The drawing of component `key` of `group` (the group's "*" if it names no such member), else ""."""
    members = pictures(slug).get(group, {})
    return members.get(str(key)) or members.get("*", "")


@cache
def table_names() -> frozenset[str]:
    """The drawings of the table's sprite (its list, static/icons/game-icons.txt)."""
    listed = (ROOT / "static" / "icons" / "game-icons.txt").read_text(encoding="utf-8").splitlines()
    return frozenset(line.strip() for line in listed if line.strip())


def own_names(slug: str) -> list[str]:
    """The drawings a game's sprite holds: its pictures' but those the table's sprite has."""
    return [name for name in names(slug) if name not in table_names()]


def sprite(slug: str) -> str:
    return assets.asset(f"icons/{slug}.svg")


def href(slug: str, name: str) -> str:
    """Where drawing `name` of a game is: in the table's sprite if it has it, else in the game's."""
    return f'{assets.asset("icons/game-icons.svg") if name in table_names() else sprite(slug)}#gi-{name}'


def picture(slug: str, group: str, key: object, cls: str = "", label: str = "") -> Markup:
    """The component's picture as an inline <svg> (decorative unless labelled: the component's name is
    usually said next to it), or nothing for a component without one."""
    name = name_of(slug, group, key)
    if not name:
        return Markup("")
    return _svg(href(slug, name), f"pic {cls}".strip(), label)


@cache
def _svg(drawing: str, classes: str, label: str) -> Markup:
    if label:
        head = f'<svg class="{escape(classes)}" role="img"><title>{escape(label)}</title>'
    else:
        head = f'<svg class="{escape(classes)}" aria-hidden="true">'
    return Markup(f'{head}<use href="{escape(drawing)}"></use></svg>')
