"""The first source paper's view of a ranking: P@k, R@k, MRR, and the average cosine
similarity between the query and the memories returned (computed with the bench embedder,
so it is the same quantity for every system whatever its own score means)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import numpy as np

from lembrar.embed import Embedder
from lembrar.evaluation.harness import Answer

SIMILARITY_K = 3


def average_similarity(embedder: Embedder, query: str, texts: list[str]) -> float | None:
    """Mean cosine between ``query`` and ``texts`` (unit-norm embeddings); None for no texts."""
    if not texts:
        return None
    vectors = embedder.embed_batch([query, *texts])
    return float(np.mean(vectors[1:] @ vectors[0]))


def similarity_scorer(
    embedder: Embedder,
    scorer: Callable[[Answer], Mapping[str, float | None]],
    k: int = SIMILARITY_K,
) -> Callable[[Answer], dict[str, float | None]]:
    """``scorer`` plus ``seed.avg_similarity@k`` of the top ``k`` texts."""

    def score(answer: Answer) -> dict[str, float | None]:
        texts = [found.text for found in answer.found[:k]]
        return {
            **scorer(answer),
            f"seed.avg_similarity@{k}": average_similarity(embedder, answer.probe.text, texts),
        }

    return score
