"""Adamastor's board: the parts of a map space that depend only on the space itself, built once.

A voyage draws some forty spaces on every move, and most of them never change: what a space is
(its kind, current, storm clouds, encounter anchor) decides its CSS classes, its description and
its icons. Building those in the template took two macro calls per space on every render; here
they are built once per kind of space (and language) and reused.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from markupsafe import Markup, escape

from app.i18n import context
from app.i18n.render import say
from games.engine import N_, words, words_n

KIND_WORDS = {"sea": N_("Open sea"), "fog": N_("Fog"), "island": N_("Island"), "current": N_("Current"),
              "land": N_("Continent"), "port": N_("Open water")}
FLOW_ARROWS = {"N": "↑", "E": "→", "S": "↓", "W": "←"}
FLOW_WORDS = {"N": N_("north"), "E": N_("east"), "S": N_("south"), "W": N_("west")}
# Words the board's templates keep in tables (templates/games/adamastor/_cards.html) and say with `|t`.
TEMPLATE_WORDS = (N_("Sun"), N_("White cloud"), N_("Storm cloud"), N_("Unrest"), N_("Disease"), N_("Fatigue"),
                  N_("Motivation"))
KIND_ICONS = {"fog": "fog", "island": "palm-tree", "land": "mountains"}


@dataclass(frozen=True)
class CellLook:
    classes: str  # " k-<kind>" and " flow-<dir>", appended to the space's own classes
    describe: str  # what the space is, for its title (in the reader's language)
    body: Markup  # its icons: kind, current arrow, storm clouds, anchor (not the ship nor a cost)


def cell_look(cell: dict[str, Any], icon: Any) -> CellLook:
    """The look of a space; `icon` is the board's icon() helper (passed in to keep one icon set)."""
    return _look(cell.get("kind"), cell.get("flow"), cell.get("storms") or 0, bool(cell.get("anchor")),
                 bool(cell.get("marked")), icon, context.locale(), context.game())


@lru_cache(maxsize=512)
def _look(kind: str, flow: str | None, storms: int, anchor: bool, marked: bool, icon: Any, locale: str,
          game: str | None) -> CellLook:
    return CellLook(
        classes=f" k-{kind}" + (f" flow-{flow}" if flow else ""),
        describe=say(_describe(kind, flow, storms, anchor, marked)),
        body=_body(kind, flow, storms, anchor, marked, icon),
    )


def _describe(kind: str, flow: str | None, storms: int, anchor: bool, marked: bool) -> str:
    text: str = words(KIND_WORDS.get(kind, kind))
    if kind == "current" and flow:
        text = words("{kind} flowing {direction}", kind=text, direction=FLOW_WORDS.get(flow, flow))
    if storms:
        text = words_n("{what}, {n} storm cloud", "{what}, {n} storm clouds", storms, what=text)
    if anchor:
        if marked:
            text = words("{what}, encounter done", what=text)
        elif kind == "island":
            text = words("{what}, land encounter", what=text)
        else:
            text = words("{what}, sea encounter", what=text)
    return text


def _body(kind: str, flow: str | None, storms: int, anchor: bool, marked: bool, icon: Any) -> Markup:
    parts: list[str] = []
    if kind in KIND_ICONS:
        parts.append(icon(KIND_ICONS[kind], cls="cell-kind"))
    elif kind == "current":
        parts.append(Markup('<span class="flow flow-{}" aria-hidden="true">{}</span>').format(
            flow or "", FLOW_ARROWS.get(flow or "", "")))
    if storms:
        parts.append(Markup('<span class="storms">{}</span>').format(
            Markup("").join(icon("lightning-storm", cls="storm") for _ in range(storms))))
    if anchor:
        token = Markup('<span class="token" title="{}"></span>').format(say(words("Encounter done"))) if marked else ""
        parts.append(Markup('<span class="anchor {}">{}{}</span>').format(
            "marked" if marked else "", icon("anchor"), token))
    return Markup(" ").join(Markup(escape(p)) if not isinstance(p, Markup) else p for p in parts)
