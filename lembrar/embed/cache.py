"""Embedding by content hash: the same text is never embedded twice."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence

import numpy as np

from lembrar.embed.base import Embedder, embed_queries
from lembrar.model.vectors import VectorCache, content_hash, query_hash


class CachedEmbedder:
    """Wraps an embedder with a persistent ``VectorCache`` and a small in-process LRU."""

    def __init__(
        self, embedder: Embedder, cache: VectorCache | None = None, lru_size: int = 2048
    ) -> None:
        self.inner = embedder
        self.name = embedder.name
        self.dim = embedder.dim
        self.cache = cache
        self._lru: OrderedDict[str, np.ndarray] = OrderedDict()
        self._lru_size = lru_size
        self._lru_lock = threading.Lock()  # a service shares one engine between request threads

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        return self.embed_hashed(texts, [content_hash(t) for t in texts])

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        if not callable(getattr(self.inner, "embed_queries", None)):
            return self.embed_batch(texts)
        return self._embed(
            texts, [query_hash(t) for t in texts], lambda todo: embed_queries(self.inner, todo)
        )

    def embed_hashed(self, texts: Sequence[str], hashes: Sequence[str]) -> np.ndarray:
        return self._embed(texts, hashes, self.inner.embed_batch)

    def _embed(
        self,
        texts: Sequence[str],
        hashes: Sequence[str],
        compute: Callable[[list[str]], np.ndarray],
    ) -> np.ndarray:
        with self._lru_lock:
            found = {h: self._lru[h] for h in hashes if h in self._lru}
        missing = [h for h in dict.fromkeys(hashes) if h not in found]
        if missing and self.cache is not None:
            found.update(self.cache.cached_vectors(self.name, missing))
        todo = {h: t for t, h in zip(texts, hashes) if h not in found}
        if todo:
            fresh = compute(list(todo.values()))
            computed = dict(zip(todo, fresh))
            found.update(computed)
            if self.cache is not None:
                self.cache.cache_vectors(self.name, computed)
        self._remember(found)
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, h in enumerate(hashes):
            out[row] = found[h]
        return out

    def _remember(self, vectors: dict[str, np.ndarray]) -> None:
        with self._lru_lock:
            for h, v in vectors.items():
                self._lru[h] = v
                self._lru.move_to_end(h)
            while len(self._lru) > self._lru_size:
                self._lru.popitem(last=False)
