"""Candidate sources beside the turns: session summaries, graph facts, or any other space that
answers a search with scored hits.

A source plugs into every search through one method, :meth:`CandidateSource.plan`, which
returns what it will contribute to this request: the turns it stands in for (``hides``), its
own hits, and the turns it vouches for (``lift``: e.g. the turns that stated a matching fact).
The turns' pipeline leaves hidden turns out and blends each lift into the turns' scores as a
prior, then :func:`merge_hits` puts every hit in one list by score (turns first on ties).
Scores share the contract of every hit: [0, 1], higher is better.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Protocol

from lembrar.model.episode import Episode
from lembrar.model.hits import SearchHit

if TYPE_CHECKING:
    from lembrar.retrieval.request import SearchRequest

__all__ = ["CandidateSource", "Lift", "SourcePlan", "hidden_by", "lifts_of", "merge_hits"]


def _nothing() -> list[SearchHit]:
    return []


@dataclass(frozen=True)
class Lift:
    """Turns a source vouches for: ``scores`` by episode id in [0, 1], blended into every
    candidate turn's score with ``weight`` (a prior, as recency is; turns it does not name
    score 0 on it). The signal is reported under ``name``."""

    name: str
    weight: float
    scores: Mapping[str, float]


@dataclass(frozen=True)
class SourcePlan:
    """What one source adds to one search: ``hides`` turns it stands in for, ``hits`` its own,
    ``lift`` the turns it vouches for (computed once the search runs)."""

    hides: Callable[[Episode], bool] | None = None
    hits: Callable[[], list[SearchHit]] = field(default=_nothing)
    lift: Callable[[], Lift | None] | None = None


class CandidateSource(Protocol):
    name: str

    def plan(self, request: SearchRequest) -> SourcePlan | None:
        """What this source contributes to ``request`` (None: nothing)."""
        ...


def hidden_by(plans: Sequence[SourcePlan]) -> Callable[[Episode], bool] | None:
    """One predicate for the turns any plan hides (None when none hides anything)."""
    tests = [p.hides for p in plans if p.hides is not None]
    if not tests:
        return None
    if len(tests) == 1:
        return tests[0]
    return lambda episode: any(test(episode) for test in tests)


def lifts_of(plans: Sequence[SourcePlan]) -> list[Lift]:
    """The lifts the plans give (empty ones left out)."""
    lifts = [plan.lift() for plan in plans if plan.lift is not None]
    return [lift for lift in lifts if lift is not None and lift.scores and lift.weight > 0]


def merge_hits(turns: Sequence[SearchHit], others: Sequence[SearchHit], k: int) -> list[SearchHit]:
    """Turn hits and other sources' hits in one list by score (turns first on ties), ranks renumbered."""
    merged = sorted([*turns, *others], key=lambda h: -h.score)[:k]
    return [replace(h, rank=rank) for rank, h in enumerate(merged, start=1)]
