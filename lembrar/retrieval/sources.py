"""Candidate sources beside the turns: session summaries, graph facts, or any other space that
answers a search with scored hits.

A source plugs into every search through one method, :meth:`CandidateSource.plan`, which
returns what it will contribute to this request: the turns it stands in for (``hides``) and
its own hits. The turns' pipeline leaves hidden turns out, then :func:`merge_hits` puts every
hit in one list by score (turns first on ties). Scores share the contract of every hit: [0, 1],
higher is better.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Protocol

from lembrar.model.episode import Episode
from lembrar.model.hits import SearchHit

if TYPE_CHECKING:
    from lembrar.retrieval.request import SearchRequest

__all__ = ["CandidateSource", "SourcePlan", "hidden_by", "merge_hits"]


def _nothing() -> list[SearchHit]:
    return []


@dataclass(frozen=True)
class SourcePlan:
    """What one source adds to one search: ``hides`` turns it stands in for, ``hits`` its own."""

    hides: Callable[[Episode], bool] | None = None
    hits: Callable[[], list[SearchHit]] = field(default=_nothing)


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


def merge_hits(turns: Sequence[SearchHit], others: Sequence[SearchHit], k: int) -> list[SearchHit]:
    """Turn hits and other sources' hits in one list by score (turns first on ties), ranks renumbered."""
    merged = sorted([*turns, *others], key=lambda h: -h.score)[:k]
    return [replace(h, rank=rank) for rank, h in enumerate(merged, start=1)]
