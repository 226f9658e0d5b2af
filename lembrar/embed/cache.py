"""Embedding by content hash: the same text is never embedded twice."""

from __future__ import annotations

import hashlib
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from lembrar.embed.base import Embedder, embed_queries
from lembrar.store.base import VectorCache


def content_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def query_hash(text: str) -> str:
    """The cache key of a query's vector: never equal to a stored text's key."""
    return content_hash("\x00query\x00" + text)


class CachedEmbedder:
    """Wraps an embedder with a persistent ``VectorCache`` and a small in-process LRU."""

    def __init__(self, embedder: Embedder, cache: VectorCache | None = None, lru_size: int = 2048) -> None:
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
        return self._embed(texts, [query_hash(t) for t in texts], lambda todo: embed_queries(self.inner, todo))

    def embed_hashed(self, texts: Sequence[str], hashes: Sequence[str]) -> np.ndarray:
        return self._embed(texts, hashes, self.inner.embed_batch)

    def _embed(self, texts: Sequence[str], hashes: Sequence[str],
               compute: Callable[[list[str]], np.ndarray]) -> np.ndarray:
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


class SqliteVectorCache:
    """A standalone on-disk vector cache (used by benchmarks across runs)."""

    def __init__(self, path: str | Path) -> None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(path), check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS vectors (model TEXT, hash TEXT, vector BLOB, PRIMARY KEY (model, hash)) WITHOUT ROWID"
        )

    def cached_vectors(self, model: str, hashes: Sequence[str]) -> dict[str, np.ndarray]:
        out: dict[str, np.ndarray] = {}
        for start in range(0, len(hashes), 500):
            part = list(hashes[start : start + 500])
            marks = ",".join("?" * len(part))
            rows = self._db.execute(f"SELECT hash, vector FROM vectors WHERE model = ? AND hash IN ({marks})", [model, *part])
            out.update((h, np.frombuffer(blob, dtype=np.float32)) for h, blob in rows)
        return out

    def cache_vectors(self, model: str, items: dict[str, np.ndarray]) -> None:
        with self._db:
            self._db.executemany(
                "INSERT OR REPLACE INTO vectors VALUES (?, ?, ?)",
                [(model, h, np.asarray(v, dtype=np.float32).tobytes()) for h, v in items.items()],
            )

    def close(self) -> None:
        self._db.close()
