"""A player's language (issue #16): `players.locale`, the language chosen while logged in ("es", "en").

Empty (NULL) until the player picks one; a log-in with a stored language sets the `lang` cookie.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-25
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("locale", sa.String(8), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.drop_column("locale")
