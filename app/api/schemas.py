"""Pydantic models of the JSON API's bodies, so /docs shows them and bad bodies get a clear 422."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class OptionChoice(BaseModel):
    value: str
    label: str


class OptionOut(BaseModel):
    key: str
    label: str
    choices: list[OptionChoice]
    default: str
    help: str = ""


class GameOut(BaseModel):
    slug: str
    title: str
    rules_version: int
    options: list[OptionOut]
    summary: str = ""


class NewSession(BaseModel):
    game: str = Field(examples=["adamastor"])
    # strict: a JSON whole number only (not `false`, which lax parsing took as 0, nor "12" or 12.0).
    seed: int | None = Field(default=None, ge=0, lt=2**63, strict=True)
    options: dict[str, str] | None = Field(default=None, examples=[{"maps": "3"}])
    name: str | None = Field(default=None, max_length=120)


class ActionIn(BaseModel):
    action: str = Field(min_length=1, max_length=200, examples=["draw"])
    version: int = Field(ge=0)


class UndoIn(BaseModel):
    version: int = Field(ge=0)


class RenameIn(BaseModel):
    name: str = Field(min_length=1, max_length=120)


class ActionOut(BaseModel):
    id: str
    label: str
    group: str


class ScoreLineOut(BaseModel):
    label: str
    points: int
    detail: str = ""


class StatusOut(BaseModel):
    state: str
    score: int | None
    breakdown: list[ScoreLineOut]
    reason: str = ""


class LogLine(BaseModel):
    seq: int
    kind: str
    text: str


class SessionOut(BaseModel):
    id: str
    game: str
    name: str
    version: int
    status: StatusOut
    score: int | None
    view: dict[str, Any]
    legal_actions: list[ActionOut]
    log_tail: list[LogLine]
    can_undo: bool
    created_at: str
    updated_at: str
    attention: str | None = Field(default=None, description="why this save needs attention; no moves while set")
    seed_chosen: bool = Field(default=False, description="the player chose the seed: the same seed deals the same game")


class SessionSummary(BaseModel):
    id: str
    game: str
    name: str
    status: str
    score: int | None
    version: int
    updated_at: str
    attention: str | None = None


class LogEventOut(BaseModel):
    seq: int
    kind: str
    action: str
    events: list[dict[str, Any]]


class Error(BaseModel):
    detail: str


class StaleError(BaseModel):
    detail: str
    current: SessionOut


class CampaignGameOut(BaseModel):
    id: str
    index: int | None
    name: str
    status: str
    score: int | None
    attention: str | None = None


class CampaignOut(BaseModel):
    id: str
    game: str
    name: str
    version: int
    status: StatusOut
    score: int | None
    view: dict[str, Any]
    legal_actions: list[ActionOut]
    current_session: str | None
    games: list[CampaignGameOut]
    log_tail: list[LogLine]
    created_at: str
    updated_at: str
    seed_chosen: bool = Field(default=False, description="the player chose the seed: it deals the same campaign")
    can_undo: bool = Field(default=False, description="a between-games choice can be taken back (POST .../undo)")


class CampaignStaleError(BaseModel):
    detail: str
    current: CampaignOut


class CampaignSummary(SessionSummary):
    pass


class CampaignLogOut(LogEventOut):
    pass
