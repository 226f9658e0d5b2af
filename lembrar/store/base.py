"""The store contract every backend implements, scoped by tenant and user.

A store instance is bound to one tenant (``tenant``); every method takes the
``user_id`` it acts for, and no method can return rows of another tenant or user.
"""

from __future__ import annotations

import builtins
from collections.abc import Sequence
from datetime import datetime
from typing import Protocol, runtime_checkable

import numpy as np
from numpy.typing import NDArray

from lembrar.errors import NotFoundError
from lembrar.model.derived import PendingWork
from lembrar.model.episode import Episode, IndexedEpisode
from lembrar.model.erasure import ErasureReport, Guarantee
from lembrar.model.graph import Entity, Fact, GraphChange, GraphData
from lembrar.model.layers import Insight, PendingMemory, SavedMemory, SessionSummary
from lembrar.model.query import ChunkRow, Filters, HistoryEntry, Page, SessionInfo, StoreStats
from lembrar.model.tenancy import KeyRecord, Tenant
from lembrar.model.users import UserSettings
from lembrar.model.vectors import VectorCache

DEFAULT_TENANT = "default"


@runtime_checkable
class Store(VectorCache, Protocol):
    tenant: str
    erasure: Guarantee  # when deleted text leaves the disk (``lembrar.model.erasure``)

    @property
    def concurrent_reads(self) -> int:
        """Search primitives one search may run side by side (1: one after another)."""
        ...

    def for_tenant(self, tenant: str) -> Store: ...
    def close(self) -> None: ...
    def erase_pending(self) -> ErasureReport: ...
    def rebuild_indexes(self, approximate_above: int | None = None) -> int: ...

    # store-wide settings (e.g. which embedder built the vectors)
    def get_meta(self, key: str) -> str | None: ...
    def set_meta(self, key: str, value: str) -> None: ...

    # users
    def get_user(self, user_id: str) -> UserSettings | None: ...
    def put_user(self, settings: UserSettings) -> None: ...
    def users(self) -> list[str]: ...

    # writes: each call is one transaction
    def add(self, items: Sequence[IndexedEpisode], pending: Sequence[PendingWork] = ()) -> None:
        """Store ``items``, and the markers of the derived work they owe (``pending``), in one
        transaction."""
        ...

    def replace(
        self, item: IndexedEpisode, changed_at: datetime, pending: Sequence[PendingWork] = ()
    ) -> None: ...
    def delete(self, user_id: str, episode_ids: Sequence[str]) -> int: ...
    def delete_matching(self, user_id: str, filters: Filters) -> int: ...
    def delete_user(self, user_id: str) -> int: ...
    def touch(self, user_id: str, episode_ids: Sequence[str], at: datetime) -> None: ...

    # derived work still owed (``lembrar.model.derived``)
    def pending_work(self, older_than: float | None = None) -> builtins.list[PendingWork]:
        """The tenant's markers, oldest first; ``older_than``: only those written at least that
        many seconds ago (the others may belong to a write still under way)."""
        ...

    def clear_pending(self, work: Sequence[PendingWork]) -> None:
        """Clear the markers of work done."""
        ...

    # reads
    def get(self, user_id: str, episode_id: str) -> Episode: ...
    def list(
        self, user_id: str, filters: Filters, *, newest_first: bool, limit: int, cursor: str | None
    ) -> Page: ...
    def history(self, user_id: str, episode_id: str) -> builtins.list[HistoryEntry]: ...
    def sessions(self, user_id: str) -> builtins.list[SessionInfo]: ...
    def stats(self) -> StoreStats: ...

    # search primitives: (chunk ref, score) pairs, best first
    def dense(
        self, user_id: str, vector: NDArray[np.float32], k: int, filters: Filters
    ) -> builtins.list[tuple[int, float]]: ...
    def keyword(
        self, user_id: str, query: str, k: int, filters: Filters
    ) -> builtins.list[tuple[int, float]]: ...
    def chunk_rows(self, user_id: str, refs: Sequence[int]) -> dict[int, ChunkRow]: ...
    def chunk_vectors(self, user_id: str, refs: Sequence[int]) -> NDArray[np.float32]: ...
    def neighbours(
        self, user_id: str, episode_id: str, before: int, after: int
    ) -> builtins.list[Episode]: ...

    # what the backend keeps beside the episodes, in the same database and for the same tenant;
    # None when the backend does not keep it
    def layer_store(self) -> LayerStore | None: ...
    def key_store(self) -> KeyStore | None: ...
    def graph_store(self) -> GraphStore | None: ...


@runtime_checkable
class LayerStore(Protocol):
    """Persistence of the memory layers beside a ``Store``, bound to the same tenant.

    A backend's store provides it as ``store.layer_store()``. Rows derived from episodes (a
    fact captured from a message, a summary's and an insight's
    sources) are linked to them, and deleting an episode removes or wipes what was derived from
    it in the same transaction; deleting a user removes every layer row of the user.
    """

    # saved memories; ``retire`` names the fact this one replaces
    def save_memory(
        self, memory: SavedMemory, vector: NDArray[np.float32], retire: str | None = None
    ) -> None: ...
    def edit_memory(
        self, user_id: str, memory_id: str, text: str, vector: NDArray[np.float32], at: datetime
    ) -> SavedMemory: ...
    def memories(
        self, user_id: str, *, include_retired: bool = False
    ) -> list[tuple[SavedMemory, NDArray[np.float32]]]: ...
    def delete_memory(self, user_id: str, memory_id: str) -> int: ...

    # facts captured from messages that contradict a saved one, kept for review
    def add_pending(self, pending: PendingMemory) -> None: ...
    def pending(self, user_id: str) -> list[PendingMemory]: ...
    def delete_pending(self, user_id: str, pending_id: str) -> None: ...

    # session summaries: one per session, linked to the turns they cover
    def put_summary(
        self, summary: SessionSummary, vector: NDArray[np.float32], sources: Sequence[str]
    ) -> None: ...
    def summaries(
        self, user_id: str, *, vectors: bool = True
    ) -> list[tuple[SessionSummary, NDArray[np.float32] | None]]: ...
    def delete_summary(self, user_id: str, session_id: str) -> int: ...

    # insights, linked to their source messages; ``exclude_sources`` keeps a deleted insight's
    # messages out of later clustering
    def put_insights(
        self, user_id: str, insights: Sequence[Insight], *, remove: Sequence[str] = ()
    ) -> None: ...
    def insights(self, user_id: str) -> list[Insight]: ...
    def delete_insight(
        self, user_id: str, insight_id: str, *, exclude_sources: bool = True
    ) -> int: ...
    def insight_exclusions(self, user_id: str) -> set[str]: ...


@runtime_checkable
class GraphStore(Protocol):
    """Persistence of the temporal knowledge graph beside a ``Store``, bound to the same tenant.

    A backend's store provides it as ``store.graph_store()``. Mentions and fact sources are
    linked to episodes: deleting an episode deletes the facts it alone supported and the
    entities no episode mentions any more, in the same transaction; deleting a user removes
    every graph row of the user.
    """

    def load(self, user_id: str) -> GraphData: ...
    def write(self, user_id: str, change: GraphChange) -> bool:
        """Apply ``change`` in one transaction; it clears the markers it ``settles`` and
        ``refreshes``. False when it was dropped whole: another write cleared them first, or
        the graph is no longer at the version ``based_on``."""
        ...

    def stale(self, user_id: str) -> tuple[str, ...]:
        """Entities whose names, aliases and facts must be recomputed because an episode that
        mentioned them was deleted or edited (marked in that transaction), and ``""`` when the
        user's fact timeline must be redrawn."""
        ...

    def stale_users(self) -> builtins.list[str]:
        """The users of the tenant with a stale mark."""
        ...

    def entities(self, user_id: str) -> tuple[Entity, ...]:
        """The user's entities without their mentions (``episodes`` empty): what resolution
        reads on every add."""
        ...

    def facts_by_key(
        self, user_id: str, groups: Sequence[tuple[str, str]] = (), touching: Sequence[str] = ()
    ) -> tuple[Fact, ...]:
        """The user's facts (with sources) of the ``(subject id, predicate)`` ``groups`` or
        with an entity of ``touching`` as subject or object."""
        ...

    def facts_view(self, user_id: str) -> GraphData:
        """What fact search reads: every fact of the user with its sources (as ``load`` gives
        them), the entities those facts name and the user's own node (``type == "user"``), in
        ``load``'s order, with names, aliases and types but no mentions (``episodes`` empty) and
        no name vectors; no communities."""
        ...

    def version(self, user_id: str) -> int:
        """A number that changes in the transaction of every ``write`` for the user and of
        every deletion of the user's episodes, and is never given to other contents (not even
        after the user is deleted); 0 for a user without a graph."""
        ...


@runtime_checkable
class KeyStore(Protocol):
    """Tenants and their API key records, in the database of a ``Store`` (``store.key_store()``).

    ``key`` is the one method every request needs; closing a key store leaves the connection
    it shares to the store.
    """

    def key(self, key_id: str) -> KeyRecord | None: ...
    def add_key(self, record: KeyRecord) -> None: ...
    def keys(self, tenant_id: str) -> list[KeyRecord]: ...
    def revoke(self, tenant_id: str, key_id: str, at: datetime) -> KeyRecord: ...
    def add_tenant(self, tenant: Tenant) -> None: ...
    def tenant(self, tenant_id: str) -> Tenant | None: ...
    def tenants(self) -> list[Tenant]: ...
    def close(self) -> None: ...


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


def get_many(store: Store, user_id: str, episode_ids: Sequence[str]) -> list[Episode]:
    """The episodes of ``episode_ids`` still stored, in that order."""
    found = []
    for episode_id in episode_ids:
        try:
            found.append(store.get(user_id, episode_id))
        except NotFoundError:
            continue
    return found
