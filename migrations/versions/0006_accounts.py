"""Accounts: players, log-ins, API tokens, failed log-ins, site settings, and an owner for every game.

Every existing session and campaign is given to one implicit player (id `local`, no password): the
player of single mode, and in accounts mode the row the first account to sign up claims, so an
install that turns accounts on keeps its saves with its first (admin) player.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-22
"""

from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

IMPLICIT_PLAYER = "local"


def upgrade() -> None:
    players = op.create_table(
        "players",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(40), nullable=False),
        sa.Column("password_hash", sa.String(255), nullable=True),
        sa.Column("is_admin", sa.Boolean(), nullable=False),
        sa.Column("disabled", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("name_key", name="uq_players_name_key"),
    )
    op.create_table(
        "auth_sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("csrf_token", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_seen_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_auth_sessions_player_id", "auth_sessions", ["player_id"])
    op.create_table(
        "api_tokens",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("hint", sa.String(16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_used_at", sa.DateTime(timezone=True), nullable=True),
        sa.UniqueConstraint("token_hash", name="uq_api_tokens_token_hash"),
    )
    op.create_index("ix_api_tokens_player_id", "api_tokens", ["player_id"])
    op.create_table(
        "login_failures",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("name_key", sa.String(40), nullable=False),
        sa.Column("address", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_login_failures_name_key", "login_failures", ["name_key"])
    op.create_index("ix_login_failures_address", "login_failures", ["address"])
    op.create_index("ix_login_failures_created_at", "login_failures", ["created_at"])
    site = op.create_table(
        "site_settings",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("signup_open", sa.Boolean(), nullable=False),
    )
    op.bulk_insert(site, [{"id": 1, "signup_open": True}])
    op.bulk_insert(players, [{
        "id": IMPLICIT_PLAYER, "name": "Player", "name_key": "player", "password_hash": None,
        "is_admin": True, "disabled": False, "created_at": datetime.now(UTC),
    }])
    for table in ("sessions", "campaigns"):
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("owner_id", sa.String(32), nullable=True))
        op.execute(sa.text(f"UPDATE {table} SET owner_id = :owner").bindparams(owner=IMPLICIT_PLAYER))
        with op.batch_alter_table(table) as batch:
            batch.alter_column("owner_id", existing_type=sa.String(32), nullable=False)
            batch.create_foreign_key(f"fk_{table}_owner_id", "players", ["owner_id"], ["id"], ondelete="CASCADE")
            batch.create_index(f"ix_{table}_owner_id", ["owner_id"])


def downgrade() -> None:
    for table in ("campaigns", "sessions"):
        with op.batch_alter_table(table) as batch:
            batch.drop_index(f"ix_{table}_owner_id")
            batch.drop_constraint(f"fk_{table}_owner_id", type_="foreignkey")
            batch.drop_column("owner_id")
    op.drop_table("site_settings")
    op.drop_table("login_failures")
    op.drop_table("api_tokens")
    op.drop_table("auth_sessions")
    op.drop_table("players")
