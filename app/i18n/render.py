"""Words in the reader's language: `say()` for one text, `localize()` for a whole answer.

What can be said:
- a `games.engine.Words`: its message id is looked up in the catalog of the current game (then the app's),
  and each parameter is said too, so `words("Buy {card}", card="Sword")` says the card's name in Spanish;
- a plain string: looked up as a message id (a card's name from a data file, an option label marked with
  `N_`); a string no catalog knows comes back unchanged (ids, player names);
- anything else comes back unchanged.

`localize(sv)` gives a copy of a session's answer with its view (the strings under the game's TEXT_KEYS and
every `Words`), action labels, status and log said in the current language. English costs nothing: a `Words`
already is its English text.
"""

from __future__ import annotations

import gettext
import importlib
from dataclasses import replace
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any

from babel.dates import format_datetime, format_timedelta
from babel.numbers import format_decimal, format_percent

from app.core.words import STORED_PREFIX, stored_words
from app.i18n import context
from app.i18n.catalogs import translations
from app.i18n.locales import DEFAULT, PSEUDO
from app.i18n.pseudo import mark
from games.engine import N_, Action, ScoreLine, Status, Words


def _babel_locale(loc: str) -> str:
    return "en" if loc == PSEUDO else loc


def current() -> gettext.NullTranslations:
    return translations(context.locale(), context.game())


def say(value: Any, t: gettext.NullTranslations | None = None) -> Any:
    """`value` in the current language (see the module docstring)."""
    if isinstance(value, Words):
        return _words(value, t or current())
    if isinstance(value, str):
        if value.startswith(STORED_PREFIX):
            kept = stored_words(value)
            if isinstance(kept, Words):
                return _words(kept, t or current())
        return (t or current()).gettext(value) if value else value
    return value


def _words(w: Words, t: gettext.NullTranslations) -> str:
    pattern = t.gettext(w.msgid) if w.plural is None else t.ngettext(w.msgid, w.plural, w.n or 0)
    if not w.params:
        return pattern
    grammar = getattr(t, "grammar", None)
    if grammar is None:
        params = {k: say(v, t) if isinstance(v, str) else v for k, v in w.params.items()}
    else:  # each name knows its gender, for the article a translation asks of it (app/i18n/grammar.py)
        params = {k: grammar.said(v, say(v, t)) if isinstance(v, str) else v for k, v in w.params.items()}
    try:
        said = pattern.format(**params)
    except (KeyError, IndexError, ValueError):  # a broken translation: the English beats an error
        return str(w)
    return said if grammar is None else grammar.finish(said)


def say_json(data: Any, t: gettext.NullTranslations | None = None) -> str | None:
    """A stored `{"m": ..., "p": ...}` (see Words.to_json) said now; None when `data` is not one."""
    w = Words.from_json(data)
    return None if w is None else _words(w, t or current())


@lru_cache(maxsize=16)
def text_keys(game: str) -> frozenset[str]:
    """The keys of a game's view whose strings are words for a person (games/<slug>/texts.py TEXT_KEYS)."""
    try:
        return frozenset(importlib.import_module(f"games.{game}.texts").TEXT_KEYS)
    except ModuleNotFoundError:
        return frozenset()


def translate_view(value: Any, t: gettext.NullTranslations, keys: frozenset[str], key: str = "") -> Any:
    """A copy of a view with every `Words`, and every string under one of `keys`, said through `t`.

    On every move of a Spanish reader, so written for speed: numbers, booleans and None are copied without a
    call, and a plain string is looked up only under a key that holds words."""
    catalog = getattr(t, "_catalog", None)  # a plain dictionary look-up where the catalog is a gettext one
    look = t.gettext if catalog is None or t._fallback is not None else (lambda text: catalog.get(text, text))

    def one(v: Any, under: str) -> Any:
        kind = type(v)
        if kind is str:
            return look(v) if v and under in keys else v
        if kind is dict:
            return {k: one(x, k) if type(x) not in _PLAIN else x for k, x in v.items()}
        if kind is list or kind is tuple:
            return [one(x, under) if type(x) not in _PLAIN else x for x in v]
        if kind is Words:
            return _words(v, t)
        return v

    return one(value, key)


_PLAIN = frozenset({int, float, bool, type(None)})


def localize_view(game: str, view: Any) -> Any:
    """A game's view (or a piece of one) said in the current language; itself in English."""
    loc = context.locale()
    if loc == DEFAULT:
        return view
    return translate_view(view, translations(loc, game), text_keys(game))


def localize_status(status: Status, t: gettext.NullTranslations) -> Status:
    return replace(status, reason=say(status.reason, t), breakdown=tuple(
        ScoreLine(say(s.label, t), s.points, say(s.detail, t)) for s in status.breakdown))


def localize_lines(lines: list[dict[str, Any]], t: gettext.NullTranslations) -> list[dict[str, Any]]:
    """Stored log lines (`text`, and `words` when they were made from Words) in the current language.

    A board shows the last forty lines on every move and a move adds only a few: each line is said once per
    catalog and kept (by its message id and English text, which its words determine)."""
    out = []
    for line in lines:
        data, said = line.get("words"), None
        if isinstance(data, dict) and isinstance(data.get("m"), str):
            key = (t, data["m"], line.get("text", ""))
            said = _SAID.get(key)
            if said is None:
                said = say_json(data, t)
                if said is not None:
                    if len(_SAID) >= _SAID_KEPT:
                        _SAID.clear()
                    _SAID[key] = said
        out.append({**line, "text": said if said is not None else say(line.get("text", ""), t)})
    return out


_SAID: dict[tuple[Any, str, str], str] = {}
_SAID_KEPT = 20_000


def localize_actions(actions: list[Action], t: gettext.NullTranslations) -> list[Action]:
    return [Action(a.id, say(a.label, t), a.group) for a in actions]


def localize(sv: Any) -> Any:
    """A session's or a campaign's answer (app.shelf.moves.SessionView, app.shelf.campaigns.CampaignView) said in
    the current language; its `attention` (when it has one) said as text in every language."""
    loc = context.locale()
    if loc == DEFAULT:
        attention = getattr(sv, "attention", None)
        return replace(sv, attention=str(attention)) if attention else sv
    t = translations(loc, sv.game)
    said = replace(
        sv,
        view=translate_view(sv.view, t, text_keys(sv.game)),
        legal_actions=localize_actions(sv.legal_actions, t),
        status=localize_status(sv.status, t),
        log_tail=localize_lines(sv.log_tail, t),
    )
    if getattr(sv, "attention", None):
        said = replace(said, attention=say(sv.attention, t))
    return said


def number(value: float | int, digits: int | None = None) -> str:
    """A number as the reader writes it (1,234.5 / 1234,5)."""
    fmt = None if digits is None else "#,##0." + "0" * digits if digits else "#,##0"
    return format_decimal(value, format=fmt, locale=_babel_locale(context.locale()))


def percent(value: float) -> str:
    """A share as the reader writes a percentage, whole (42% / 42 %)."""
    return format_percent(value, locale=_babel_locale(context.locale()))


def moment(value: datetime | None, width: str = "medium") -> str:
    """A date and time as the reader writes it."""
    if value is None:
        return ""
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return _marked(format_datetime(value, width, locale=_babel_locale(context.locale())))


def ago(value: datetime | None) -> str:
    """How long ago, in words: 'just now', '5 minutes ago', 'hace 3 horas'; a date after a week."""
    if value is None:
        return ""
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    delta = datetime.now(UTC) - value
    if delta.total_seconds() < 60:
        return say(N_("just now"))
    if delta.days >= 7:
        return moment(value, "short")
    return _marked(format_timedelta(-delta, add_direction=True, locale=_babel_locale(context.locale())))


def _marked(text: str) -> str:
    """Babel's own words (month names, "ago") count as translated in the pseudo-locale."""
    return mark(text) if context.locale() == PSEUDO else text


def say_in(value: Any, game: str | None) -> Any:
    """`value` said through a game's catalog (then the app's), wherever the page is: a game's title and
    summary on the library or the saves page."""
    return say(value, translations(context.locale(), game))
