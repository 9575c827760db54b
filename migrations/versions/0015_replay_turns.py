"""Replays at any depth (issue #27 §2.1): `replay_turns`, where each turn of a game began, kept per game.

`?turn=T` on a replay needs the step at which the board first showed turn T, which takes a walk through the game.
The answer was kept in each server process for 64 games, so the 65th long game walked its whole log again on every
jump. This table keeps it with the game: `version` is how far the walk has gone, `starts` its `[[turn, step], ...]`;
a longer game walks only its new entries. Rows of another rules version are ignored (and rebuilt).

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "replay_turns",
        sa.Column("session_id", sa.String(32), sa.ForeignKey("sessions.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("rules_version", sa.Integer, primary_key=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("starts", sa.JSON, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("replay_turns")
