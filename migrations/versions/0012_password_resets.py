"""A way back from a forgotten password (issue #26): `password_resets`, and why a log-in ended.

`password_resets`: one-time reset links. Only the SHA-256 of the link's secret is kept (as for log-ins and
API tokens); a link expires an hour after it was made and is deleted when used.
`auth_sessions.ended`: a log-in ended by a password change or a reset is kept, marked ("password", "reset"),
so the device that still holds its cookie is told why it was logged out; swept like any timed-out log-in.

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-28
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "password_resets",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_password_resets_player_id", "password_resets", ["player_id"])
    with op.batch_alter_table("auth_sessions") as batch:
        batch.add_column(sa.Column("ended", sa.String(20), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("auth_sessions") as batch:
        batch.drop_column("ended")
    op.drop_index("ix_password_resets_player_id", table_name="password_resets")
    op.drop_table("password_resets")
