"""Storage backends behind one contract (``Store``), opened by URL or path."""

from __future__ import annotations

from pathlib import Path

from lembrar.model.vectors import VectorCache
from lembrar.store.base import DEFAULT_TENANT, IndexedEpisode, Store


def open_store(target: str | Path, tenant: str = DEFAULT_TENANT) -> Store:
    """A store for a path (SQLite file), ``":memory:"`` or a ``postgresql://`` URL."""
    text = str(target)
    if text.startswith(("postgresql://", "postgres://")):
        from lembrar.store.postgres import PostgresStore

        return PostgresStore(text, tenant=tenant)
    from lembrar.store.sqlite import SqliteStore

    return SqliteStore(text, tenant=tenant)


__all__ = ["DEFAULT_TENANT", "IndexedEpisode", "Store", "VectorCache", "open_store"]
