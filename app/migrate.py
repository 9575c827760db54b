"""Run the Alembic migrations programmatically (at start, and in tests)."""

from __future__ import annotations

from alembic import command
from alembic.config import Config

from app.config import ROOT


def upgrade(url: str) -> None:
    cfg = Config()
    cfg.set_main_option("script_location", str(ROOT / "migrations"))
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    command.upgrade(cfg, "head")
