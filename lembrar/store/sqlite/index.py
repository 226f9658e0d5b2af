"""A per-scope in-memory matrix of chunk vectors for exact cosine search with numpy.

Rebuilt from SQLite when the scope's version changes (any write bumps it), so several
processes on one file stay consistent; appended in place after this process's own writes.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from lembrar.errors import NotFoundError
from lembrar.model.query import Filters

Scope = tuple[str, str]


@dataclass
class ScopeMatrix:
    version: int
    refs: NDArray[np.int64]
    vectors: NDArray[np.float32]
    at_ts: NDArray[np.float64]
    sessions: NDArray[np.object_]
    roles: NDArray[np.object_]
    periods: NDArray[np.object_]
    weekdays: NDArray[np.object_]

    @classmethod
    def from_rows(cls, version: int, rows: list[tuple[Any, ...]], dim: int) -> ScopeMatrix:
        if not rows:
            empty = np.zeros(0, dtype=object)
            return cls(
                version,
                np.zeros(0, np.int64),
                np.zeros((0, dim), np.float32),
                np.zeros(0),
                empty,
                empty,
                empty,
                empty,
            )
        refs, blobs, at_ts, sessions, roles, periods, weekdays = zip(*rows)
        vectors = np.frombuffer(b"".join(blobs), dtype=np.float32).reshape(len(rows), -1)
        return cls(
            version,
            np.array(refs, np.int64),
            vectors,
            np.array(at_ts, np.float64),
            np.array(sessions, object),
            np.array(roles, object),
            np.array(periods, object),
            np.array(weekdays, object),
        )

    def extended(self, version: int, more: ScopeMatrix) -> ScopeMatrix:
        if len(self.refs) == 0:
            return ScopeMatrix(
                version,
                more.refs,
                more.vectors,
                more.at_ts,
                more.sessions,
                more.roles,
                more.periods,
                more.weekdays,
            )
        return ScopeMatrix(
            version,
            np.concatenate([self.refs, more.refs]),
            np.concatenate([self.vectors, more.vectors]),
            np.concatenate([self.at_ts, more.at_ts]),
            np.concatenate([self.sessions, more.sessions]),
            np.concatenate([self.roles, more.roles]),
            np.concatenate([self.periods, more.periods]),
            np.concatenate([self.weekdays, more.weekdays]),
        )

    def mask(self, filters: Filters) -> NDArray[np.bool_] | None:
        """Rows passing the column filters, or None when nothing restricts them."""
        mask = np.ones(len(self.refs), dtype=bool)
        if filters.session_id is not None:
            mask &= self.sessions == filters.session_id
        if filters.roles:
            mask &= np.isin(self.roles, filters.roles)
        if filters.periods:
            mask &= np.isin(self.periods, filters.periods)
        if filters.weekdays:
            mask &= np.isin(self.weekdays, filters.weekdays)
        if filters.since is not None:
            mask &= self.at_ts >= filters.since.timestamp()
        if filters.until is not None:
            mask &= self.at_ts < filters.until.timestamp()
        return None if mask.all() else mask

    def vectors_of(self, refs: Sequence[int]) -> NDArray[np.float32]:
        """Rows for chunk refs (refs are kept in ascending order)."""
        wanted = np.asarray(refs, dtype=np.int64)
        rows = np.searchsorted(self.refs, wanted)
        found = (
            (rows < len(self.refs)) & (self.refs[np.minimum(rows, len(self.refs) - 1)] == wanted)
            if len(self.refs)
            else rows < 0
        )
        if not np.all(found):
            raise NotFoundError("chunk", str(int(wanted[~found][0])))
        return self.vectors[rows]

    def top_k(
        self, query: NDArray[np.float32], k: int, mask: NDArray[np.bool_] | None
    ) -> list[tuple[int, float]]:
        rows = np.arange(len(self.refs)) if mask is None else np.flatnonzero(mask)
        if len(rows) == 0 or k <= 0:
            return []
        scores = (
            self.vectors[rows] @ query.astype(np.float32)
            if mask is not None
            else self.vectors @ query.astype(np.float32)
        )
        take = min(k, len(rows))
        best = np.argpartition(-scores, take - 1)[:take]
        best = best[np.argsort(-scores[best], kind="stable")]
        return [(int(self.refs[rows[i]]), float(scores[i])) for i in best]


class ScopeIndexCache:
    """Bounded LRU of ScopeMatrix per (tenant, user)."""

    def __init__(self, max_scopes: int = 64) -> None:
        self._items: OrderedDict[Scope, ScopeMatrix] = OrderedDict()
        self._max = max_scopes
        self._lock = threading.Lock()

    def get(self, scope: Scope, version: int) -> ScopeMatrix | None:
        with self._lock:
            item = self._items.get(scope)
            if item is None or item.version != version:
                return None
            self._items.move_to_end(scope)
            return item

    def put(self, scope: Scope, matrix: ScopeMatrix) -> None:
        with self._lock:
            self._items[scope] = matrix
            self._items.move_to_end(scope)
            while len(self._items) > self._max:
                self._items.popitem(last=False)

    def extend(self, scope: Scope, old_version: int, new_version: int, more: ScopeMatrix) -> None:
        with self._lock:
            item = self._items.get(scope)
            if item is not None and item.version == old_version:
                self._items[scope] = item.extended(new_version, more)

    def drop(self, scope: Scope) -> None:
        with self._lock:
            self._items.pop(scope, None)
