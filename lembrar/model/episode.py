"""Episodes and chunks: pure data, validated on construction, no I/O."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

import numpy as np
from numpy.typing import NDArray

from lembrar.errors import ValidationError
from lembrar.model.ids import require_no_nul
from lembrar.model.timetags import TimeTags

EpisodeKind = Literal["message", "text", "record"]
KINDS: tuple[str, ...] = ("message", "text", "record")
ROLES: tuple[str, ...] = ("user", "assistant", "system", "tool")


def new_id() -> str:
    """A time-ordered unique id: 48-bit milliseconds + 80 random bits, 32 hex chars."""
    return f"{int(time.time() * 1000):012x}{os.urandom(10).hex()}"


def record_text(record: dict[str, Any]) -> str:
    """The searchable rendering of a JSON record: ``key: value`` pairs, nested keys dotted."""
    parts: list[str] = []

    def walk(prefix: str, value: Any) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                walk(f"{prefix}.{key}" if prefix else str(key), inner)
        elif isinstance(value, list):
            parts.append(
                f"{prefix}: "
                + ", ".join(
                    json.dumps(v, ensure_ascii=False) if isinstance(v, (dict, list)) else str(v)
                    for v in value
                )
            )
        elif value is not None:
            parts.append(f"{prefix}: {value}")

    walk("", record)
    return "; ".join(parts)


@dataclass(frozen=True)
class Episode:
    """One thing that happened: a chat message, a plain text, or a JSON record.

    ``content`` is always the searchable text; for records it is derived from ``record``.
    """

    id: str
    user_id: str
    kind: EpisodeKind
    content: str
    at: datetime
    recorded_at: datetime
    tags: TimeTags
    session_id: str | None = None
    role: str | None = None
    speaker: str | None = None
    record: dict[str, Any] | None = None
    metadata: dict[str, Any] = field(default_factory=dict)
    version: int = 1

    def __post_init__(self) -> None:
        require_text("user_id", self.user_id)
        require_text("id", self.id)
        if self.kind not in KINDS:
            raise ValidationError("kind", f"unknown kind {self.kind!r}; use one of {KINDS}")
        require_text("content", self.content)
        if self.kind == "message" and self.role is None:
            raise ValidationError("role", "a message needs a role such as 'user' or 'assistant'")
        if not isinstance(self.metadata, dict):
            raise ValidationError("metadata", "must be a JSON object (a dict)")


@dataclass(frozen=True)
class Chunk:
    """A piece of an episode's content, the unit that is embedded and indexed."""

    episode_id: str
    position: int
    text: str
    start: int
    end: int


def require_text(name: str, value: object) -> str:
    if not isinstance(value, str):
        raise ValidationError(name, f"must be a string, got {type(value).__name__}")
    if not value.strip():
        raise ValidationError(name, "must not be empty")
    require_no_nul(name, value)  # no store keeps it as text: refused on every write path
    return value


@dataclass(frozen=True)
class IndexedEpisode:
    """An episode ready to store: its chunks and one unit-norm vector per chunk."""

    episode: Episode
    chunks: Sequence[Chunk]
    vectors: NDArray[np.float32]
    hashes: Sequence[str]
