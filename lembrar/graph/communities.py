"""Communities: label propagation over the entity graph, incremental assignment, names.

The user's own node links to almost everything, so it takes no part: communities are the
clusters of the people, places and things around the user.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime

from lembrar.model.episode import new_id
from lembrar.model.graph import Community, Entity, Fact

Edges = Mapping[str, Counter[str]]


def adjacency(entities: Iterable[Entity], facts: Iterable[Fact]) -> dict[str, Counter[str]]:
    """Weighted neighbours of each non-user entity: one per fact between two of them."""
    kept = {e.id for e in entities if e.type != "user"}
    graph: dict[str, Counter[str]] = {node: Counter() for node in kept}
    for fact in facts:
        a, b = fact.subject_id, fact.object_id
        if a in kept and b in kept and a != b:
            graph[a][b] += 1
            graph[b][a] += 1
    return graph


def label_propagation(graph: Edges, rounds: int = 20) -> dict[str, str]:
    """Each node takes the label heaviest among its neighbours (ties: the smallest label),
    in a fixed order, until nothing changes. An edge weighs more for each neighbour its two
    ends share, so a lone bridge does not merge two groups. Deterministic; isolated nodes keep
    their own label."""
    labels = {node: node for node in graph}
    strength = {
        node: {
            other: weight * (1 + len(graph[node].keys() & graph[other].keys()))
            for other, weight in graph[node].items()
        }
        for node in graph
    }
    for _ in range(rounds):
        changed = False
        for node in sorted(graph):
            if not graph[node]:
                continue
            weights: Counter[str] = Counter()
            for neighbour, weight in strength[node].items():
                weights[labels[neighbour]] += weight
            best = max(weights.values())
            label = min(lab for lab, w in weights.items() if w == best)
            if label != labels[node]:
                labels[node], changed = label, True
        if not changed:
            break
    return labels


def assign(entity_id: str, graph: Edges, membership: Mapping[str, str | None]) -> str | None:
    """The community a new entity joins: the one heaviest among its neighbours, if any."""
    weights: Counter[str] = Counter()
    for neighbour, weight in graph.get(entity_id, {}).items():
        community = membership.get(neighbour)
        if community:
            weights[community] += weight
    if not weights:
        return None
    best = max(weights.values())
    return min(c for c, w in weights.items() if w == best)


def build(
    user_id: str,
    entities: Sequence[Entity],
    facts: Sequence[Fact],
    now: datetime,
    min_size: int = 2,
) -> tuple[list[Community], dict[str, str]]:
    """Communities of at least ``min_size`` entities and each member's community id."""
    graph = adjacency(entities, facts)
    groups: dict[str, list[str]] = defaultdict(list)
    for node, label in label_propagation(graph).items():
        groups[label].append(node)
    by_id = {e.id: e for e in entities}
    communities, membership = [], {}
    for members in groups.values():
        if len(members) < min_size:
            continue
        ident = new_id()
        name, summary = describe([by_id[m] for m in members], facts, graph)
        communities.append(Community(ident, user_id, name, summary, tuple(sorted(members)), now))
        membership.update(dict.fromkeys(members, ident))
    return communities, membership


def describe(members: Sequence[Entity], facts: Iterable[Fact], graph: Edges) -> tuple[str, str]:
    """A name (the three most connected members) and a summary (their current facts)."""
    ranked = sorted(members, key=lambda e: (-sum(graph.get(e.id, {}).values()), e.name))
    name = ", ".join(e.name for e in ranked[:3])
    ids = {e.id for e in members}
    lines = [f.text for f in facts if f.current() and f.subject_id in ids and f.object_id in ids]
    return name, "; ".join(lines[:6])
