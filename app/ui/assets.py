"""The app's own stylesheets, scripts and icon sprites, served fingerprinted, minified and compressed once.

At start every file under static/css/ and static/js/ (and htmx, and the icon sprites under static/icons/) is
read, minified (rcssmin, rjsmin; the sprites as they are), hashed and gzip-compressed, once. A page links it as
`asset("css/app.css")`, which answers `/assets/<hash>/css/app.css`: the address changes when the file does, so a
browser may keep it for a year (`Cache-Control: immutable`) and never asks again; a new release is a new address.
A board's <svg><use href> names its sprite's current address the same way. Other pictures stay under /static,
cached a day and revalidated."""

from __future__ import annotations

import gzip
import hashlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import rcssmin
import rjsmin

from app.core.config import ROOT

STATIC = ROOT / "static"
PREFIX = "/assets/"
SOURCES = ("css/*.css", "js/*.js", "vendor/htmx/htmx.min.js", "icons/*.svg")
MEDIA_TYPES = {".css": "text/css; charset=utf-8", ".js": "text/javascript; charset=utf-8",
               ".svg": "image/svg+xml"}


@dataclass(frozen=True)
class Asset:
    path: str  # under static/, e.g. "css/app.css"
    digest: str
    body: bytes
    gzipped: bytes

    @property
    def url(self) -> str:
        return f"{PREFIX}{self.digest}/{self.path}"

    @property
    def media_type(self) -> str:
        return MEDIA_TYPES[Path(self.path).suffix]


def _minified(path: Path) -> bytes:
    text = path.read_text(encoding="utf-8")
    if path.name.endswith(".min.js") or path.suffix == ".svg":  # the sprites are built compact (scripts/icons.py)
        return text.encode()
    if path.suffix == ".css":
        return rcssmin.cssmin(text).encode()
    return rjsmin.jsmin(text).encode()


@cache
def assets() -> dict[str, Asset]:
    """Every asset by its path under static/ (built once per process)."""
    found = {}
    for pattern in SOURCES:
        for file in sorted(STATIC.glob(pattern)):
            body = _minified(file)
            path = file.relative_to(STATIC).as_posix()
            found[path] = Asset(path, hashlib.sha256(body).hexdigest()[:12], body,
                                gzip.compress(body, compresslevel=9, mtime=0))
    return found


def asset(path: str) -> str:
    """The address of an asset (`asset("css/app.css")`); KeyError for a file that is not one."""
    return assets()[path].url


def find(digest: str, path: str) -> Asset | None:
    """The asset at this address, if the digest is its current one."""
    found = assets().get(path)
    return found if found is not None and found.digest == digest else None
