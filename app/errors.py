"""The errors the store and the play path raise; routes turn them into status codes."""

from __future__ import annotations

from typing import Any

from games.engine import words


class NotFound(Exception):
    """An unknown id (404)."""


class Stale(Exception):
    """The posted version is not the current one (409); `view` is the current SessionView."""

    def __init__(self, view: Any) -> None:
        super().__init__(words("This game has moved on since that page was loaded; here is the current board."))
        self.view = view


class Illegal(Exception):
    """An illegal or malformed action (422); nothing was applied."""

    def __init__(self, message: str, view: Any = None) -> None:
        super().__init__(message)
        self.message = message
        self.view = view


class ImportRefused(Exception):
    """A save file that cannot be imported (422)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
