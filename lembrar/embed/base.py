"""The embedder port: one essential method, ``embed_batch``, and a name registry.

An asymmetric model (one that embeds a search query differently from a stored text) also
offers ``embed_queries``; callers reach it through :func:`embed_queries`, which falls back to
``embed_batch`` for symmetric models.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

import numpy as np

from lembrar.registry import Registry


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into unit-norm float32 vectors of a fixed dimension."""

    name: str
    dim: int

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray: ...


def embed_queries(embedder: Embedder, texts: Sequence[str]) -> np.ndarray:
    """Vectors of search queries: the model's query side where it has one."""
    method = getattr(embedder, "embed_queries", None)
    return method(texts) if callable(method) else embedder.embed_batch(texts)


EMBEDDERS: Registry[Embedder] = Registry("embedder")
DEFAULT_EMBEDDER = "use-m3"


def register(name: str, factory: Callable[[], Embedder] | str, *, extra: str | None = None) -> None:
    """Make ``get_embedder(name)`` build an embedder with ``factory`` (or a ``"module:Class"`` path)."""
    EMBEDDERS.register(name, factory, extra=extra)


def available() -> list[str]:
    return sorted(EMBEDDERS.names())


def get_embedder(name: str | None = None) -> Embedder:
    return EMBEDDERS.create(name or DEFAULT_EMBEDDER)


def normalize(matrix: np.ndarray) -> np.ndarray:
    """Rows scaled to unit length (zero rows stay zero), as float32."""
    matrix = np.asarray(matrix, dtype=np.float32)
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    return matrix / np.where(norms == 0, 1, norms)
