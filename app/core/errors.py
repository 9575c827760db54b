"""The domain's errors: what app.shelf and app.accounts raise, and the routes turn into status codes.

`Refused` is a refusal the player can act on, with its words (`reason(exc)` keeps them translatable): an
illegal move, a name that cannot be one, a file that cannot be imported. Routes answer it with a 4xx and
change nothing. Any other exception is a bug: it stays a 500, logged with its traceback, never a 422 that
blames the player.
"""

from __future__ import annotations

from typing import Any

from games.engine import words


class NotFound(Exception):
    """An unknown id, or another player's (404)."""


class Refused(Exception):
    """A request refused for a reason the player can act on (422 unless the route says otherwise).
    `message` is its words; `view` (when given) is the current state to show with the refusal."""

    def __init__(self, message: Any, view: Any = None) -> None:
        super().__init__(message)
        self.message = message
        self.view = view


class Stale(Exception):
    """The posted version is not the current one (409); `view` is the current SessionView."""

    def __init__(self, view: Any) -> None:
        super().__init__(words("This game has moved on since that page was loaded; here is the current board."))
        self.view = view


class Illegal(Refused):
    """An illegal or malformed action (422); nothing was applied."""


class ImportRefused(Refused):
    """A save file that cannot be imported (422)."""


class OnShelf(Refused):
    """A file whose game is still on the player's shelf, imported without saying what to do with it (409):
    restore over it (back to the file's point) or keep a copy beside it. `existing` is its id."""

    def __init__(self, message: Any, existing: str) -> None:
        super().__init__(message)
        self.existing = existing
