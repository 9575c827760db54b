"""Copies that deal again (issue #26 §2): `sessions.redeals` and `campaigns.redeals`.

A copy of an unfinished, sealed game deals its unseen parts afresh (each engine's `redeal`) from a secret seed
of its own, so that it is no window on the original's future. `redeals` lists where that happened, as
`[[version, seed], ...]`: the game's state is its seed's new game, its moves, and at each of those versions the
unseen dealt again from that seed. A campaign's, `[[steps, seed], ...]`, says after how many steps of its file
its own unseen (the voyages to come) were dealt again. NULL for every other game or campaign.

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("sessions") as batch:
        batch.add_column(sa.Column("redeals", sa.JSON, nullable=True))
    with op.batch_alter_table("campaigns") as batch:
        batch.add_column(sa.Column("redeals", sa.JSON, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("campaigns") as batch:
        batch.drop_column("redeals")
    with op.batch_alter_table("sessions") as batch:
        batch.drop_column("redeals")
