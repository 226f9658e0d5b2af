"""The systems a benchmark compares, behind one small port: load a scope, search it.

A ``Backend`` answers for one or more named systems that share what was loaded: the lembrar
engine loads a scope once and answers for each of its search presets (ours, dense, keyword);
the ChromaDB baseline (the first source paper's stack: chunks, one vector each, cosine k-NN)
loads its own copy. Every backend is fed the same ``EpisodeIn`` items and the same embedder.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from lembrar.config import MemoryConfig
from lembrar.embed import CachedEmbedder, Embedder, embed_queries
from lembrar.errors import MissingExtraError
from lembrar.model.inputs import EpisodeIn
from lembrar.model.text import ChunkSpec, chunk_spans
from lembrar.retrieval.config import SearchConfig

BASELINE_PRESETS = {"dense": "dense", "keyword": "keyword"}
EMBED_BATCH = 256


@dataclass(frozen=True)
class Found:
    """One retrieved memory, reduced to what scoring needs."""

    session_id: str | None
    metadata: Mapping[str, Any]
    score: float
    text: str


class Backend(Protocol):
    @property
    def systems(self) -> tuple[str, ...]: ...

    def load(self, scope: str, items: Sequence[EpisodeIn]) -> None: ...
    def search(self, system: str, scope: str, query: str, k: int, now: datetime) -> list[Found]: ...
    def reset(self) -> None: ...
    def close(self) -> None: ...


@dataclass
class EngineBackend:
    """``lembrar.Memory`` searched with one preset per system name.

    ``query_embedder``, when given, embeds the queries with no cache at all, so that every
    system pays for its own query embedding (several presets search the same Memory).
    """

    embedder: Embedder
    presets: Mapping[str, str | SearchConfig]
    config: MemoryConfig = field(default_factory=MemoryConfig)
    path: Any = ":memory:"  # a file, a URL or a Store
    query_embedder: Embedder | None = None
    llm: Any = None
    graph: Any = None  # a GraphConfig; None: no graph extraction (it would slow every other system)
    _memory: Any = field(default=None, repr=False)
    _ingest: Any = field(default=None, repr=False)

    @property
    def systems(self) -> tuple[str, ...]:
        return tuple(self.presets)

    @property
    def memory(self) -> Any:
        if self._memory is None:
            from lembrar.graph import GraphConfig
            from lembrar.memory import Memory

            self._memory = Memory(
                self.path,
                embedder=self.embedder,
                config=self.config,
                llm=self.llm,
                graph=self.graph or GraphConfig(enabled=False),
            )
            self._ingest = self._memory.embedder
        return self._memory

    def load(self, scope: str, items: Sequence[EpisodeIn]) -> None:
        memory = self.memory
        memory.embedder = self._ingest
        memory.add_many(items)

    def search(self, system: str, scope: str, query: str, k: int, now: datetime) -> list[Found]:
        if self.query_embedder is not None:
            self.memory.embedder = CachedEmbedder(self.query_embedder, None, lru_size=0)
        hits = self.memory.search(query, user_id=scope, k=k, now=now, preset=self.presets[system])
        out, seen = [], set()
        for hit in hits:
            if hit.episode.id not in seen:
                seen.add(hit.episode.id)
                out.append(Found(hit.episode.session_id, hit.episode.metadata, hit.score, hit.text))
        return out

    def reset(self) -> None:
        self.close()

    def close(self) -> None:
        if self._memory is not None:
            self._memory.close()
            self._memory = None


@dataclass
class ChromaBackend:
    """Plain dense k-NN in ChromaDB over the same chunks (HNSW, cosine space)."""

    embedder: Embedder
    chunking: ChunkSpec = field(default_factory=ChunkSpec)
    name: str = "chroma"
    persist_path: Path | None = None
    query_embedder: Embedder | None = None
    _client: Any = field(default=None, repr=False)
    _collections: dict[str, Any] = field(default_factory=dict, repr=False)
    _loaded: dict[str, int] = field(default_factory=dict, repr=False)

    @property
    def systems(self) -> tuple[str, ...]:
        return (self.name,)

    def load(self, scope: str, items: Sequence[EpisodeIn]) -> None:
        collection = self._collection(scope)
        base = self._loaded.get(scope, 0)
        rows = [
            (base + i, item, text)
            for i, item in enumerate(items)
            for text in _chunks(item.content or "", self.chunking)
        ]
        offset = collection.count()
        for start in range(0, len(rows), EMBED_BATCH):
            part = rows[start : start + EMBED_BATCH]
            collection.add(
                ids=[f"{offset + start + n}" for n in range(len(part))],
                embeddings=self.embedder.embed_batch([text for _, _, text in part]),
                metadatas=[_chroma_metadata(number, item) for number, item, _ in part],
                documents=[text for _, _, text in part],
            )
        self._loaded[scope] = base + len(items)

    def search(self, system: str, scope: str, query: str, k: int, now: datetime) -> list[Found]:
        collection = self._collection(scope)
        size = collection.count()
        if size == 0:
            return []
        vector = embed_queries(self.query_embedder or self.embedder, [query])
        result = collection.query(
            query_embeddings=vector,
            n_results=min(size, k * 3),
            include=["metadatas", "distances", "documents"],
        )
        out: list[Found] = []
        seen: set[str] = set()
        for meta, distance, text in zip(
            result["metadatas"][0], result["distances"][0], result["documents"][0]
        ):
            if meta["episode"] not in seen and len(out) < k:
                seen.add(meta["episode"])
                out.append(
                    Found(
                        meta.get("session") or None,
                        json.loads(meta["meta"]),
                        1.0 - distance / 2,
                        text,
                    )
                )
        return out

    def reset(self) -> None:
        for collection in self._collections.values():
            self._client.delete_collection(collection.name)
        self._collections.clear()
        self._loaded.clear()

    def close(self) -> None:
        self.reset()

    def _collection(self, scope: str) -> Any:
        if scope not in self._collections:
            if self._client is None:
                self._client = _chroma_client(self.persist_path)
            name = f"bench-{uuid.uuid4().hex[:12]}"
            self._collections[scope] = self._client.create_collection(
                name, metadata={"hnsw:space": "cosine"}, embedding_function=None
            )
        return self._collections[scope]


def _chroma_client(path: Path | None) -> Any:
    try:
        import chromadb
    except ImportError as exc:
        raise MissingExtraError("chroma", "chromadb") from exc
    return (
        chromadb.PersistentClient(path=str(path))
        if path is not None
        else chromadb.EphemeralClient()
    )


def chroma_available() -> bool:
    try:
        import chromadb  # noqa: F401
    except ImportError:
        return False
    return True


def _chunks(text: str, spec: ChunkSpec) -> list[str]:
    return [text[start:end] for start, end in chunk_spans(text, spec)] or [text]


def _chroma_metadata(number: int, item: EpisodeIn) -> dict[str, Any]:
    """Chroma keeps only flat scalar metadata: the episode's own metadata travels as JSON."""
    return {
        "episode": number,
        "session": item.session_id or "",
        "meta": json.dumps(item.metadata, default=str),
    }


def vectors_of(embedder: Embedder, texts: Sequence[str]) -> np.ndarray:
    """Embeddings of ``texts`` in batches (unit-norm rows)."""
    parts = [
        embedder.embed_batch(list(texts[i : i + EMBED_BATCH]))
        for i in range(0, len(texts), EMBED_BATCH)
    ]
    return np.concatenate(parts) if parts else np.zeros((0, embedder.dim), dtype=np.float32)
