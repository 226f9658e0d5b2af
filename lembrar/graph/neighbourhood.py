"""The part of a user's graph around one entity: the entities within a few hops of it and the
facts between them, current and superseded. Pure: data in, data out."""

from __future__ import annotations

from dataclasses import dataclass

from lembrar.errors import ValidationError
from lembrar.graph.resolve import ordered_for_reading
from lembrar.graph.search import distances
from lembrar.model.graph import Entity, Fact, GraphData

__all__ = ["MAX_HOPS", "Neighbourhood", "neighbourhood"]

MAX_HOPS = 3


@dataclass(frozen=True)
class Neighbourhood:
    """``entities`` nearest first (the centre, hop 0, leads); ``hops`` their distance from the
    centre; ``facts`` the centre's own first, then those a hop out, each group current first,
    then superseded (history travels too: a fact that no longer holds still links the entities
    it named)."""

    center: Entity
    entities: tuple[Entity, ...]
    hops: dict[str, int]
    facts: tuple[Fact, ...]
    reach: int  # the hops asked for

    @property
    def episodes(self) -> tuple[str, ...]:
        """The ids of the episodes that said the facts, each once, in the facts' order."""
        return tuple(dict.fromkeys(e for f in self.facts for e in f.episodes))


def neighbourhood(data: GraphData, center: Entity, hops: int) -> Neighbourhood:
    """The entities within ``hops`` fact edges of ``center`` and the facts that link them."""
    if not isinstance(hops, int) or not 1 <= hops <= MAX_HOPS:
        raise ValidationError("hops", f"must be between 1 and {MAX_HOPS}, not {hops!r}")
    facts = [f for f in data.facts if not f.negated]
    near = distances(facts, [center.id], hops)
    entities = sorted(
        (e for e in data.entities if e.id in near), key=lambda e: (near[e.id], e.name.casefold())
    )
    linking = [
        f
        for f in facts
        if f.subject_id in near
        and f.object_id in near
        and min(near[f.subject_id], near[f.object_id]) < hops
    ]
    ordered = sorted(  # the centre's own facts first, then the next ring's; each as read
        ordered_for_reading(linking), key=lambda f: min(near[f.subject_id], near[f.object_id])
    )
    return Neighbourhood(center, tuple(entities), near, tuple(ordered), hops)
