"""Who the request being answered is for, as the templates see it: its player and the CSRF token its forms carry.

The edge (app/http/auth.py) opens a holder for every request (`holding()`) and fills it once it knows the
player (`remember`); the page templates read it (`current_player()`, `csrf_token()`). A context variable, so
each request (and each thread it runs on) sees its own.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from app.accounts.logins import Principal

CSRF_FIELD = "csrf_token"  # the form field of every state-changing form (the header is X-CSRF-Token)

# {"principal": Principal | None, "csrf": str | None, "set_pre_cookie": str | None}
_current: ContextVar[dict[str, Any] | None] = ContextVar("solo_shelf_request_auth", default=None)


@contextmanager
def holding() -> Iterator[dict[str, Any]]:
    """A fresh holder for one request, for as long as it runs."""
    holder: dict[str, Any] = {}
    reset = _current.set(holder)
    try:
        yield holder
    finally:
        _current.reset(reset)


def holder() -> dict[str, Any] | None:
    """This request's holder (None outside a request)."""
    return _current.get()


def remember(principal: Principal | None, csrf: str | None) -> None:
    """The player of this request and the CSRF token its pages' forms carry."""
    held = _current.get()
    if held is not None:  # the same dict the middleware put there: visible to this request's templates
        held["principal"], held["csrf"] = principal, csrf


def csrf_token() -> str:
    """The CSRF token to put in this request's forms and htmx header ('' when there is none to send)."""
    return (_current.get() or {}).get("csrf") or ""


def current_player() -> Principal | None:
    return (_current.get() or {}).get("principal")
