"""Player name keys fold look-alikes together (NFKC, case-fold, Unicode TR39 skeleton); wider key columns.

Every player's `name_key` is computed again with app/accounts/names.py, so a new name is checked
against the existing ones too. Two existing players whose names now fold to the same key keep
working: one takes the new key (the one whose key it already was, else the first to sign up), the
others keep the keys they had (a log-in finds them by those keys, see accounts._find_player). The key
columns grow to 160 characters: NFKC and the skeleton can spell a 40-character name out longer.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-25
"""

import unicodedata

import sqlalchemy as sa
from alembic import op

from app.accounts.names import KEY_MAX, name_key

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    for table in ("players", "login_failures"):
        with op.batch_alter_table(table) as batch:
            batch.alter_column("name_key", existing_type=sa.String(40), type_=sa.String(KEY_MAX),
                               existing_nullable=False)
    bind = op.get_bind()
    rows = bind.execute(sa.text("SELECT id, name, name_key FROM players ORDER BY created_at, id")).all()
    clashes: dict[str, list[tuple[str, str]]] = {}
    for player_id, name, old_key in rows:
        clashes.setdefault(name_key(name)[:KEY_MAX] or old_key, []).append((player_id, old_key))
    final: dict[str, str] = {}
    kept: list[tuple[str, str]] = []
    for new_key, players in clashes.items():
        # The player whose key already was this one keeps it (so its log-in is unchanged), else the first.
        keeper = next((p for p in players if p[1] == new_key), players[0])
        final[keeper[0]] = new_key
        kept.extend(p for p in players if p is not keeper)
    for player_id, old_key in kept:
        taken = set(final.values())
        # A clash with another player's new key cannot happen with keys the app made; never fail a start over it.
        final[player_id] = old_key if old_key not in taken else f"{old_key}~{player_id}"[:KEY_MAX]
    # Through a placeholder first, so no update meets a key another row still holds.
    for player_id in final:
        bind.execute(sa.text("UPDATE players SET name_key = :key WHERE id = :id"),
                     {"key": f"~migrating~{player_id}", "id": player_id})
    for player_id, key in final.items():
        bind.execute(sa.text("UPDATE players SET name_key = :key WHERE id = :id"), {"key": key, "id": player_id})


def downgrade() -> None:
    # Back to the keys of 0006 (NFC, case-folded): unique still, since names that fold alike before
    # also fold alike now, and no two players had the same folded key.
    bind = op.get_bind()
    rows = bind.execute(sa.text("SELECT id, name FROM players")).all()
    for player_id, _name in rows:
        bind.execute(sa.text("UPDATE players SET name_key = :key WHERE id = :id"),
                     {"key": f"~migrating~{player_id}", "id": player_id})
    for player_id, name in rows:
        bind.execute(sa.text("UPDATE players SET name_key = :key WHERE id = :id"),
                     {"key": unicodedata.normalize("NFC", name.strip()).casefold()[:40], "id": player_id})
    op.execute(sa.text("DELETE FROM login_failures"))  # counted under the folded keys; a window's worth at most
    for table in ("login_failures", "players"):
        with op.batch_alter_table(table) as batch:
            batch.alter_column("name_key", existing_type=sa.String(KEY_MAX), type_=sa.String(40),
                               existing_nullable=False)
