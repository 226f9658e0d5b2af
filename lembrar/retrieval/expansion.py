"""Query expansion by pseudo-relevance feedback: the first fused ranking's best hits are taken as
relevant, and the query is searched once more, moved toward them.

``dense``: the query vector moved toward the mean of the top hits' vectors (Rocchio), searched by
meaning. ``keyword``: the query's words plus the terms that mark the top hits, searched by words.
A term marks them when it is in several of them and rare among the first ranking's candidates
(the store reads no document frequency, so the inverse document frequency is taken over those
candidates: terms the whole topic shares score low, terms of the hits' own conversation high).
Each expanded search is one more ranking in the fusion, at ``expansion_weight``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from lembrar.model.query import Filters
from lembrar.model.text import keywords
from lembrar.retrieval.config import SearchConfig
from lembrar.store.base import Store

__all__ = ["expanded_rankings", "feedback_terms", "feedback_vector"]

DENSE, KEYWORD = "feedback_dense", "feedback_keyword"


def expanded_rankings(
    store: Store,
    user_id: str,
    vector: NDArray[np.float32],
    text: str,
    filters: Filters,
    config: SearchConfig,
    ranked: Sequence[int],
) -> dict[str, list[tuple[int, float]]]:
    """The expanded searches' rankings, named ``feedback_dense`` and ``feedback_keyword``;
    ``ranked``: the first fused ranking's refs, best first."""
    top = list(ranked[: config.expansion_hits])
    if not top:
        return {}
    out: dict[str, list[tuple[int, float]]] = {}
    if "dense" in config.expansion_methods:
        moved = feedback_vector(vector, store.chunk_vectors(user_id, top))
        out[DENSE] = store.dense(user_id, moved, config.limit("dense"), filters)
    if "keyword" in config.expansion_methods:
        rows = store.chunk_rows(user_id, list(ranked))
        texts = [rows[r].text for r in ranked if r in rows]
        terms = feedback_terms(text, texts, len(top), config.expansion_terms)
        if terms:
            query = " ".join([text, *terms])
            out[KEYWORD] = store.keyword(user_id, query, config.limit("keyword"), filters)
    return {name: hits for name, hits in out.items() if hits}


def feedback_vector(vector: NDArray[np.float32], top: NDArray[np.float32]) -> NDArray[np.float32]:
    """Rocchio: the unit query vector plus the mean of the top hits' (unit) vectors, unit-norm."""
    moved = vector + top.mean(axis=0)
    norm = float(np.linalg.norm(moved))
    return (moved / norm).astype(np.float32) if norm > 0 else vector


def feedback_terms(query: str, candidates: Sequence[str], hits: int, count: int) -> list[str]:
    """Up to ``count`` words not in ``query`` that mark the first ``hits`` of ``candidates`` (best
    first): in at least two of them (or in the only one), by how many of them hold the word
    times its inverse document frequency among all ``candidates``."""
    asked = set(keywords(query))
    seen = [set(keywords(text)) for text in candidates]
    in_top: dict[str, int] = {}
    for words in seen[:hits]:
        for word in words - asked:
            if not word.isdigit():
                in_top[word] = in_top.get(word, 0) + 1
    least = min(2, len(seen[:hits]))

    def weight(word: str) -> float:
        held = sum(1 for words in seen if word in words)
        return in_top[word] * math.log((len(seen) + 1) / held)

    chosen = [word for word, n in in_top.items() if n >= least]
    return sorted(chosen, key=lambda word: (-weight(word), word))[:count]
