"""Sessions that no longer replay under their game's current rules: the attention mark.

`attention` is the message shown on the board, in the saves list and in the API when a save could
not be brought up to date; `attention_rules_version` is the rules version that was tried, so the
next rules version is tried again and the same one is not retried on every load.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("sessions") as batch:
        batch.add_column(sa.Column("attention", sa.Text(), nullable=True))
        batch.add_column(sa.Column("attention_rules_version", sa.Integer(), nullable=True))
        batch.create_index("ix_sessions_rules_version", ["rules_version"])


def downgrade() -> None:
    with op.batch_alter_table("sessions") as batch:
        batch.drop_index("ix_sessions_rules_version")
        batch.drop_column("attention_rules_version")
        batch.drop_column("attention")
