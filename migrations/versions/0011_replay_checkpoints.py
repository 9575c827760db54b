"""Replays (issue #17): `replay_checkpoints`, a game's state dumped every 50 versions.

A replay step rebuilds the state at version N from the nearest checkpoint at or below N, so its cost does
not grow with the length of the game. Rows are written lazily by app/shelf/timeline.py.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-25
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "replay_checkpoints",
        sa.Column("session_id", sa.String(32), sa.ForeignKey("sessions.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("version", sa.Integer, primary_key=True),
        sa.Column("rules_version", sa.Integer, primary_key=True),
        sa.Column("state", sa.JSON, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("replay_checkpoints")
