"""Settings for the app, read once from the environment (DATABASE_URL, DATA_DIR, ...)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pydantic_settings import BaseSettings, SettingsConfigDict

ROOT = Path(__file__).resolve().parent.parent


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="", extra="ignore")

    data_dir: Path = Path("data")
    database_url: str = ""
    # Largest import file accepted, in bytes.
    max_import_bytes: int = 2_000_000

    def resolved_database_url(self) -> str:
        if self.database_url:
            return self.database_url
        return f"sqlite:///{(self.data_dir / 'solo-shelf.db').resolve()}"


@lru_cache
def get_settings() -> Settings:
    return Settings()
