"""An approximate nearest-neighbour index (usearch HNSW) per large scope, in a file beside the
SQLite file: ``<file>.ann/<scope digest>.usearch``.

Keys are chunk refs with a fingerprint of the chunk's text hash in the high bits, so the keys
alone say what an index holds. An index loaded from its file (perhaps written by another
process, perhaps stale) is brought up to date by diffing its keys against the scope's rows:
keys no longer in SQLite are removed, rows not in the index are added. A removed vector's slot is
overwritten at once by a zero vector under a placeholder key (usearch gives a freed slot to the
next vector added; placeholders are handed back to real vectors later), so no freed slot keeps a
forgotten vector and the next write of the file leaves it out.
Candidates are re-scored exactly by the caller and checked against the current rows, so a
deleted vector is never returned even by a stale index.

The file also says which scope version it holds, in a marker key (zero vector) saved with it:
a file at the scope's current version is used as it is, without reading the scope's keys.
"""

from __future__ import annotations

import hashlib
import os
import threading
import warnings
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from lembrar.errors import MissingExtraError

REF_BITS = 40
REF_MASK = (1 << REF_BITS) - 1
PLACEHOLDER = np.uint64(1 << 63)  # keys with this bit hold zeros; chunk keys use 63 bits
VERSION_MARK = np.uint64(3 << 62)  # a placeholder with this bit too: the version, below it
CONNECTIVITY = 16
EXPANSION_ADD = 128
EXPANSION_SEARCH = 128  # at 100k; a larger index is searched wider (``expansion_for``)
ADD_BATCH = 2_048  # vectors a sync adds per call, so a cancelled build ends within one call
BUILD_THREADS = (
    2  # threads that insert into the graph; with more than one its shape varies a little
)

Guard = Callable[[], AbstractContextManager[object]]


def expansion_for(size: int) -> int:
    """Search ef for an index of ``size`` vectors: 128 up to 256k, then one per 2,000 vectors, at
    most 512 (store recall@10 measured at 100k: 0.994 with 128; at 1M: 0.963 with 128, 0.978
    with 512, at 6.8 ms a query)."""
    return max(EXPANSION_SEARCH, min(4 * EXPANSION_SEARCH, size // 2_000))


def usearch_index() -> Any:
    """The usearch ``Index`` class, or ``MissingExtraError`` naming the ``ann`` extra."""
    try:
        from usearch.index import Index
    except ImportError as exc:
        raise MissingExtraError("ann", "usearch") from exc
    return Index


def chunk_keys(
    refs: Sequence[int] | NDArray[np.int64], text_hashes: Sequence[str]
) -> NDArray[np.uint64]:
    """Index keys: the ref in the low 40 bits, 23 bits of the text hash above it."""
    fingerprints = np.array([int(h[:6], 16) >> 1 for h in text_hashes], dtype=np.uint64)
    return (fingerprints << np.uint64(REF_BITS)) | np.asarray(refs, dtype=np.uint64)


def scope_file(folder: Path, tenant: str, user_id: str) -> Path:
    digest = hashlib.sha256(f"{tenant}\0{user_id}".encode()).hexdigest()[:32]
    return folder / f"{digest}.usearch"


class ScopeAnn:
    """One scope's HNSW index, the scope version it reflects, and whether the file lags it."""

    def __init__(self, index: Any, path: Path | None, version: int) -> None:
        self.index, self.path, self.version = index, path, version
        self.unsaved = 0
        self.saved = version  # the version its file says it holds
        self.lock = threading.Lock()

    @classmethod
    def empty(cls, dim: int, path: Path | None) -> ScopeAnn:
        index = usearch_index()(
            ndim=dim,
            metric="ip",
            dtype="f16",
            connectivity=CONNECTIVITY,
            expansion_add=EXPANSION_ADD,
        )
        return cls(index, path, -1)

    @classmethod
    def load(cls, path: Path) -> ScopeAnn | None:
        if not path.exists():
            return None
        try:
            index = usearch_index().restore(str(path))
        except (RuntimeError, ValueError):  # unreadable: rebuilt from the rows
            return None
        if index is None:
            return None
        marks = _version_marks(np.asarray(index.keys, dtype=np.uint64))
        version = int(marks.max() & ~VERSION_MARK) if len(marks) else -1
        return cls(index, path, version)

    def _all_keys(self) -> NDArray[np.uint64]:
        return np.asarray(self.index.keys, dtype=np.uint64)

    def keys(self) -> NDArray[np.uint64]:
        """The chunk keys held (placeholders left out)."""
        held = self._all_keys()
        chunks: NDArray[np.uint64] = held[(held & PLACEHOLDER) == 0]
        return chunks

    def _placeholders(self) -> NDArray[np.uint64]:
        held = self._all_keys()
        return np.sort(held[(held & VERSION_MARK) == PLACEHOLDER])

    def _mark(self) -> None:
        """Make the version marker say ``version``."""
        marks = _version_marks(self._all_keys())
        if len(marks):
            self.index.remove(marks)
        if self.version >= 0:
            mark = np.array([VERSION_MARK | np.uint64(self.version)], dtype=np.uint64)
            self.index.add(mark, np.zeros((1, self.index.ndim), np.float32))

    def add(self, keys: NDArray[np.uint64], vectors: NDArray[np.float32]) -> None:
        """Add vectors, first freeing placeholder slots for them to take."""
        if not len(keys):
            return
        spare = self._placeholders()[: len(keys)]
        if len(spare):
            self.index.remove(spare)
        self.index.add(keys, vectors, threads=BUILD_THREADS)
        self.unsaved += len(keys)

    def remove(self, keys: NDArray[np.uint64]) -> None:
        """Remove keys; zero vectors under new placeholder keys take their freed slots."""
        if not len(keys):
            return
        self.index.remove(keys)
        spare = self._placeholders()
        first = int(spare[-1] & ~PLACEHOLDER) + 1 if len(spare) else 0
        fill = PLACEHOLDER | np.arange(first, first + len(keys), dtype=np.uint64)
        self.index.add(fill, np.zeros((len(keys), self.index.ndim), np.float32))
        self.unsaved += len(keys)

    def sync(
        self,
        wanted: NDArray[np.uint64],
        vectors_of: Any,
        version: int,
        guard: Guard = nullcontext,
    ) -> bool:
        """Make the keys equal ``wanted``; vectors of new keys come from ``vectors_of(refs)``.
        Each call into the index runs inside ``guard()`` (a background build's, which may end
        the sync between two calls). True when something was removed (the file then holds
        forgotten vectors)."""
        with guard():
            held = self.keys()
            gone = np.setdiff1d(held, wanted, assume_unique=True)
            self.remove(gone)
        new = np.setdiff1d(wanted, held, assume_unique=True)
        if len(new):
            vectors = vectors_of((new & np.uint64(REF_MASK)).astype(np.int64))
            for start in range(0, len(new), ADD_BATCH):
                with guard():
                    self.add(new[start : start + ADD_BATCH], vectors[start : start + ADD_BATCH])
        self.version = version
        return bool(len(gone))

    def search(self, vector: NDArray[np.float32], count: int) -> NDArray[np.int64]:
        """Refs of up to ``count`` nearest vectors."""
        count = min(count, len(self.index))
        if count <= 0:
            return np.zeros(0, np.int64)
        wanted = expansion_for(len(self.index))
        if self.index.expansion_search != wanted:
            self.index.expansion_search = wanted
        keys = np.asarray(self.index.search(vector, count, threads=1).keys, dtype=np.uint64)
        refs: NDArray[np.int64] = (keys[(keys & PLACEHOLDER) == 0] & np.uint64(REF_MASK)).astype(
            np.int64
        )
        return refs

    def save(self) -> None:
        """Write the file atomically (another process reads either the old or the new one)."""
        if self.path is None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._mark()
        partial = self.path.with_suffix(f".{os.getpid()}.{threading.get_ident()}.part")
        self.index.save(str(partial))
        os.replace(partial, self.path)
        self.unsaved, self.saved = 0, self.version


def _version_marks(keys: NDArray[np.uint64]) -> NDArray[np.uint64]:
    """The version marker keys among an index's keys (one, or none in an older file)."""
    marks: NDArray[np.uint64] = keys[(keys & VERSION_MARK) == VERSION_MARK]
    return marks


def wipe(path: Path) -> None:
    """Overwrite a scope's index file with zeros, then remove it."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        return
    with path.open("r+b") as handle:
        for start in range(0, size, 1 << 24):
            handle.write(bytes(min(1 << 24, size - start)))
        handle.flush()
        os.fsync(handle.fileno())
    path.unlink()


_warned: set[str] = set()


def warn_missing(reason: str) -> None:
    """One warning per process and reason: large scopes fall back to exact search."""
    if reason not in _warned:
        _warned.add(reason)
        warnings.warn(
            f"{reason} for the approximate index; until then large scopes are searched "
            "exactly, which is slower",
            RuntimeWarning,
            stacklevel=3,
        )
