"""Search over the graph as data: methods, an order and limits, with named presets.

Candidates come from cosine similarity to the query vector, BM25 over the texts, breadth-first
expansion from centre entities and the predicates the query asks about; one order ranks
them: ``rrf`` (retrieval's reciprocal rank fusion; facts by calibrated confidence, the fused
score breaking ties), ``mmr`` (maximal marginal relevance), ``mentions`` (supported by more
episodes first), ``distance`` (nearer the centre first), or ``model`` (a reranker registered in
``lembrar.retrieval.rerank``).

A fact's score is its calibrated confidence of answering the query
(``lembrar.graph.confidence``) and no fact below ``min_confidence`` is returned: a question the
graph holds no answer to gets no fact. Entities and communities are scored by rank. Everything
here is pure (the words of a text are counted once per process and kept).
"""

from __future__ import annotations

import math
from collections import Counter, deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from typing import Literal

import numpy as np

from lembrar.errors import ValidationError
from lembrar.graph.confidence import CALIBRATION, content_stems, features, probabilities, stem
from lembrar.graph.extract.names import fold
from lembrar.model import text as toolkit
from lembrar.model.graph import Community, Entity, Fact, GraphData
from lembrar.retrieval import fusion

METHODS = ("cosine", "bm25", "bfs", "predicate")
ORDERS = ("rrf", "mmr", "mentions", "distance", "model")
SCOPES = ("facts", "entities", "communities")
HitKind = Literal["fact", "entity", "community"]
KINDS: dict[str, HitKind] = {"facts": "fact", "entities": "entity", "communities": "community"}
ModelScore = Callable[[str, Sequence[str]], Sequence[float]]
"""A registered reranker's ``score``: ``(query, texts) -> one score per text``."""
RRF_K = 60


@dataclass(frozen=True)
class GraphSearchConfig:
    """methods     candidate sources; order how the candidates are ranked, one of ``ORDERS``
    scopes      what is returned; limit results per scope; depth how far breadth-first goes
    mmr_lambda  relevance against novelty for ``mmr``
    model_reranker the registered reranker (``lembrar.retrieval.rerank``) for ``order="model"``
    current_first  facts holding at the reference moment before superseded ones
    min_confidence facts whose calibrated confidence (``lembrar.graph.confidence``) is below it
                   are not returned (0: every candidate); a fact's score is that confidence"""

    methods: tuple[str, ...] = ("cosine", "bm25", "bfs", "predicate")
    order: str = "rrf"
    scopes: tuple[str, ...] = ("facts",)
    limit: int = 10
    depth: int = 2
    mmr_lambda: float = 0.5
    min_cosine: float = 0.2
    model_reranker: str | None = None
    current_first: bool = True
    min_confidence: float = CALIBRATION.threshold

    def __post_init__(self) -> None:
        for name, values, allowed in (
            ("methods", self.methods, METHODS),
            ("scopes", self.scopes, SCOPES),
        ):
            if not values or any(v not in allowed for v in values):
                raise ValidationError(name, f"use some of {allowed}")
        if self.order not in ORDERS:
            raise ValidationError("order", f"use one of {ORDERS}")
        if self.order == "model" and not self.model_reranker:
            raise ValidationError("model_reranker", "name the registered reranker to use")
        if not 0.0 <= self.min_confidence <= 1.0:
            raise ValidationError("min_confidence", "must be in [0, 1]")
        if self.limit < 1 or self.depth < 0:
            raise ValidationError("limit", "limit must be at least 1 and depth at least 0")


PRESETS: dict[str, GraphSearchConfig] = {
    "facts": GraphSearchConfig(),
    "facts_mmr": GraphSearchConfig(order="mmr"),
    "facts_mentions": GraphSearchConfig(order="mentions"),
    "facts_distance": GraphSearchConfig(order="distance"),
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

    kind: HitKind
    id: str
    text: str
    score: float
    fact: Fact | None = None
    entity: Entity | None = None
    community: Community | None = None
    signals: dict[str, float] = field(default_factory=dict)


# -- candidate lists -------------------------------------------------------------------------
def tokens(text: str) -> list[str]:
    return [w for w in toolkit.words(fold(text)) if len(w) > 1]


@lru_cache(maxsize=32768)
def _bag(text: str) -> tuple[int, Counter[str]]:
    """How many words a text has, and each stemmed word's count; kept per text, since the same
    fact texts are read by every search (never changed by a caller)."""
    words = [stem(w) for w in tokens(text)]
    return len(words), Counter(words)


def bm25(query: str, texts: Sequence[str], k1: float = 1.2, b: float = 0.75) -> np.ndarray:
    """BM25 of each text for the query's words (suffixes folded: 'lives' finds 'live')."""
    bags = [_bag(t) for t in texts]
    terms = {stem(w) for w in tokens(query)}
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


# -- orders ---------------------------------------------------------------------------------
def rrf(lists: Mapping[str, Sequence[str]]) -> dict[str, float]:
    """Retrieval's reciprocal rank fusion (``k`` = ``RRF_K``, every list weighing 1) over ids."""
    ids = list(dict.fromkeys(i for ranked in lists.values() for i in ranked))
    position = {ident: n for n, ident in enumerate(ids)}
    rankings = {name: [position[i] for i in ranked] for name, ranked in lists.items()}
    return {ids[n]: value for n, value in fusion.rrf(rankings, {}, RRF_K).items()}


def mmr(
    fused: Mapping[str, float],
    vectors: Mapping[str, np.ndarray],
    query: np.ndarray,
    lam: float,
    limit: int,
) -> list[str]:
    """Retrieval's maximal marginal relevance over the fused candidates: relevance is the
    cosine to the query, ties go to the higher fused score; a vector of another size (or
    none) counts as unrelated to the query and to the others."""
    pool = sorted(fused, key=lambda i: -fused[i])
    size = query.size or max((vectors[i].size for i in pool), default=0)
    if not pool or not size:
        return pool[:limit]
    rows = np.stack(
        [vectors[i] if vectors[i].size == size else np.zeros(size, np.float32) for i in pool]
    ).astype(np.float32)
    relevance = [float(row @ query) if query.size else 0.0 for row in rows]
    return [pool[n] for n in fusion.mmr(relevance, rows, lam, limit)]


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
    data: GraphData,
    query: GraphQuery,
    config: GraphSearchConfig,
    model_score: ModelScore | None = None,
) -> list[GraphHit]:
    """The best facts / entities / communities for ``query``, each scope ``config.limit`` long."""
    near_entities = distances(data.facts, query.centers, config.depth) if query.centers else {}
    hits: list[GraphHit] = []
    for scope in config.scopes:
        items = graph_items(data, scope, query)
        near, mentions, predicate_of = _facets(data, scope, near_entities)
        lists = candidate_lists(items, query, config, near, predicate_of)
        fused = rrf(lists)
        confidence = _confidences(data, query, fused) if scope == "facts" else {}
        if scope == "facts":
            fused = {i: v for i, v in fused.items() if confidence[i] >= config.min_confidence}
            lists = {name: [i for i in ranked if i in fused] for name, ranked in lists.items()}
        order = _ordered(
            fused,
            config,
            query,
            {i: v for i, _, v in items},
            (near, mentions, confidence),
            {i: t for i, t, _ in items},
            model_score,
        )
        if scope == "facts" and config.current_first:
            order = _current_first(order, data, query)
        texts = {i: t for i, t, _ in items}
        scores = confidence or scored(order)
        hits += _hits(scope, order[: config.limit], data, scores, lists, texts)
    return hits


def _facets(
    data: GraphData, scope: str, near: Mapping[str, int]
) -> tuple[dict[str, int], dict[str, int], dict[str, str]]:
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


def _confidences(data: GraphData, query: GraphQuery, ids: Iterable[str]) -> dict[str, float]:
    """Each fact's calibrated probability of answering the query."""
    facts = {f.id: f for f in data.facts}
    wanted = [facts[i] for i in ids]
    if not wanted:
        return {}
    question = content_stems(query.text)
    centers = frozenset(query.centers) | _owned(data, query.centers, wanted)
    rows = [features(question, query.predicates, centers, f) for f in wanted]
    return dict(zip((f.id for f in wanted), probabilities(np.array(rows)).tolist(), strict=True))


def _owned(data: GraphData, centers: Sequence[str], facts: Sequence[Fact]) -> frozenset[str]:
    """Subjects of ``facts`` that a centre owns by name ("Ana's followers" when Ana is one):
    a question about Ana asks about them too."""
    if not centers:
        return frozenset()
    names = {e.id: e.name for e in data.entities}
    owners = tuple(f"{_folded(names[c])}'s " for c in centers if c in names)
    subjects = {f.subject_id for f in facts}
    return frozenset(
        s for s in subjects if "'" in names.get(s, "") and _folded(names[s]).startswith(owners)
    )


@lru_cache(maxsize=32768)
def _folded(name: str) -> str:
    return fold(name)


def _ordered(
    fused: dict[str, float],
    config: GraphSearchConfig,
    query: GraphQuery,
    vectors: Mapping[str, np.ndarray],
    facets: tuple[Mapping[str, int], Mapping[str, int], Mapping[str, float]],
    texts: Mapping[str, str],
    model_score: ModelScore | None,
) -> list[str]:
    """The candidates in ``config.order``; ``facets``: hop distance, episodes and (facts)
    confidence per candidate. ``rrf`` orders facts by confidence, the fused score breaking
    ties."""
    near, mentions, confidence = facets
    if config.order == "mmr":
        return mmr(fused, vectors, query.vector, config.mmr_lambda, len(fused))
    if config.order == "mentions":
        return by_key(fused, {i: float(mentions.get(i, 0)) for i in fused})
    if config.order == "distance":
        return by_key(fused, {i: -float(near.get(i, 99)) for i in fused})
    order = sorted(fused, key=lambda i: (-confidence.get(i, 0.0), -fused[i], i))
    if config.order == "model" and model_score is not None and order:
        scores = model_score(query.text, [texts[i] for i in order])
        order = [i for _, i in sorted(zip(scores, order), key=lambda p: -p[0])]
    return order


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
    scores: Mapping[str, float],
    lists: Mapping[str, Sequence[str]],
    texts: Mapping[str, str],
) -> list[GraphHit]:
    facts = {f.id: f for f in data.facts}
    entities = {e.id: e for e in data.entities}
    communities = {c.id: c for c in data.communities}
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
