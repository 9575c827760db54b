"""Whether the player chose a game's (or a campaign's) seed: such a seed is shown and exported in clear.

Existing rows: false. Their seeds were chosen or not, nobody recorded which; false keeps an unfinished
game's export sealed, the safe side.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-25
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    for table in ("sessions", "campaigns"):
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("seed_chosen", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    for table in ("sessions", "campaigns"):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("seed_chosen")
