"""Episodes in and out: one text, a message or a conversation, a record; pages; history."""

from __future__ import annotations

from datetime import date, datetime
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, JsonValue, model_validator

from lembrar.api.schemas.common import (
    Flag,
    Instant,
    ItemInstant,
    JsonObject,
    Kind,
    NonBlank,
    RequestModel,
    Role,
)
from lembrar.model.episode import Episode
from lembrar.model.inputs import EpisodeIn
from lembrar.model.query import HistoryEntry, Page, SessionInfo
from lembrar.model.timetags import TimeTags

MAX_ITEMS = 1000


def _only(kind: str) -> dict[str, Any]:
    """The JSON schema of a body that gives ``kind`` and neither other kind; role and name go
    with content only."""
    others: dict[str, Any] = {
        name: {"not": {}} for name in ("content", "messages", "record") if name != kind
    }
    unset = {} if kind == "content" else {"role": {"type": "null"}, "name": {"type": "null"}}
    return {"required": [kind], "properties": {**others, **unset}}


BULK = "bulk"


def _not_reserved(value: str) -> str:
    """``.../episodes/bulk`` is the bulk add: an episode of that id could not be read back."""
    if value == BULK:
        raise ValueError(f"{BULK!r} names the bulk endpoint; choose another id")
    return value


_AT = "event time, ISO 8601; without an offset it is read in the user's timezone (default: now)"


class TimeTagsOut(BaseModel):
    timezone: str
    local: datetime
    local_date: date
    period: str
    weekday: str
    iso_week: str
    month: int
    season: str

    @classmethod
    def of(cls, tags: TimeTags) -> TimeTagsOut:
        return cls(
            timezone=tags.timezone,
            local=tags.local,
            local_date=tags.local_date,
            period=tags.period,
            weekday=tags.weekday,
            iso_week=tags.iso_week,
            month=tags.month,
            season=tags.season,
        )


class EpisodeOut(BaseModel):
    id: str
    user_id: str
    kind: Kind
    content: str
    at: datetime
    recorded_at: datetime
    tags: TimeTagsOut
    session_id: str | None
    role: str | None
    speaker: str | None
    record: dict[str, JsonValue] | None
    metadata: dict[str, JsonValue]
    version: int

    @classmethod
    def of(cls, e: Episode) -> EpisodeOut:
        return cls(
            id=e.id,
            user_id=e.user_id,
            kind=e.kind,
            content=e.content,
            at=e.at,
            recorded_at=e.recorded_at,
            tags=TimeTagsOut.of(e.tags),
            session_id=e.session_id,
            role=e.role,
            speaker=e.speaker,
            record=e.record,
            metadata=e.metadata,
            version=e.version,
        )


class MessageIn(RequestModel):
    role: Role = "user"
    content: NonBlank
    name: NonBlank | None = Field(None, description="who spoke, e.g. the user's name")


class EpisodeCreate(RequestModel):
    """Exactly one of ``content`` (a text, or a message when ``role`` is set), ``messages`` or ``record``."""

    model_config = ConfigDict(
        json_schema_extra={"oneOf": [_only(name) for name in ("content", "messages", "record")]}
    )

    # A kind not given is None, but null is refused (leave it out): to the type checker each
    # is optional, to validation its value's type only.
    if TYPE_CHECKING:
        content: str | None = None
    else:
        content: NonBlank = Field(None, description="a text, or a message when `role` is set")
    role: Role | None = None
    name: NonBlank | None = Field(None, description="who spoke, e.g. the user's name")
    if TYPE_CHECKING:
        messages: list[MessageIn] | None = None
        record: dict[str, JsonValue] | None = None
    else:
        messages: list[MessageIn] = Field(None, min_length=1, max_length=MAX_ITEMS)
        record: JsonObject = Field(None, description="a JSON object, stored as is and searchable")
    session_id: NonBlank | None = None
    at: Instant | None = Field(None, description=_AT)
    metadata: JsonObject = Field(default_factory=dict)

    @model_validator(mode="after")
    def _one_kind(self) -> EpisodeCreate:
        given = [n for n in ("content", "messages", "record") if getattr(self, n) is not None]
        if len(given) != 1:
            raise ValueError("give exactly one of content, messages or record")
        if given[0] != "content" and (self.role is not None or self.name is not None):
            raise ValueError("role and name go with content; inside messages, set them per message")
        return self

    def inputs(self, user_id: str) -> list[EpisodeIn]:
        common: dict[str, Any] = {
            "user_id": user_id,
            "session_id": self.session_id,
            "at": self.at,
            "metadata": self.metadata,
        }
        if self.messages is not None:
            return [
                EpisodeIn(**common, role=m.role, content=m.content, speaker=m.name)
                for m in self.messages
            ]
        if self.record is not None:
            return [EpisodeIn(**common, record=self.record)]
        return [EpisodeIn(**common, role=self.role, content=self.content, speaker=self.name)]


class BulkItem(RequestModel):
    """One episode of a bulk add; ``id`` and ``recorded_at`` allow a lossless re-import."""

    content: str | None = None
    role: Role | None = None
    name: NonBlank | None = Field(None, description="who spoke, e.g. the user's name")
    record: JsonObject | None = None
    session_id: str | None = None
    at: ItemInstant | None = Field(
        None, description=_AT + "; an unreadable one refuses this item only"
    )
    metadata: JsonObject = Field(default_factory=dict)
    id: Annotated[str, AfterValidator(_not_reserved)] | None = Field(
        None,
        min_length=1,
        max_length=64,
        description="the episode's id (default: a new one); not 'bulk', the path of this call",
        json_schema_extra={"not": {"const": BULK}},
    )
    recorded_at: ItemInstant | None = None

    def input(self, user_id: str) -> EpisodeIn:
        fields = self.model_dump(exclude={"name"})
        return EpisodeIn(user_id=user_id, speaker=self.name, **fields)


class BulkCreate(RequestModel):
    items: list[BulkItem] = Field(min_length=1, max_length=MAX_ITEMS)
    skip_invalid: Flag = Field(
        False, description="store the valid items and report the others (default: reject all)"
    )


class Rejected(BaseModel):
    index: int
    field: str
    message: str


class EpisodesCreated(BaseModel):
    episodes: list[EpisodeOut]
    rejected: list[Rejected] = []


class EpisodeUpdate(RequestModel):
    content: NonBlank = Field(description="the new text; the old one stays in the history")


class EpisodePage(BaseModel):
    items: list[EpisodeOut]
    next_cursor: str | None = Field(
        description="pass as `cursor` for the next page; null on the last"
    )

    @classmethod
    def of(cls, page: Page) -> EpisodePage:
        return cls(items=[EpisodeOut.of(e) for e in page.items], next_cursor=page.next_cursor)


class HistoryEntryOut(BaseModel):
    episode_id: str
    version: int
    event: str
    content: str
    changed_at: datetime

    @classmethod
    def of(cls, h: HistoryEntry) -> HistoryEntryOut:
        return cls(
            episode_id=h.episode_id,
            version=h.version,
            event=h.event,
            content=h.content,
            changed_at=h.changed_at,
        )


class History(BaseModel):
    entries: list[HistoryEntryOut]


class SessionOut(BaseModel):
    session_id: str
    first_at: datetime
    last_at: datetime
    episodes: int

    @classmethod
    def of(cls, s: SessionInfo) -> SessionOut:
        return cls(
            session_id=s.session_id, first_at=s.first_at, last_at=s.last_at, episodes=s.episodes
        )


class SessionList(BaseModel):
    sessions: list[SessionOut]
