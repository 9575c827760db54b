"""The board as HTML: what a board template draws from (`board_context`), the page of a game (`board_page`),
and a move's answer (`move_answer`).

A move's answer is the board fragment with the action bar out of band. It is drawn without what it must not
carry: no magnifier links (static/js/look.js puts them back), the parts the browser already holds left out
(app/ui/keep.py), and with `data-from`/`data-path` where the move moved something (app/ui/travel.py).
"""

from __future__ import annotations

from typing import Any

from fastapi.responses import HTMLResponse
from starlette.requests import Request

from app.i18n import context as i18n_context
from app.i18n.render import localize
from app.shelf.moves import SessionView
from app.ui import boards, keep, travel
from app.ui.bar import action_bar
from app.ui.templating import templates, without_look_links
from games.registry import get_engine

BOARD_FALLBACK = "partials/generic_board.html"  # a game without board templates (the tests' Pebbles)


def board_context(sv: SessionView, *, notice_kind: str = "", notice: Any = "",
                  campaign: dict[str, Any] | None = None) -> dict[str, Any]:
    """What a board template draws: the session said in the reader's language, where each action goes, the
    action bar; `campaign` is the banner of a campaign's game."""
    i18n_context.set_game(sv.game)  # this game's catalog first (app/i18n)
    sv = localize(sv)
    placement = boards.place_actions(sv.game, sv.view, sv.legal_actions)
    return {
        "sv": sv,
        "campaign": campaign,
        "placement": placement,
        "board_template": templates.env.select_template([f"games/{sv.game}/board.html", BOARD_FALLBACK]).name,
        "notice_kind": notice_kind,
        "notice": notice,
        "bar": action_bar(sv, placement),
        "chronicle": boards.chronicle(sv.game, sv.log_tail, sv.view),
        "bar_oob": False,
        "bar_fresh": False,
    }


def board_page(request: Request, context: dict[str, Any], *, template: str = "pages/play.html",
               status_code: int = 200) -> HTMLResponse:
    """A whole page with a board: every keepable part marked with its hash, for keep.js to hold."""
    answer = templates.TemplateResponse(request, template, context, status_code=status_code)
    return HTMLResponse(keep.mark(bytes(answer.body), drawn_with_links=True), status_code=status_code)


def move_answer(request: Request, sv: SessionView, context: dict[str, Any], *, status_code: int = 200) -> HTMLResponse:
    """The board fragment answering a move (200), or a refused or stale one (422, 409: the board as it is).
    The action bar's parts go out of band; the last move is announced only when a move went through."""
    moved = status_code == 200
    context["bar_oob"], context["bar_fresh"] = True, moved
    before = _before(sv) if moved else None
    if moved:
        said = context["sv"]  # the session said in the reader's language: its log lines are the story's words
        lines = [line for line in said.log_tail if line.get("seq") == sv.version]
        context["story"] = boards.story(sv.game, lines, [e.to_json() for e in sv.events], before, said.view)
    trips = boards.trips(sv.game, before, sv.view, [e.to_json() for e in sv.events]) if before is not None else None
    with travel.rendering(trips), without_look_links():
        answer = templates.TemplateResponse(request, context["board_template"], context, status_code=status_code)
    held = keep.claims(request.headers.get(keep.HEADER))
    return HTMLResponse(keep.mark(bytes(answer.body), held), status_code=status_code)


def replay_page(request: Request, context: dict[str, Any]) -> HTMLResponse:
    """A game at an earlier step: its board drawn without magnifier links (its components are not the live
    game's) and without keepable marks (nothing here is kept)."""
    with without_look_links():
        return templates.TemplateResponse(request, "pages/replay.html", context)


def _before(sv: SessionView) -> dict[str, Any] | None:
    """The view before the move that made `sv` (None when `sv` is not a move's answer)."""
    if sv.before is None:
        return None
    return sv.before_view if sv.before_view is not None else get_engine(sv.game).view(sv.before)
