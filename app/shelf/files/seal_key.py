"""The server's seal key: from SEAL_KEY, else from `<DATA_DIR>/seal.key`, created on first start.

The key is 32 random bytes written as one line of base64 (the same text SEAL_KEY takes, so an operator
can hand one server's key to its replicas). The file is created with O_CREAT | O_EXCL and mode 0600:
when several workers or replicas sharing the folder start together, exactly one creates it and the
others read that one, so they all agree.
"""

from __future__ import annotations

import base64
import binascii
import os
import secrets
import time
from pathlib import Path

from app.core.config import Settings

KEY_BYTES = 32
KEY_FILE = "seal.key"
# A reader that finds the file still empty waits this long for its creator to finish writing it.
_WRITE_GRACE_SECONDS = 2.0


class SealKeyError(RuntimeError):
    """The configured key cannot be used; the message says what to fix."""


def key_path(settings: Settings) -> Path:
    return settings.data_dir / KEY_FILE


def decode_key(text: str, where: str) -> bytes:
    try:
        key = base64.b64decode(text.strip(), validate=True)
    except (binascii.Error, ValueError):
        key = b""
    if len(key) != KEY_BYTES:
        raise SealKeyError(
            f"{where} must hold {KEY_BYTES} bytes in base64 (make one with: "
            "python -c \"import base64, secrets; print(base64.b64encode(secrets.token_bytes(32)).decode())\")"
        )
    return key


def server_key(settings: Settings) -> bytes:
    """SEAL_KEY if set, else the key file, created now if the data folder has none yet."""
    key = _configured(settings)
    return key if key is not None else _read_or_create(key_path(settings))


def existing_key(settings: Settings) -> bytes | None:
    """SEAL_KEY or the key file if there is one; never creates a key (for the command line's replay)."""
    key = _configured(settings)
    if key is not None:
        return key
    path = key_path(settings)
    return _read(path) if path.exists() else None


def _configured(settings: Settings) -> bytes | None:
    text = settings.seal_key.get_secret_value()
    return decode_key(text, "SEAL_KEY") if text.strip() else None


def _read_or_create(path: Path) -> bytes:
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)  # private, like the key and the database
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return _read(path)
    key = secrets.token_bytes(KEY_BYTES)
    try:
        os.write(fd, base64.b64encode(key) + b"\n")
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        path.unlink(missing_ok=True)  # never leave a half-written key behind for the next start to trip on
        raise
    os.close(fd)
    return key


def _read(path: Path) -> bytes:
    deadline = time.monotonic() + _WRITE_GRACE_SECONDS
    while True:
        text = path.read_text(encoding="ascii", errors="replace")
        try:
            return decode_key(text, f"the seal key file {path}")
        except SealKeyError:
            # Its creator (another worker starting now) may still be writing it: the line ends with "\n".
            if text.endswith("\n") or time.monotonic() > deadline:
                raise
            time.sleep(0.02)
