"""Campaigns: their table and log, and the link from a session to its campaign.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "campaigns",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("rules_version", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("score", sa.Integer(), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("state", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_campaigns_game", "campaigns", ["game"])
    op.create_index("ix_campaigns_status", "campaigns", ["status"])
    op.create_index("ix_campaigns_updated_at", "campaigns", ["updated_at"])
    op.create_table(
        "campaign_log",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column(
            "campaign_id", sa.String(32), sa.ForeignKey("campaigns.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(12), nullable=False),
        sa.Column("action", sa.String(200), nullable=False),
        sa.Column("events", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("campaign_id", "seq", name="uq_campaign_log_campaign_seq"),
    )
    op.create_index("ix_campaign_log_campaign_id", "campaign_log", ["campaign_id"])
    with op.batch_alter_table("sessions") as batch:
        batch.add_column(sa.Column("campaign_id", sa.String(32), nullable=True))
        batch.add_column(sa.Column("campaign_index", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("carried", sa.JSON(), nullable=True))
        batch.create_foreign_key(
            "fk_sessions_campaign_id", "campaigns", ["campaign_id"], ["id"], ondelete="CASCADE"
        )
        batch.create_index("ix_sessions_campaign_id", ["campaign_id"])


def downgrade() -> None:
    with op.batch_alter_table("sessions") as batch:
        batch.drop_index("ix_sessions_campaign_id")
        batch.drop_constraint("fk_sessions_campaign_id", type_="foreignkey")
        batch.drop_column("carried")
        batch.drop_column("campaign_index")
        batch.drop_column("campaign_id")
    op.drop_index("ix_campaign_log_campaign_id", table_name="campaign_log")
    op.drop_table("campaign_log")
    op.drop_index("ix_campaigns_updated_at", table_name="campaigns")
    op.drop_index("ix_campaigns_status", table_name="campaigns")
    op.drop_index("ix_campaigns_game", table_name="campaigns")
    op.drop_table("campaigns")
