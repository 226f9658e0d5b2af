"""Search over the graph as data: methods, a reranker and limits, with named presets.

Candidates come from cosine similarity to the query vector, BM25 over the texts, breadth-first
expansion from centre entities and the predicates the query asks about; one reranker orders
them: ``rrf`` (reciprocal rank fusion), ``mmr`` (maximal marginal relevance), ``mentions``
(supported by more episodes first), ``distance`` (nearer the centre first), or ``model`` (a
reranker registered in ``lembrar.retrieval.rerank``). Everything here is pure (the words of a
text are counted once per process and kept).
"""

from __future__ import annotations

import math
import re
from collections import Counter, deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache

import numpy as np

from lembrar.errors import ValidationError
from lembrar.graph.extract.names import fold
from lembrar.model.graph import Community, Entity, Fact, GraphData

METHODS = ("cosine", "bm25", "bfs", "predicate")
RERANKERS = ("rrf", "mmr", "mentions", "distance", "model")
SCOPES = ("facts", "entities", "communities")
KINDS = {"facts": "fact", "entities": "entity", "communities": "community"}  # a hit's kind
RRF_K = 60


@dataclass(frozen=True)
class GraphSearchConfig:
    """methods     candidate sources; reranker one of ``RERANKERS``; scopes what is returned
    limit       results per scope; depth how far breadth-first expansion goes
    mmr_lambda  relevance against novelty for ``mmr``; model_reranker the registered name
    current_first  facts holding at the reference moment before superseded ones"""

    methods: tuple[str, ...] = ("cosine", "bm25", "bfs", "predicate")
    reranker: str = "rrf"
    scopes: tuple[str, ...] = ("facts",)
    limit: int = 10
    depth: int = 2
    mmr_lambda: float = 0.5
    min_cosine: float = 0.2
    model_reranker: str | None = None
    current_first: bool = True

    def __post_init__(self) -> None:
        for name, values, allowed in (
            ("methods", self.methods, METHODS),
            ("scopes", self.scopes, SCOPES),
        ):
            if not values or any(v not in allowed for v in values):
                raise ValidationError(name, f"use some of {allowed}")
        if self.reranker not in RERANKERS:
            raise ValidationError("reranker", f"use one of {RERANKERS}")
        if self.reranker == "model" and not self.model_reranker:
            raise ValidationError("model_reranker", "name the registered reranker to use")
        if self.limit < 1 or self.depth < 0:
            raise ValidationError("limit", "limit must be at least 1 and depth at least 0")


PRESETS: dict[str, GraphSearchConfig] = {
    "facts": GraphSearchConfig(),
    "facts_mmr": GraphSearchConfig(reranker="mmr"),
    "facts_mentions": GraphSearchConfig(reranker="mentions"),
    "facts_distance": GraphSearchConfig(reranker="distance"),
    "entities": GraphSearchConfig(scopes=("entities",)),
    "communities": GraphSearchConfig(methods=("cosine", "bm25"), scopes=("communities",)),
    "combined": GraphSearchConfig(scopes=SCOPES),
}


def resolve_config(
    config: GraphSearchConfig | str | None, default: str = "facts"
) -> GraphSearchConfig:
    if isinstance(config, GraphSearchConfig):
        return config
    name = config or default
    if name not in PRESETS:
        raise ValidationError(
            "preset", f"unknown graph preset {name!r}; use one of {sorted(PRESETS)}"
        )
    return PRESETS[name]


@dataclass(frozen=True)
class GraphQuery:
    """A search request, resolved: the words, their vector, where to start, which time."""

    text: str
    vector: np.ndarray
    centers: tuple[str, ...] = ()
    predicates: frozenset[str] = frozenset()
    window: tuple[datetime, datetime] | None = None  # facts that held at some point of it
    moment: datetime | None = None  # the reference instant for "current"


@dataclass(frozen=True)
class GraphHit:
    """One result: a fact, an entity or a community, with a score in [0, 1] (higher is better)."""

    kind: str
    id: str
    text: str
    score: float
    fact: Fact | None = None
    entity: Entity | None = None
    community: Community | None = None
    signals: dict[str, float] = field(default_factory=dict)


# -- candidate lists -------------------------------------------------------------------------
def tokens(text: str) -> list[str]:
    return [w for w in re.findall(r"\w+", fold(text)) if len(w) > 1]


def _stem(word: str) -> str:
    """A crude English stem: 'lives', 'living', 'lived' and 'live' all read 'liv'."""
    for suffix in ("ing", "ed", "s"):
        if len(word) > len(suffix) + 2 and word.endswith(suffix):
            word = word[: -len(suffix)]
            break
    return word[:-1] if len(word) > 3 and word.endswith("e") else word


@lru_cache(maxsize=32768)
def _bag(text: str) -> tuple[int, Counter[str]]:
    """How many words a text has, and each stemmed word's count; kept per text, since the same
    fact texts are read by every search (never changed by a caller)."""
    words = [_stem(w) for w in tokens(text)]
    return len(words), Counter(words)


def bm25(query: str, texts: Sequence[str], k1: float = 1.2, b: float = 0.75) -> np.ndarray:
    """BM25 of each text for the query's words (suffixes folded: 'lives' finds 'live')."""
    bags = [_bag(t) for t in texts]
    terms = {_stem(w) for w in tokens(query)}
    if not bags or not terms:
        return np.zeros(len(texts))
    average = sum(size for size, _ in bags) / len(bags) or 1.0
    frequency = {term: sum(term in counts for _, counts in bags) for term in terms}
    out = np.zeros(len(bags))
    for row, (size, counts) in enumerate(bags):
        for term in terms & counts.keys():
            idf = math.log(1 + (len(bags) - frequency[term] + 0.5) / (frequency[term] + 0.5))
            tf = counts[term]
            out[row] += idf * tf * (k1 + 1) / (tf + k1 * (1 - b + b * size / average))
    return out


def distances(facts: Iterable[Fact], centers: Sequence[str], depth: int) -> dict[str, int]:
    """Breadth-first hops from the centre entities over fact edges, up to ``depth``."""
    neighbours: dict[str, set[str]] = {}
    for fact in facts:
        neighbours.setdefault(fact.subject_id, set()).add(fact.object_id)
        neighbours.setdefault(fact.object_id, set()).add(fact.subject_id)
    seen = dict.fromkeys(centers, 0)
    queue = deque(centers)
    while queue:
        node = queue.popleft()
        if seen[node] >= depth:
            continue
        for other in sorted(neighbours.get(node, ())):
            if other not in seen:
                seen[other] = seen[node] + 1
                queue.append(other)
    return seen


def _ranked(scores: np.ndarray, ids: Sequence[str], floor: float = 0.0) -> list[str]:
    order = np.argsort(-scores, kind="stable")
    return [ids[i] for i in order if scores[i] > floor]


def candidate_lists(
    items: Sequence[tuple[str, str, np.ndarray]],
    query: GraphQuery,
    config: GraphSearchConfig,
    near: Mapping[str, int],
    predicate_of: Mapping[str, str],
) -> dict[str, list[str]]:
    """Ids ranked by each method; ``items`` are (id, text, vector) triples."""
    ids = [i for i, _, _ in items]
    lists: dict[str, list[str]] = {}
    if "cosine" in config.methods and items and query.vector.size:
        rows = [
            v if v.size == query.vector.size else np.zeros_like(query.vector) for _, _, v in items
        ]
        lists["cosine"] = _ranked(np.stack(rows) @ query.vector, ids, config.min_cosine)
    if "bm25" in config.methods:
        lists["bm25"] = _ranked(bm25(query.text, [t for _, t, _ in items]), ids)
    if "bfs" in config.methods and near:
        lists["bfs"] = sorted((i for i in ids if i in near), key=lambda i: near[i])
    if "predicate" in config.methods and query.predicates:
        lists["predicate"] = [i for i in ids if predicate_of.get(i) in query.predicates]
    return lists


# -- rerankers -------------------------------------------------------------------------------
def rrf(lists: Mapping[str, Sequence[str]]) -> dict[str, float]:
    fused: dict[str, float] = {}
    for ranked in lists.values():
        for rank, ident in enumerate(ranked):
            fused[ident] = fused.get(ident, 0.0) + 1.0 / (RRF_K + rank + 1)
    return fused


def mmr(
    fused: Mapping[str, float],
    vectors: Mapping[str, np.ndarray],
    query: np.ndarray,
    lam: float,
    limit: int,
) -> list[str]:
    """Greedy maximal marginal relevance over the fused candidates."""
    pool = sorted(fused, key=lambda i: -fused[i])
    chosen: list[str] = []
    relevance = {
        i: float(vectors[i] @ query) if vectors[i].size == query.size else 0.0 for i in pool
    }
    while pool and len(chosen) < limit:

        def gain(i: str) -> float:
            if not chosen or not vectors[i].size:
                return lam * relevance[i]
            redundancy = max(
                float(vectors[i] @ vectors[c]) for c in chosen if vectors[c].size == vectors[i].size
            )
            return lam * relevance[i] - (1 - lam) * redundancy

        best = max(pool, key=lambda i: (gain(i), fused[i]))
        chosen.append(best)
        pool.remove(best)
    return chosen


def by_key(fused: Mapping[str, float], key: Mapping[str, float]) -> list[str]:
    """Fused candidates ordered by ``key`` (higher first), fused score breaking ties."""
    return sorted(fused, key=lambda i: (-key.get(i, 0.0), -fused[i], i))


def scored(order: Sequence[str]) -> dict[str, float]:
    """Scores in (0, 1] that keep ``order``."""
    return {ident: 1.0 / (1 + rank) ** 0.5 for rank, ident in enumerate(order)}


def _with_time(facts: Iterable[Fact], query: GraphQuery) -> list[Fact]:
    facts = [f for f in facts if not f.negated]
    if query.window is None:
        return facts
    start, end = query.window
    return [f for f in facts if f.overlaps(start, end)]


def graph_items(
    data: GraphData, scope: str, query: GraphQuery
) -> list[tuple[str, str, np.ndarray]]:
    if scope == "facts":
        return [(f.id, f.text, f.embedding) for f in _with_time(data.facts, query)]
    if scope == "entities":
        return [
            (e.id, " ".join(e.names) + (" " + e.summary if e.summary else ""), e.embedding)
            for e in data.entities
        ]
    return [(c.id, f"{c.name}. {c.summary}", np.zeros(0, np.float32)) for c in data.communities]


def search_graph(
    data: GraphData, query: GraphQuery, config: GraphSearchConfig, model_score=None
) -> list[GraphHit]:
    """The best facts / entities / communities for ``query``, each scope ``config.limit`` long."""
    near_entities = distances(data.facts, query.centers, config.depth) if query.centers else {}
    hits: list[GraphHit] = []
    for scope in config.scopes:
        items = graph_items(data, scope, query)
        near, mentions, predicate_of = _facets(data, scope, near_entities)
        lists = candidate_lists(items, query, config, near, predicate_of)
        fused = rrf(lists)
        order = _rerank(
            fused,
            config,
            query,
            {i: v for i, _, v in items},
            near,
            mentions,
            {i: t for i, t, _ in items},
            model_score,
        )
        if scope == "facts":
            order = _asked_first(order, lists)
        order = (
            _current_first(order, data, query)
            if scope == "facts" and config.current_first
            else order
        )
        hits += _hits(scope, order[: config.limit], data, fused, lists, {i: t for i, t, _ in items})
    return hits


def _facets(data: GraphData, scope: str, near: Mapping[str, int]) -> tuple[dict, dict, dict]:
    """Per candidate: its hop distance, its number of episodes, its predicate."""
    if scope == "facts":
        dist = {
            f.id: min(near.get(f.subject_id, 99), near.get(f.object_id, 99)) for f in data.facts
        }
        return (
            {i: d for i, d in dist.items() if d < 99},
            {f.id: len(f.sources) for f in data.facts},
            {f.id: f.predicate for f in data.facts},
        )
    if scope == "entities":
        return ({i: d for i, d in near.items()}, {e.id: len(e.episodes) for e in data.entities}, {})
    members = {c.id: [near[m] for m in c.members if m in near] for c in data.communities}
    return (
        {i: min(d) for i, d in members.items() if d},
        {c.id: len(c.members) for c in data.communities},
        {},
    )


def _rerank(
    fused: dict[str, float],
    config: GraphSearchConfig,
    query: GraphQuery,
    vectors: Mapping[str, np.ndarray],
    near: Mapping[str, int],
    mentions: Mapping[str, int],
    texts: Mapping[str, str],
    model_score,
) -> list[str]:
    if config.reranker == "mmr":
        return mmr(fused, vectors, query.vector, config.mmr_lambda, len(fused))
    if config.reranker == "mentions":
        return by_key(fused, {i: float(mentions.get(i, 0)) for i in fused})
    if config.reranker == "distance":
        return by_key(fused, {i: -float(near.get(i, 99)) for i in fused})
    order = sorted(fused, key=lambda i: (-fused[i], i))
    if config.reranker == "model" and model_score is not None and order:
        scores = model_score(query.text, [texts[i] for i in order])
        order = [i for _, i in sorted(zip(scores, order), key=lambda p: -p[0])]
    return order


def _asked_first(order: Sequence[str], lists: Mapping[str, Sequence[str]]) -> list[str]:
    """Facts of a predicate the query asks about ("how many" asks a count) that its words or
    meaning also match come first, each part keeping its order."""
    asked = set(lists.get("predicate", ()))
    matched = set(lists.get("bm25", ())) | set(lists.get("cosine", ()))
    first = [i for i in order if i in asked and i in matched]
    led = set(first)
    return first + [i for i in order if i not in led]


def _current_first(order: Sequence[str], data: GraphData, query: GraphQuery) -> list[str]:
    facts = {f.id: f for f in data.facts}
    if query.window is not None:
        return list(order)
    holds = [i for i in order if facts[i].current(query.moment)]
    held = set(holds)
    return holds + [i for i in order if i not in held]


def _hits(
    scope: str,
    order: Sequence[str],
    data: GraphData,
    fused: Mapping[str, float],
    lists: Mapping[str, Sequence[str]],
    texts: Mapping[str, str],
) -> list[GraphHit]:
    facts = {f.id: f for f in data.facts}
    entities = {e.id: e for e in data.entities}
    communities = {c.id: c for c in data.communities}
    scores = scored(order)
    out = []
    for ident in order:
        signals = {
            name: 1.0 / (1 + ranked.index(ident))
            for name, ranked in lists.items()
            if ident in ranked
        }
        out.append(
            GraphHit(
                KINDS[scope],
                ident,
                texts[ident],
                scores[ident],
                facts.get(ident),
                entities.get(ident),
                communities.get(ident),
                signals,
            )
        )
    return out
