"""The store contract every backend implements, scoped by tenant and user.

A store instance is bound to one tenant (``tenant``); every method takes the
``user_id`` it acts for, and no method can return rows of another tenant or user.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Protocol, runtime_checkable

import numpy as np

from lembrar.config import UserSettings
from lembrar.model.episode import Chunk, Episode
from lembrar.model.query import ChunkRow, Filters, HistoryEntry, Page, SessionInfo, StoreStats

if TYPE_CHECKING:
    from lembrar.layers.model import Insight, SavedMemory, SessionSummary

DEFAULT_TENANT = "default"


@dataclass(frozen=True)
class IndexedEpisode:
    """An episode ready to store: its chunks and one unit-norm vector per chunk."""

    episode: Episode
    chunks: Sequence[Chunk]
    vectors: np.ndarray
    hashes: Sequence[str]


@runtime_checkable
class VectorCache(Protocol):
    """Embeddings by content hash, so the same text is never embedded twice."""

    def cached_vectors(self, model: str, hashes: Sequence[str]) -> dict[str, np.ndarray]: ...

    def cache_vectors(self, model: str, items: dict[str, np.ndarray]) -> None: ...


@runtime_checkable
class Store(VectorCache, Protocol):
    tenant: str

    def for_tenant(self, tenant: str) -> "Store": ...
    def close(self) -> None: ...

    # store-wide settings (e.g. which embedder built the vectors)
    def get_meta(self, key: str) -> str | None: ...
    def set_meta(self, key: str, value: str) -> None: ...

    # users
    def get_user(self, user_id: str) -> UserSettings | None: ...
    def put_user(self, settings: UserSettings) -> None: ...
    def users(self) -> list[str]: ...

    # writes: each call is one transaction
    def add(self, items: Sequence[IndexedEpisode]) -> None: ...
    def replace(self, item: IndexedEpisode, changed_at: datetime) -> None: ...
    def delete(self, user_id: str, episode_ids: Sequence[str]) -> int: ...
    def delete_matching(self, user_id: str, filters: Filters) -> int: ...
    def delete_user(self, user_id: str) -> int: ...
    def touch(self, user_id: str, episode_ids: Sequence[str], at: datetime) -> None: ...

    # reads
    def get(self, user_id: str, episode_id: str) -> Episode: ...
    def list(self, user_id: str, filters: Filters, *, newest_first: bool, limit: int, cursor: str | None) -> Page: ...
    def history(self, user_id: str, episode_id: str) -> list[HistoryEntry]: ...
    def sessions(self, user_id: str) -> list[SessionInfo]: ...
    def stats(self) -> StoreStats: ...

    # search primitives: (chunk ref, score) pairs, best first
    def dense(self, user_id: str, vector: np.ndarray, k: int, filters: Filters) -> list[tuple[int, float]]: ...
    def keyword(self, user_id: str, query: str, k: int, filters: Filters) -> list[tuple[int, float]]: ...
    def chunk_rows(self, user_id: str, refs: Sequence[int]) -> dict[int, ChunkRow]: ...
    def chunk_vectors(self, user_id: str, refs: Sequence[int]) -> np.ndarray: ...
    def neighbours(self, user_id: str, episode_id: str, before: int, after: int) -> list[Episode]: ...


@runtime_checkable
class LayerStore(Protocol):
    """Persistence of the memory layers beside a ``Store``, bound to the same tenant.

    A backend's store provides it as ``store.layer_store()`` (or as ``open_layers(store)`` in its
    package's ``layers`` module). Rows
    derived from episodes (a fact captured from a message, a summary's and an insight's
    sources) are linked to them, and deleting an episode removes or wipes what was derived from
    it in the same transaction; deleting a user removes every layer row of the user.
    """

    # saved memories; ``retire`` names the fact this one replaces
    def save_memory(self, memory: SavedMemory, vector: np.ndarray, retire: str | None = None) -> None: ...
    def edit_memory(self, user_id: str, memory_id: str, text: str, vector: np.ndarray, at: datetime) -> SavedMemory: ...
    def memories(self, user_id: str, *, include_retired: bool = False) -> list[tuple[SavedMemory, np.ndarray]]: ...
    def delete_memory(self, user_id: str, memory_id: str) -> int: ...

    # session summaries: one per session, linked to the turns they cover
    def put_summary(self, summary: SessionSummary, vector: np.ndarray, sources: Sequence[str]) -> None: ...
    def summaries(self, user_id: str, *, vectors: bool = True) -> list[tuple[SessionSummary, np.ndarray | None]]: ...
    def delete_summary(self, user_id: str, session_id: str) -> int: ...

    # insights, linked to their source messages; ``exclude_sources`` keeps a deleted insight's
    # messages out of later clustering
    def put_insights(self, user_id: str, insights: Sequence[Insight], *, remove: Sequence[str] = ()) -> None: ...
    def insights(self, user_id: str) -> list[Insight]: ...
    def delete_insight(self, user_id: str, insight_id: str, *, exclude_sources: bool = True) -> int: ...
    def insight_exclusions(self, user_id: str) -> set[str]: ...


def list_all(store: Store, user_id: str, filters: Filters, *, page_size: int) -> list[Episode]:
    """Every episode of ``user_id`` that ``filters`` keeps, oldest first, read a page at a time."""
    out: list[Episode] = []
    cursor = None
    while True:
        page = store.list(user_id, filters, newest_first=False, limit=page_size, cursor=cursor)
        out += page.items
        if page.next_cursor is None:
            return out
        cursor = page.next_cursor
