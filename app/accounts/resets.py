"""A way back from a forgotten password: one-time reset links, without HTTP.

The admin page (app/pages/accounts.py) or `python -m app reset-password NAME` (for a lone admin who forgot
their own) makes a link for a player; whoever opens it sets a new password. A link

- carries 32 random bytes; only their SHA-256 is stored, so a copy of the database opens no one's account;
- works once (its row is deleted in the same transaction that sets the password) and for an hour at most;
- replaces any earlier link of the same player (one live link per player);
- once used, ends every log-in of the player (each device is told why when it next loads a page) and revokes
  their API tokens, as a password change does.

The secret travels in the link's query string (`/reset-password?token=...`), which the request log leaves
out (it logs the path only); the page that opens it asks for the new password before anything changes, so a
chat app's link preview cannot use it up.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import delete
from sqlalchemy.orm import Session

from app.accounts.logins import _find_player
from app.accounts.players import (
    ENDED_BY_RESET,
    AccountError,
    _hasher,
    check_password,
    digest,
    end_every_login,
    name_key,
    new_secret,
)
from app.db.models import LoginFailure, PasswordReset, Player, utcnow
from games.engine import Words, words

VALID_FOR = timedelta(hours=1)
PATH = "/reset-password"


def reset_path(secret: str) -> str:
    """The link's path and query on this shelf (the caller puts the shelf's address in front)."""
    return f"{PATH}?token={secret}"


def make_link(db: Session, *, player_id: str, now: datetime | None = None) -> tuple[str, datetime]:
    """A new reset secret for the player, and when it expires; LookupError for no such account.

    A disabled player gets none (AccountError): enable the account first, or a reset would log them in.
    """
    player = db.get(Player, player_id) if isinstance(player_id, str) else None
    if player is None or player.password_hash is None:
        raise LookupError(player_id)
    if player.disabled:
        raise AccountError(words("This account is disabled: enable it before making a reset link."))
    now = now or utcnow()
    secret = new_secret()
    db.execute(delete(PasswordReset).where((PasswordReset.player_id == player.id)
                                           | (PasswordReset.expires_at < now)))
    db.add(PasswordReset(token_hash=digest(secret), player_id=player.id, created_at=now, expires_at=now + VALID_FOR))
    db.commit()
    return secret, now + VALID_FOR


def link_player(db: Session, secret: object) -> Player | None:
    """The player a live link is for (None for an unknown, used or expired one); nothing changes."""
    if not isinstance(secret, str) or not secret or len(secret) > 128:
        return None
    row = db.get(PasswordReset, digest(secret))
    if row is None or row.expires_at <= utcnow():
        return None
    player = db.get(Player, row.player_id)
    return player if player is not None and not player.disabled else None


def use_link(db: Session, *, secret: object, password: object) -> Player:
    """Set the new password through a live link, once: the link is gone, every log-in of the player ends and
    their API tokens are revoked. AccountError for a dead link or a refused password (nothing changes)."""
    checked = check_password(password)
    player = link_player(db, secret)
    if player is None:
        raise AccountError(dead_link())
    gone = db.execute(delete(PasswordReset).where(PasswordReset.token_hash == digest(str(secret))))
    if gone.rowcount != 1:  # another request used it a moment ago
        db.rollback()
        raise AccountError(dead_link())
    player.password_hash = _hasher.hash(checked)
    end_every_login(db, player_id=player.id, why=ENDED_BY_RESET)
    db.execute(delete(LoginFailure).where(LoginFailure.name_key == player.name_key))  # throttled no more
    db.commit()
    return player


def dead_link() -> Words:
    return words("This reset link does not work any more: it was used already, or it is more than an hour old. "
                 "Ask the admin of this shelf for a new one.")


def find_player(db: Session, name: str) -> Player | None:
    """The player with an account whose name this is (as log-in finds it: any case, look-alikes folded)."""
    player = _find_player(db, name, name_key(name))
    return player if player is not None and player.password_hash is not None else None

