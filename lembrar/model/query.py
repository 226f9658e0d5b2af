"""Filters, pages and listings: the pure data that reads take and return."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from lembrar.errors import ValidationError
from lembrar.model.episode import KINDS, ROLES, Episode
from lembrar.model.timetags import PERIODS, WEEKDAYS

_METADATA_KEY = re.compile(r"[\w\-]+(\.[\w\-]+)*")


def _as_tuple(name: str, value: Any, allowed: tuple[str, ...]) -> tuple[str, ...]:
    items = (value,) if isinstance(value, str) else tuple(value or ())
    for item in items:
        if item not in allowed:
            raise ValidationError(name, f"unknown value {item!r}; use one of {allowed}")
    return items


@dataclass(frozen=True)
class Filters:
    """Restrictions every read can take; all given conditions must hold."""

    session_id: str | None = None
    roles: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    since: datetime | None = None
    until: datetime | None = None
    periods: tuple[str, ...] = ()
    weekdays: tuple[str, ...] = ()
    metadata: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "roles", _as_tuple("roles", self.roles, ROLES))
        object.__setattr__(self, "kinds", _as_tuple("kinds", self.kinds, KINDS))
        object.__setattr__(self, "periods", _as_tuple("periods", self.periods, PERIODS))
        object.__setattr__(self, "weekdays", _as_tuple("weekdays", self.weekdays, WEEKDAYS))
        for name in ("since", "until"):
            value = getattr(self, name)
            if value is not None and (not isinstance(value, datetime) or value.tzinfo is None):
                raise ValidationError(name, "must be a timezone-aware datetime")
        if not isinstance(self.metadata, dict):
            raise ValidationError("metadata", "metadata filter must be a dict of key -> value")
        for key in self.metadata:
            if not isinstance(key, str) or not _METADATA_KEY.fullmatch(key):
                raise ValidationError(
                    "metadata",
                    f"filter key {key!r} must be letters, digits, '_', '-' or '.' (dots reach nested keys)",
                )

    @classmethod
    def of(cls, value: Filters | Mapping[str, Any] | None) -> Filters:
        if value is None:
            return cls()
        if isinstance(value, cls):
            return value
        if isinstance(value, Mapping):
            unknown = set(value) - set(cls.__dataclass_fields__)
            if unknown:
                raise ValidationError(
                    "filters",
                    f"unknown filter(s) {sorted(unknown)}; use {sorted(cls.__dataclass_fields__)}",
                )
            return cls(**value)
        raise ValidationError("filters", "must be a Filters or a dict")

    def is_empty(self) -> bool:
        return self == Filters()

    def needs_sql(self) -> bool:
        """Whether evaluating needs more than the time/period/weekday/role/session columns."""
        return bool(self.metadata or self.kinds)


@dataclass(frozen=True)
class Page:
    items: list[Episode]
    next_cursor: str | None


@dataclass(frozen=True)
class SessionInfo:
    session_id: str
    first_at: datetime
    last_at: datetime
    episodes: int


@dataclass(frozen=True)
class HistoryEntry:
    episode_id: str
    version: int
    event: str
    content: str
    changed_at: datetime


@dataclass(frozen=True)
class ChunkRow:
    """A stored chunk with the episode it belongs to."""

    ref: int
    position: int
    text: str
    episode: Episode


@dataclass(frozen=True)
class StoreStats:
    users: int
    episodes: int
    chunks: int
    sessions: int
    bytes: int
