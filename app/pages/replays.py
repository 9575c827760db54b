"""The replay page (issue #17): `/play/{id}/replay?step=N`, a game drawn with its own board as it stood at N.

Read-only: the board is rendered with no legal actions and no undo. Step back / forward links, forms to jump
to a step or to the start of a turn (GET), a link for every step (in blocks of `BLOCK`), and autoplay
(static/js/replay.js follows the "next" link on a timer; without JavaScript the links and forms do everything).
"""

from __future__ import annotations

import re
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from app.core.errors import NotFound
from app.http.auth import PagePlayer
from app.i18n.render import current, localize_lines
from app.pages.common import DB, MISSING_GAME, not_found, page_router, titles
from app.shelf import advisor, review, timeline
from app.shelf.files.savefile import ReplayError
from app.ui import charts, table
from games.engine import words

router = page_router()

BLOCK = 100  # the step list shows every step of the current block of 100, and a link to each other block


def parse_step(raw: str | None) -> int | None:
    """A step from the query string: a whole number of 0 or more (absent: 0); None if it is not one."""
    text = (raw or "0").strip()
    return int(text) if re.fullmatch(r"\d{1,9}", text) else None


def step_links(db: Any, session_id: str, at: timeline.Step) -> dict[str, Any]:
    """Every step of the current block, each with what it did (its first log line, in the reader's language,
    and whether it was an undo), and the first step of every block."""
    first = (at.step // BLOCK) * BLOCK
    last = min(at.steps, first + BLOCK - 1)
    entries = timeline.entries_between(db, session_id, max(first, 1), last)
    steps = []
    for n in range(first, last + 1):
        lines = localize_lines(entries.get(n, []), current())  # current(): after _board_context set the game
        steps.append({"n": n, "undo": any(line["kind"] == "undo" for line in lines),
                      "said": lines[0]["text"] if lines else ""})
    blocks = [{"first": b, "last": min(at.steps, b + BLOCK - 1), "current": b == first}
              for b in range(0, at.steps + 1, BLOCK)]
    return {"steps": steps, "blocks": blocks}


def _to_turn(request: Request, db: Any, session_id: str, owner_id: str) -> Response:
    """`?turn=T`: on to the step where turn T began (303), or a page saying there is no such turn."""
    wanted = parse_step(request.query_params.get("turn"))
    try:
        starts = timeline.turn_starts(db, session_id=session_id, owner_id=owner_id)
    except NotFound:
        return not_found(request, MISSING_GAME)
    except ReplayError:
        return not_found(request, words("This game's log no longer replays under the current rules."))
    if wanted is None or wanted not in starts:
        message = words("This game has no turn {turn}: its turns run from {first} to {last}.",
                        turn=request.query_params.get("turn", ""), first=min(starts, default=0),
                        last=max(starts, default=0)) if starts else words("This game has no turns to jump to.")
        return not_found(request, message)
    return RedirectResponse(f"/play/{session_id}/replay?step={starts[wanted]}", status_code=303)


def _review_on_replay(db: Any, session_id: str, owner_id: str, step: int) -> dict[str, Any]:
    """The game review's chart, when the game has one done, and its point for the step shown (if a decision)."""
    found = review.current(db, session_id=session_id, owner_id=owner_id)
    if found is None or found.status != "done":
        return {"review_chart": None, "review_here": None}
    marks = {p.n for p in found.marks}
    return {"review_chart": charts.review_chart(found.points, marks),
            "review_here": next((p for p in found.points if p.step == step), None)}


@router.get("/play/{session_id}/replay", response_model=None)
def replay_page(session_id: str, request: Request, db: DB, me: PagePlayer) -> HTMLResponse:
    if "turn" in request.query_params:
        return _to_turn(request, db, session_id, me.player_id)
    n = parse_step(request.query_params.get("step"))
    if n is None:
        return not_found(request, words("A step is a whole number: 0 is the new game."), 422)
    try:
        at = timeline.step(db, session_id=session_id, n=n, owner_id=me.player_id)
    except timeline.StepOutOfRange as exc:
        return not_found(request, exc.args[0])
    except NotFound:
        return not_found(request, MISSING_GAME)
    except ReplayError:
        return not_found(request, words("This game's log no longer replays under the current rules."))
    sv = timeline.session_view(db, at)
    context = table.board_context(sv)
    context.update({
        "title": titles().get(sv.game, sv.game),
        "at": at,
        "entry_lines": localize_lines(timeline.entry_lines(at.entry), current()),  # after set_game
        "links": step_links(db, session_id, at),
        "advised": set(advisor.advised_versions(db, session_id=session_id)),  # where the advisor was asked
        **_review_on_replay(db, session_id, me.player_id, at.step),
        "replay": True,
        "turn": at.view.get("turn") if isinstance(at.view.get("turn"), int) else None,
    })
    return table.replay_page(request, context)
