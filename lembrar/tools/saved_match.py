"""Which saved facts a recall query is about (pure, no I/O).

A saved fact matches when it shares a content word with the query ("what is my kayak called?"
/ "My kayak is called Sardinha") or when its embedding is close enough to the query's ("what's
the name of my boat?", "como se chama o meu caiaque?"). How close is close enough depends on
the embedder: ``RELATED_THRESHOLDS`` was read off use-m3 on 25 questions, English and
Portuguese, against 17 saved facts (a question about a fact scored 0.32-0.69 with it, or
shared a word with it; with another fact at most 0.28 but for one pair at 0.32); an embedder
not calibrated here needs a near restatement, so words carry the match.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from lembrar.model.text import keywords

__all__ = ["RELATED_THRESHOLDS", "SavedMatch", "match_saved", "related_threshold"]

RELATED_THRESHOLDS = {"use-m3": 0.30, "hash": 0.6}
DEFAULT_RELATED = 0.8


@dataclass(frozen=True)
class SavedMatch:
    """The position of a matching fact among those given, and its score in [0, 1]: the cosine
    or the share of the query's content words the fact contains, whichever is higher."""

    index: int
    score: float


def related_threshold(embedder_name: str) -> float:
    return RELATED_THRESHOLDS.get(embedder_name, DEFAULT_RELATED)


def match_saved(
    query: str,
    query_vector: NDArray[np.float32],
    texts: Sequence[str],
    vectors: NDArray[np.float32],
    threshold: float,
) -> list[SavedMatch]:
    """The facts (``texts`` with their unit ``vectors``) that ``query`` is about, best first."""
    if not texts:
        return []
    terms = set(keywords(query))
    cosines = np.asarray(vectors, dtype=np.float32) @ np.asarray(query_vector, dtype=np.float32)
    found = []
    for index, text in enumerate(texts):
        shared = terms & set(keywords(text))
        cosine = float(cosines[index])
        if not shared and cosine < threshold:
            continue
        coverage = len(shared) / len(terms) if terms else 0.0
        score = min(1.0, max(cosine, coverage))
        found.append(SavedMatch(index, round(score, 4)))
    found.sort(key=lambda m: (-m.score, m.index))
    return found
