"""Pure ranking functions: relative score and reciprocal rank fusion, soft time score, MMR, dedup."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence

import numpy as np
from numpy.typing import NDArray


def rrf(
    rankings: Mapping[str, Sequence[int]], weights: Mapping[str, float], k: int
) -> dict[int, float]:
    """Weighted reciprocal rank fusion: sum over lists of w / (k + rank), rank from 1."""
    fused: dict[int, float] = {}
    for name, refs in rankings.items():
        w = weights.get(name, 1.0)
        for rank, ref in enumerate(refs, start=1):
            fused[ref] = fused.get(ref, 0.0) + w / (k + rank)
    return fused


def relative(
    rankings: Mapping[str, Sequence[tuple[int, float]]], weights: Mapping[str, float]
) -> dict[int, float]:
    """Relative score fusion: each list's scores min-max scaled to [0, 1] (its best 1, its worst 0),
    then the weighted mean over the lists (absent from a list counts 0). Result in [0, 1].

    Unlike rank fusion it keeps how far apart the scores are: a keyword match far above the rest
    of its list outweighs a dense hit that barely leads a flat list."""
    total = sum(weights.get(name, 1.0) for name in rankings)
    fused: dict[int, float] = {}
    if total <= 0:
        return fused
    for name, hits in rankings.items():
        if not hits:
            continue
        w = weights.get(name, 1.0) / total
        low, high = min(s for _, s in hits), max(s for _, s in hits)
        for ref, score in hits:
            scaled = (score - low) / (high - low) if high > low else 1.0
            fused[ref] = fused.get(ref, 0.0) + w * scaled
    return fused


def soft_time_scores(
    distances: NDArray[np.float64], tolerances: NDArray[np.float64]
) -> NDArray[np.float64]:
    """1 inside the window, halving every tolerance outside it (0 outside a window of no
    tolerance); elementwise, the arrays broadcast (seconds)."""
    positive = tolerances > 0
    halvings = distances / np.where(positive, tolerances, 1.0)
    return np.where(distances <= 0, 1.0, np.where(positive, np.power(0.5, halvings), 0.0))


def soft_time_score(distance_seconds: float, tolerance_seconds: float) -> float:
    """:func:`soft_time_scores` for one distance."""
    return float(soft_time_scores(np.array(distance_seconds), np.array(tolerance_seconds)))


def mmr(relevance: Sequence[float], vectors: NDArray[np.float32], lam: float, k: int) -> list[int]:
    """Indices chosen by maximal marginal relevance (vectors unit-norm)."""
    if len(relevance) == 0:
        return []
    rel = np.asarray(relevance, dtype=np.float64)
    sims = vectors @ vectors.T
    chosen = [int(np.argmax(rel))]
    best_sim = sims[chosen[0]].astype(np.float64)
    while len(chosen) < min(k, len(rel)):
        scores = lam * rel - (1 - lam) * best_sim
        scores[chosen] = -np.inf
        pick = int(np.argmax(scores))
        chosen.append(pick)
        best_sim = np.maximum(best_sim, sims[pick])
    return chosen


def near_duplicates(
    order: Sequence[int],
    vectors: NDArray[np.float32],
    threshold: float,
    groups: Sequence[Hashable] | None = None,
) -> set[int]:
    """Positions (in ``order``) whose vector is within ``threshold`` cosine of an earlier kept
    one; of the same group, when ``groups`` (one per position) are given."""
    dropped: set[int] = set()
    kept: dict[Hashable, list[int]] = {}
    for pos in order:
        mine = kept.setdefault(None if groups is None else groups[pos], [])
        if mine and float(np.max(vectors[mine] @ vectors[pos])) >= threshold:
            dropped.add(pos)
        else:
            mine.append(pos)
    return dropped
