"""The knowledge graph: entities, facts with their validity, communities, search."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, Field

from lembrar.api.schemas.common import Count, Flag, Instant, NonBlank, RequestModel
from lembrar.api.schemas.episodes import EpisodeOut
from lembrar.graph.neighbourhood import Neighbourhood
from lembrar.graph.search import PRESETS, GraphHit
from lembrar.model.episode import Episode
from lembrar.model.graph import Community, Entity, Fact
from lembrar.retrieval.config import MAX_QUERY_CHARS

if TYPE_CHECKING:  # a Literal built at run time; to the type checker, a str
    Preset = str
else:
    Preset = Literal[tuple(sorted(PRESETS))]  # the graph presets' names


class EntityOut(BaseModel):
    id: str
    name: str
    type: str
    aliases: list[str]
    summary: str
    episodes: list[str] = Field(description="ids of the episodes that mention it")
    community_id: str | None
    created_at: datetime

    @classmethod
    def of(cls, e: Entity) -> EntityOut:
        return cls(
            id=e.id,
            name=e.name,
            type=e.type,
            aliases=list(e.aliases),
            summary=e.summary,
            episodes=list(e.episodes),
            community_id=e.community_id,
            created_at=e.created_at,
        )


class FactSourceOut(BaseModel):
    episode_id: str
    quote: str = Field(description="the sentence that stated it")
    valid_at: datetime


class FactOut(BaseModel):
    id: str
    text: str
    subject: str
    predicate: str
    object: str
    subject_id: str
    object_id: str
    valid_at: datetime = Field(description="when it began to hold in the world")
    invalid_at: datetime | None = Field(
        description="when a later fact ended it (null: it still holds)"
    )
    created_at: datetime = Field(description="when lembrar learnt it")
    expired_at: datetime | None = Field(description="when lembrar learnt it no longer held")
    current: bool
    ending: bool = Field(
        description="true for an ending ('stopped', 'no longer'), which closes a fact"
    )
    sources: list[FactSourceOut]

    @classmethod
    def of(cls, f: Fact, names: Mapping[str, str]) -> FactOut:
        return cls(
            id=f.id,
            text=f.text,
            subject=names.get(f.subject_id, ""),
            predicate=f.predicate,
            object=names.get(f.object_id, ""),
            subject_id=f.subject_id,
            object_id=f.object_id,
            valid_at=f.valid_at,
            invalid_at=f.invalid_at,
            created_at=f.created_at,
            expired_at=f.expired_at,
            current=f.current(),
            ending=f.negated,
            sources=[
                FactSourceOut(episode_id=s.episode_id, quote=s.quote, valid_at=s.valid_at)
                for s in f.sources
            ],
        )


class NeighbourOut(EntityOut):
    hops: int = Field(description="fact edges from the chosen entity (0: the entity itself)")

    @classmethod
    def near(cls, e: Entity, hops: int) -> NeighbourOut:
        return cls(**EntityOut.of(e).model_dump(), hops=hops)


class NeighbourhoodOut(BaseModel):
    entity: EntityOut
    hops: int = Field(description="how far the neighbourhood reaches")
    entities: list[NeighbourOut] = Field(description="nearest first, the entity itself leading")
    facts: list[FactOut] = Field(
        description="the facts linking them: current first, then superseded ones"
    )
    episodes: list[EpisodeOut] = Field(description="the episodes the facts came from")

    @classmethod
    def of(
        cls, n: Neighbourhood, names: Mapping[str, str], episodes: list[Episode]
    ) -> NeighbourhoodOut:
        return cls(
            entity=EntityOut.of(n.center),
            hops=n.reach,
            entities=[NeighbourOut.near(e, n.hops[e.id]) for e in n.entities],
            facts=[FactOut.of(f, names) for f in n.facts],
            episodes=[EpisodeOut.of(e) for e in episodes],
        )


class CommunityOut(BaseModel):
    id: str
    name: str
    summary: str
    members: list[str] = Field(description="entity ids")
    created_at: datetime

    @classmethod
    def of(cls, c: Community) -> CommunityOut:
        return cls(
            id=c.id,
            name=c.name,
            summary=c.summary,
            members=list(c.members),
            created_at=c.created_at,
        )


class EntityList(BaseModel):
    entities: list[EntityOut]


class FactList(BaseModel):
    facts: list[FactOut]


class CommunityList(BaseModel):
    communities: list[CommunityOut]


class GraphSearchIn(RequestModel):
    query: NonBlank = Field(
        ...,
        max_length=MAX_QUERY_CHARS,
        description="e.g. 'where did I live in 2022?'; time phrases select facts valid then",
    )
    preset: Preset | None = Field(None, description="graph search preset (default: facts)")
    limit: Count = Field(10, ge=1, le=100)
    center: str | None = Field(
        None, description="start breadth-first expansion at this entity (name or id)"
    )
    as_of: Instant | None = Field(None, description="only facts valid at this time (ISO 8601)")
    now: Instant | None = Field(None, description="the current time (default: the server's clock)")


class GraphHitOut(BaseModel):
    kind: Literal["fact", "entity", "community"]
    id: str
    text: str
    score: float = Field(description="in [0, 1], higher is better")
    signals: dict[str, float]
    fact: FactOut | None = None
    entity: EntityOut | None = None
    community: CommunityOut | None = None

    @classmethod
    def of(cls, h: GraphHit, names: Mapping[str, str]) -> GraphHitOut:
        return cls(
            kind=h.kind,
            id=h.id,
            text=h.text,
            score=h.score,
            signals=h.signals,
            fact=FactOut.of(h.fact, names) if h.fact else None,
            entity=EntityOut.of(h.entity) if h.entity else None,
            community=CommunityOut.of(h.community) if h.community else None,
        )


class GraphSearchOut(BaseModel):
    hits: list[GraphHitOut]


class RefreshIn(RequestModel):
    rebuild: Flag = Field(
        False, description="extract the whole graph again from every episode first"
    )
