"""The game review (issue #28 §3): `reviews`, a finished game's chance to win after every decision.

One row per reviewed game: its status (queued, running, done, failed), how many decisions it had, the points
reviewed so far (a review stopped halfway goes on from there) and a heartbeat that tells a running review from one
whose server stopped.

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "reviews",
        sa.Column("session_id", sa.String(32), sa.ForeignKey("sessions.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("rules_version", sa.Integer, nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("decisions", sa.Integer, nullable=False),
        sa.Column("points", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("heartbeat", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_reviews_status", "reviews", ["status"])


def downgrade() -> None:
    op.drop_index("ix_reviews_status", "reviews")
    op.drop_table("reviews")
