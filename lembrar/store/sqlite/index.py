"""A per-scope in-memory matrix of chunk vectors for exact cosine search with numpy.

Rebuilt from SQLite when the scope's version changes (any write bumps it), so several
processes on one file stay consistent; appended in place after this process's own writes.
A large scope, searched through its approximate index, may hold only the columns that filters
read (``vectors`` None): the few vectors a search re-scores are read by ref, and the whole
matrix only when exact search must answer.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, replace
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
    vectors: NDArray[np.float32] | None  # None: not read (a large scope's, read by ref)
    at_ts: NDArray[np.float64]
    sessions: NDArray[np.object_]
    roles: NDArray[np.object_]
    periods: NDArray[np.object_]
    weekdays: NDArray[np.object_]
    dim: int

    @classmethod
    def from_rows(cls, version: int, rows: list[tuple[Any, ...]], dim: int) -> ScopeMatrix:
        """Rows of (ref, vector blob, at_ts, session, role, period, weekday)."""
        if not rows:
            return cls.from_columns(version, [], dim, np.zeros((0, dim), np.float32))
        refs, blobs, *columns = zip(*rows)
        vectors = np.frombuffer(b"".join(blobs), dtype=np.float32).reshape(len(rows), -1)
        return cls._zipped(version, [refs, *columns], vectors.shape[1], vectors)

    @classmethod
    def from_columns(
        cls,
        version: int,
        rows: list[tuple[Any, ...]],
        dim: int,
        vectors: NDArray[np.float32] | None = None,
    ) -> ScopeMatrix:
        """Rows of (ref, at_ts, session, role, period, weekday), in ascending ref order when
        ``vectors`` are given in their order; without vectors, in any order."""
        if not rows:
            empty = np.zeros(0, dtype=object)
            return cls(
                version,
                np.zeros(0, np.int64),
                vectors,
                np.zeros(0),
                empty,
                empty,
                empty,
                empty,
                dim,
            )
        matrix = cls._zipped(version, list(zip(*rows)), dim, vectors)
        if vectors is not None:
            return matrix
        order = np.argsort(matrix.refs, kind="stable")
        return replace(
            matrix,
            refs=matrix.refs[order],
            at_ts=matrix.at_ts[order],
            sessions=matrix.sessions[order],
            roles=matrix.roles[order],
            periods=matrix.periods[order],
            weekdays=matrix.weekdays[order],
        )

    @classmethod
    def _zipped(
        cls,
        version: int,
        columns: list[tuple[Any, ...]],
        dim: int,
        vectors: NDArray[np.float32] | None,
    ) -> ScopeMatrix:
        refs, at_ts, sessions, roles, periods, weekdays = columns
        return cls(
            version,
            np.array(refs, np.int64),
            vectors,
            np.array(at_ts, np.float64),
            np.array(sessions, object),
            np.array(roles, object),
            np.array(periods, object),
            np.array(weekdays, object),
            dim,
        )

    def extended(self, version: int, more: ScopeMatrix) -> ScopeMatrix:
        if len(self.refs) == 0:
            return replace(more, version=version)
        vectors = (
            None
            if self.vectors is None or more.vectors is None
            else np.concatenate([self.vectors, more.vectors])
        )
        return ScopeMatrix(
            version,
            np.concatenate([self.refs, more.refs]),
            vectors,
            np.concatenate([self.at_ts, more.at_ts]),
            np.concatenate([self.sessions, more.sessions]),
            np.concatenate([self.roles, more.roles]),
            np.concatenate([self.periods, more.periods]),
            np.concatenate([self.weekdays, more.weekdays]),
            self.dim or more.dim,
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

    def rows_of(self, refs: Sequence[int]) -> NDArray[np.intp]:
        """Row numbers of chunk refs (refs are kept in ascending order); NotFoundError for a ref
        the scope does not hold."""
        wanted = np.asarray(refs, dtype=np.int64)
        rows = np.searchsorted(self.refs, wanted)
        found = (
            (rows < len(self.refs)) & (self.refs[np.minimum(rows, len(self.refs) - 1)] == wanted)
            if len(self.refs)
            else rows < 0
        )
        if not np.all(found):
            raise NotFoundError("chunk", str(int(wanted[~found][0])))
        return rows

    def vectors_of(self, refs: Sequence[int]) -> NDArray[np.float32]:
        """Vectors of chunk refs, from a matrix whose vectors were read."""
        return self.all_vectors()[self.rows_of(refs)]

    def all_vectors(self) -> NDArray[np.float32]:
        """Every row's vector; the matrix must have been read with them."""
        if self.vectors is None:
            raise RuntimeError("this scope's vectors were not read; read the full matrix")
        return self.vectors

    def top_k(
        self, query: NDArray[np.float32], k: int, mask: NDArray[np.bool_] | None
    ) -> list[tuple[int, float]]:
        rows = np.arange(len(self.refs)) if mask is None else np.flatnonzero(mask)
        if len(rows) == 0 or k <= 0:
            return []
        vectors = self.all_vectors()
        return best_of(self.refs[rows], vectors[rows] if mask is not None else vectors, query, k)


def best_of(
    refs: NDArray[np.int64], vectors: NDArray[np.float32], query: NDArray[np.float32], k: int
) -> list[tuple[int, float]]:
    """The ``k`` refs whose vectors score highest against ``query``, best first."""
    if len(refs) == 0 or k <= 0:
        return []
    scores = vectors @ query.astype(np.float32)
    take = min(k, len(refs))
    best = np.argpartition(-scores, take - 1)[:take]
    best = best[np.argsort(-scores[best], kind="stable")]
    return [(int(refs[i]), float(scores[i])) for i in best]


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
