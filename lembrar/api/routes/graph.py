"""A user's knowledge graph: entities, facts over time, communities, search."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from fastapi import Path, Query

from lembrar.api.auth import TenantMemory
from lembrar.api.routes.users import UserId
from lembrar.api.routing import resource_router
from lembrar.api.schemas.common import NOT_BLANK, Instant
from lembrar.api.schemas.graph import (
    CommunityList,
    CommunityOut,
    EntityList,
    EntityOut,
    FactList,
    FactOut,
    GraphHitOut,
    GraphSearchIn,
    GraphSearchOut,
    NeighbourhoodOut,
    RefreshIn,
)
from lembrar.errors import NotFoundError
from lembrar.graph.neighbourhood import MAX_HOPS
from lembrar.model.graph import ENTITY_TYPES

if TYPE_CHECKING:  # a Literal built at run time; to the type checker, a str
    EntityType = str
else:
    EntityType = Literal[ENTITY_TYPES]  # the entity types of the graph
router = resource_router("/v1/users/{user_id}/graph", "graph")


@router.get("/entities", response_model=EntityList)
def entities(
    user_id: UserId,
    memory: TenantMemory,
    type: Annotated[EntityType | None, Query(description="only this type")] = None,
) -> EntityList:
    """The people, places and things the user's episodes name."""
    return EntityList(entities=[EntityOut.of(e) for e in memory.graph.entities(user_id, type=type)])


@router.get("/entities/{entity}/neighbourhood", response_model=NeighbourhoodOut)
def neighbourhood(
    user_id: UserId,
    memory: TenantMemory,
    entity: Annotated[str, Path(pattern=NOT_BLANK, description="the entity's id, name or alias")],
    hops: Annotated[int, Query(ge=1, le=MAX_HOPS, description="how many fact edges away")] = 2,
) -> NeighbourhoodOut:
    """The entities around one and the facts, current and superseded, that link them, with
    the episodes the facts came from."""
    around = memory.graph.around(user_id, entity, hops)
    episodes = []
    for episode_id in around.episodes:
        try:
            episodes.append(memory.get(episode_id, user_id))
        except NotFoundError:  # deleted since; its facts go with it on the next write
            continue
    return NeighbourhoodOut.of(around, memory.graph.names(user_id), episodes)


@router.get("/facts", response_model=FactList)
def facts(
    user_id: UserId,
    memory: TenantMemory,
    as_of: Annotated[
        Instant | None, Query(description="only facts valid at this time (ISO 8601)")
    ] = None,
    entity: Annotated[
        str | None, Query(description="only facts about this entity (name or id)")
    ] = None,
    current: Annotated[bool, Query(description="only facts that hold now")] = False,
) -> FactList:
    """Facts with when they held: current ones first (newest first), then superseded ones."""
    found = memory.graph.facts(user_id, as_of=as_of, entity=entity, include_history=not current)
    names = memory.graph.names(user_id)
    return FactList(facts=[FactOut.of(f, names) for f in found])


@router.post("/search", response_model=GraphSearchOut)
def search(user_id: UserId, body: GraphSearchIn, memory: TenantMemory) -> GraphSearchOut:
    """Search facts (and entities, communities, per the preset)."""
    hits = memory.graph.search(
        body.query,
        user_id,
        preset=body.preset,
        limit=body.limit,
        center=body.center,
        as_of=body.as_of,
        now=body.now,
    )
    names = memory.graph.hit_names(user_id, hits)
    return GraphSearchOut(hits=[GraphHitOut.of(h, names) for h in hits])


@router.get("/communities", response_model=CommunityList)
def communities(user_id: UserId, memory: TenantMemory) -> CommunityList:
    """Clusters of entities talked about together."""
    return CommunityList(
        communities=[CommunityOut.of(c) for c in memory.graph.communities(user_id)]
    )


@router.post("/refresh", response_model=CommunityList)
def refresh(user_id: UserId, memory: TenantMemory, body: RefreshIn | None = None) -> CommunityList:
    """Recompute the communities (with ``rebuild``: the whole graph from every episode first)."""
    if body is not None and body.rebuild:
        memory.graph.rebuild(user_id)
    return CommunityList(communities=[CommunityOut.of(c) for c in memory.graph.refresh(user_id)])
