"""Campaigns: create, list, act between games (and take a choice back), start the next game, fold in a
finished one.

A campaign's games are ordinary sessions (with their own log and snapshot) linked by `campaign_id`.
The campaign has its own state, version (compare-and-set, like a session's) and append-only log of
its actions, its take-backs and its games starting and ending. Finishing a game updates the campaign in the
same transaction as the game's last move (see `on_game_over`, called from app.shelf.moves).

Taking back works as a session's undo does (app.shelf.moves): `Campaign.checkpoint` is the state before the
first choice made since the last game began or ended, `Campaign.pending` the choices made since; `undo`
rebuilds the state from the checkpoint without the last of them, so Renown spent comes back. Starting or
ending a game clears both, as does a choice that reveals something: a choice can be taken back until the
next game sets sail, never past it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from app.core.errors import Illegal, NotFound, Refused, Stale
from app.core.locks import KeyedLocks
from app.db.models import Campaign, CampaignLogEntry, GameSession, utcnow
from app.shelf.naming import campaign_game_name, default_name
from app.shelf.store import choose_seed, clean_name, insert_session, new_id, newest_first, owner_or_default
from games.engine import Action, CampaignEngine, Event, GameEngine, IllegalAction, OptionError, Status, reason, words
from games.registry import UnknownGame, get_engine

LOG_TAIL = 40

_lock_for = KeyedLocks()


def campaign_engine(game: str) -> tuple[GameEngine, CampaignEngine]:
    """The game and its campaign mode; Refused if it has none."""
    try:
        engine = get_engine(game)
    except UnknownGame as exc:
        raise Refused(words("unknown game: {game}", game=repr(exc.args[0]))) from None
    if getattr(engine, "campaign", None) is None:
        raise Refused(words("{game} has no campaign mode", game=engine.spec.title))
    return engine, engine.campaign


@dataclass
class CampaignView:
    id: str
    game: str
    name: str
    version: int
    status: Status
    view: dict[str, Any]
    legal_actions: list[Action]
    current_session: str | None
    games: list[dict[str, Any]]
    log_tail: list[dict[str, Any]]
    created_at: datetime
    updated_at: datetime
    # The campaign's seed if the player chose it (shown on its page), else None.
    chosen_seed: int | None = None
    # A between-games choice can be taken back (`undo`).
    can_undo: bool = False

    def to_json(self) -> dict[str, Any]:
        """The JSON answer (its words as they are: the API says them in the reader's language first)."""
        return {
            "id": self.id,
            "game": self.game,
            "name": self.name,
            "version": self.version,
            "status": self.status.to_json(),
            "score": self.status.score,
            "view": self.view,
            "legal_actions": [a.to_json() for a in self.legal_actions],
            "current_session": self.current_session,
            "games": self.games,
            "log_tail": self.log_tail,
            "created_at": self.created_at.isoformat(),
            "updated_at": self.updated_at.isoformat(),
            "seed_chosen": self.chosen_seed is not None,
            "can_undo": self.can_undo,
        }


def create_campaign(
    db: Session,
    *,
    game: str,
    seed: int | None = None,
    options: dict | None = None,
    name: str | None = None,
    owner_id: str | None = None,
) -> Campaign:
    engine, cengine = campaign_engine(game)
    chosen = seed is not None
    seed = choose_seed(seed)
    try:
        options = cengine.spec.normalize_options(options)
        cstate = cengine.new_campaign(seed, options)
    except OptionError as exc:
        raise Refused(reason(exc)) from None
    now = utcnow()
    status = cengine.status(cstate)
    campaign = Campaign(
        id=new_id(),
        game=engine.spec.slug,
        name=clean_name(name, default_name(cengine.spec.title, now, engine.spec.slug)),
        seed=seed,
        seed_chosen=chosen,
        options=options,
        rules_version=cengine.spec.rules_version,
        status=status.state,
        score=status.score,
        version=0,
        state=cengine.dump(cstate),
        created_at=now,
        updated_at=now,
        owner_id=owner_or_default(db, owner_id),
    )
    db.add(campaign)
    db.flush()
    _start_due_game(db, campaign, engine, cengine, cstate)
    db.commit()
    return campaign


def get_campaign(db: Session, *, campaign_id: str, owner_id: str | None = None) -> Campaign:
    """The campaign with this id; with `owner_id`, only if it is that player's (else NotFound, as if missing)."""
    campaign = db.get(Campaign, campaign_id) if isinstance(campaign_id, str) else None
    if campaign is None or (owner_id is not None and campaign.owner_id != owner_id):
        raise NotFound(words("no campaign with id {id}", id=repr(campaign_id)))
    return campaign


def list_campaigns(
    db: Session, *, in_progress: bool | None = None, game: str | None = None, owner_id: str | None = None
) -> list[Campaign]:
    return list(db.scalars(newest_first(Campaign, in_progress=in_progress, game=game, owner_id=owner_id)))


def rename_campaign(db: Session, *, campaign_id: str, name: str, owner_id: str | None = None) -> Campaign:
    campaign = get_campaign(db, campaign_id=campaign_id, owner_id=owner_id)
    cleaned = clean_name(name, "")
    if not cleaned:
        raise Refused(words("a name cannot be empty"))
    campaign.name = cleaned
    db.commit()
    return campaign


def delete_campaign(db: Session, *, campaign_id: str, owner_id: str | None = None) -> None:
    """Delete the campaign and every game of it."""
    campaign = get_campaign(db, campaign_id=campaign_id, owner_id=owner_id)
    # Their logs and snapshots go with them (ON DELETE CASCADE).
    db.execute(delete(GameSession).where(GameSession.campaign_id == campaign_id))
    db.execute(delete(CampaignLogEntry).where(CampaignLogEntry.campaign_id == campaign_id))
    db.delete(campaign)
    db.commit()


def campaign_games(db: Session, *, campaign_id: str) -> list[GameSession]:
    return list(
        db.scalars(
            select(GameSession).where(GameSession.campaign_id == campaign_id).order_by(GameSession.campaign_index)
        )
    )


def campaign_log(db: Session, *, campaign_id: str, owner_id: str | None = None) -> list[CampaignLogEntry]:
    get_campaign(db, campaign_id=campaign_id, owner_id=owner_id)
    return list(
        db.scalars(
            select(CampaignLogEntry)
            .where(CampaignLogEntry.campaign_id == campaign_id)
            .order_by(CampaignLogEntry.seq)
        )
    )


def current_view(db: Session, *, campaign_id: str, owner_id: str | None = None) -> CampaignView:
    campaign = get_campaign(db, campaign_id=campaign_id, owner_id=owner_id)
    _engine, cengine = campaign_engine(campaign.game)
    return _build_view(db, campaign, cengine, cengine.load(campaign.state))


def _build_view(db: Session, campaign: Campaign, cengine: CampaignEngine, cstate: Any) -> CampaignView:
    status = cengine.status(cstate)
    games = campaign_games(db, campaign_id=campaign.id)
    current = next((g.id for g in games if g.status == "in_progress"), None)
    return CampaignView(
        id=campaign.id,
        game=campaign.game,
        name=campaign.name,
        version=campaign.version,
        status=status,
        view=cengine.view(cstate),
        legal_actions=[] if status.over or current else cengine.legal_actions(cstate),
        current_session=current,
        games=[
            {"id": g.id, "index": g.campaign_index, "name": g.name, "status": g.status, "score": g.score,
             "attention": g.attention}
            for g in games
        ],
        log_tail=_log_tail(db, campaign.id),
        created_at=campaign.created_at,
        updated_at=campaign.updated_at,
        chosen_seed=campaign.seed if campaign.seed_chosen else None,
        can_undo=bool(campaign.pending) and not status.over and current is None,
    )


def _log_tail(db: Session, campaign_id: str) -> list[dict[str, Any]]:
    rows = db.execute(
        select(CampaignLogEntry.seq, CampaignLogEntry.events)
        .where(CampaignLogEntry.campaign_id == campaign_id)
        .order_by(CampaignLogEntry.seq.desc())
        .limit(LOG_TAIL)
    ).all()
    lines = [
        {"seq": seq, "kind": ev.get("kind", "event"), "text": ev.get("text", ""),
         **({"words": ev["words"]} if "words" in ev else {})}  # said again in the reader's language
        for seq, events in reversed(rows)
        for ev in events
    ]
    return lines[-LOG_TAIL:]


def _checked(
    db: Session, campaign_id: str, version: Any, owner_id: str | None
) -> tuple[Campaign, GameEngine, CampaignEngine, Any]:
    """The campaign, its engines and state, if `version` is its current one and none of its games is in
    progress (else Illegal or Stale, with the campaign as it stands)."""
    campaign = get_campaign(db, campaign_id=campaign_id, owner_id=owner_id)
    engine, cengine = campaign_engine(campaign.game)
    cstate = cengine.load(campaign.state)
    if isinstance(version, bool) or not isinstance(version, int):
        raise Illegal(words("version must be a whole number"), _build_view(db, campaign, cengine, cstate))
    if version != campaign.version:
        raise Stale(_build_view(db, campaign, cengine, cstate))
    if any(g.status == "in_progress" for g in campaign_games(db, campaign_id=campaign_id)):
        raise Illegal(
            words("a game of this campaign is in progress: finish it first"),
            _build_view(db, campaign, cengine, cstate),
        )
    return campaign, engine, cengine, cstate


def act(db: Session, *, campaign_id: str, action: Any, version: Any, owner_id: str | None = None) -> CampaignView:
    """Apply a between-games choice; may start the next game in the same transaction."""
    with _lock_for(campaign_id):
        campaign, engine, cengine, cstate = _checked(db, campaign_id, version, owner_id)
        if not isinstance(action, str) or not action or len(action) > 200:
            raise Illegal(words("an action must be a non-empty action id"), _build_view(db, campaign, cengine, cstate))
        before = campaign.state
        try:
            cstate, events = cengine.apply(cstate, action)
        except IllegalAction as exc:
            db.rollback()
            raise Illegal(reason(exc), current_view(db, campaign_id=campaign_id)) from None
        # What can be taken back now: nothing past a reveal, else every choice since the checkpoint.
        if any(e.reveals for e in events):
            undo_point = None
        elif campaign.pending and campaign.checkpoint is not None:
            undo_point = (campaign.checkpoint, [*campaign.pending, action])
        else:
            undo_point = (before, [action])
        _advance(db, campaign, cengine, cstate, "action", action, events, undo_point=undo_point)
        _start_due_game(db, campaign, engine, cengine, cstate)  # its log entry clears the undo point
        db.commit()
        return _build_view(db, campaign, cengine, cstate)


def undo(db: Session, *, campaign_id: str, version: Any, owner_id: str | None = None) -> CampaignView:
    """Take back the latest between-games choice: the state rebuilt from the checkpoint without it.

    Illegal (nothing changed) when there is none: before any choice, once a game has set sail, or after
    the campaign's end. Never touches a game: the choices it can reach were all made since the last one.
    """
    with _lock_for(campaign_id):
        campaign, _engine, cengine, cstate = _checked(db, campaign_id, version, owner_id)
        if cengine.status(cstate).over or not campaign.pending or campaign.checkpoint is None:
            raise Illegal(
                words("nothing to take back: no choice has been made since the last game began or ended"),
                _build_view(db, campaign, cengine, cstate),
            )
        undone, pending = campaign.pending[-1], campaign.pending[:-1]
        try:
            rebuilt = cengine.load(campaign.checkpoint)
            for choice in pending:
                rebuilt, _ = cengine.apply(rebuilt, choice)
        except IllegalAction as exc:  # the rules changed under the saved choices: keep them as they are
            raise Illegal(reason(exc), _build_view(db, campaign, cengine, cstate)) from None
        # Named by the label the player pressed (the choice as offered in the state it was taken back to).
        label = next((a.label for a in cengine.legal_actions(rebuilt) if a.id == undone), undone)
        events = [Event("undo", words("Took back: {action}.", action=label))]
        undo_point = (campaign.checkpoint, pending) if pending else None
        _advance(db, campaign, cengine, rebuilt, "undo", undone, events, undo_point=undo_point)
        db.commit()
        return _build_view(db, campaign, cengine, rebuilt)


def on_game_over(db: Session, record: GameSession, engine: GameEngine, final_state: Any) -> None:
    """Called by app.shelf.moves inside the transaction of a campaign game's last move."""
    campaign = get_campaign(db, campaign_id=record.campaign_id)
    cengine = engine.campaign
    cstate, events = cengine.finish_game(cengine.load(campaign.state), final_state)
    _advance(db, campaign, cengine, cstate, "game_end", record.id, events)
    _start_due_game(db, campaign, engine, cengine, cstate)


def _advance(
    db: Session,
    campaign: Campaign,
    cengine: CampaignEngine,
    cstate: Any,
    kind: str,
    action: str,
    events: list[Event],
    *,
    undo_point: tuple[dict[str, Any], list[str]] | None = None,
) -> None:
    """Save the new campaign state and append to its log, claiming the next version atomically.

    `undo_point` is what can be taken back from the new state, (checkpoint, pending choices); None: nothing."""
    status = cengine.status(cstate)
    old, now = campaign.version, utcnow()
    claimed = db.execute(
        update(Campaign)
        .where(Campaign.id == campaign.id, Campaign.version == old)
        .values(
            version=old + 1,
            status=status.state,
            score=status.score,
            state=cengine.dump(cstate),
            checkpoint=undo_point[0] if undo_point else None,
            pending=undo_point[1] if undo_point else [],
            updated_at=now,
        )
        .execution_options(synchronize_session=False)
    )
    if claimed.rowcount != 1:
        db.rollback()
        raise Stale(current_view(db, campaign_id=campaign.id))
    db.add(
        CampaignLogEntry(
            campaign_id=campaign.id,
            seq=old + 1,
            kind=kind,
            action=action,
            events=[e.to_json() for e in events],
            created_at=now,
        )
    )
    db.flush()
    db.refresh(campaign)


def _start_due_game(
    db: Session, campaign: Campaign, engine: GameEngine, cengine: CampaignEngine, cstate: Any
) -> GameSession | None:
    """Start the campaign's next game if the campaign asks for one and none is in progress."""
    if cengine.status(cstate).over:
        return None
    games = campaign_games(db, campaign_id=campaign.id)
    if any(g.status == "in_progress" for g in games):
        return None
    setup = cengine.next_game(cstate)
    if setup is None:
        return None
    index = len(games) + 1
    state = engine.new_game(setup.seed, setup.options, setup.carried)
    record = insert_session(
        db,
        engine,
        seed=setup.seed,
        options=setup.options,
        name=campaign_game_name(campaign.name, index),
        state=state,
        carried=setup.carried,
        campaign_id=campaign.id,
        campaign_index=index,
        owner_id=campaign.owner_id,
        seed_chosen=campaign.seed_chosen,  # its seed comes from the campaign's
    )
    _advance(db, campaign, cengine, cstate, "game_start", record.id, [game_start_event(index)])
    return record


def game_start_event(index: int) -> Event:
    return Event("game_start", words("Game {n} of the campaign begins.", n=index))
