"""Search and context: the query, its filters, and what came back (hits, time windows, a block)."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, Field, StringConstraints

from lembrar.api.schemas.common import (
    AwareInstant,
    Count,
    Instant,
    Kind,
    NonBlank,
    Period,
    RequestModel,
    Role,
    Weekday,
)
from lembrar.api.schemas.episodes import EpisodeOut
from lembrar.model.hits import SearchHit
from lembrar.model.timetags import WEEKDAYS
from lembrar.retrieval.config import MAX_QUERY_CHARS, PRESETS
from lembrar.retrieval.search import Retrieval

MetadataKey = Annotated[  # a key, or a path to a nested key with dots (as model.query reads it)
    str, StringConstraints(max_length=200, pattern=r"^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*$")
]
Scalar = str | int | float | bool | None
if TYPE_CHECKING:  # a Literal built at run time; to the type checker, a str
    PresetName = str
else:
    PresetName = Literal[tuple(sorted(PRESETS))]  # the search presets' names
NOW_HELP = "resolve time phrases ('last week') against this instant, ISO 8601 (default: now)"
PRESET_HELP = f"search preset: {', '.join(sorted(PRESETS))} (default: balanced)"


class FiltersIn(RequestModel):
    """Restrictions on what may be found; all given conditions must hold."""

    session_id: str | None = None
    roles: list[Role] = []
    kinds: list[Kind] = []
    since: AwareInstant | None = None
    until: AwareInstant | None = None
    periods: list[Period] = []
    weekdays: list[Weekday] = []
    metadata: dict[MetadataKey, Scalar] = Field(
        default_factory=dict,
        description="metadata key (dots reach nested keys) -> required value",
        json_schema_extra={"additionalProperties": False},
    )

    def as_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in type(self).model_fields}


class SearchBody(RequestModel):
    query: NonBlank = Field(max_length=MAX_QUERY_CHARS)
    k: Count = Field(10, ge=1, le=100)
    filters: FiltersIn | None = None
    now: Instant | None = Field(None, description=NOW_HELP)
    preset: PresetName | None = Field(None, description=PRESET_HELP)


class TimeWindowOut(BaseModel):
    start: datetime
    end: datetime
    granularity: str
    tolerance_seconds: float
    phrase: str


class TimeOut(BaseModel):
    """What the query said about time: windows in the user's zone, and period/weekday filters."""

    windows: list[TimeWindowOut]
    periods: list[str]
    weekdays: list[str]
    phrases: list[str]

    @classmethod
    def of(cls, parsed: Any) -> TimeOut | None:
        if parsed is None or not parsed.has_time:
            return None
        windows = [
            TimeWindowOut(
                start=w.start,
                end=w.end,
                granularity=w.granularity,
                tolerance_seconds=w.tolerance.total_seconds(),
                phrase=w.phrase,
            )
            for w in parsed.windows
        ]
        return cls(
            windows=windows,
            periods=sorted(parsed.periods),
            weekdays=[WEEKDAYS[d] for d in sorted(parsed.weekdays)],
            phrases=list(parsed.phrases),
        )


class HitOut(BaseModel):
    rank: int
    score: float = Field(description="in [0, 1], higher is better")
    signals: dict[str, float] = Field(
        description="each signal that found it (dense, keyword, time, …) and its own score"
    )
    text: str = Field(description="the matching part of the episode")
    episode: EpisodeOut
    context: list[EpisodeOut] = Field(
        description="neighbouring turns, when the preset expands hits"
    )

    @classmethod
    def of(cls, hit: SearchHit) -> HitOut:
        return cls(
            rank=hit.rank,
            score=hit.score,
            signals=hit.signals,
            text=hit.text,
            episode=EpisodeOut.of(hit.episode),
            context=[EpisodeOut.of(e) for e in hit.context],
        )


class SearchResponse(BaseModel):
    query: str
    semantic_query: str = Field(description="the query with its time phrases taken out")
    time: TimeOut | None
    hits: list[HitOut]

    @classmethod
    def of(cls, result: Retrieval) -> SearchResponse:
        return cls(
            query=result.query,
            semantic_query=result.semantic_query,
            time=TimeOut.of(result.time),
            hits=[HitOut.of(h) for h in result.hits],
        )
