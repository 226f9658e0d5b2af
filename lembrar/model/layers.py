"""The memory layers' records: saved memories and save outcomes, session summaries, insights."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

OnConflict = Literal["ask", "replace", "keep_both"]
ON_CONFLICT: tuple[str, ...] = ("ask", "replace", "keep_both")
RESOLUTIONS: tuple[str, ...] = ("replace", "keep_both", "discard")
"""How a pending fact is settled: retire the saved one, keep both, or drop the pending one."""


@dataclass(frozen=True)
class SavedMemory:
    """A fact about the user that they asked to be remembered.

    ``retired_at`` / ``replaced_by`` are set when a later fact replaced this one; retired facts
    are kept as history until the user deletes them. ``source_episode_id`` is the message the
    request came from (deleting that message deletes the fact).
    """

    id: str
    user_id: str
    text: str
    created_at: datetime
    updated_at: datetime
    source_episode_id: str | None = None
    retired_at: datetime | None = None
    replaced_by: str | None = None

    @property
    def active(self) -> bool:
        return self.retired_at is None

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "text": self.text,
            "created_at": self.created_at.isoformat(),
            "retired_at": None if self.retired_at is None else self.retired_at.isoformat(),
        }


@dataclass(frozen=True)
class PendingMemory:
    """A fact captured from a message that contradicts a saved one, kept for the user to review.

    ``conflicts_with`` is the saved fact it contradicts (None once that fact was deleted);
    ``source_episode_id`` the message it came from (deleting that message deletes it).
    """

    id: str
    user_id: str
    text: str
    created_at: datetime
    conflicts_with: str | None
    reason: str
    source_episode_id: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "fact": self.text,
            "created_at": self.created_at.isoformat(),
            "conflicts_with": self.conflicts_with,
            "reason": self.reason,
            "source_episode_id": self.source_episode_id,
        }


@dataclass(frozen=True)
class Saved:
    """The fact was stored (``replaced``: the fact it retired, if any)."""

    memory: SavedMemory
    replaced: SavedMemory | None = None
    status: Literal["saved"] = "saved"

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "status": self.status,
            "id": self.memory.id,
            "fact": self.memory.text,
        }
        if self.replaced is not None:
            out["replaced"] = self.replaced.as_dict()
        return out


@dataclass(frozen=True)
class _NotStored:
    """Nothing stored because of ``existing``; ``status`` says why (set by each outcome)."""

    fact: str
    existing: SavedMemory
    reason: str
    status: str

    def as_dict(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "fact": self.fact,
            "existing": self.existing.as_dict(),
            "reason": self.reason,
        }


@dataclass(frozen=True)
class Duplicate(_NotStored):
    """Nothing stored: ``existing`` already says this (``reason``: same text / same meaning / same fact)."""

    status: Literal["duplicate"] = "duplicate"


@dataclass(frozen=True)
class Conflict(_NotStored):
    """Nothing stored: ``fact`` contradicts ``existing``; save again with ``replace`` or ``keep_both``."""

    status: Literal["conflict"] = "conflict"

    def as_dict(self) -> dict[str, Any]:
        return {
            **super().as_dict(),
            "hint": "ask the user; then call again with on_conflict='replace' or 'keep_both'",
        }


SaveOutcome = Saved | Duplicate | Conflict


@dataclass(frozen=True)
class SummaryDraft:
    """What a summarizer writes for one conversation."""

    title: str
    summary: str
    keyphrases: tuple[str, ...] = ()


@dataclass(frozen=True)
class SessionSummary:
    """A conversation's title and summary, searchable in its own vector space.

    ``turns`` and ``last_at`` record what it covers, so a session that grew (or lost turns)
    since is summarised again. ``stale`` means a source turn changed or was deleted: the
    derived text has been wiped and waits to be recomputed.
    """

    id: str
    user_id: str
    session_id: str
    title: str
    summary: str
    keyphrases: tuple[str, ...]
    first_at: datetime
    last_at: datetime
    turns: int
    method: str
    created_at: datetime
    stale: bool = False

    @property
    def text(self) -> str:
        """The searchable and printable form."""
        return f"{self.title}: {self.summary}" if self.title else self.summary


@dataclass(frozen=True)
class TopicCluster:
    """A group of the user's messages on one topic, handed to an ``InsightWriter``: its most
    central messages, its keyphrases and the time span of all its messages."""

    texts: tuple[str, ...]
    keyphrases: tuple[str, ...]
    first_at: datetime
    last_at: datetime


@dataclass(frozen=True)
class Insight:
    """A lasting statement about the user drawn from a cluster of their messages.

    ``sources`` are the messages it was drawn from (provenance: deleting them all deletes the
    insight). ``edited``: the user rewrote ``statement``, so recomputations keep it.
    """

    id: str
    user_id: str
    statement: str
    keyphrases: tuple[str, ...]
    first_at: datetime
    last_at: datetime
    size: int
    cohesion: float
    confidence: float
    created_at: datetime
    updated_at: datetime
    sources: tuple[str, ...] = field(default=())
    edited: bool = False
    stale: bool = False

    @property
    def label(self) -> str:
        """``high``, ``medium`` or ``low``."""
        return confidence_label(self.confidence)


def confidence_label(confidence: float) -> str:
    if confidence >= 0.7:
        return "high"
    return "medium" if confidence >= 0.45 else "low"
