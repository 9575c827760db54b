"""Sealed exports: an unfinished game's file keeps its seed secret, so no one can compute what comes next.

`key.py` finds the server's key (SEAL_KEY, or `<DATA_DIR>/seal.key` created on first start);
`saves.py` seals the seed of a file and opens it again. Which files are sealed is decided where they
are exported (app/store.py for games, app/campaign_saves.py for campaigns): every file whose seed
would tell the future, that is, all but finished ones and those whose seed the player chose.
"""

from app.sealing.key import SealKeyError, existing_key, key_path, server_key
from app.sealing.saves import (
    SEALED_FORMAT_VERSION,
    SealedElsewhere,
    Sealer,
    SealRefused,
    is_sealed,
    open_file,
    seed_chosen_flag,
)

__all__ = [
    "SEALED_FORMAT_VERSION",
    "SealKeyError",
    "SealRefused",
    "SealedElsewhere",
    "Sealer",
    "existing_key",
    "is_sealed",
    "key_path",
    "open_file",
    "seed_chosen_flag",
    "server_key",
]
