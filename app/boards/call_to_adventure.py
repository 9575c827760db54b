"""Where each Call to Adventure action is drawn on its board (templates/games/call_to_adventure/).

An action goes on the component it concerns: a kept character card, a story card in a row (gain, travel,
refresh, place an ally, or one of its two paths), a card in hand, a Motivation, an ally, the rune tray, the
challenge being prepared, a Hero or Antihero deck, the Adversary. Anything else — or anything whose component
the board does not draw right now — goes to the decision panel, so every legal action stays clickable.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from markupsafe import Markup, escape

from app.i18n.render import say
from games.engine import N_

ROW_ACTIONS = ("trait", "travel", "refresh", "place")
PATHS = ("top", "bottom")
DECKS = ("hero", "antihero")


def _ids(cards: Iterable[Any] | None) -> set[str]:
    return {str(c.get("id")) for c in cards or () if isinstance(c, dict)}


def _row_ids(view: dict[str, Any]) -> set[str]:
    return {str(c.get("id")) for row in view.get("rows") or () for c in row.get("cards") or ()}


def _char_ids(view: dict[str, Any]) -> set[str]:
    return {str(s["card"].get("id")) for s in view.get("tableau") or () if isinstance(s.get("card"), dict)}


def call_to_adventure_home(view: dict[str, Any], action_id: str) -> tuple[str, str] | None:
    """The component (kind, key) that shows `action_id`, or None for the decision panel."""
    parts = action_id.split(":")
    head, rest = parts[0], parts[1:]
    if len(rest) == 1:
        key = rest[0]
        if head == "keep" and key in _ids(view.get("dealt")):
            return ("dealt", key)
        if head in ROW_ACTIONS and key in _row_ids(view):
            return ("card", key)
        if head == "play" and key in _ids(view.get("hand")):
            return ("hand", key)
        if head == "power" and key in _char_ids(view):
            return ("char", key)
        if head in ("spend", "sacrifice") and key in _ids(view.get("allies")):
            return ("ally", key)
        if head == "choose" and key in DECKS:
            return ("deck", key)
        return None
    if head == "challenge" and len(rest) == 2 and rest[1] in PATHS and rest[0] in _row_ids(view):
        return ("path", f"{rest[0]}:{rest[1]}")
    if action_id in ("dark", "cast", "accept") and view.get("challenge"):
        return ("challenge", "")
    if action_id == "confront" and view.get("adversary"):
        return ("adversary", "")
    return None  # end_turn and anything unforeseen: the panel draws it


# ---------------------------------------------------------------- the board's symbols

SPRITE = "/static/img/call_to_adventure.svg"
# English names (said in the reader's language where shown: named_symbol, the templates' `|t`).
NAMES = {"str": N_("Strength"), "dex": N_("Dexterity"), "con": N_("Constitution"), "int": N_("Intelligence"),
         "wis": N_("Wisdom"), "cha": N_("Charisma"), "divinity": N_("Divinity"), "justice": N_("Justice"),
         "nature": N_("Nature"), "arcane": N_("Arcane"), "royalty": N_("Royalty"), "villainy": N_("Villainy"),
         "virtue": N_("Virtue"), "corruption": N_("Corruption"), "triumph": N_("Triumph"), "tragedy": N_("Tragedy"),
         "experience": N_("Experience"), "hero": N_("Hero card"), "antihero": N_("Antihero card")}


@lru_cache(maxsize=1024)  # a board draws a few dozen symbols some three hundred times
def symbol(key: str, label: str = "", cls: str = "") -> Markup:
    """One symbol of the game's sprite; with a label it is announced (role=img), without it is decorative.

    A template global rather than a macro: a Jinja macro call costs more than the markup it makes."""
    head = f'<svg class="icon ci ci-{escape(key)}{" " + escape(cls) if cls else ""}" '
    if label:
        head += f'role="img"><title>{escape(label)}</title>'  # the title names it (app.web.icon)
    else:
        head += 'aria-hidden="true">'
    return Markup(f'{head}<use href="{SPRITE}#cta-{escape(key)}"></use></svg>')


def named_symbol(key: str) -> Markup:
    """A symbol announced by its name (Strength, Divinity, Hero card...), in the reader's language."""
    return symbol(key, say(NAMES.get(key, key)))
