"""`ReleasingRoute`: a sync route gives its database connection back as soon as its function returns.

FastAPI runs a sync route in a worker thread, then (for a route that returns data rather than a
Response) waits for another worker thread to validate the answer, then sends it, and only then closes
the request's session (app/db/engine.py `get_db`). A connection held through those waits is what let a crowd
wedge the server: every worker thread waiting for a connection, every connection held by a request
waiting for a worker thread. Closing the session at the end of the route's own thread breaks that
cycle; the session stays usable (it would simply check out a connection again).
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any

from fastapi.routing import APIRoute
from sqlalchemy.orm import Session


def releasing(endpoint: Callable[..., Any]) -> Callable[..., Any]:
    """`endpoint` (a sync function), closing every Session among its arguments when it returns."""

    @functools.wraps(endpoint)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return endpoint(*args, **kwargs)
        finally:
            for value in (*args, *kwargs.values()):
                if isinstance(value, Session):
                    value.close()

    return run


class ReleasingRoute(APIRoute):
    def __init__(self, path: str, endpoint: Callable[..., Any], **kwargs: Any) -> None:
        if not inspect.iscoroutinefunction(endpoint):  # async routes do their database work in threads
            endpoint = releasing(endpoint)
        super().__init__(path, endpoint, **kwargs)
