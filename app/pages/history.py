"""The /history and /stats pages (issue #17): every game of the player, and the figures of their play.

Both are plain GET pages (the history's filters are a GET form, its pages plain links): they work
without JavaScript. Only the player's own games are read (app/shelf/).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from fastapi import Request
from fastapi.responses import HTMLResponse

from app.http.auth import PagePlayer
from app.pages.common import DB, page_router, titles
from app.pages.common import page as draw
from app.shelf import advisor, history, review, stats
from app.shelf.stats import RESULTS
from app.ui import charts
from games.registry import all_engines

# Like every page: a player is required, and only that player's games are shown.
router = page_router()


def _option_choices() -> list[dict[str, Any]]:
    """Every game's options for the filter: [{slug, title, choices: [(key=value, option label, value label)]}]."""
    return [{"slug": e.spec.slug, "title": e.spec.title,
             "choices": [(f"{o.key}={v}", o.label, label) for o in e.spec.options for v, label in o.choices]}
            for e in all_engines() if e.spec.options]


@router.get("/history", response_class=HTMLResponse)
def history_page(request: Request, db: DB, me: PagePlayer) -> HTMLResponse:
    filters = history.Filters.read(request.query_params)
    page = history.games_page(db, owner_id=me.player_id, filters=filters, per_page=history.PER_PAGE)
    option_games = [g for g in _option_choices() if not filters.game or g["slug"] == filters.game]
    return draw(request, "pages/history.html", {
        "nav": "history",
        "page": page,
        "advised": advisor.advised_games(db, [s.id for s, _ in page.rows]),  # the advisor was asked in them
        "reviews": review.reviewed_games(db, [s.id for s, _ in page.rows]),
        "filters": filters,
        "titles": titles(),
        "results": RESULTS,
        "option_games": option_games,
        "option_words": history.option_words,
        "prev_url": "/history?" + urlencode(filters.query(page=filters.page - 1)) if filters.page > 1 else "",
        "next_url": "/history?" + urlencode(filters.query(page=filters.page + 1)) if page.has_next else "",
    })


def _game_figures(db: Any, owner_id: str, engine: Any, figures: dict[str, Any]) -> dict[str, Any]:
    spec = engine.spec
    options = []
    for opt in spec.options:
        labels = dict(opt.choices)
        rows = [(labels.get(value, value), counted) for value, counted in figures["by_option"][opt.key].items()]
        options.append({"key": opt.key, "label": opt.label, "rows": rows, "varied": len(rows) > 1})
    return {
        "slug": spec.slug,
        "title": spec.title,
        "figures": figures,
        "options": options,
        "chart": charts.score_chart(stats.scores_over_time(db, owner_id=owner_id, game=spec.slug))
        if figures["played"] else None,
        "reviews": review.review_figures(db, owner_id=owner_id, game=spec.slug),
    }


@router.get("/stats", response_class=HTMLResponse)
def stats_page(request: Request, db: DB, me: PagePlayer) -> HTMLResponse:
    found = stats.player_stats(db, owner_id=me.player_id)["games"]
    games = [_game_figures(db, me.player_id, e, found[e.spec.slug]) for e in all_engines()]
    return draw(request, "pages/stats.html", {
        "nav": "stats",
        "played": [g for g in games if g["figures"]["played"]],
        "unplayed": [g for g in games if not g["figures"]["played"]],
    })
