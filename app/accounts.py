"""Players and their credentials: sign-up, log-in (with throttling), log-in sessions, API tokens, admin.

No web here: app/auth.py turns requests into a player, and app/routes/account_pages.py draws the pages.
Secrets handed to a browser or a script (a log-in cookie, an API token) are 32 random bytes; only their
SHA-256 is stored, so a copy of the database opens no one's account. Passwords are hashed with Argon2id.
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import bindparam, delete, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from app.config import Settings
from app.models import (
    ApiToken,
    AuthSession,
    Campaign,
    GameSession,
    LoginFailure,
    Player,
    SignupAttempt,
    SiteSettings,
    utcnow,
)
from app.security import names
from games.engine import words

IMPLICIT_PLAYER = "local"  # the migration's player: single mode's, until the first account claims it
NAME_MAX = 40
PASSWORD_MIN = 8
PASSWORD_MAX = 1024
TOKEN_NAME_MAX = 60
TOKEN_PREFIX = "ssk_"
# A log-in's idle timestamp is written at most this often: not a database write on every request.
TOUCH_EVERY = timedelta(seconds=60)

# Argon2id at OWASP's recommended minimum (19 MiB, 2 passes, 1 lane): strong, yet a small home server
# stays responsive while several players log in at once. Hashes made with other settings still verify,
# and are re-hashed with these at the next log-in.
_hasher = PasswordHasher(time_cost=2, memory_cost=19 * 1024, parallelism=1)
# Verified against when the name is unknown, so an unknown name takes as long to refuse as a wrong password.
_DUMMY_HASH = _hasher.hash(secrets.token_urlsafe(16))


class AccountError(ValueError):
    """A refusal with a message for the player (a taken name, a weak password, ...)."""


class Throttled(Exception):
    """Too many failed log-ins for this account or address; `retry_after` in whole seconds."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(words("too many failed log-ins: try again in {n} seconds", n=retry_after))
        self.retry_after = retry_after


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def new_secret() -> str:
    return secrets.token_urlsafe(32)  # 256 bits


# ---------------------------------------------------------------- players

def clean_player_name(name: object) -> str:
    """A display name: trimmed, 1 to NAME_MAX printable characters (any script; shown escaped)."""
    text = unicodedata.normalize("NFC", name.strip()) if isinstance(name, str) else ""
    if not text:
        raise AccountError(words("Choose a name."))
    if len(text) > NAME_MAX:
        raise AccountError(words("A name has at most {n} characters.", n=NAME_MAX))
    refused = names.refusal(text)
    if refused:
        raise AccountError(refused)
    if not names.name_key(text) or len(names.name_key(text)) > names.KEY_MAX:
        raise AccountError(words("Choose a name with some letters or digits in it, and not too long."))
    return text


def name_key(name: str) -> str:
    """What makes a name unique and finds it at log-in: NFKC, case-folded, look-alikes folded (security/names.py)."""
    return names.name_key(name)[:names.KEY_MAX]


def _legacy_key(name: str) -> str:
    """The key before look-alikes were folded: kept by the rare older player whose name clashed (migration 0009)."""
    return unicodedata.normalize("NFC", name.strip()).casefold()[:NAME_MAX]


def check_password(password: object) -> str:
    if not isinstance(password, str) or len(password) < PASSWORD_MIN:
        raise AccountError(words("A password has at least {n} characters.", n=PASSWORD_MIN))
    if len(password) > PASSWORD_MAX:
        raise AccountError(words("A password has at most {n} characters.", n=PASSWORD_MAX))
    return password


def single_player_id(db: Session) -> str:
    """The player of single mode: the first player there is (the migration makes one)."""
    found = db.scalar(select(Player.id).order_by(Player.created_at, Player.id).limit(1))
    if found is not None:
        return found
    db.add(Player(id=IMPLICIT_PLAYER, name="Player", name_key=name_key("Player"), password_hash=None, is_admin=True,
                  disabled=False, created_at=utcnow()))
    db.commit()
    return IMPLICIT_PLAYER


def _unclaimed_implicit(db: Session) -> Player | None:
    """The implicit player, if no one has a password yet: the first account takes it (and its saves)."""
    if db.scalar(select(func.count()).select_from(Player).where(Player.password_hash.is_not(None))):
        return None
    return db.scalar(select(Player).where(Player.password_hash.is_(None)).order_by(Player.created_at).limit(1))


def signup_open(db: Session) -> bool:
    """Sign-up is open when the admin says so, and always while there is no account at all."""
    if _unclaimed_implicit(db) is not None or not db.scalar(select(func.count()).select_from(Player)):
        return True
    row = db.get(SiteSettings, 1)
    return row is None or row.signup_open


def set_signup_open(db: Session, is_open: bool) -> None:
    row = db.get(SiteSettings, 1)
    if row is None:
        db.add(SiteSettings(id=1, signup_open=is_open))
    else:
        row.signup_open = is_open
    db.commit()


def _check_signup_throttle(db: Session, settings: Settings, address: str, now: datetime) -> None:
    """Throttled past the attempts one address may make in the window; else the attempt is counted.

    Counted in the database like failed log-ins, so every replica agrees; rows older than the window
    are swept here, so an address is forgotten an hour after its last attempt.
    """
    window = timedelta(seconds=settings.signup_window_seconds)
    db.execute(delete(SignupAttempt).where(SignupAttempt.created_at < now - window))
    count, oldest = db.execute(
        select(func.count(), func.min(SignupAttempt.created_at)).where(SignupAttempt.address == address,
                                                                        SignupAttempt.created_at > now - window)
    ).one()
    if count >= settings.signup_max_per_address and oldest is not None:
        db.commit()  # the sweep
        raise _throttled(oldest, window, now)
    db.add(SignupAttempt(address=address, created_at=now))
    db.commit()


def sign_up(db: Session, *, name: object, password: object, settings: Settings | None = None,
            address: str | None = None) -> Player:
    """A new player; the first one is the admin (and keeps the games saved before accounts were on).

    With a client `address` (the sign-up page), the attempt is throttled per address first
    (Throttled), before the password is hashed: each attempt costs a hash, a success an account.
    """
    if address is not None:
        _check_signup_throttle(db, settings or Settings(), address[:64], utcnow())
    clean = clean_player_name(name)
    hashed = _hasher.hash(check_password(password))
    if not signup_open(db):
        raise AccountError(words("Sign-up is closed on this shelf: ask its admin for an account."))
    player = _unclaimed_implicit(db)
    taken = db.scalar(select(Player.id).where(Player.name_key == name_key(clean)).limit(1))
    if taken is not None and (player is None or taken != player.id):
        raise _name_taken()
    if player is not None:
        player.name, player.name_key, player.password_hash = clean, name_key(clean), hashed
        player.is_admin, player.disabled = True, False
    else:
        first = not db.scalar(select(func.count()).select_from(Player))
        player = Player(id=secrets.token_hex(8), name=clean, name_key=name_key(clean), password_hash=hashed,
                        is_admin=first, disabled=False, created_at=utcnow())
        db.add(player)
    try:
        db.commit()
    except IntegrityError:
        db.rollback()
        raise _name_taken() from None
    return player


def _name_taken() -> AccountError:
    return AccountError(words("That name is taken, or looks too much like the name of another player here: "
                              "choose another."))


def list_players(db: Session) -> list[tuple[Player, int]]:
    """Every player with an account, and how many games they have saved (for the admin page)."""
    games = (select(GameSession.owner_id, func.count().label("n")).group_by(GameSession.owner_id)).subquery()
    rows = db.execute(
        select(Player, func.coalesce(games.c.n, 0))
        .outerjoin(games, games.c.owner_id == Player.id)
        .where(Player.password_hash.is_not(None))
        .order_by(Player.created_at, Player.id)
    ).all()
    return [(p, int(n)) for p, n in rows]


def set_disabled(db: Session, *, player_id: str, disabled: bool, by: str) -> Player:
    """Disable (or enable) a player; a disabled player's log-ins end at once and their tokens stop working."""
    player = db.get(Player, player_id) if isinstance(player_id, str) else None
    if player is None or player.password_hash is None:
        raise LookupError(player_id)
    if player.id == by:
        raise AccountError(words("You cannot disable your own account."))
    player.disabled = disabled
    if disabled:
        db.execute(delete(AuthSession).where(AuthSession.player_id == player.id))
    db.commit()
    return player


def set_locale(db: Session, *, player_id: str, locale: str | None) -> None:
    """Remember the language a player chose ("es", "en"); a log-in hands it back as the `lang` cookie."""
    player = db.get(Player, player_id)
    if player is not None and player.locale != locale:
        player.locale = locale
        db.commit()


def player_locale(db: Session, player_id: str) -> str | None:
    player = db.get(Player, player_id)
    return player.locale if player is not None else None


def owns_anything(db: Session, player_id: str) -> bool:
    return bool(db.scalar(select(GameSession.id).where(GameSession.owner_id == player_id).limit(1))) or bool(
        db.scalar(select(Campaign.id).where(Campaign.owner_id == player_id).limit(1))
    )


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
            raise _throttled(oldest, window, now)


def _throttled(oldest: datetime, window: timedelta, now: datetime) -> Throttled:
    """Throttled until the oldest counted attempt leaves the window."""
    if oldest.tzinfo is None:
        oldest = oldest.replace(tzinfo=now.tzinfo)
    return Throttled(max(1, int((oldest + window - now).total_seconds()) + 1))


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
    ok = _verify(stored or _DUMMY_HASH, password if isinstance(password, str) else "") and stored is not None
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


def _verify(stored: str, password: str) -> bool:
    try:
        return _hasher.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False


def change_password(db: Session, *, player_id: str, current: object, new: object) -> None:
    """Check the current password, store the new one, end every log-in of this player and revoke their tokens.

    A stolen password must not leave a lasting key behind: an API token made with it goes too.
    """
    player = db.get(Player, player_id)
    if player is None or player.password_hash is None:
        raise AccountError(words("This account has no password to change."))
    if not _verify(player.password_hash, current if isinstance(current, str) else ""):
        raise AccountError(words("The current password is not right."))
    player.password_hash = _hasher.hash(check_password(new))
    db.execute(delete(AuthSession).where(AuthSession.player_id == player_id))
    db.execute(delete(ApiToken).where(ApiToken.player_id == player_id))
    db.commit()


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


def end_session(db: Session, *, token: str) -> None:
    db.execute(delete(AuthSession).where(AuthSession.token_hash == digest(token)))
    db.commit()


# Every request looks up its log-in or token: statements built once, on the tables (no ORM), like a move's.
_SESSIONS, _TOKENS, _PLAYERS = AuthSession.__table__.c, ApiToken.__table__.c, Player.__table__.c
_SESSION_LOOKUP = (
    select(_SESSIONS.created_at, _SESSIONS.last_seen_at, _SESSIONS.csrf_token,
           _PLAYERS.id, _PLAYERS.name, _PLAYERS.is_admin, _PLAYERS.disabled)
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
    created, seen, csrf, player_id, name, is_admin, disabled = row
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
