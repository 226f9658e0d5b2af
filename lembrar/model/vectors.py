"""Vectors by content: the hash that names a text's embedding, and the cache port that keeps them."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import numpy as np
from numpy.typing import NDArray


def content_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def query_hash(text: str) -> str:
    """The cache key of a query's vector: never equal to a stored text's key."""
    return content_hash("\x00query\x00" + text)


@runtime_checkable
class VectorCache(Protocol):
    """Embeddings by content hash, so the same text is never embedded twice."""

    def cached_vectors(
        self, model: str, hashes: Sequence[str]
    ) -> dict[str, NDArray[np.float32]]: ...

    def cache_vectors(self, model: str, items: dict[str, NDArray[np.float32]]) -> None: ...
