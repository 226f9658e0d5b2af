"""Graph facts as a candidate source of episode search.

The facts that answer a query do not take ranks among the turns (a fact is not a turn, and a
turn that merely resembles a fact is not evidence): they go to the context block's "Facts"
section, and here they *lift* the turns that stated them, a prior blended into those turns'
scores (``GraphConfig.lift_weight``). Only facts the query's words or meaning match (a cosine
or BM25 signal) lift; a fact reached only by walking the graph from the user vouches for
nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from lembrar.retrieval.sources import Lift, SourcePlan

if TYPE_CHECKING:
    from datetime import datetime

    from lembrar.graph.config import GraphConfig
    from lembrar.graph.search import GraphHit
    from lembrar.retrieval.request import SearchRequest

__all__ = ["GraphSource", "lift_scores"]

MATCHING = ("cosine", "bm25")


class FactFinder(Protocol):
    """What the source uses of ``Graph``: its settings and the facts that match a query."""

    config: GraphConfig

    @property
    def available(self) -> bool: ...
    def fact_hits(self, query: str, user_id: str, now: datetime, limit: int) -> list[GraphHit]: ...


def lift_scores(hits: list[GraphHit]) -> dict[str, float]:
    """Episode id -> the best score of a matching fact it supports."""
    scores: dict[str, float] = {}
    for hit in hits:
        if hit.fact is None or not any(name in hit.signals for name in MATCHING):
            continue
        for episode_id in hit.fact.episodes:
            scores[episode_id] = max(scores.get(episode_id, 0.0), hit.score)
    return scores


class GraphSource:
    """``CandidateSource`` over a user's facts; plans nothing unless ``search_source`` is on."""

    name = "graph"

    def __init__(self, graph: FactFinder) -> None:
        self.graph = graph

    def plan(self, request: SearchRequest) -> SourcePlan | None:
        config = self.graph.config
        if not config.search_source or config.lift_weight <= 0 or not self.graph.available:
            return None
        return SourcePlan(lift=lambda: self._lift(request))

    def _lift(self, request: SearchRequest) -> Lift | None:
        config = self.graph.config
        hits = self.graph.fact_hits(
            request.query, request.user_id, request.now, config.search_facts
        )
        scores = lift_scores(hits)
        return Lift(self.name, config.lift_weight, scores) if scores else None
