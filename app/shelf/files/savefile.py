"""Rebuilding a game from its seed, options and log, and the portable save format.

A portable save is `{format, format_version, game, rules_version, seed, options, name, actions, final}`:
`actions` is the effective list of action ids (undone actions already taken out) and `final` records
where the game stood (version, status, a digest of the state) so that an import can be verified. A file
exported since issue #26 also carries the game's `id`, so that it restores under it (`saved_id`).

A save made under an older rules version of its game is brought up to the current rules on import, as
app/shelf/upgrades.py does for a stored save: it is replayed under the current rules (every action must
still be legal) and, since the final digest can no longer match, its result is checked instead (a
finished game must end the same way). A save from a newer rules version than the server plays is refused.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from typing import Any

from app.shelf.naming import name_problem
from games.engine import N_, GameEngine, IllegalAction, MalformedState, words
from games.engine import reason as said
from games.registry import UnknownGame, get_engine

SAVE_FORMAT = "solo-shelf-save"
SAVE_FORMAT_VERSION = 1
MAX_ACTIONS = 100_000


class ReplayError(ValueError):
    """The log does not rebuild a valid game; the message says where and why."""


def state_digest(dumped: dict[str, Any]) -> str:
    canonical = json.dumps(dumped, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def effective_actions(log: list[tuple[str, str]]) -> list[str]:
    """Resolve (kind, action) log entries into the actions that stand: an undo removes the latest one."""
    actions: list[str] = []
    for kind, action in log:
        if kind == "undo":
            if not actions or actions[-1] != action:
                raise ReplayError(words("undo of {action} does not match the latest action", action=repr(action)))
            actions.pop()
        else:
            actions.append(action)
    return actions


def replay(
    engine: GameEngine, seed: int, options: dict[str, Any], actions: list[str], carried: dict[str, Any] | None = None,
    redeals: list[list[int]] | None = None,
) -> Any:
    state = engine.new_game(seed, options, carried) if carried is not None else engine.new_game(seed, options)
    state = redealt(engine, state, 0, redeals)
    for n, action in enumerate(actions, start=1):
        try:
            state, _events = engine.apply(state, action)
        except IllegalAction as exc:
            raise ReplayError(words("action #{n} ({action}) is not legal there: {why}", n=n, action=repr(action),
                                    why=said(exc))) from None
        state = redealt(engine, state, n, redeals)
    return state


def redealt(engine: GameEngine, state: Any, version: int, redeals: list[list[int]] | None) -> Any:
    """The state at `version`, its unseen dealt again if a copy was made there (`GameSession.redeals`)."""
    for at, seed in redeals or ():
        if at == version:
            state = engine.redeal(state, seed)
    return state


def check_redeals(given: Any, moves: int) -> list[list[int]] | None:
    """A file's `redeals` ([[version, seed], ...], versions in order, none past `moves`), or None; ReplayError."""
    if given is None:
        return None
    if not isinstance(given, list) or len(given) > 100 or not all(
        isinstance(r, list) and len(r) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in r)
        and 0 <= r[0] <= moves and 0 <= r[1] < 2**63 for r in given
    ) or [r[0] for r in given] != sorted(r[0] for r in given):
        raise ReplayError(words("redeals must be a list of [move number, seed] pairs"))
    return given


@dataclass
class CheckedSave:
    engine: GameEngine
    seed: int
    options: dict[str, Any]
    name: str
    actions: list[str]
    state: Any
    carried: dict[str, Any] | None = None
    # The rules version the file was made with, when older than the engine's (it was brought up to date).
    upgraded_from: int | None = None
    # The id the game had where it was exported (None in an older file, or an id that is not one of ours).
    saved_id: str | None = None
    # Where the game's unseen parts were dealt again, and from which seeds (a copy's: see `redealt`).
    redeals: list[list[int]] | None = None


WHATS = (N_("save"), N_("campaign"))  # the `what` of these messages, said in the reader's language


def check_rules_version(title: str, given: Any, current: int, what: str = "save") -> int | None:
    """None if `given` is the current rules version, the older version it names; ReplayError if newer or not one."""
    if not isinstance(given, int) or isinstance(given, bool) or given < 1:
        raise ReplayError(words("rules_version must be a whole number of 1 or more, not {given}", given=repr(given)))
    if given > current:
        raise ReplayError(words(
            "this {what} was made with {game} rules version {given}, newer than this server plays "
            "(version {current}): import it on a server with the newer rules",
            what=what, game=title, given=given, current=current))
    return given if given < current else None


def not_upgradable(title: str, old: int, current: int, reason: str, what: str = "save") -> ReplayError:
    return ReplayError(words(
        "this {what} was made with {game} rules version {old} and cannot be brought up to version {current}: "
        "{why}", what=what, game=title, old=old, current=current, why=reason))


def same_result(before: Any, after: str) -> str | None:
    """Why a save's result changed under the new rules, or None (as app/shelf/upgrades.py judges it).

    A finished game must end the same way; one in progress may go on or, if the new rules end it, end.
    """
    if not isinstance(before, str):
        return words("the file's final status is missing")
    if before != "in_progress" and after != before:
        return words("under the new rules this game would end differently ({after}, not {before})", after=after,
                 before=before)
    return None


def check_save(data: Any) -> CheckedSave:
    """Validate a portable save and replay it; raise ReplayError with a clear message if anything is off."""
    if not isinstance(data, dict):
        raise ReplayError(words("a save file must be a JSON object"))
    if data.get("format") != SAVE_FORMAT:
        raise ReplayError(words("not a Solo Shelf save (expected format {format})", format=repr(SAVE_FORMAT)))
    if data.get("format_version") != SAVE_FORMAT_VERSION:
        raise ReplayError(words("unsupported save format version {version}", version=repr(data.get("format_version"))))
    try:
        engine = get_engine(str(data.get("game")))
    except UnknownGame as exc:
        raise ReplayError(words("unknown game: {game}", game=repr(exc.args[0]))) from None
    title, current = engine.spec.title, engine.spec.rules_version
    older = check_rules_version(title, data.get("rules_version"), current)
    seed, actions, final = data.get("seed"), data.get("actions"), data.get("final")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
        raise ReplayError(words("seed must be a whole number between 0 and 2^63"))
    if not isinstance(actions, list) or not all(isinstance(a, str) and len(a) <= 200 for a in actions):
        raise ReplayError(words("actions must be a list of action ids"))
    if len(actions) > MAX_ACTIONS:
        raise ReplayError(words("too many actions (at most {n})", n=MAX_ACTIONS))
    if not isinstance(final, dict) or not isinstance(final.get("digest"), str):
        raise ReplayError(words("the save has no final digest to verify against"))
    name = data.get("name", "")
    if not isinstance(name, str) or name_problem(name):
        raise ReplayError(name_problem(name) if isinstance(name, str) else words("name must be a text"))
    try:
        options = engine.spec.normalize_options(data.get("options"))
    except (ValueError, TypeError) as exc:
        raise ReplayError(said(exc)) from None
    carried = data.get("carried")
    if carried is not None and not isinstance(carried, dict):
        raise ReplayError(words("carried must be an object (a campaign's setup for this game) or null"))
    redeals = check_redeals(data.get("redeals"), len(actions))
    try:
        state = replay(engine, seed, options, actions, carried, redeals)
    except ReplayError as exc:
        if older is None:
            raise
        raise not_upgradable(title, older, current, said(exc)) from None
    except (MalformedState, ValueError, TypeError, KeyError) as exc:
        if older is None:
            raise ReplayError(words("the save does not set up a valid game: {why}", why=said(exc))) from None
        refused = words("the new rules refuse its setup ({why})", why=said(exc))
        raise not_upgradable(title, older, current, refused) from None
    if older is None:
        if state_digest(engine.dump(state)) != final["digest"]:
            raise ReplayError(words("the replayed game does not match the save's final state: the file was altered"))
    else:  # the rules changed, so the state's digest did too: the result is what must hold
        changed = same_result(final.get("status"), engine.status(state).state)
        if changed is not None:
            raise not_upgradable(title, older, current, changed)
    return CheckedSave(engine, seed, options, name, actions, state, carried, older, saved_id(data), redeals)


# What to do with a file whose game (or campaign) is still on the player's shelf: restore it over, or keep a copy.
ON_SHELF = ("restore", "copy")


def saved_id(data: dict[str, Any]) -> str | None:
    """The id a file says its game (or campaign) had, when it is one this app makes (16 hex digits)."""
    given = data.get("id")
    return given if isinstance(given, str) and re.fullmatch(r"[0-9a-f]{16}", given) else None
