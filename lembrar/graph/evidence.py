"""What a user's graph would be without some episodes (pure): the evidence that remains.

Deleting or editing an episode marks the entities it mentioned stale (``GraphStore.stale``).
They are recomputed by reading again every episode that mentions them, over the graph as if
those episodes had never been read: names, aliases, merges and facts then come from what
remains, and nothing the deleted text taught outlives it.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import replace

from lembrar.model.graph import Entity, Fact, GraphData

__all__ = ["evidence", "without"]


def evidence(entities: Iterable[Entity], stale: Collection[str]) -> tuple[str, ...]:
    """The episodes that mention a stale entity (the user's own node aside: every episode may
    mention it, and no message renames it), each once, in the order met."""
    found: dict[str, None] = {}
    for entity in entities:
        if entity.id in stale and entity.type != "user":
            found.update(dict.fromkeys(entity.episodes))
    return tuple(found)


def without(data: GraphData, episode_ids: Collection[str]) -> GraphData:
    """``data`` as if ``episode_ids`` had never been read, by the rules of the stores' cascades:
    their mentions and fact sources go; a fact left without a source goes, and an entity left
    without a mention goes with the facts that name it; a community that loses a member is
    dissolved."""
    gone = set(episode_ids)
    entities = [
        replace(e, episodes=tuple(i for i in e.episodes if i not in gone)) for e in data.entities
    ]
    kept = {e.id for e in entities if e.episodes}
    dissolved = {e.community_id for e in entities if e.id not in kept and e.community_id}
    facts = [_remaining(f, gone) for f in data.facts if {f.subject_id, f.object_id} <= kept]
    return GraphData(
        tuple(
            replace(e, community_id=None) if e.community_id in dissolved else e
            for e in entities
            if e.id in kept
        ),
        tuple(f for f in facts if f is not None),
        tuple(c for c in data.communities if c.id not in dissolved),
    )


def _remaining(fact: Fact, gone: Collection[str]) -> Fact | None:
    sources = tuple(s for s in fact.sources if s.episode_id not in gone)
    if not sources:
        return None
    if len(sources) == len(fact.sources):
        return fact
    return replace(fact, sources=sources, valid_at=min(s.valid_at for s in sources))
