"""Storage backends behind one contract (``Store``), opened by URL or path.

Backends are registered in ``BACKENDS`` by URL scheme; a plain path (or ``":memory:"``) is
a SQLite file.
"""

from __future__ import annotations

from pathlib import Path

from lembrar.model.episode import IndexedEpisode
from lembrar.model.vectors import VectorCache
from lembrar.registry import Registry
from lembrar.store.base import DEFAULT_TENANT, Store

BACKENDS: Registry[Store] = Registry("store backend")
BACKENDS.register("sqlite", "lembrar.store.sqlite:SqliteStore")
BACKENDS.register("postgresql", "lembrar.store.postgres:PostgresStore", extra="postgres")
BACKENDS.register("postgres", "lembrar.store.postgres:PostgresStore", extra="postgres")


def open_store(target: str | Path, tenant: str = DEFAULT_TENANT) -> Store:
    """A store for a path (SQLite file), ``":memory:"`` or a URL of a registered backend
    (``postgresql://...``)."""
    text = str(target)
    scheme, separator, _ = text.partition("://")
    return BACKENDS.create(scheme if separator else "sqlite", text, tenant=tenant)


__all__ = ["BACKENDS", "DEFAULT_TENANT", "IndexedEpisode", "Store", "VectorCache", "open_store"]
