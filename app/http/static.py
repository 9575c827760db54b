"""The files under static/ (pictures, vendored pages' files), cached a day and revalidated.

Pages may link them by a fixed address, so they cannot change with each release as the fingerprinted
stylesheets, scripts and icon sprites do (app/ui/assets.py); a day's cache, then a cheap revalidation (ETag),
keeps them fresh enough.
"""

from __future__ import annotations

from typing import Any

from starlette.responses import Response
from starlette.staticfiles import StaticFiles

CACHE = "public, max-age=86400"


class CachedStaticFiles(StaticFiles):
    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        response = super().file_response(*args, **kwargs)
        response.headers.setdefault("Cache-Control", CACHE)
        return response
