"""The temporal knowledge graph's pure data: entities, facts with four times, communities.

A fact is an edge between two entities with two clocks: ``valid_at`` / ``invalid_at`` say when
it was true in the world, ``created_at`` / ``expired_at`` when lembrar believed it. History is
kept: a superseded fact keeps its row, closed by ``invalid_at`` and ``expired_at``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from lembrar.errors import ValidationError

if TYPE_CHECKING:
    import numpy as np

ENTITY_TYPES: tuple[str, ...] = (
    "user",
    "person",
    "place",
    "organization",
    "role",
    "animal",
    "activity",
    "thing",
    "value",
)


def _empty() -> np.ndarray:
    import numpy  # here: reading the entity types (the tool catalogue) needs no numpy

    return numpy.zeros(0, numpy.float32)


@dataclass(frozen=True)
class Entity:
    """A node: someone or something the user's episodes speak of.

    ``embedding`` is the unit-norm vector of the name; ``aliases`` are other names seen for it
    ("my sister", "Ana"); ``episodes`` the ids of the episodes that mention it.
    """

    id: str
    user_id: str
    name: str
    type: str
    created_at: datetime
    summary: str = ""
    aliases: tuple[str, ...] = ()
    episodes: tuple[str, ...] = ()
    community_id: str | None = None
    embedding: np.ndarray = field(default_factory=_empty, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.type not in ENTITY_TYPES:
            raise ValidationError("entity.type", f"use one of {ENTITY_TYPES}, not {self.type!r}")
        if not self.name.strip():
            raise ValidationError("entity.name", "must not be empty")

    @property
    def names(self) -> tuple[str, ...]:
        return (self.name, *self.aliases)


@dataclass(frozen=True)
class FactSource:
    """One episode that states a fact: the sentence it said and when it said the fact began."""

    episode_id: str
    quote: str
    valid_at: datetime


@dataclass(frozen=True)
class Fact:
    """An edge ``subject --predicate--> object`` stated in one or more episodes.

    ``text`` reads the edge as one sentence; ``valid_at`` is the earliest start its sources
    give. ``negated`` facts record an ending ("I stopped playing tennis"): they are not current
    facts themselves; they close the matching one.
    """

    id: str
    user_id: str
    subject_id: str
    predicate: str
    object_id: str
    text: str
    created_at: datetime
    valid_at: datetime
    invalid_at: datetime | None = None
    expired_at: datetime | None = None
    sources: tuple[FactSource, ...] = ()
    negated: bool = False
    embedding: np.ndarray = field(default_factory=_empty, compare=False, repr=False)

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.subject_id, self.predicate, self.object_id)

    @property
    def episodes(self) -> tuple[str, ...]:
        return tuple(s.episode_id for s in self.sources)

    @property
    def starts(self) -> datetime:
        """When the fact began to hold, as far as lembrar knows."""
        return self.valid_at

    def current(self, at: datetime | None = None) -> bool:
        """True when the fact holds at ``at`` (None: the clock's now): it has begun (a dated
        plan's fact begins at its date) and is not invalidated by then."""
        if self.negated:
            return False
        moment = datetime.now(UTC) if at is None else at
        return self.starts <= moment and (self.invalid_at is None or moment < self.invalid_at)

    def overlaps(self, start: datetime, end: datetime) -> bool:
        """True when the fact held at some moment of ``[start, end)``."""
        return (
            not self.negated
            and self.starts < end
            and (self.invalid_at is None or self.invalid_at > start)
        )


def validity(fact: Fact) -> str:
    """'since 2023-08-01' or '2023-01-10 to 2023-08-01 (superseded)'."""
    start = fact.valid_at.date().isoformat()
    if fact.invalid_at is None:
        return f"since {start}"
    return f"{start} to {fact.invalid_at.date().isoformat()} (superseded)"


@dataclass(frozen=True)
class Community:
    """A cluster of entities that are talked about together, with a name and a summary."""

    id: str
    user_id: str
    name: str
    summary: str
    members: tuple[str, ...]
    created_at: datetime


@dataclass(frozen=True)
class GraphData:
    """A user's whole graph as read from a store."""

    entities: tuple[Entity, ...] = ()
    facts: tuple[Fact, ...] = ()
    communities: tuple[Community, ...] = ()


@dataclass(frozen=True)
class GraphChange:
    """One write to a user's graph, applied in one transaction.

    ``entities`` and ``facts`` are inserted or replaced whole (their mentions and sources are
    added to what is stored); ``communities`` not None replaces every community of the user;
    ``forget_episodes`` removes what those episodes said (facts and entities left without
    support go with it). ``settles`` (episode ids) and ``refreshes`` (stale entity ids, ``""``
    for the user's timeline) name the derived work the write completes: their markers are
    cleared in its transaction, and a write whose markers another process cleared first is
    dropped whole (that process wrote the same work), as is one ``based_on`` a graph version
    that is no longer current (the graph or its episodes changed since it was read).
    """

    entities: tuple[Entity, ...] = ()
    facts: tuple[Fact, ...] = ()
    delete_entities: tuple[str, ...] = ()
    delete_facts: tuple[str, ...] = ()
    communities: tuple[Community, ...] | None = None
    forget_episodes: tuple[str, ...] = ()  # drop their mentions and fact sources first
    settles: tuple[str, ...] = ()  # episodes whose pending graph work this write completes
    refreshes: tuple[str, ...] = ()  # stale entities (and "", the timeline) it recomputes
    based_on: int | None = None  # the graph version it was computed from, when it must be current

    @property
    def empty(self) -> bool:
        return not (
            self.entities
            or self.facts
            or self.delete_entities
            or self.delete_facts
            or self.communities is not None
            or self.forget_episodes
            or self.settles
            or self.refreshes
        )


@dataclass(frozen=True)
class ExtractedEntity:
    """An entity as an extractor saw it in one episode, before resolution."""

    name: str
    type: str
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class ExtractedFact:
    """A fact as an extractor saw it: names refer to ``ExtractedEntity.name`` of the same episode.
    ``origin`` says how the offline extractor read it (``lembrar.graph.extract.trust.ORIGINS``;
    empty for a language model's fact)."""

    subject: str
    predicate: str
    object: str
    text: str
    valid_at: datetime | None = None
    negated: bool = False
    origin: str = ""


@dataclass(frozen=True)
class Extraction:
    """What an extractor found in one episode."""

    entities: tuple[ExtractedEntity, ...] = ()
    facts: tuple[ExtractedFact, ...] = ()
    calls: int = 0  # model calls spent on it
