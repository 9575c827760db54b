"""Files the server keeps private: the SQLite database (0600) and the folder it is created in (0700).

The database holds every player's games, password hashes and the digests of their log-ins: no other user of
the machine may read it. Like the seal key (app/shelf/files/seal_key.py), the file is created by us with mode
0600 before SQLite opens it (SQLite gives its -wal and -shm files the database's own mode), and a folder we
create for it gets 0700. Files and folders that already exist keep the mode their owner gave them.
"""

from __future__ import annotations

import os
from pathlib import Path

from sqlalchemy.engine import make_url

FILE_MODE = 0o600
FOLDER_MODE = 0o700


def private_folder(folder: Path) -> None:
    """Create `folder` (and its missing parents) if needed; the folder itself gets mode 0700."""
    folder.parent.mkdir(parents=True, exist_ok=True)
    try:
        folder.mkdir(mode=FOLDER_MODE)
    except FileExistsError:
        pass


def private_file(path: Path) -> None:
    """Create an empty `path` with mode 0600 in a private folder, unless it exists (an empty file is an empty
    SQLite database)."""
    private_folder(path.parent)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE)
    except FileExistsError:
        return
    os.close(fd)


def private_sqlite(url: str) -> None:
    """For a SQLite file URL: its file (and folder) created private before anything opens it. Else nothing."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite" and parsed.database and parsed.database != ":memory:" \
            and not parsed.database.startswith("file:"):
        private_file(Path(parsed.database))
