"""Settings for the app, read once from the environment (DATABASE_URL, DATA_DIR, ...)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

ROOT = Path(__file__).resolve().parents[2]  # the repository (or the image's /app): templates, static, migrations


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="", extra="ignore")

    data_dir: Path = Path("data")
    database_url: str = ""
    # The database connection pool of each process: connections kept open, more opened for a burst, and
    # how long a request waits for one before it is answered 503 with Retry-After (never left hanging).
    # Unset sizes keep app/db/engine.py's defaults (SQLite 5 + 10, PostgreSQL 10 + 20).
    db_pool_size: int | None = Field(default=None, ge=1)
    db_max_overflow: int | None = Field(default=None, ge=0)
    db_pool_timeout: float = Field(default=10.0, gt=0)
    # The advisor's worker processes (app/shelf/advisor.py), shared by every player's question; unset: one per core.
    advisor_workers: int | None = Field(default=None, ge=1)
    # Largest import file accepted, in bytes.
    max_import_bytes: int = 2_000_000
    # `accounts` (the default: secure out of the box): sign-up, log-in, each player sees only their own games.
    # `single`: one implicit player and no log-in, for a machine only its owner reaches (`make run`).
    auth_mode: Literal["single", "accounts"] = "accounts"
    # Send the login cookie only over HTTPS. Set COOKIE_SECURE=1 whenever players reach the app through
    # HTTPS (a TLS proxy in front of it), even though the proxy talks plain HTTP to the app.
    cookie_secure: bool = False
    # A login ends after this long without a request, and in any case this long after it began.
    session_idle_minutes: int = 14 * 24 * 60
    session_absolute_minutes: int = 30 * 24 * 60
    # Failed log-ins allowed per account and per client address within the window, before 429.
    login_max_failures_per_account: int = 5
    login_max_failures_per_address: int = 20
    login_window_seconds: int = 15 * 60
    # Sign-up attempts allowed per client address within the window, before 429 (each one costs a
    # password hash, and a success a new account).
    signup_max_per_address: int = 10
    signup_window_seconds: int = 60 * 60
    # The key that seals the seed of unfinished exports (app/shelf/files/): 32 bytes in base64. Empty: the key
    # file `<DATA_DIR>/seal.key`, created on first start. Replicas that share a database must share it.
    seal_key: SecretStr = SecretStr("")
    # Request guards (app/http/): the host names this shelf answers to (comma-separated, each with or
    # without a port; `*` for any), and the proxies whose X-Forwarded-For/-Proto are believed (addresses
    # or networks; `*` for every peer; none by default).
    allowed_hosts: str = "localhost,127.0.0.1,[::1]"
    trusted_proxies: str = ""
    # The `qps` pseudo-locale (every translated string between ⟦ ⟧) for the untranslated-text tests; never on
    # for players.
    pseudo_locale: bool = False

    def resolved_database_url(self) -> str:
        if self.database_url:
            return self.database_url
        return f"sqlite:///{(self.data_dir / 'solo-shelf.db').resolve()}"


@lru_cache
def get_settings() -> Settings:
    return Settings()
