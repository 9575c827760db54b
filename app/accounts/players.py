"""Players and their credentials, without HTTP: sign-up, names, passwords, admin switches.

Log-ins (the throttle, the cookie's sessions, API tokens) are app/accounts/logins.py; app/http/auth.py turns
requests into a player and app/pages/accounts.py draws the pages. Secrets handed to a browser or a script (a
log-in cookie, an API token) are 32 random bytes; only their SHA-256 is stored, so a copy of the database opens
no one's account. Passwords are hashed with Argon2id.
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata
from datetime import datetime, timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from app.accounts import names
from app.core.config import Settings
from app.core.errors import Refused
from app.db.models import (
    ApiToken,
    AuthSession,
    Campaign,
    GameSession,
    Player,
    SignupAttempt,
    SiteSettings,
    utcnow,
)
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


class AccountError(Refused):
    """A refusal with a message for the player (a taken name, a weak password, ...)."""


class Throttled(Exception):
    """Too many failed log-ins for this account or address; `retry_after` in whole seconds."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(words("too many failed log-ins: try again in {n} seconds", n=retry_after))
        self.retry_after = retry_after


def throttled(oldest: datetime, window: timedelta, now: datetime) -> Throttled:
    """Throttled until the oldest counted attempt leaves the window."""
    if oldest.tzinfo is None:
        oldest = oldest.replace(tzinfo=now.tzinfo)
    return Throttled(max(1, int((oldest + window - now).total_seconds()) + 1))


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


def has_accounts(db: Session) -> bool:
    """Whether anyone has an account yet (a fresh shelf has none: the first to sign up becomes its admin)."""
    return db.scalar(select(Player.id).where(Player.password_hash.is_not(None)).limit(1)) is not None


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
        raise throttled(oldest, window, now)
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


def player_name(db: Session, player_id: str) -> str:
    player = db.get(Player, player_id)
    return player.name if player is not None else ""


def player_locale(db: Session, player_id: str) -> str | None:
    player = db.get(Player, player_id)
    return player.locale if player is not None else None


def owns_anything(db: Session, player_id: str) -> bool:
    return bool(db.scalar(select(GameSession.id).where(GameSession.owner_id == player_id).limit(1))) or bool(
        db.scalar(select(Campaign.id).where(Campaign.owner_id == player_id).limit(1))
    )


def change_password(db: Session, *, player_id: str, current: object, new: object) -> None:
    """Check the current password, store the new one, end every log-in of this player and revoke their tokens.

    A stolen password must not leave a lasting key behind: an API token made with it goes too.
    """
    player = db.get(Player, player_id)
    if player is None or player.password_hash is None:
        raise AccountError(words("This account has no password to change."))
    if not verify_password(player.password_hash, current if isinstance(current, str) else ""):
        raise AccountError(words("The current password is not right."))
    player.password_hash = _hasher.hash(check_password(new))
    end_every_login(db, player_id=player_id, why=ENDED_BY_PASSWORD)
    db.commit()


ENDED_BY_PASSWORD = "password"  # AuthSession.ended: the player changed their password
ENDED_BY_RESET = "reset"  # ... or set a new one with a reset link


def end_every_login(db: Session, *, player_id: str, why: str) -> None:
    """End every log-in of the player and revoke their API tokens (not committed).

    The log-ins are kept, marked with `why`, so a device still holding one is told why it was logged out
    (app/accounts/logins.py `why_logged_out`); they no longer log anyone in.
    """
    db.execute(update(AuthSession).where(AuthSession.player_id == player_id, AuthSession.ended.is_(None))
               .values(ended=why))
    db.execute(delete(ApiToken).where(ApiToken.player_id == player_id))



def verify_password(stored: str, password: str) -> bool:
    try:
        return _hasher.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False
