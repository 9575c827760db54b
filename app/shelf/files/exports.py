"""What a player downloads when exporting: the file and its name.

A game of a campaign is exported as its campaign: a voyage alone would come back as a loose game, outside the
campaign it belongs to. A file's name ends in "-sealed" when its seed is sealed (it opens only on this server).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy.orm import Session

from app.db.models import Campaign, GameSession
from app.shelf.files import campaign_files, game_files
from app.shelf.files.sealing import Sealer, is_sealed
from app.shelf.naming import file_name
from app.shelf.store import get_session

Download = tuple[dict[str, Any], str]


def game_download(db: Session, *, session_id: str, sealer: Sealer, owner_id: str | None = None) -> Download:
    """A saved game's file and name; its campaign's, when it is a game of a campaign."""
    record = get_session(db, session_id=session_id, owner_id=owner_id)
    if record.campaign_id is not None:
        return campaign_download(db, campaign_id=record.campaign_id, sealer=sealer, owner_id=owner_id)
    data = game_files.export_session(db, session_id=session_id, sealer=sealer, owner_id=owner_id)
    return data, file_name(record.game, record.name, record.id, sealed=is_sealed(data))


def campaign_download(db: Session, *, campaign_id: str, sealer: Sealer, owner_id: str | None = None) -> Download:
    """A campaign's file and name."""
    data = campaign_files.export_campaign(db, campaign_id=campaign_id, sealer=sealer, owner_id=owner_id)
    return data, file_name(data["game"], data["name"], campaign_id, campaign=True, sealed=is_sealed(data))


def sealed_games(db: Session, sessions: Iterable[GameSession]) -> set[str]:
    """The ids of the saved games whose download is sealed (a campaign's game: if its campaign's is)."""
    found = set()
    for record in sessions:
        if record.campaign_id is not None:
            campaign = db.get(Campaign, record.campaign_id)
            if campaign is not None and campaign_sealed(campaign):
                found.add(record.id)
        elif not game_files.seed_is_open(db, record):
            found.add(record.id)
    return found


def campaign_sealed(campaign: Campaign) -> bool:
    """Whether a campaign's download is sealed (app/shelf/files/campaign_files.py, `export_campaign`)."""
    return not campaign_files.seed_is_open(campaign)
