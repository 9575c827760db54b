"""Taking back a campaign's between-games choices (issue #26): `campaigns.checkpoint` and `campaigns.pending`.

`checkpoint` is the campaign state before the first choice made since its last game began or ended, and
`pending` the choices made since, in order; "take back" rebuilds the state from the checkpoint without the
last of them. Both are NULL for a campaign with nothing to take back (every campaign saved before this).

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("campaigns") as batch:
        batch.add_column(sa.Column("checkpoint", sa.JSON, nullable=True))
        batch.add_column(sa.Column("pending", sa.JSON, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("campaigns") as batch:
        batch.drop_column("pending")
        batch.drop_column("checkpoint")
