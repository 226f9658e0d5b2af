"""Plain dictionaries of graph objects, for JSON output (CLI, REST API, assistant tools)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from lembrar.graph.search import GraphHit
from lembrar.model.graph import Community, Entity, Fact, validity

__all__ = ["community_view", "entity_view", "fact_view", "hit_view", "validity"]


def _iso(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


def entity_view(entity: Entity) -> dict[str, Any]:
    return {
        "id": entity.id,
        "name": entity.name,
        "type": entity.type,
        "aliases": list(entity.aliases),
        "summary": entity.summary,
        "episodes": list(entity.episodes),
        "community_id": entity.community_id,
        "created_at": _iso(entity.created_at),
    }


def fact_view(fact: Fact, names: Mapping[str, str]) -> dict[str, Any]:
    return {
        "id": fact.id,
        "text": fact.text,
        "subject": names.get(fact.subject_id, fact.subject_id),
        "predicate": fact.predicate,
        "object": names.get(fact.object_id, fact.object_id),
        "subject_id": fact.subject_id,
        "object_id": fact.object_id,
        "valid_at": _iso(fact.valid_at),
        "invalid_at": _iso(fact.invalid_at),
        "created_at": _iso(fact.created_at),
        "expired_at": _iso(fact.expired_at),
        "current": fact.current(),
        "ending": fact.negated,
        "episodes": [
            {"episode_id": s.episode_id, "quote": s.quote, "valid_at": _iso(s.valid_at)}
            for s in fact.sources
        ],
    }


def community_view(community: Community, names: Mapping[str, str]) -> dict[str, Any]:
    return {
        "id": community.id,
        "name": community.name,
        "summary": community.summary,
        "members": [names.get(m, m) for m in community.members],
        "created_at": _iso(community.created_at),
    }


def hit_view(hit: GraphHit, names: Mapping[str, str]) -> dict[str, Any]:
    body: dict[str, Any] = {
        "kind": hit.kind,
        "id": hit.id,
        "text": hit.text,
        "score": hit.score,
        "signals": hit.signals,
    }
    if hit.fact is not None:
        body["fact"] = fact_view(hit.fact, names)
    if hit.entity is not None:
        body["entity"] = entity_view(hit.entity)
    if hit.community is not None:
        body["community"] = community_view(hit.community, names)
    return body
