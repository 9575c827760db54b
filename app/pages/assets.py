"""`GET /assets/<hash>/<path>`: the app's stylesheets and scripts (app/ui/assets.py), kept by browsers for a year.

Anyone may fetch them (the log-in page needs them too). An address whose hash is not the file's current one is a
404: a page from before a release asks its own page again, never a newer file under an old address.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from app.ui.assets import find

router = APIRouter(include_in_schema=False)
IMMUTABLE = "public, max-age=31536000, immutable"


@router.get("/assets/{digest}/{path:path}")
def asset(digest: str, path: str, request: Request) -> Response:
    found = find(digest, path)
    if found is None:
        return Response(status_code=404, headers={"Cache-Control": "no-store"})
    headers = {"Cache-Control": IMMUTABLE, "ETag": f'"{found.digest}"', "Vary": "Accept-Encoding"}
    if request.headers.get("if-none-match") == headers["ETag"]:
        return Response(status_code=304, headers=headers)
    if "gzip" in request.headers.get("accept-encoding", ""):
        return Response(found.gzipped, media_type=found.media_type, headers={**headers, "Content-Encoding": "gzip"})
    return Response(found.body, media_type=found.media_type, headers=headers)
