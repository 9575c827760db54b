"""Jinja2 set-up for the HTML pages, and the helpers the templates lean on.

- `templates`: the one `Jinja2Templates` instance (templates/ at the repository root), with the
  filters and globals below registered.
- `icon(name, label)`: an inline `<svg>` that uses a symbol of the vendored game-icons sprite.
- `memo(macro, *args)`: a pure macro rendered once per distinct argument list.
- `error_page(request, status, context)`: the page of a refused request (app.http.errors draws with it).
Each game's own helpers come from its module in app/ui/boards/.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime
from functools import lru_cache
from typing import Any
from urllib.parse import quote

import jinja2
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates
from jinja2 import FileSystemBytecodeCache, TemplateNotFound, pass_context
from jinja2.ext import Extension
from jinja2.lexer import Token, TokenStream
from markupsafe import Markup, escape

from app.accounts import current
from app.core import jsoncodec
from app.core.config import ROOT
from app.i18n import context as i18n_context
from app.i18n import render as i18n_render
from app.i18n.locales import DEFAULT
from app.shelf.files import exports
from app.ui import assets, boards, pictures, travel
from games.engine import N_

TEMPLATES_DIR = ROOT / "templates"



class Unindented(Extension):
    """Templates are indented for people to read; a browser collapses that whitespace anyway. In the text
    between template tags, a line break followed by indentation becomes one line break when the template is
    compiled, so no page and no move's answer carries it (about 5 % of a board, compressed), at no cost per
    render. A line break still separates words. No template holds a <pre> or a <textarea>, where whitespace
    would count (tests/ui/test_templating.py checks it)."""

    def filter_stream(self, stream: TokenStream) -> Iterator[Token]:
        for token in stream:
            if token.type == "data":
                yield Token(token.lineno, "data", _INDENT.sub("\n", token.value))
            else:
                yield token


_INDENT = re.compile(r"\n[ \t\r\n]+")

templates = Jinja2Templates(directory=str(TEMPLATES_DIR))
templates.env.add_extension(Unindented)
# Templates are part of the release: never stat their files again once compiled. Left on, Jinja
# checks the file of every included and imported template on every render (dozens per board).
templates.env.auto_reload = False


def _compiled_templates_cache() -> FileSystemBytecodeCache | None:
    """Compiled templates kept on disk, so that each new process (a server's workers, a restart, every test worker)
    loads them instead of compiling the 92 templates again (about two seconds of CPU each time). Jinja keys an entry by
    the template's name and source; the folder's name adds what else shapes the compiled code (this module, with its
    extension, and Jinja's version), so a release that changes either starts a new folder. The folder is the user's
    own (0700): a cache anyone else could write into would run their code. Where none can be made, templates are
    compiled as before."""
    shaped_by = hashlib.sha256(open(__file__, "rb").read() + jinja2.__version__.encode()).hexdigest()[:16]
    folder = os.path.join(tempfile.gettempdir(), f"solo-shelf-templates-{os.getuid()}-{shaped_by}")
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        info = os.lstat(folder)
    except OSError:
        return None
    private = stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid() and not info.st_mode & 0o077
    return FileSystemBytecodeCache(folder) if private else None


templates.env.bytecode_cache = _compiled_templates_cache()
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
# A board says a few hundred words: in English (the source language: no catalog) each is its own text at once.


def _gettext(message: str) -> str:
    return message if i18n_context.locale() == DEFAULT else i18n_render.current().gettext(message)


def _ngettext(singular: str, plural: str, n: int) -> str:
    if i18n_context.locale() == DEFAULT:
        return singular if n == 1 else plural
    return i18n_render.current().ngettext(singular, plural, n)


templates.env.install_gettext_callables(  # type: ignore[attr-defined]
    gettext=_gettext,
    ngettext=_ngettext,
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
    return Markup(f'{head}<use href="{assets.asset("icons/game-icons.svg")}#gi-{escape(name)}"></use></svg>')


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


_LOOK_LINKS: ContextVar[bool] = ContextVar("look_links", default=True)


def look_links() -> bool:
    """Whether the board being drawn carries its components' magnifier links (templates/partials/look.html)."""
    return _LOOK_LINKS.get()


@contextmanager
def without_look_links() -> Iterator[None]:
    """Draw without the magnifier links: a move's answer (only a page with JavaScript asks for one, and
    static/js/look.js puts the links back) and a replay's board (its components are not the live game's)."""
    token = _LOOK_LINKS.set(False)
    try:
        yield
    finally:
        _LOOK_LINKS.reset(token)


_MEMO: dict[tuple[Any, str, str | None, bool, bytes], Markup] = {}
MEMO_ENTRIES = 20_000  # a few hundred bytes each: a few MB at most, then it starts over


def memo(macro: Any, *args: Any) -> Markup:
    """`macro(*args)`, rendered once per distinct argument list and reused: for the pure pieces a
    board repeats (a tower cell, a rune), which are mostly the same from one move to the next.

    Only for macros whose HTML depends on their arguments alone: no caller, no request-dependent
    global (csrf_field, current_player), no variable of the calling template. The arguments are
    keyed by their JSON (view data, actions), so equal arguments give equal HTML.
    """
    try:
        key = (macro._func.__code__, i18n_context.locale(), i18n_context.game(), _LOOK_LINKS.get(),
               jsoncodec.dumps_bytes(args))
    except TypeError:  # not JSON (an undefined value...): render it, uncached
        return macro(*args)
    found = _MEMO.get(key)
    if found is None:
        if len(_MEMO) >= MEMO_ENTRIES:
            _MEMO.clear()
        found = _MEMO[key] = Markup(macro(*args))
    return found


def on_this_site(path: str) -> str:
    """`path` as a link that can only lead to a page of this site: one leading slash, URL-quoted. A request for
    `/%2Fevil.example/x` has the path `//evil.example/x`, which as a link would be another site's address."""
    return "/" + quote(path.lstrip("/\\"), safe="/-._~!$&'()*+,;=:@")


def csrf_field() -> Markup:
    """The hidden CSRF field every state-changing form carries (empty in single mode: nothing to send)."""
    token = current.csrf_token()
    return Markup(f'<input type="hidden" name="{current.CSRF_FIELD}" value="{escape(token)}">') if token else Markup("")


def where(game: str, view: Any, campaign: Any = None) -> Markup:
    """The line a list shows of where a game stands ("Week 9 · 25 Morale"), or with `campaign` (its view; `view`
    is then its game under way, or None) where the campaign stands: the macros `where` and `campaign_where` of
    templates/games/<slug>/_where.html, said in that game's words; empty for a game without that template."""
    try:
        module = templates.env.get_template(f"games/{game}/_where.html").module
    except TemplateNotFound:
        return Markup("")
    with i18n_context.using(game_=game):
        if campaign is not None:
            return Markup(module.campaign_where(campaign, view)) if hasattr(module, "campaign_where") else Markup("")
        return Markup(module.where(view)) if view is not None else Markup("")


templates.env.globals["icon"] = icon
templates.env.globals["where"] = where
templates.env.globals["campaign_sealed"] = exports.campaign_sealed
templates.env.globals["memo"] = memo
templates.env.globals["look_links"] = look_links
templates.env.globals["came"] = travel.came
templates.env.globals["took"] = travel.took
templates.env.globals["csrf_token"] = current.csrf_token
templates.env.globals["csrf_field"] = csrf_field
templates.env.globals["current_player"] = current.current_player
templates.env.globals.update(boards.template_globals())
templates.env.globals["app_name"] = N_("Solo Shelf")  # said with |t where shown
# A word kept in a template's table to be said later (`| t`), in the language of whoever reads that page: a
# module imported without context is made once, so a word translated there would stay in the first reader's.
templates.env.globals["N_"] = N_
templates.env.globals["game_image"] = game_image
templates.env.globals["asset"] = assets.asset
templates.env.globals["picture"] = pictures.picture
templates.env.globals["picture_href"] = pictures.href


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
templates.env.filters["percent"] = _per_reader(i18n_render.percent)
templates.env.filters["moment"] = _per_reader(i18n_render.moment)
templates.env.globals["lang"] = i18n_context.locale
templates.env.filters["signed"] = signed
templates.env.filters["on_this_site"] = on_this_site
templates.env.tests["prefixed"] = lambda value, prefix: str(value).startswith(prefix)


_ERROR_TEMPLATES = {404: "pages/404.html", 503: "pages/busy.html"}


def error_page(request: Any, status: int, context: dict[str, Any], headers: Any = None) -> HTMLResponse:
    """The page of a refused request (app.http.errors draws its HTML answers with it): 'Lost at sea' for a 404,
    'All hands are busy' for a 503, 'Not allowed' (with the context's heading) for the rest."""
    template = _ERROR_TEMPLATES.get(status, "pages/403.html")
    return templates.TemplateResponse(request, template, context, status_code=status, headers=headers)
