"""The version a snapshot was written at, so a move can tell a torn read from a consistent one.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-22
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("snapshots") as batch:
        batch.add_column(sa.Column("version", sa.Integer(), nullable=False, server_default="0"))
    op.execute(
        "UPDATE snapshots SET version = "
        "(SELECT sessions.version FROM sessions WHERE sessions.id = snapshots.session_id)"
    )


def downgrade() -> None:
    with op.batch_alter_table("snapshots") as batch:
        batch.drop_column("version")
