"""A scope's rows as its approximate and word indexes read them: keys, vectors and texts by ref."""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from lembrar.errors import NotFoundError
from lembrar.store.sqlite.ann import chunk_keys
from lembrar.store.sqlite.connection import Shared
from lembrar.store.sqlite.index import Scope, ScopeMatrix

READ_BY_REF = 10_000  # fewer rows than this are read by ref; more, in one pass over the scope


class ScopeRows:
    """A scope's current index keys, vectors and texts; with a ``matrix`` holding vectors, its
    vectors are read from there."""

    def __init__(self, shared: Shared, tenant: str, user_id: str, matrix: ScopeMatrix | None):
        self.shared, self.scope, self.matrix = shared, (tenant, user_id), matrix

    def keys(self) -> NDArray[np.uint64]:
        rows = self.shared.long_read(
            "SELECT ref, text_hash FROM chunks WHERE tenant_id = ? AND user_id = ? ORDER BY ref",
            self.scope,
        )
        refs, hashes = zip(*rows) if rows else ((), ())
        return np.sort(chunk_keys(refs, hashes))

    def vectors(self, refs: NDArray[np.int64]) -> NDArray[np.float32]:
        """Vectors of these refs, in their order; NotFoundError when one is no longer stored."""
        if self.matrix is not None and self.matrix.vectors is not None:
            return self.matrix.vectors_of(refs.tolist())
        found, vectors = self.present(refs)
        if len(found) < len(refs):
            raise NotFoundError("chunk", str(int(np.setdiff1d(refs, found)[0])))
        return vectors

    def present(self, refs: NDArray[np.int64]) -> tuple[NDArray[np.int64], NDArray[np.float32]]:
        """Those of ``refs`` still stored, in their order, with their vectors read by ref."""
        blobs = self._by_ref("vector", refs)
        found = np.array([r for r in refs.tolist() if r in blobs], np.int64)
        if not len(found):
            return found, np.zeros((0, self.matrix.dim if self.matrix else 0), np.float32)
        joined = b"".join(blobs[r] for r in found.tolist())
        return found, np.frombuffer(joined, dtype=np.float32).reshape(len(found), -1)

    def texts(self, refs: NDArray[np.int64]) -> list[str]:
        found = self._by_ref("text", refs)
        return [found.get(int(r), "") for r in refs]  # a row deleted meanwhile reads empty

    def _by_ref(self, column: str, refs: NDArray[np.int64]) -> dict[int, Any]:
        """``column`` of the scope's chunks with these refs (those no longer stored left out)."""
        if len(refs) > READ_BY_REF:  # most of the scope: one pass over it
            wanted = set(refs.tolist())
            rows = self.shared.long_read(
                f"SELECT ref, {column} FROM chunks WHERE tenant_id = ? AND user_id = ?", self.scope
            )
            return {r: v for r, v in rows if r in wanted}
        found: dict[int, Any] = {}
        for start in range(0, len(refs), 500):
            part = [int(r) for r in refs[start : start + 500]]
            found.update(
                self.shared.read(
                    f"SELECT ref, {column} FROM chunks WHERE tenant_id = ? AND user_id = ?"
                    f" AND ref IN ({','.join('?' * len(part))})",
                    [*self.scope, *part],
                )
            )
        return found


VERSION_SQL = "SELECT version FROM scope_versions WHERE tenant_id = ? AND user_id = ?"
_MATRIX_SQL = (
    "SELECT c.ref, c.vector, e.at_ts, e.session_id, e.role, e.period, e.weekday FROM chunks c"
    " JOIN episodes e ON e.tenant_id = c.tenant_id AND e.id = c.episode_id WHERE c.tenant_id = ? "
    "AND c.user_id = ? ORDER BY c.ref"
)
# the same without vectors, read from episodes and the chunks' (tenant, episode) index alone: the
# chunk rows themselves, mostly vector, stay on disk
_COLUMNS_SQL = (
    "SELECT c.ref, e.at_ts, e.session_id, e.role, e.period, e.weekday FROM episodes e"
    " CROSS JOIN chunks c ON c.tenant_id = e.tenant_id AND c.episode_id = e.id"
    " WHERE e.tenant_id = ? AND e.user_id = ?"
)
_SCOPE_SIZE_SQL = "SELECT COUNT(*) FROM chunks WHERE tenant_id = ? AND user_id = ?"
_DIM_SQL = "SELECT length(vector) / 4 FROM chunks WHERE tenant_id = ? AND user_id = ? LIMIT 1"


def read_matrix(shared: Shared, scope: Scope, version: int, vectors: bool) -> ScopeMatrix:
    """The scope's matrix, kept while its version is ``version``. With ``vectors`` False, a scope
    large enough for an approximate index comes without its vectors: reading them is most of the
    time a first search takes there, and its index proposes the few rows to re-score."""
    cached = shared.index.get(scope, version)
    if cached is not None and (cached.vectors is not None or not vectors):
        return cached
    with shared.snapshot() as db:  # the rows and their version, as of one moment
        (read_at,) = db.execute(VERSION_SQL, scope).fetchone() or (0,)
        if vectors or db.execute(_SCOPE_SIZE_SQL, scope).fetchone()[0] < shared.ann.above:
            cached = ScopeMatrix.from_rows(read_at, db.execute(_MATRIX_SQL, scope).fetchall(), 0)
        else:
            (dim,) = db.execute(_DIM_SQL, scope).fetchone()
            columns = db.execute(_COLUMNS_SQL, scope).fetchall()
            cached = ScopeMatrix.from_columns(read_at, columns, dim)
    shared.index.put(scope, cached)
    return cached
