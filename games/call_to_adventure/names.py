"""The game's words that the rules code says in sentences: names of abilities, icons, kinds and runes, and a
list of translatable pieces joined with commas. Every one is a `Words` (or an `N_` constant) so the web layer
says it in the reader's language (GLOSSARY.md has the Spanish terms)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.engine import N_, Words, words

ICON_NAMES = {"str": N_("Strength"), "dex": N_("Dexterity"), "con": N_("Constitution"), "int": N_("Intelligence"),
              "wis": N_("Wisdom"), "cha": N_("Charisma"), "divinity": N_("Divinity"), "justice": N_("Justice"),
              "nature": N_("Nature"), "arcane": N_("Arcane"), "royalty": N_("Royalty"), "villainy": N_("Villainy")}
KIND_NAMES = {"origin": N_("Origin"), "motivation": N_("Motivation"), "destiny": N_("Destiny")}
ROMAN = {1: "I", 2: "II", 3: "III"}


def act_numeral(act: int | str) -> str:
    """An act as the board and the rulebook number it: 2 -> "II" (the log says "Act II", as the board does)."""
    return ROMAN.get(int(act), str(act))


def icon_name(key: str) -> Words:
    return words(ICON_NAMES.get(key, key))


def kind_name(kind: str) -> Words:
    return words(KIND_NAMES.get(kind, kind))


def rune_name(rune_id: str) -> Words:
    """"core2" -> Core rune, "str3" -> Strength rune, "dark1" -> Dark rune."""
    base = rune_id.rstrip("0123456789")
    if base == "core":
        return words("Core rune")
    if base == "dark":
        return words("Dark rune")
    return words("{ability} rune", ability=icon_name(base))


def listing(items: Sequence[Any], sep: str = ", ") -> Words:
    """Pieces (Words or names) joined by `sep`, each said in the reader's language. The joining pattern is not a
    sentence of its own (no letters), so no catalog needs it."""
    params = {f"i{k}": item for k, item in enumerate(items)}
    return Words(sep.join("{" + key + "}" for key in params), params)
