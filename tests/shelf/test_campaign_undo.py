"""Taking back a campaign's between-games choices (app.shelf.campaigns.undo), on Pebbles and Adamastor.

A choice comes back with its state (Renown spent returns), the log says "Took back: ..." and the version
moves on; there is nothing to take back before a choice, once a game has set sail, while one is played,
or after the campaign's end; a stale version changes nothing; no game session is ever touched.
"""

from __future__ import annotations

import pytest
from sqlalchemy import select

from app.core.errors import Illegal, Stale
from app.db.models import Campaign, CampaignLogEntry, GameSession
from app.shelf import campaigns
from games.registry import get_engine
from tests.shelf.test_campaigns import finish_game, start


def db_of(client):
    return client.app.state.sessionmaker()


def games_as_they_are(db, cid: str) -> list[tuple]:
    return [(g.id, g.version, g.status) for g in db.scalars(select(GameSession).where(GameSession.campaign_id == cid))]


def between(client) -> str:
    """A Pebbles campaign whose first game is over: its between-games choices are `train` and `sail`."""
    c = start(client)
    finish_game(client, c["current_session"], win=False)
    return c["id"]


def test_a_choice_is_taken_back_with_a_log_line_and_a_new_version(client, pebbles):
    cid = between(client)
    with db_of(client) as db:
        before = campaigns.current_view(db, campaign_id=cid)
        state_before = dict(db.get(Campaign, cid).state)
        games = games_as_they_are(db, cid)
        assert not before.can_undo
        after = campaigns.act(db, campaign_id=cid, action="train", version=before.version)
        assert after.can_undo and after.view["head_start"] == 2
        back = campaigns.undo(db, campaign_id=cid, version=after.version)
        assert back.version == before.version + 2 and not back.can_undo
        assert back.view == before.view and db.get(Campaign, cid).state == state_before
        assert [a.id for a in back.legal_actions] == [a.id for a in before.legal_actions]
        last = db.scalars(select(CampaignLogEntry).where(CampaignLogEntry.campaign_id == cid)
                          .order_by(CampaignLogEntry.seq.desc())).first()
        assert (last.kind, last.action, last.seq) == ("undo", "train", back.version)
        assert last.events[0]["text"] == "Took back: Train the crew."
        assert games_as_they_are(db, cid) == games, "a take-back touched a game"


def test_nothing_to_take_back_before_a_choice_after_sailing_or_during_a_game(client, pebbles):
    c = start(client)
    cid = c["id"]
    with db_of(client) as db:
        with pytest.raises(Illegal, match="finish it first"):  # the first game is being played
            campaigns.undo(db, campaign_id=cid, version=c["version"])
    finish_game(client, c["current_session"], win=False)
    with db_of(client) as db:
        cv = campaigns.current_view(db, campaign_id=cid)
        with pytest.raises(Illegal, match="nothing to take back"):
            campaigns.undo(db, campaign_id=cid, version=cv.version)
        cv = campaigns.act(db, campaign_id=cid, action="train", version=cv.version)
        cv = campaigns.act(db, campaign_id=cid, action="sail", version=cv.version)
        assert cv.current_session and not cv.can_undo
        games = games_as_they_are(db, cid)
        with pytest.raises(Illegal):
            campaigns.undo(db, campaign_id=cid, version=cv.version)
        assert games_as_they_are(db, cid) == games
    finish_game(client, cv.current_session, win=True)  # the second and last game: the campaign is over
    with db_of(client) as db:
        cv = campaigns.current_view(db, campaign_id=cid)
        assert cv.status.over and not cv.can_undo
        with pytest.raises(Illegal, match="nothing to take back"):
            campaigns.undo(db, campaign_id=cid, version=cv.version)
        assert campaigns.current_view(db, campaign_id=cid).version == cv.version


def test_a_stale_take_back_changes_nothing(client, pebbles):
    cid = between(client)
    with db_of(client) as db:
        cv = campaigns.current_view(db, campaign_id=cid)
        cv = campaigns.act(db, campaign_id=cid, action="train", version=cv.version)
        for version in (cv.version - 1, cv.version + 1):
            with pytest.raises(Stale):
                campaigns.undo(db, campaign_id=cid, version=version)
        with pytest.raises(Illegal, match="whole number"):
            campaigns.undo(db, campaign_id=cid, version="1")
        now = campaigns.current_view(db, campaign_id=cid)
        assert now.version == cv.version and now.view["head_start"] == 2 and now.can_undo


def adamastor_with_renown(client, purse: int) -> str:
    """A new Adamastor campaign (before its first voyage) whose purse holds `purse` Renown: a crafted position."""
    cid = client.post("/api/campaigns", json={"game": "adamastor", "seed": 5}).json()["id"]
    cengine = get_engine("adamastor").campaign
    with db_of(client) as db:
        row = db.get(Campaign, cid)
        cstate = cengine.load(row.state)
        cstate.purse = cstate.renown = purse
        row.state = cengine.dump(cstate)
        db.commit()
    return cid


def test_adamastor_choices_come_back_one_by_one_with_their_renown(client):
    cid = adamastor_with_renown(client, 10)
    with db_of(client) as db:
        cv = campaigns.current_view(db, campaign_id=cid)
        card = next(a.id for a in cv.legal_actions if a.id.startswith("card:"))
        cv = campaigns.act(db, campaign_id=cid, action=card, version=cv.version)
        chosen = cv.view
        upgrade = next(a.id for a in cv.legal_actions if a.id.startswith("upgrade:"))
        cv = campaigns.act(db, campaign_id=cid, action=upgrade, version=cv.version)
        assert cv.view["renown"]["purse"] < 10
        cv = campaigns.undo(db, campaign_id=cid, version=cv.version)
        assert cv.view == chosen and cv.view["renown"]["purse"] == 10, "the Renown spent came back"
        assert cv.can_undo, "the card chosen before it can still be taken back"
        cv = campaigns.undo(db, campaign_id=cid, version=cv.version)
        assert cv.view["chosen"] is None and card in {a.id for a in cv.legal_actions} and not cv.can_undo
        with pytest.raises(Illegal, match="nothing to take back"):
            campaigns.undo(db, campaign_id=cid, version=cv.version)
        # Choices made again after a take-back sail as usual; then nothing before the voyage comes back.
        cv = campaigns.act(db, campaign_id=cid, action=card, version=cv.version)
        cv = campaigns.act(db, campaign_id=cid, action=upgrade, version=cv.version)
        cv = campaigns.act(db, campaign_id=cid, action="sail", version=cv.version)
        assert cv.current_session and not cv.can_undo
        with pytest.raises(Illegal):
            campaigns.undo(db, campaign_id=cid, version=cv.version)
        assert db.get(GameSession, cv.current_session).version == 0
        lines = [e.events[0]["text"] for e in campaigns.campaign_log(db, campaign_id=cid) if e.kind == "undo"]
        assert len(lines) == 2 and all(line.startswith("Took back: ") for line in lines)


def test_a_campaign_exported_after_a_take_back_imports_as_it_stands(client, pebbles):
    cid = between(client)
    with db_of(client) as db:
        cv = campaigns.current_view(db, campaign_id=cid)
        cv = campaigns.act(db, campaign_id=cid, action="train", version=cv.version)
        cv = campaigns.undo(db, campaign_id=cid, version=cv.version)
        campaigns.act(db, campaign_id=cid, action="sail", version=cv.version)
    data = client.get(f"/api/campaigns/{cid}/export").json()
    assert client.post("/api/campaigns/import?on_shelf=copy", json=data).status_code == 201
