"""Saved memories, insights and session summaries."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

from lembrar.api.schemas.common import Instant, NonBlank, RequestModel
from lembrar.model.layers import Insight, PendingMemory, SavedMemory, SaveOutcome, SessionSummary

Now = Field(
    None,
    description="ISO 8601; naive times are read in the user's zone (default: the server's clock)",
)


class MemoryCreate(RequestModel):
    fact: NonBlank = Field(
        ..., description="one short fact, in the user's words, e.g. \"I'm vegetarian\""
    )
    on_conflict: Literal["ask", "replace", "keep_both"] = Field(
        "ask",
        description="if it contradicts a saved fact: ask (save nothing, report it), replace "
        "(retire the old one) or keep_both",
    )
    now: Instant | None = Now


class MemoryEdit(RequestModel):
    fact: NonBlank
    now: Instant | None = Now


class MemoryOut(BaseModel):
    id: str
    user_id: str
    fact: str
    created_at: datetime
    updated_at: datetime
    source_episode_id: str | None
    retired_at: datetime | None
    replaced_by: str | None

    @classmethod
    def of(cls, m: SavedMemory) -> MemoryOut:
        return cls(
            id=m.id,
            user_id=m.user_id,
            fact=m.text,
            created_at=m.created_at,
            updated_at=m.updated_at,
            source_episode_id=m.source_episode_id,
            retired_at=m.retired_at,
            replaced_by=m.replaced_by,
        )


class MemoryList(BaseModel):
    memories: list[MemoryOut]


class SaveResult(BaseModel):
    """``saved`` (201: ``memory``, and ``replaced`` if it retired one); ``duplicate`` or
    ``conflict`` (200: nothing stored; ``existing`` is the saved fact it repeats or contradicts)."""

    status: Literal["saved", "duplicate", "conflict"]
    memory: MemoryOut | None = None
    replaced: MemoryOut | None = None
    existing: MemoryOut | None = None
    reason: str | None = None

    @classmethod
    def of(cls, outcome: SaveOutcome) -> SaveResult:
        if outcome.status == "saved":
            replaced = MemoryOut.of(outcome.replaced) if outcome.replaced else None
            return cls(status="saved", memory=MemoryOut.of(outcome.memory), replaced=replaced)
        return cls(
            status=outcome.status, existing=MemoryOut.of(outcome.existing), reason=outcome.reason
        )


class PendingOut(BaseModel):
    """A captured fact that contradicts ``conflicts_with`` (None once that fact was deleted)."""

    id: str
    user_id: str
    fact: str
    created_at: datetime
    conflicts_with: str | None
    reason: str
    source_episode_id: str | None

    @classmethod
    def of(cls, p: PendingMemory) -> PendingOut:
        return cls(
            id=p.id,
            user_id=p.user_id,
            fact=p.text,
            created_at=p.created_at,
            conflicts_with=p.conflicts_with,
            reason=p.reason,
            source_episode_id=p.source_episode_id,
        )


class PendingList(BaseModel):
    pending: list[PendingOut]


class PendingResolve(RequestModel):
    action: Literal["replace", "keep_both", "discard"] = Field(
        ..., description="replace (retire the saved fact it contradicts), keep_both, or discard it"
    )
    now: Instant | None = Now


class PendingResult(BaseModel):
    """``discarded``, or the outcome of saving the pending fact."""

    status: Literal["discarded", "saved", "duplicate", "conflict"]
    result: SaveResult | None = None


class NowIn(RequestModel):
    now: Instant | None = Now


class InsightEdit(RequestModel):
    statement: NonBlank
    now: Instant | None = Now


class InsightOut(BaseModel):
    id: str
    statement: str
    keyphrases: list[str]
    confidence: float
    label: str = Field(description="high, medium or low")
    first_at: datetime
    last_at: datetime
    size: int = Field(description="how many messages it was drawn from")
    sources: list[str] = Field(description="ids of those messages")
    edited: bool
    updated_at: datetime

    @classmethod
    def of(cls, i: Insight) -> InsightOut:
        return cls(
            id=i.id,
            statement=i.statement,
            keyphrases=list(i.keyphrases),
            confidence=i.confidence,
            label=i.label,
            first_at=i.first_at,
            last_at=i.last_at,
            size=i.size,
            sources=list(i.sources),
            edited=i.edited,
            updated_at=i.updated_at,
        )


class InsightList(BaseModel):
    insights: list[InsightOut]


class SummaryOut(BaseModel):
    id: str
    session_id: str
    title: str
    summary: str
    keyphrases: list[str]
    first_at: datetime
    last_at: datetime
    turns: int
    method: str
    created_at: datetime

    @classmethod
    def of(cls, s: SessionSummary) -> SummaryOut:
        return cls(
            id=s.id,
            session_id=s.session_id,
            title=s.title,
            summary=s.summary,
            keyphrases=list(s.keyphrases),
            first_at=s.first_at,
            last_at=s.last_at,
            turns=s.turns,
            method=s.method,
            created_at=s.created_at,
        )


class SummaryList(BaseModel):
    summaries: list[SummaryOut]
