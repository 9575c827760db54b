"""The seed of an export: in clear when it tells nothing to come, sealed otherwise.

An open file (format_version 1) carries `seed` and `seed_chosen`. A sealed file (format_version 2)
carries neither; in their place:

    "sealed": {"alg": "AES-256-GCM", "key_id": "<16 hex>", "nonce": "<base64>", "data": "<base64>"}

`data` is `{"seed": n}` (with a copy's `"redeals": [[version, seed], ...]`, app/shelf/files/savefile.py)
encrypted and authenticated with the server's key (AES-GCM, a fresh 96-bit nonce each time), with every
other field of the file as associated data: change the actions, the name or anything else, or move the
sealed part into another file, and it no longer opens. `key_id` names the key (a hash of it, telling nothing
about it), so that a file from another server is told apart from an altered one.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import os
from typing import Any

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from games.engine import words

OPEN_FORMAT_VERSION = 1
SEALED_FORMAT_VERSION = 2
ALG = "AES-256-GCM"
_NONCE_BYTES = 12
_AD_PREFIX = b"solo-shelf sealed file\x00"


class SealRefused(ValueError):
    """A sealed file that cannot be opened here; the message says why (for the player)."""


class SealedElsewhere(SealRefused):
    """A file sealed with another server's key."""


class Sealer:
    """Seals and opens the seed of exports with one server key."""

    def __init__(self, key: bytes) -> None:
        self._aead = AESGCM(key)
        self.key_id = hashlib.sha256(b"solo-shelf seal key id\x00" + key).hexdigest()[:16]

    def seal(self, data: dict[str, Any]) -> dict[str, Any]:
        """The open file `data` with its seed (and a copy's redeal seeds, `redeals`) sealed (a new dict; `data` is
        left as it was)."""
        rest = {k: v for k, v in data.items() if k not in ("seed", "seed_chosen", "redeals")}
        rest["format_version"] = SEALED_FORMAT_VERSION
        nonce = os.urandom(_NONCE_BYTES)
        hidden = {"seed": data["seed"], **({"redeals": data["redeals"]} if data.get("redeals") else {})}
        secret = json.dumps(hidden).encode()
        blob = self._aead.encrypt(nonce, secret, _associated(rest))
        rest["sealed"] = {"alg": ALG, "key_id": self.key_id, "nonce": _b64(nonce), "data": _b64(blob)}
        return rest

    def open(self, data: dict[str, Any]) -> dict[str, Any]:
        """The sealed file `data` as the open file it was sealed from; SealRefused if it cannot be."""
        sealed = data["sealed"]
        if "seed" in data or "seed_chosen" in data or "redeals" in data:
            raise SealRefused(words("it has both a sealed seed and a seed in clear"))
        if data.get("format_version") != SEALED_FORMAT_VERSION:
            raise SealRefused(words("a sealed file has format_version {version}", version=SEALED_FORMAT_VERSION))
        if not isinstance(sealed, dict) or sealed.get("alg") != ALG or not all(
            isinstance(sealed.get(k), str) for k in ("key_id", "nonce", "data")
        ):
            raise SealRefused(words("its sealed part is not {shape}", shape=f"{{alg: {ALG!r}, key_id, nonce, data}}"))
        if sealed["key_id"] != self.key_id:
            raise SealedElsewhere(ANOTHER_SERVER)
        rest = {k: v for k, v in data.items() if k != "sealed"}
        try:
            secret = self._aead.decrypt(_unb64(sealed["nonce"]), _unb64(sealed["data"]), _associated(rest))
            hidden = json.loads(secret)
            seed = hidden["seed"]
        except (InvalidTag, ValueError, KeyError, TypeError):
            altered = words("its sealed seed does not match the rest of the file: the file was altered")
            raise SealRefused(altered) from None
        opened = {**rest, "format_version": OPEN_FORMAT_VERSION, "seed": seed}
        if isinstance(hidden, dict) and hidden.get("redeals"):
            opened["redeals"] = hidden["redeals"]
        return opened


ANOTHER_SERVER = words(
    "it was sealed by another server. A game in progress keeps its seed secret, so that no one can read "
    "the cards and rolls to come from the file, and only the server that exported it can open it: import "
    "it there (or finish the game there and export it again; a finished game's file opens anywhere)"
)


def is_sealed(data: Any) -> bool:
    return isinstance(data, dict) and "sealed" in data


def open_file(data: Any, sealer: Sealer | None) -> Any:
    """`data` as an open file: sealed ones opened with `sealer` (None: there is no key to open them)."""
    if not is_sealed(data):
        return data
    if sealer is None:
        raise SealRefused(words(
            "it is sealed (a game in progress keeps its seed secret) and there is no seal key here to open it"
        ))
    return sealer.open(data)


def seed_chosen_flag(data: Any) -> bool:
    """The open file's `seed_chosen` (absent: false); SealRefused if it is not true or false."""
    flag = data.get("seed_chosen", False) if isinstance(data, dict) else False
    if not isinstance(flag, bool):
        raise SealRefused(words("seed_chosen must be true or false"))
    return flag


def _associated(rest: dict[str, Any]) -> bytes:
    canonical = json.dumps(rest, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return _AD_PREFIX + canonical.encode()


def _b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode()


def _unb64(text: str) -> bytes:
    try:
        return base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        raise ValueError("not base64") from None
