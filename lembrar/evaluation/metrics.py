"""Retrieval metrics as small pure functions over ranked id lists.

A *ranking* is a sequence of item ids, best first; it may repeat an id (several turns of one
session, rolled up to session ids). *gold* is the set of relevant ids. Definitions follow
LongMemEval's evaluation code where they come from it, so numbers compare with published
ones: relevance is binary, and its DCG gives rank 1 a weight of 1 and rank i >= 2 a weight of
1 / log2(i) (so ranks 1 and 2 weigh the same).
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Sequence
from statistics import fmean


def recall_any(ranking: Sequence[str], gold: Collection[str], k: int) -> float:
    """1.0 if any gold id is among the first ``k`` ranked ids."""
    top = set(ranking[:k])
    return float(any(g in top for g in gold))


def recall_all(ranking: Sequence[str], gold: Collection[str], k: int) -> float:
    """1.0 if every gold id is among the first ``k`` ranked ids (vacuously 1.0 for no gold)."""
    top = set(ranking[:k])
    return float(all(g in top for g in gold))


def dcg(relevances: Sequence[float]) -> float:
    """LongMemEval's DCG: ``rel[1] + sum(rel[i] / log2(i) for i >= 2)`` (1-based ranks)."""
    if not relevances:
        return 0.0
    return relevances[0] + sum(
        rel / math.log2(rank) for rank, rel in enumerate(relevances[1:], start=2)
    )


def ndcg_any(
    ranking: Sequence[str], gold: Collection[str], k: int, relevant_total: int | None = None
) -> float:
    """Binary-relevance NDCG@k. Each ranked position counts on its own (repeats included).

    ``relevant_total`` is how many items of the whole corpus are relevant (the ideal ranking
    puts them all first); it defaults to ``len(gold)``.
    """
    gold_set = set(gold)
    total = len(gold_set) if relevant_total is None else relevant_total
    ideal = dcg([1.0] * min(k, total))
    if ideal == 0:
        return 0.0
    return dcg([1.0 if item in gold_set else 0.0 for item in ranking[:k]]) / ideal


def reciprocal_rank(ranking: Sequence[str], gold: Collection[str]) -> float:
    """1 / rank of the first gold id (0.0 when none is ranked); its mean is MRR."""
    gold_set = set(gold)
    for rank, item in enumerate(ranking, start=1):
        if item in gold_set:
            return 1.0 / rank
    return 0.0


def distinct(ranking: Iterable[str]) -> list[str]:
    """The ranking with repeats removed, first occurrence kept."""
    return list(dict.fromkeys(ranking))


def distinct_cutoff(ranking: Sequence[str], k: int) -> int:
    """Length of the shortest prefix holding ``k`` distinct ids (the whole ranking if fewer).

    Turn rankings are rolled up to sessions by keeping the first k *distinct* sessions: this
    is the effective k of LongMemEval's turn-to-session evaluation.
    """
    seen: set[str] = set()
    for position, item in enumerate(ranking, start=1):
        seen.add(item)
        if len(seen) >= k:
            return position
    return len(ranking)


def rolled_up(
    sessions: Sequence[str], gold: Collection[str], k: int, relevant_total: int | None = None
) -> dict[str, float]:
    """Session-level recall_any / recall_all / ndcg_any@k of a turn ranking.

    ``sessions`` is the turn ranking mapped to session ids (repeats kept); the cutoff is the
    first k distinct sessions. ``relevant_total`` is the number of corpus *turns* that belong to
    gold sessions (LongMemEval's ideal DCG counts every such turn).
    """
    cutoff = distinct_cutoff(sessions, k)
    return {
        "recall_any": recall_any(sessions, gold, cutoff),
        "recall_all": recall_all(sessions, gold, cutoff),
        "ndcg_any": ndcg_any(sessions, gold, cutoff, relevant_total),
    }


def coverage(ranking: Sequence[str], gold: Collection[str], k: int) -> float:
    """Share of the gold ids found among the first ``k`` ranked ids (LoCoMo evidence recall)."""
    gold_set = set(gold)
    if not gold_set:
        return 0.0
    return len(gold_set & set(ranking[:k])) / len(gold_set)


def session_coverage(sessions: Sequence[str], gold: Collection[str], k: int) -> float:
    """Share of gold sessions among the first ``k`` distinct sessions of a turn ranking."""
    return coverage(distinct(sessions), gold, k)


def precision_at(ranking: Sequence[str], gold: Collection[str], k: int) -> float:
    """Relevant share of the first ``k`` positions (a short ranking still divides by ``k``)."""
    gold_set = set(gold)
    return sum(1 for item in ranking[:k] if item in gold_set) / k


def recall_at(ranking: Sequence[str], gold: Collection[str], k: int) -> float:
    """Share of gold ids retrieved in the first ``k`` (the first source paper's R@k)."""
    return coverage(ranking, gold, k)


def mean_or_none(values: Iterable[float | None]) -> float | None:
    """Mean of the values that are not ``None``; ``None`` when there are none."""
    kept = [v for v in values if v is not None]
    return fmean(kept) if kept else None


def percentile(values: Sequence[float], q: float) -> float:
    """Linear-interpolated percentile ``q`` in [0, 100] (numpy's default method)."""
    if not values:
        return math.nan
    ordered = sorted(values)
    position = (len(ordered) - 1) * q / 100.0
    low, high = math.floor(position), math.ceil(position)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)
