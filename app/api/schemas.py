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


class AdviceOption(BaseModel):
    action: str = Field(description="the legal action's id")
    label: str
    best: bool = Field(description="the option with the best estimate so far")
    playouts: int = Field(description="games played out from this option so far")
    win: float = Field(description="the estimated chance to win, 0 to 1")
    margin: float = Field(description="half the width of the 95% interval of `win` (Wilson)")
    win_low: float = Field(description="the 95% interval of the chance to win")
    win_high: float
    score: float | None = Field(description="the expected final score (null before any playout)")
    score_margin: float | None = Field(description="the 95% margin of the expected score")
    in_running: bool = Field(description="still refined: not yet clearly worse than the best option")


class AdviceOut(BaseModel):
    session_id: str
    version: int = Field(description="the position the advice is about")
    seed: int = Field(description="the seed of the deals: ask with it again for the same answer")
    done: bool = Field(description="False while the estimate is still refined (answered 202): poll `Location`")
    deals: int = Field(description="deals of the unseen played out so far (each option on the same deals)")
    playouts: int
    seconds: float
    options: list[AdviceOption] = Field(description="best first; one per choice as the player sees it (legal actions "
                                                    "that read the same are one choice: the first stands for them)")


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
