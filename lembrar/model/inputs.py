"""What callers hand to ``Memory.add`` / ``add_many`` before it becomes an Episode."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lembrar.model.episode import EpisodeKind


@dataclass(frozen=True)
class EpisodeIn:
    """One episode to ingest. Exactly one of ``content`` (message or text) or ``record`` is set.

    ``role`` makes it a message; ``at`` may be an aware datetime or an ISO 8601 string;
    ``id`` is kept when given (lossless re-import), generated otherwise.
    """

    user_id: str
    content: str | None = None
    role: str | None = None
    speaker: str | None = None
    record: dict[str, Any] | None = None
    session_id: str | None = None
    at: datetime | str | None = None
    metadata: dict[str, Any] = field(default_factory=dict)
    id: str | None = None
    recorded_at: datetime | str | None = None

    @property
    def kind(self) -> EpisodeKind:
        if self.record is not None:
            return "record"
        return "message" if self.role is not None else "text"
