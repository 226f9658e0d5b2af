"""The reranker slot: a model that scores (query, text) pairs, registered by name."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from lembrar.errors import ConfigurationError


@runtime_checkable
class Reranker(Protocol):
    """Scores each text's relevance to the query in [0, 1]; e.g. a cross-encoder."""

    name: str

    def score(self, query: str, texts: Sequence[str]) -> list[float]: ...


_RERANKERS: dict[str, Callable[[], Reranker]] = {}


def register_reranker(name: str, factory: Callable[[], Reranker]) -> None:
    _RERANKERS[name] = factory


def get_reranker(name: str) -> Reranker:
    if name not in _RERANKERS:
        known = ", ".join(sorted(_RERANKERS)) or "none registered"
        raise ConfigurationError(f"reranker: unknown name {name!r} ({known}); register one with register_reranker()")
    return _RERANKERS[name]()
