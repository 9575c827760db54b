"""The /history list: every game of a player, newest first, filtered by game, result and option, in pages.

Game and result filter in the database; an option filter ("key=value") reads the options of the rows
that pass them (options are JSON, compared the same way on SQLite and PostgreSQL), then pages.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.db.models import Campaign, GameSession
from app.shelf.stats import RESULTS
from games.registry import UnknownGame, get_engine

PER_PAGE = 100
# A page number as a link writes it: ASCII digits, at most a million pages (str.isdigit() also takes "²" and
# "③", and int() refuses more than 4,300 digits: both were a 500).
_PAGE = re.compile(r"0*[0-9]{1,6}")


@dataclass(frozen=True)
class Filters:
    """What the player asked for; values that name nothing known are dropped (the list shows all)."""

    game: str = ""
    result: str = ""
    option: str = ""  # "key=value"
    page: int = 1

    @classmethod
    def read(cls, params: Any) -> Filters:
        game = str(params.get("game") or "")
        try:
            get_engine(game) if game else None
        except UnknownGame:
            game = ""
        result = str(params.get("result") or "")
        option = str(params.get("option") or "")
        page = str(params.get("page") or "1")
        return cls(game=game, result=result if result in RESULTS else "",
                   option=option if "=" in option else "",
                   page=max(1, int(page)) if _PAGE.fullmatch(page) else 1)

    def query(self, **changes: Any) -> dict[str, str]:
        """These filters as URL parameters (for the pages' links), with `changes` applied."""
        values = {"game": self.game, "result": self.result, "option": self.option, "page": str(self.page),
                  **{k: str(v) for k, v in changes.items()}}
        return {k: v for k, v in values.items() if v and not (k == "page" and v == "1")}


@dataclass
class Page:
    rows: list[tuple[GameSession, str | None]]  # each game with the name of its campaign (None alone)
    filters: Filters
    has_next: bool
    first_number: int = 1
    extra: dict[str, Any] = field(default_factory=dict)


def _matches(record: GameSession, option: str) -> bool:
    key, _, value = option.partition("=")
    try:
        spec = get_engine(record.game).spec
    except UnknownGame:
        return False
    default = next((o.default for o in spec.options if o.key == key), None)
    if default is None:
        return False
    return str((record.options or {}).get(key, default)) == value


def games_page(db: Session, *, owner_id: str, filters: Filters, per_page: int = PER_PAGE) -> Page:
    """One page of the player's games, newest first (by when they started)."""
    query = (select(GameSession, Campaign.name).outerjoin(Campaign, Campaign.id == GameSession.campaign_id)
             .where(GameSession.owner_id == owner_id)
             .order_by(GameSession.created_at.desc(), GameSession.id.desc()))
    if filters.game:
        query = query.where(GameSession.game == filters.game)
    if filters.result:
        query = query.where(GameSession.status == filters.result)
    start = (filters.page - 1) * per_page
    if filters.option:
        rows = [(r, name) for r, name in db.execute(query).all() if _matches(r, filters.option)]
        rows = rows[start:start + per_page + 1]
    else:
        rows = [(r, name) for r, name in db.execute(query.offset(start).limit(per_page + 1)).all()]
    return Page(rows=rows[:per_page], filters=filters, has_next=len(rows) > per_page, first_number=start + 1)


def option_words(game: str, options: dict[str, Any] | None) -> list[tuple[str, str]]:
    """A game's options as (label, chosen value's label), in the game's order (labels still to be said)."""
    try:
        spec = get_engine(game).spec
    except UnknownGame:
        return [(k, str(v)) for k, v in (options or {}).items()]
    found = []
    for opt in spec.options:
        value = str((options or {}).get(opt.key, opt.default))
        found.append((opt.label, dict(opt.choices).get(value, value)))
    return found
