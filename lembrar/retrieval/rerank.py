"""Rerankers: models that score (query, text) pairs (e.g. a cross-encoder), registered by name.

Episode search adds a reranker's score to its ranker's (``SearchConfig.reranker``); graph search
orders its facts by one when ``GraphSearchConfig.order`` is ``"model"``. "Reranker" means this
registered model and nothing else: graph search's other ways of ranking are its orders.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from lembrar.registry import Registry


@runtime_checkable
class Reranker(Protocol):
    """Scores each text's relevance to the query in [0, 1]; e.g. a cross-encoder."""

    name: str

    def score(self, query: str, texts: Sequence[str]) -> list[float]: ...


RERANKERS: Registry[Reranker] = Registry("reranker")


def register_reranker(
    name: str, factory: Callable[[], Reranker] | str, *, extra: str | None = None
) -> None:
    RERANKERS.register(name, factory, extra=extra)


def get_reranker(name: str) -> Reranker:
    return RERANKERS.create(name)
