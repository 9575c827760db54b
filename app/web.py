"""Jinja2 set-up for the HTML pages, and the helpers the templates lean on.

- `templates`: the one `Jinja2Templates` instance (templates/ at the repository root), with the
  filters and globals below registered.
- `icon(name, label)`: an inline `<svg>` that uses a symbol of the vendored game-icons sprite.
- `place_actions(view, actions)`: decides where on a board each legal action is drawn (a hand card,
  a map space, the Experience card...). Every action not placed on a component the board draws lands
  in the decision panel, so every legal action is always clickable.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

from fastapi.templating import Jinja2Templates
from jinja2 import pass_context
from markupsafe import Markup, escape

from app import auth, jsoncodec
from app.boards import call_to_adventure as cta_board
from app.boards.adamastor import cell_look
from app.boards.call_to_adventure import call_to_adventure_home
from app.boards.nemos_war import nemos_war_home
from app.boards.platformer import platformer_home
from app.i18n import context as i18n_context
from app.i18n import render as i18n_render
from app.table import travel
from games.engine import N_, Action

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES_DIR = ROOT / "templates"
ICON_SPRITE = "/static/icons/game-icons.svg"

templates = Jinja2Templates(directory=str(TEMPLATES_DIR))
# Templates are part of the release: never stat their files again once compiled. Left on, Jinja
# checks the file of every included and imported template on every render (dozens per board).
templates.env.auto_reload = False
_DICT_ATTRIBUTES = frozenset(dir(dict))
_jinja_getattr = templates.env.getattr


def _getattr(obj: Any, attribute: str) -> Any:
    """`view.map.slots` without an exception per step: Jinja tries getattr() first, which on a dict
    raises AttributeError before it falls back to the key. Same result for every name that is not a
    dict method (those still go the usual way, so `x.items()` keeps working)."""
    if type(obj) is dict and attribute not in _DICT_ATTRIBUTES:
        try:
            return obj[attribute]
        except KeyError:
            return templates.env.undefined(obj=obj, name=attribute)
    return _jinja_getattr(obj, attribute)


templates.env.getattr = _getattr  # type: ignore[method-assign]

# Words in templates go through gettext (`{% trans %}`, `_()`): looked up in the catalogs of the request's
# language and game (app/i18n). Newstyle gettext escapes the variables of a translated string.
templates.env.add_extension("jinja2.ext.i18n")
templates.env.policies["ext.i18n.trimmed"] = True
templates.env.install_gettext_callables(  # type: ignore[attr-defined]
    gettext=lambda message: i18n_render.current().gettext(message),
    ngettext=lambda singular, plural, n: i18n_render.current().ngettext(singular, plural, n),
    pgettext=lambda ctx, message: i18n_render.current().pgettext(ctx, message),
    npgettext=lambda ctx, singular, plural, n: i18n_render.current().npgettext(ctx, singular, plural, n),
    newstyle=True,
)


def icon(name: str, label: str = "", cls: str = "") -> Markup:
    """An icon from the sprite; with a label it is announced (role=img), without it is decorative.
    The label is said in the reader's language (a label already said comes back as it is)."""
    return _icon(name, i18n_render.say(label) if label else "", cls)


@lru_cache(maxsize=1024)  # a board draws the same few icons over a hundred times
def _icon(name: str, label: str = "", cls: str = "") -> Markup:
    classes = f"icon {cls}".strip()
    if label:
        # The <title> child names the image (and shows on hover); an aria-label saying it again would only
        # weigh on every move's answer.
        head = f'<svg class="{escape(classes)}" role="img"><title>{escape(label)}</title>'
    else:
        head = f'<svg class="{escape(classes)}" aria-hidden="true">'
    return Markup(f'{head}<use href="{ICON_SPRITE}#gi-{escape(name)}"></use></svg>')


def when(value: datetime | None) -> str:
    """A short, human date in the reader's language: 'just now', '5 minutes ago', else the day."""
    return i18n_render.ago(value)


def game_image(slug: str) -> str:
    """The picture of a game on its tile: static/img/<slug>.svg, or a generic box until it is drawn."""
    own = ROOT / "static" / "img" / f"{slug}.svg"
    return f"/static/img/{slug}.svg" if own.is_file() else "/static/img/game.svg"


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value).replace("-", "\u2212")


def compile_all() -> None:
    """Compile every template now (once per process), so the first visitor after a restart does not
    wait for it: compiling them all on first use takes a few hundred milliseconds."""
    for name in templates.env.list_templates(extensions=["html"]):
        templates.env.get_template(name)


_MEMO: dict[tuple[Any, str, str | None, bytes], Markup] = {}
MEMO_ENTRIES = 20_000  # a few hundred bytes each: a few MB at most, then it starts over


def memo(macro: Any, *args: Any) -> Markup:
    """`macro(*args)`, rendered once per distinct argument list and reused: for the pure pieces a
    board repeats (a tower cell, a rune), which are mostly the same from one move to the next.

    Only for macros whose HTML depends on their arguments alone: no caller, no request-dependent
    global (csrf_field, current_player), no variable of the calling template. The arguments are
    keyed by their JSON (view data, actions), so equal arguments give equal HTML.
    """
    try:
        key = (macro._func.__code__, i18n_context.locale(), i18n_context.game(), jsoncodec.dumps_bytes(args))
    except TypeError:  # not JSON (an undefined value...): render it, uncached
        return macro(*args)
    found = _MEMO.get(key)
    if found is None:
        if len(_MEMO) >= MEMO_ENTRIES:
            _MEMO.clear()
        found = _MEMO[key] = Markup(macro(*args))
    return found


def csrf_field() -> Markup:
    """The hidden CSRF field every state-changing form carries (empty in single mode: nothing to send)."""
    token = auth.csrf_token()
    return Markup(f'<input type="hidden" name="{auth.CSRF_FIELD}" value="{escape(token)}">') if token else Markup("")


templates.env.globals["icon"] = icon
templates.env.globals["memo"] = memo
templates.env.globals["came"] = travel.came
templates.env.globals["took"] = travel.took
templates.env.globals["csrf_token"] = auth.csrf_token
templates.env.globals["csrf_field"] = csrf_field
templates.env.globals["current_player"] = auth.current_player
templates.env.globals["adamastor_cell"] = cell_look
templates.env.globals["cta_symbol"] = cta_board.symbol
templates.env.globals["cta_named_symbol"] = cta_board.named_symbol
templates.env.globals["cta_names"] = cta_board.NAMES
templates.env.globals["app_name"] = N_("Solo Shelf")  # said with |t where shown
templates.env.globals["game_image"] = game_image


def _per_reader(func: Any) -> Any:
    """A filter whose answer depends on the reader's language. Jinja folds a plain filter applied to a literal
    (`"Off Madeira"|t`) at compile time, in whatever language compiled it; a context filter is never folded."""

    @pass_context
    def filter_(_context: Any, *args: Any, **kwargs: Any) -> Any:
        return func(*args, **kwargs)

    return filter_


templates.env.filters["when"] = _per_reader(when)
templates.env.filters["t"] = _per_reader(i18n_render.say)  # a content string or Words in the reader's language
templates.env.filters["in_game"] = _per_reader(i18n_render.say_in)  # ... looked up in that game's catalog first
templates.env.filters["number"] = _per_reader(i18n_render.number)
templates.env.filters["moment"] = _per_reader(i18n_render.moment)
templates.env.globals["lang"] = i18n_context.locale
templates.env.filters["signed"] = signed
templates.env.tests["prefixed"] = lambda value, prefix: str(value).startswith(prefix)


@dataclass
class Placement:
    """Legal actions sorted by the component that shows them; `panel` gets the rest."""

    homes: dict[tuple[str, str], list[Action]] = field(default_factory=dict)
    panel: list[Action] = field(default_factory=list)

    def at(self, kind: str, key: Any = "") -> list[Action]:
        return self.homes.get((kind, str(key)), [])

    def pick(self, kind: str, keys: Iterable[Any]) -> dict[str, list[Action]]:
        """The actions of several components of one kind, by key (only those that have some)."""
        return {str(k): self.homes[(kind, str(k))] for k in keys if (kind, str(k)) in self.homes}

    def has(self, kind: str, key: Any = "") -> bool:
        return (kind, str(key)) in self.homes

    def add(self, home: tuple[str, str] | None, action: Action) -> None:
        if home is None:
            self.panel.append(action)
        else:
            self.homes.setdefault(home, []).append(action)


def _numbers(cards: Iterable[dict[str, Any]] | None) -> set[str]:
    return {str(c.get("number")) for c in cards or () if isinstance(c, dict)}


def _space_ids(board_map: dict[str, Any] | None) -> set[str]:
    """Every space the map draws: the cells of face-up cards (not inland), the ports, the start spaces."""
    ids: set[str] = set()
    board_map = board_map or {}
    for slot in board_map.get("slots", []):
        if slot.get("face_up"):
            for row in slot.get("cells", []):
                ids.update(c["id"] for c in row if c.get("kind") != "none")
    ids.update(p["id"] for p in board_map.get("ports", []))
    ids.update(f"p0.{row}" for row in range(3))  # the start spaces are always drawn
    return ids


def _adamastor_home(view: dict[str, Any], action_id: str) -> tuple[str, str] | None:
    """Where an Adamastor action id lives on the board, or None for the decision panel."""
    parts = action_id.split(":")
    head = parts[0]
    hand, skills = _numbers(view.get("hand")), _numbers(view.get("skills"))
    traumas = _numbers(view.get("traumas"))
    if head == "start" and len(parts) == 2:
        return ("space", parts[1]) if parts[1] in _space_ids(view.get("map")) else None
    if action_id == "draw":
        return ("deck", "")
    if action_id == "navigate":
        return ("helm", "")
    if action_id == "end_actions":
        return ("tokens", "")
    if action_id in ("exp:morale", "exp:action"):
        return ("exp", "")
    if head == "swap" and len(parts) == 3 and parts[1][1:] in hand:
        return ("hand", parts[1][1:])
    if head == "nav" and len(parts) == 3:
        if parts[1] == "add" and parts[2] in hand:
            return ("hand", parts[2])
        if parts[1] == "burst" and parts[2] in skills:
            return ("skill", parts[2])
        if parts[1] == "move" and parts[2] in _space_ids(view.get("map")):
            return ("space", parts[2])
        return None
    if action_id == "nav:stop":
        return ("nav", "") if view.get("navigation") else None
    if head in ("learn", "discard") and len(parts) == 2 and parts[1] in hand:
        return ("hand", parts[1])
    if head == "heal" and len(parts) == 2 and parts[1] in traumas:
        return ("trauma", parts[1])
    if head == "exp" and len(parts) == 3 and parts[1] == "heal" and parts[2] in traumas:
        return ("trauma", parts[2])
    if head == "enc" and view.get("encounter"):
        return ("encounter", "")
    return None  # task:*, learn:skip, ignore:* ... are decisions: the panel shows them


_PLACERS = {
    "adamastor": _adamastor_home,
    "nemos_war": nemos_war_home,
    "platformer": platformer_home,
    "call_to_adventure": call_to_adventure_home,
}


def place_actions(game: str, view: dict[str, Any], actions: Iterable[Action]) -> Placement:
    """Sort legal actions onto the board's components; unknown games put everything in the panel."""
    placer = _PLACERS.get(game)
    placement = Placement()
    for action in actions:
        placement.add(placer(view, action.id) if placer else None, action)
    return placement
