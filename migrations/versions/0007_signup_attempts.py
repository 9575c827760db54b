"""Sign-up attempts per client address, for the sign-up throttle (like login_failures for log-ins).

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-24
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "signup_attempts",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("address", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_signup_attempts_address", "signup_attempts", ["address"])
    op.create_index("ix_signup_attempts_created_at", "signup_attempts", ["created_at"])


def downgrade() -> None:
    op.drop_index("ix_signup_attempts_created_at", table_name="signup_attempts")
    op.drop_index("ix_signup_attempts_address", table_name="signup_attempts")
    op.drop_table("signup_attempts")
