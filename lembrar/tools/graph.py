"""The knowledge graph's tools, ``facts`` and ``entities``, over ``memory.graph``.

Facts are shown with when they held ('since 2024-03-01', or '2023-01-10 to 2024-03-01
(superseded)') and the episodes that said them, so a model can tell now from then. A store
without a knowledge graph answers with a ``ConfigurationError`` saying so.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from lembrar.errors import NotFoundError, ValidationError
from lembrar.model.graph import Entity, Fact, GraphData, validity
from lembrar.tools.views import time_span

if TYPE_CHECKING:
    from lembrar.memory import Memory

__all__ = ["entities", "facts"]

Span = tuple[datetime, datetime]
ABOUT = 5  # current facts shown with each entity


def facts(memory: Memory, user_id: str, args: dict[str, Any], now: datetime) -> dict[str, Any]:
    """The ``facts`` tool: search or list the user's facts, current first."""
    graph = memory.graph
    data = graph.facts_view(user_id)
    about = _entity(memory, user_id, args["entity"]) if "entity" in args else None
    span = None
    if "as_of" in args:
        settings = memory.user_settings(user_id)
        span = time_span(args["as_of"], now, settings, memory.config, "as_of")
    query, limit = args.get("query", "").strip(), args["limit"]
    if query:
        found = _searched(memory, user_id, data, query, about, span, now)
    else:
        listed = graph.facts(user_id, entity=about.id if about is not None else None)
        found = [(f, None) for f in listed if span is None or f.overlaps(*span)]
    names = {e.id: e.name for e in data.entities}
    return {
        "understood": _understood(args.get("as_of"), span),
        "facts": [_fact(fact, names, score) for fact, score in found[:limit]],
    }


def entities(memory: Memory, user_id: str, args: dict[str, Any], now: datetime) -> dict[str, Any]:
    """The ``entities`` tool: search or list the user's entities, the most mentioned first."""
    graph = memory.graph
    data = graph.load(user_id)
    query, kind = args.get("query", "").strip(), args.get("type")
    found: list[tuple[Entity, float | None]]
    if query:
        hits = graph.search(
            query, user_id, preset="entities", limit=max(1, len(data.entities)), now=now, data=data
        )
        found = [(h.entity, h.score) for h in hits if h.entity is not None]
    else:
        ranked = sorted(data.entities, key=lambda e: (-len(e.episodes), e.name.casefold()))
        found = [(e, None) for e in ranked]
    chosen = [(e, score) for e, score in found if kind is None or e.type == kind]
    names = {e.id: e.name for e in data.entities}
    return {"entities": [_entity_view(e, data.facts, names, s) for e, s in chosen[: args["limit"]]]}


def _entity(memory: Memory, user_id: str, name: str) -> Entity:
    try:
        return memory.graph.entity(user_id, name.strip())
    except NotFoundError:
        raise ValidationError(
            "entity", f"no entity named {name.strip()!r}; the entities tool lists them"
        ) from None


def _searched(
    memory: Memory,
    user_id: str,
    data: GraphData,
    query: str,
    about: Entity | None,
    span: Span | None,
    now: datetime,
) -> list[tuple[Fact, float | None]]:
    hits = memory.graph.search(
        query,
        user_id,
        limit=max(1, len(data.facts)),
        center=about.id if about is not None else None,
        now=now,
        during=span,
    )
    return [
        (h.fact, h.score)
        for h in hits
        if h.fact is not None and (about is None or _touches(h.fact, about))
    ]


def _touches(fact: Fact, entity: Entity) -> bool:
    return entity.id in (fact.subject_id, fact.object_id)


def _fact(fact: Fact, names: Mapping[str, str], score: float | None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": fact.id,
        "fact": fact.text,
        "when": validity(fact),
        "current": fact.current(),
        "valid_at": fact.valid_at.isoformat(),
        "invalid_at": fact.invalid_at.isoformat() if fact.invalid_at else None,
        "subject": names.get(fact.subject_id, fact.subject_id),
        "predicate": fact.predicate,
        "object": names.get(fact.object_id, fact.object_id),
        "episodes": list(fact.episodes),
    }
    if score is not None:
        out["score"] = round(score, 4)
    return out


def _entity_view(
    entity: Entity, facts: Sequence[Fact], names: Mapping[str, str], score: float | None
) -> dict[str, Any]:
    holding = [f for f in facts if f.current() and _touches(f, entity)]
    holding.sort(key=lambda f: f.valid_at, reverse=True)
    out: dict[str, Any] = {
        "id": entity.id,
        "name": entity.name,
        "type": entity.type,
        "aliases": list(entity.aliases),
        "mentions": len(entity.episodes),
        "facts": [f"{f.text} ({validity(f)})" for f in holding[:ABOUT]],
    }
    if entity.summary:
        out["summary"] = entity.summary
    if score is not None:
        out["score"] = round(score, 4)
    return out


def _understood(phrase: str | None, span: Span | None) -> dict[str, Any] | None:
    if phrase is None or span is None:
        return None
    return {"as_of": {"start": span[0].isoformat(), "end": span[1].isoformat(), "phrase": phrase}}
