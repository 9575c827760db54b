"""A game as a portable file: exported (its seed sealed while it could tell the future) and imported (opened,
replayed, verified and stored). The file format itself is app/shelf/files/savefile.py.

A file carries its game's id. Imported where that id is free, the game comes back under it, so bookmarks and
other devices find it again. Where the player's game of that id is still on the shelf, the import asks first
(OnShelf, 409): `on_shelf="restore"` puts the game back to the file's point under its id, `"copy"` keeps a
copy beside it under a new id. An id held by another player's game, or by a game of a campaign, gets a copy.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from app.core.errors import ImportRefused, OnShelf
from app.db.models import Campaign, GameSession, LogEntry, Snapshot, utcnow
from app.shelf.files.savefile import (
    ON_SHELF,
    SAVE_FORMAT,
    SAVE_FORMAT_VERSION,
    ReplayError,
    check_save,
    effective_actions,
    state_digest,
)
from app.shelf.files.sealing import Sealer, SealRefused, is_sealed, open_file, seed_chosen_flag
from app.shelf.naming import default_name, free_name
from app.shelf.store import (
    choose_seed,
    clean_name,
    get_session,
    insert_session,
    log_entries,
    owner_or_default,
    taken_names,
)
from games.engine import Event, reason, words


def export_session(db: Session, *, session_id: str, sealer: Sealer, owner_id: str | None = None) -> dict[str, Any]:
    """The portable save: its seed in clear if it tells nothing to come (see `seed_is_open`), else sealed."""
    record = get_session(db, session_id=session_id, owner_id=owner_id)
    snapshot = db.get(Snapshot, session_id)
    log = [(e.kind, e.action) for e in log_entries(db, session_id=session_id)]
    data = {
        "format": SAVE_FORMAT,
        "format_version": SAVE_FORMAT_VERSION,
        "id": record.id,
        "game": record.game,
        "rules_version": record.rules_version,
        "seed": record.seed,
        "seed_chosen": record.seed_chosen,
        "options": record.options,
        "carried": record.carried,
        "name": record.name,
        "actions": effective_actions(log),
        **({"redeals": record.redeals} if record.redeals else {}),
        "final": {"status": record.status, "score": record.score, "digest": state_digest(snapshot.state)},
    }
    return data if seed_is_open(db, record) else sealer.seal(data)


def seed_is_open(db: Session, record: GameSession) -> bool:
    """Whether a game's seed may be shown: the player chose it, or nothing is left to deal.

    A finished game of a campaign still in progress keeps it: its seed comes from the campaign's,
    which deals the voyages to come.
    """
    if record.seed_chosen:
        return True
    if record.status == "in_progress":
        return False
    return record.campaign_id is None or db.get(Campaign, record.campaign_id).status != "in_progress"


def import_session(db: Session, *, data: Any, sealer: Sealer | None, owner_id: str | None = None,
                   on_shelf: str | None = None) -> GameSession:
    """Open a sealed save (with this server's key), replay and verify it, then store it: under its own id when
    that is free, else as the player said (`on_shelf`, see the module docstring).

    A save from an older rules version is stored under the current one, with the score it has now.
    """
    if on_shelf is not None and on_shelf not in ON_SHELF:
        raise ImportRefused(words("on_shelf must be “restore” or “copy”"))
    try:
        opened = open_file(data, sealer)
        chosen = seed_chosen_flag(opened)
        checked = check_save(opened)
    except (ReplayError, SealRefused) as exc:
        raise ImportRefused(words("This save cannot be imported: {why}", why=reason(exc))) from None
    engine = checked.engine
    if not is_sealed(data) and not engine.status(checked.state).over:
        chosen = True  # an unfinished game whose seed came in clear: its player can know what comes next
    owner_id = owner_or_default(db, owner_id)
    name = clean_name(checked.name, default_name(engine.spec.title, utcnow()))
    record_id = _restored_id(db, checked.saved_id, owner_id, on_shelf)
    state, redeals = checked.state, checked.redeals
    if record_id is None and is_sealed(data) and not engine.status(state).over and hasattr(engine, "redeal"):
        # A copy beside its original (or another player's): no window on the original's future.
        secret = choose_seed(None)
        state, redeals = engine.redeal(state, secret), [*(redeals or []), [len(checked.actions), secret]]
    record = insert_session(
        db,
        engine,
        record_id=record_id,
        seed=checked.seed,
        options=checked.options,
        name=free_name(name, taken_names(db, GameSession, owner_id=owner_id)),
        state=state,
        redeals=redeals,
        version=len(checked.actions),
        carried=checked.carried,
        owner_id=owner_id,
        seed_chosen=chosen,
    )
    # The imported log starts a fresh history: nothing before the import can be undone.
    now = utcnow()
    said = words("Game imported from a save file.")
    if checked.upgraded_from is not None:  # replayed under today's rules: its score is today's
        said = words("Game imported from a save file made under rules version {old}, replayed and scored under "
                     "version {current}.", old=checked.upgraded_from, current=engine.spec.rules_version)
    imported = Event("import", said).to_json()
    for seq, action in enumerate(checked.actions, start=1):
        events = [imported] if seq == len(checked.actions) else []
        db.add(LogEntry(session_id=record.id, seq=seq, kind="action", action=action, events=events, created_at=now))
    db.commit()
    return record


def _restored_id(db: Session, saved_id: str | None, owner_id: str, on_shelf: str | None) -> str | None:
    """The id the imported game takes (None: a new one); a game restored over is deleted here, in the import's
    transaction (its log and snapshots go with it), so the file's game takes its place."""
    if saved_id is None:
        return None
    existing = db.get(GameSession, saved_id)
    if existing is None:
        return saved_id
    if existing.owner_id != owner_id or existing.campaign_id is not None or on_shelf == "copy":
        return None
    if on_shelf is None:
        raise OnShelf(words("“{name}” is still on your shelf: restore it to the file's point, or keep a copy "
                            "beside it.", name=existing.name), existing=existing.id)
    db.delete(existing)
    db.flush()
    return saved_id
