"""Log-ins, without HTTP: the password check with its throttle, the cookie's log-in sessions, personal API
tokens, and `Principal`, who a request is from.

Failures are counted in the database, so every replica agrees. Only digests of the secrets are stored.
"""

from __future__ import annotations

import secrets
import unicodedata
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import bindparam, delete, func, select, update
from sqlalchemy.orm import Session

from app.accounts.players import (
    _DUMMY_HASH,
    TOKEN_NAME_MAX,
    TOKEN_PREFIX,
    TOUCH_EVERY,
    AccountError,
    _hasher,
    _legacy_key,
    digest,
    name_key,
    new_secret,
    throttled,
    verify_password,
)
from app.core.config import Settings
from app.db.models import ApiToken, AuthSession, LoginFailure, Player, utcnow
from games.engine import words

# ---------------------------------------------------------------- log-in, with throttling

def _failures_since(db: Session, where: Any, since: datetime) -> tuple[int, datetime | None]:
    count, oldest = db.execute(
        select(func.count(), func.min(LoginFailure.created_at)).where(where, LoginFailure.created_at > since)
    ).one()
    return int(count), oldest


def _check_throttle(db: Session, settings: Settings, key: str, address: str, now: datetime) -> None:
    """Throttled past the failures allowed for this account from this address, or from this address at all.

    Never per account alone: failures from other addresses must not lock the owner out of their own
    account. A guesser spread over many addresses gets LOGIN_MAX_FAILURES_PER_ACCOUNT tries from each
    (an IPv6 address counts as its /64), each try costing a full password hash.
    """
    window = timedelta(seconds=settings.login_window_seconds)
    since = now - window
    from_here = LoginFailure.address == address
    for where, limit in (((LoginFailure.name_key == key) & from_here, settings.login_max_failures_per_account),
                         (from_here, settings.login_max_failures_per_address)):
        count, oldest = _failures_since(db, where, since)
        if count >= limit and oldest is not None:
            raise throttled(oldest, window, now)


def log_in(db: Session, settings: Settings, *, name: object, password: object, address: str) -> Player:
    """The player if the name and password match (and they are not disabled); else AccountError.

    Failures are counted in the database, per account and address and per address, so every replica
    agrees; past a limit the password is not even checked (Throttled) until the window has moved on.
    """
    key = name_key(name) if isinstance(name, str) else ""
    address = address[:64]
    now = utcnow()
    _check_throttle(db, settings, key, address, now)
    player = _find_player(db, name, key) if key else None
    stored = player.password_hash if player is not None else None
    ok = verify_password(stored or _DUMMY_HASH, password if isinstance(password, str) else "") and stored is not None
    if not ok or player is None or player.disabled:
        db.execute(delete(LoginFailure).where(LoginFailure.created_at < now - timedelta(
            seconds=settings.login_window_seconds)))
        db.add(LoginFailure(name_key=key, address=address, created_at=now))
        db.commit()
        if ok and player is not None and player.disabled:
            raise AccountError(words("This account is disabled: ask the admin of this shelf."))
        raise AccountError(words("That name and password do not match an account here."))
    # Only this address's failures: a success must not wipe what another address was counted for.
    db.execute(delete(LoginFailure).where(LoginFailure.name_key == key, LoginFailure.address == address))
    if _hasher.check_needs_rehash(stored):
        player.password_hash = _hasher.hash(password)
    db.commit()
    return player


def _find_player(db: Session, name: object, key: str) -> Player | None:
    """The player a typed name means: by its key, or an older player who kept the key it had (migration 0009)."""
    legacy = _legacy_key(name) if isinstance(name, str) else key
    found = {p.name_key: p for p in db.scalars(select(Player).where(Player.name_key.in_({key, legacy})))}
    return found.get(legacy) if legacy != key and legacy in found else found.get(key)


# ---------------------------------------------------------------- log-in sessions (the cookie)

@dataclass(frozen=True)
class Principal:
    """Who a request is from, and how it proved it (`cookie`, `bearer` or `single`)."""

    player_id: str
    name: str
    is_admin: bool
    via: str
    csrf_token: str | None = None
    session_hash: str | None = None


def start_session(db: Session, settings: Settings, *, player_id: str) -> tuple[str, str]:
    """A new log-in: (the cookie's token, its CSRF token). Only the token's digest is stored.

    Log-ins that timed out without coming back are swept here (log-ins are rare; requests are not).
    """
    token, csrf, now = new_secret(), new_secret(), utcnow()
    db.execute(delete(AuthSession).where(
        (AuthSession.last_seen_at < now - timedelta(minutes=settings.session_idle_minutes))
        | (AuthSession.created_at < now - timedelta(minutes=settings.session_absolute_minutes))))
    db.add(AuthSession(token_hash=digest(token), player_id=player_id, csrf_token=csrf, created_at=now,
                       last_seen_at=now))
    db.commit()
    return token, csrf


def why_logged_out(db: Session, *, token: str) -> str | None:
    """Why the log-in of this cookie was ended by a password change or a reset ("password", "reset"), or None.

    Said once: the ended log-in is deleted as it is told.
    """
    hashed = digest(token)
    why = db.scalar(select(AuthSession.ended).where(AuthSession.token_hash == hashed))
    if why is not None:
        db.execute(delete(AuthSession).where(AuthSession.token_hash == hashed))
        db.commit()
    return why


def end_session(db: Session, *, token: str) -> None:
    db.execute(delete(AuthSession).where(AuthSession.token_hash == digest(token)))
    db.commit()


# Every request looks up its log-in or token: statements built once, on the tables (no ORM), like a move's.
_SESSIONS, _TOKENS, _PLAYERS = AuthSession.__table__.c, ApiToken.__table__.c, Player.__table__.c
_SESSION_LOOKUP = (
    select(_SESSIONS.created_at, _SESSIONS.last_seen_at, _SESSIONS.csrf_token,
           _PLAYERS.id, _PLAYERS.name, _PLAYERS.is_admin, _PLAYERS.disabled, _SESSIONS.ended)
    .select_from(AuthSession.__table__.join(Player.__table__, _PLAYERS.id == _SESSIONS.player_id))
    .where(_SESSIONS.token_hash == bindparam("hashed"))
)
_TOKEN_LOOKUP = (
    select(_TOKENS.id, _TOKENS.last_used_at, _PLAYERS.id.label("player_id"), _PLAYERS.name, _PLAYERS.is_admin,
           _PLAYERS.disabled)
    .select_from(ApiToken.__table__.join(Player.__table__, _PLAYERS.id == _TOKENS.player_id))
    .where(_TOKENS.token_hash == bindparam("hashed"))
)


def session_principal(db: Session, settings: Settings, token: str) -> Principal | None:
    """The player of a log-in cookie, if the log-in is alive: one lookup by primary key.

    Expired log-ins are deleted when met. The idle timestamp is written at most once a minute.
    """
    hashed = digest(token)
    row = db.execute(_SESSION_LOOKUP, {"hashed": hashed}).first()
    if row is None:
        return None
    created, seen, csrf, player_id, name, is_admin, disabled, ended = row
    if ended is not None:  # a password change or a reset ended it: kept only to say so (`why_logged_out`)
        return None
    now = utcnow()
    if (disabled or now - seen > timedelta(minutes=settings.session_idle_minutes)
            or now - created > timedelta(minutes=settings.session_absolute_minutes)):
        db.execute(delete(AuthSession).where(AuthSession.token_hash == hashed))
        db.commit()
        return None
    if now - seen > TOUCH_EVERY:
        db.execute(update(AuthSession).where(AuthSession.token_hash == hashed).values(last_seen_at=now))
        db.commit()
    return Principal(player_id, name, bool(is_admin), "cookie", csrf, hashed)


# ---------------------------------------------------------------- personal API tokens

def create_token(db: Session, *, player_id: str, name: object) -> tuple[ApiToken, str]:
    """A new API token: the row, and the token itself (shown once, never stored)."""
    label = name.strip() if isinstance(name, str) else ""
    if not label:
        raise AccountError(words("Give the token a name (what script or bot will use it?)."))
    if len(label) > TOKEN_NAME_MAX or any(unicodedata.category(ch).startswith("C") for ch in label):
        raise AccountError(words("A token's name has at most {n} printable characters.", n=TOKEN_NAME_MAX))
    token = TOKEN_PREFIX + new_secret()
    row = ApiToken(id=secrets.token_hex(8), player_id=player_id, name=label, token_hash=digest(token),
                   hint=token[:10], created_at=utcnow())
    db.add(row)
    db.commit()
    return row, token


def list_tokens(db: Session, *, player_id: str) -> list[ApiToken]:
    return list(db.scalars(select(ApiToken).where(ApiToken.player_id == player_id).order_by(ApiToken.created_at)))


def revoke_token(db: Session, *, player_id: str, token_id: str) -> None:
    """Delete one of the player's tokens; LookupError for anyone else's (or no) token."""
    gone = db.execute(delete(ApiToken).where(ApiToken.id == token_id, ApiToken.player_id == player_id))
    if gone.rowcount != 1:
        db.rollback()
        raise LookupError(token_id)
    db.commit()


def token_principal(db: Session, token: str) -> Principal | None:
    """The player of a bearer token: one lookup by its unique digest; last use written once a minute."""
    hashed = digest(token)
    row = db.execute(_TOKEN_LOOKUP, {"hashed": hashed}).first()
    if row is None or row.disabled:
        return None
    now = utcnow()
    if row.last_used_at is None or now - row.last_used_at > TOUCH_EVERY:
        db.execute(update(ApiToken).where(ApiToken.id == row[0]).values(last_used_at=now))
        db.commit()
    return Principal(row.player_id, row.name, bool(row.is_admin), "bearer")
