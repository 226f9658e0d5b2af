"""Approximate dense search for large scopes: when, over which index, and how filters apply.

A scope with at least ``above`` chunks is searched through its HNSW index (``ann.ScopeAnn``):
the index proposes candidates, which are kept only if they are current rows passing the
filters, and re-scored exactly. A selective filter (few rows pass) goes to exact search over
those rows instead, as does any scope when the ``ann`` extra is not installed, and any scope
whose index is being built in the background (``background``: an index that would take in more
than ``Builds.inline_limit`` rows is not built while a search waits).
"""

from __future__ import annotations

import threading
from functools import partial
from pathlib import Path
from typing import Protocol

import numpy as np
from numpy.typing import NDArray

from lembrar.errors import MissingExtraError
from lembrar.store.sqlite.ann import REF_MASK, ScopeAnn, scope_file, warn_missing, wipe
from lembrar.store.sqlite.background import Builds
from lembrar.store.sqlite.index import Scope, ScopeMatrix

DEFAULT_APPROXIMATE_ABOVE = 50_000
SELECTIVE_SHARE = 0.05  # a filter passing fewer rows than this share is searched exactly
OVERFETCH = 4
MIN_FETCH = 64
SAVE_SHARE = 0.1  # write the file once this share of the scope changed since the last write


class IndexSource(Protocol):
    """What the index reads from the store: the scope's current keys and some vectors."""

    def keys(self) -> NDArray[np.uint64]: ...
    def vectors(self, refs: NDArray[np.int64]) -> NDArray[np.float32]: ...
    def present(self, refs: NDArray[np.int64]) -> tuple[NDArray[np.int64], NDArray[np.float32]]: ...


class ApproximateIndexes:
    """The HNSW indexes of one SQLite file's large scopes (``folder`` None: memory only)."""

    def __init__(
        self,
        folder: Path | None,
        above: int = DEFAULT_APPROXIMATE_ABOVE,
        builds: Builds | None = None,
    ) -> None:
        self.folder, self.above = folder, above
        self.builds = builds or Builds()
        self._items: dict[Scope, ScopeAnn] = {}
        self._lock = threading.Lock()

    def _path(self, scope: Scope) -> Path | None:
        return None if self.folder is None else scope_file(self.folder, *scope)

    def top_k(
        self,
        scope: Scope,
        rows: IndexSource,
        matrix: ScopeMatrix,
        vector: NDArray[np.float32],
        k: int,
        mask: NDArray[np.bool_] | None,
    ) -> list[tuple[int, float]] | None:
        """The best ``k`` rows, or None when exact search should answer instead."""
        size = len(matrix.refs)
        passing = size if mask is None else int(mask.sum())
        if size < self.above or k <= 0 or passing < SELECTIVE_SHARE * size:
            return None
        try:
            ann = self._current(scope, rows, matrix)
        except MissingExtraError as exc:
            warn_missing(str(exc))
            return None
        if ann is None:  # being built in the background
            return None
        fetch = max(MIN_FETCH, k * OVERFETCH * size // max(passing, 1))
        while True:
            with ann.lock:
                refs = ann.search(vector, fetch)
            found = _rescored(matrix, rows, refs, vector, mask, k)
            if len(found) >= min(k, passing) or fetch >= size:
                return found
            fetch *= OVERFETCH

    def _current(self, scope: Scope, rows: IndexSource, matrix: ScopeMatrix) -> ScopeAnn | None:
        """The scope's index synced to the matrix's version, or None while one that needs most
        of its rows is built in the background."""
        key = ("ann", scope)
        if self.builds.running(key):
            return None
        with self._lock:
            ann = self._items.get(scope)
        if ann is None:
            opened = self._opened(scope, matrix.dim)
            if len(matrix.refs) - len(opened.index) > self.builds.inline_limit:
                self.builds.start(key, lambda t: self._build(scope, opened, rows, matrix, t))
                return None
            with self._lock:
                ann = self._items.setdefault(scope, opened)
        with ann.lock:
            if ann.version != matrix.version:
                ann.sync(rows.keys(), rows.vectors, matrix.version)
                if ann.unsaved >= SAVE_SHARE * len(ann.index):
                    ann.save()
        return ann

    def _opened(self, scope: Scope, dim: int) -> ScopeAnn:
        """The scope's index from its file, or an empty one."""
        path = self._path(scope)
        ann = ScopeAnn.load(path) if path else None
        return ScopeAnn.empty(dim, path) if ann is None or ann.index.ndim != dim else ann

    def _build(
        self, scope: Scope, ann: ScopeAnn, rows: IndexSource, matrix: ScopeMatrix, token: object
    ) -> None:
        """Background: take in the rows of the matrix, then publish and write the file."""
        key = ("ann", scope)
        wanted = rows.keys()
        held = np.isin((wanted & np.uint64(REF_MASK)).astype(np.int64), matrix.refs)
        ann.sync(
            wanted[held], rows.vectors, matrix.version, partial(self.builds.native, key, token)
        )

        def publish() -> None:
            with self._lock:
                self._items[scope] = ann
            ann.save()

        self.builds.finish(key, token, publish)

    def added(
        self,
        scope: Scope,
        old: int,
        new: int,
        keys: NDArray[np.uint64],
        vectors: NDArray[np.float32],
    ) -> None:
        """This process added rows: extend a loaded index that was current."""
        ann = self._items.get(scope)
        if ann is None:
            return
        with ann.lock:
            if ann.version == old:
                ann.add(keys, vectors)
                ann.version = new
                if ann.unsaved >= SAVE_SHARE * len(ann.index):
                    ann.save()

    def forgotten(self, scope: Scope, rows: IndexSource, version: int) -> None:
        """Rows were deleted: remove them from the index and its file now."""
        self.builds.cancel(("ann", scope))  # a build begun earlier may hold them
        path = self._path(scope)
        with self._lock:
            ann = self._items.get(scope)
            if ann is None and path is not None:
                ann = ScopeAnn.load(path)
                if ann is not None:
                    self._items[scope] = ann
        if ann is None:
            return
        with ann.lock:
            ann.sync(rows.keys(), rows.vectors, version)
            ann.save()

    def rebuild(self, scope: Scope, rows: IndexSource, version: int, dim: int) -> int:
        """A fresh index of every row of the scope, written to its file; its size."""
        self.builds.cancel(("ann", scope))
        ann = ScopeAnn.empty(dim, self._path(scope))
        ann.sync(rows.keys(), rows.vectors, version)
        ann.save()
        with self._lock:
            self._items[scope] = ann
        return len(ann.index)

    def drop(self, scope: Scope) -> None:
        """The scope is gone: forget its index and wipe its file."""
        self.builds.cancel(("ann", scope))
        with self._lock:
            self._items.pop(scope, None)
        path = self._path(scope)
        if path is not None:
            wipe(path)

    def close(self) -> None:
        """Write the files that lag their index, or only the version it holds (a file at the
        scope's version is then used on the next open without reading the scope's keys)."""
        with self._lock:
            for ann in self._items.values():
                with ann.lock:
                    if ann.unsaved or ann.saved != ann.version:
                        ann.save()
            self._items.clear()


def _rescored(
    matrix: ScopeMatrix,
    stored: IndexSource,
    refs: NDArray[np.int64],
    vector: NDArray[np.float32],
    mask: NDArray[np.bool_] | None,
    k: int,
) -> list[tuple[int, float]]:
    """Candidates that are current rows passing the filters, with exact scores, best first
    (their vectors from the matrix, or read by ref when it holds none)."""
    rows = np.searchsorted(matrix.refs, refs)
    rows = np.minimum(rows, max(len(matrix.refs) - 1, 0))
    current = matrix.refs[rows] == refs if len(matrix.refs) else np.zeros(len(refs), bool)
    rows = rows[current]
    if mask is not None:
        rows = rows[mask[rows]]
    rows = np.unique(rows)
    if matrix.vectors is not None:
        vectors = matrix.vectors[rows]
    else:  # a row deleted since the matrix was read is left out
        found, vectors = stored.present(matrix.refs[rows])
        rows = np.searchsorted(matrix.refs, found)
    scores = vectors @ vector.astype(np.float32)
    best = np.argsort(-scores, kind="stable")[:k]
    return [(int(matrix.refs[rows[i]]), float(scores[i])) for i in best]
