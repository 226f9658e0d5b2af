"""The embedded store: one SQLite file (WAL, foreign keys) with FTS5 and numpy cosine search."""

from __future__ import annotations

import builtins
import sqlite3
from collections.abc import Sequence
from contextlib import AbstractContextManager
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from lembrar.errors import ValidationError
from lembrar.model.derived import PendingWork
from lembrar.model.episode import Episode, IndexedEpisode
from lembrar.model.erasure import IMMEDIATE, ErasureReport, Guarantee
from lembrar.model.ids import require_stored_form
from lembrar.model.query import ChunkRow, Filters, HistoryEntry, Page, SessionInfo, StoreStats
from lembrar.model.text import keywords
from lembrar.model.users import UserSettings
from lembrar.store.base import DEFAULT_TENANT
from lembrar.store.sqlite import derived, episodes, keyword_search
from lembrar.store.sqlite.ann import REF_MASK, chunk_keys, usearch_index
from lembrar.store.sqlite.background import INLINE_LIMIT
from lembrar.store.sqlite.chunks import insert_chunks, insert_episode
from lembrar.store.sqlite.codec import episode_from_row, episode_row
from lembrar.store.sqlite.connection import APPROXIMATE_META, Shared
from lembrar.store.sqlite.filters import EPISODE_JOIN, where
from lembrar.store.sqlite.index import ScopeMatrix, best_of
from lembrar.store.sqlite.keys import SqliteKeyStore
from lembrar.store.sqlite.scope_rows import READ_BY_REF, VERSION_SQL, ScopeRows, read_matrix
from lembrar.store.sqlite.words import ScopeTexts, ScopeWords

if TYPE_CHECKING:
    from lembrar.store.sqlite.graph import SqliteGraphStore
    from lembrar.store.sqlite.layers import SqliteLayerStore


_HISTORY = (
    "INSERT INTO episode_history (tenant_id, episode_id, version, event, content, changed_at)"
    " VALUES (?, ?, ?, ?, ?, ?)"
)


class SqliteStore:
    """``Store`` on one SQLite file. ``SqliteStore(":memory:")`` for a throwaway store.

    A scope of ``approximate_above`` chunks or more (default: the file's setting, saved by
    ``rebuild_indexes``, else 50,000) is searched through an HNSW index kept in ``<file>.ann/``
    (the ``ann`` extra); smaller scopes, exactly. An index that would take in more than
    ``inline_build`` rows at once (a process's first search of a large scope with no index file)
    is built in a background thread while searches are answered exactly; ``wait_for_indexes``
    waits for it, and ``rebuild_indexes`` builds ahead of time."""

    def __init__(
        self,
        path: str | Path = ":memory:",
        tenant: str = DEFAULT_TENANT,
        *,
        approximate_above: int | None = None,
        inline_build: int = INLINE_LIMIT,
        _shared: Shared | None = None,
    ) -> None:
        self.tenant = tenant
        self._s = _shared or Shared(str(path), approximate_above, inline_build)

    @property
    def path(self) -> str:
        return self._s.path

    def for_tenant(self, tenant: str) -> SqliteStore:
        return SqliteStore(tenant=tenant, _shared=self._s)

    def graph_store(self) -> SqliteGraphStore:
        """The knowledge graph of this tenant, in this file."""
        from lembrar.store.sqlite.graph import SqliteGraphStore

        return SqliteGraphStore(self._s, self.tenant)

    def wait_for_indexes(self, timeout: float | None = None) -> bool:
        """Wait for the indexes being built in the background; True when none is left."""
        return self._s.builds.wait(timeout)

    def close(self) -> None:
        self._s.builds.stop()  # no build is left inside the index library's native code
        with self._s.lock:
            self._s.ann.close()
            self._s.db.close()

    erasure: Guarantee = IMMEDIATE  # see ``lembrar.model.erasure``
    concurrent_reads = 1  # answered in this process, one after another

    def erase_pending(self) -> ErasureReport:
        """Nothing is pending: every delete already overwrote and checkpointed the freed pages."""
        self._s.scrub()
        return ErasureReport(log_recycled=True, complete=True)

    def key_store(self) -> SqliteKeyStore:
        """Tenants and API keys, in this file and over this connection."""
        return SqliteKeyStore(self._s.db, self._s.lock)

    def layer_store(self) -> SqliteLayerStore:
        """Saved memories, summaries and insights of this tenant, in this file."""
        from lembrar.store.sqlite.layers import SqliteLayerStore

        return SqliteLayerStore(self._s, self.tenant)

    # -- plumbing ---------------------------------------------------------------
    def _write(self) -> AbstractContextManager[sqlite3.Connection]:
        return self._s.write()

    def _read(self, sql: str, params: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        return self._s.read(sql, params)

    def _bump(self, db: sqlite3.Connection, user_id: str) -> tuple[int, int]:
        row = db.execute(VERSION_SQL, (self.tenant, user_id)).fetchone()
        old = row[0] if row else 0
        (new,) = db.execute(
            "UPDATE scope_generation SET value = value + 1 RETURNING value"
        ).fetchone()
        db.execute(
            "INSERT INTO scope_versions VALUES (?, ?, ?) ON CONFLICT (tenant_id, user_id) DO "
            "UPDATE SET version = excluded.version",
            (self.tenant, user_id, new),
        )
        return old, new

    def _version(self, user_id: str) -> int:
        rows = self._read(VERSION_SQL, (self.tenant, user_id))
        return rows[0][0] if rows else 0

    # -- derived work still owed (``derived.py``) ---------------------------------------
    def pending_work(self, older_than: float | None = None) -> builtins.list[PendingWork]:
        return derived.pending_work(self._s, self.tenant, older_than)

    def clear_pending(self, work: Sequence[PendingWork]) -> None:
        derived.clear(self._s, self.tenant, work)

    # -- store-wide settings -------------------------------------------------------
    def get_meta(self, key: str) -> str | None:
        rows = self._read("SELECT value FROM meta WHERE key = ?", (key,))
        return rows[0][0] if rows else None

    def set_meta(self, key: str, value: str) -> None:
        with self._write() as db:
            db.execute(
                "INSERT INTO meta VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

    # -- users ------------------------------------------------------------------
    def get_user(self, user_id: str) -> UserSettings | None:
        rows = self._read(
            "SELECT timezone, hemisphere, language FROM users WHERE tenant_id = ? AND user_id = ?",
            (self.tenant, user_id),
        )
        return UserSettings(user_id, *rows[0]) if rows else None

    def put_user(self, settings: UserSettings) -> None:
        require_stored_form(settings.user_id)
        with self._write() as db:
            self._upsert_user(db, settings)

    def _upsert_user(self, db: sqlite3.Connection, settings: UserSettings) -> None:
        db.execute(
            "INSERT INTO users VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (tenant_id, user_id) DO UPDATE SET"
            " timezone = excluded.timezone, hemisphere = excluded.hemisphere, language = excluded.language",
            (
                self.tenant,
                settings.user_id,
                settings.timezone,
                settings.hemisphere,
                settings.language,
                _now(),
            ),
        )

    def users(self) -> list[str]:
        return [
            u
            for (u,) in self._read(
                "SELECT user_id FROM users WHERE tenant_id = ? ORDER BY user_id", (self.tenant,)
            )
        ]

    # -- writes -----------------------------------------------------------------
    def add(self, items: Sequence[IndexedEpisode], pending: Sequence[PendingWork] = ()) -> None:
        if not items:
            return
        appended: dict[str, list[tuple[Any, ...]]] = {}
        hashes: dict[str, list[str]] = {}
        texts: dict[str, list[str]] = {}
        with self._write() as db:
            for user_id in {require_stored_form(i.episode.user_id) for i in items}:
                db.execute(
                    "INSERT OR IGNORE INTO users (tenant_id, user_id, created_at) VALUES (?, ?, ?)",
                    (self.tenant, user_id, _now()),
                )
            for item in items:
                appended.setdefault(item.episode.user_id, []).extend(
                    insert_episode(db, self.tenant, item)
                )
                hashes.setdefault(item.episode.user_id, []).extend(item.hashes)
                texts.setdefault(item.episode.user_id, []).extend(c.text for c in item.chunks)
            versions = {user_id: self._bump(db, user_id) for user_id in appended}
            derived.mark(db, self.tenant, pending)
        for user_id, rows in appended.items():
            old, new = versions[user_id]
            more = ScopeMatrix.from_rows(new, rows, 0)
            scope = (self.tenant, user_id)
            self._s.index.extend(scope, old, new, more)
            keys = chunk_keys(more.refs, hashes[user_id])
            self._s.ann.added(scope, old, new, keys, more.all_vectors())
            self._s.words.added(scope, old, new, keys, more.refs, texts[user_id])

    def replace(
        self, item: IndexedEpisode, changed_at: datetime, pending: Sequence[PendingWork] = ()
    ) -> None:
        e = item.episode
        with self._write() as db:
            derived.mark(db, self.tenant, pending)
            old = self._get(db, e.user_id, e.id)
            key = (self.tenant, e.id)
            if not db.execute(
                "SELECT 1 FROM episode_history WHERE tenant_id = ? AND episode_id = ?", key
            ).fetchone():
                db.execute(
                    _HISTORY, (*key, old.version, "ADD", old.content, old.recorded_at.isoformat())
                )
            db.execute(
                _HISTORY,
                (
                    *key,
                    e.version,
                    "UPDATE",
                    e.content,
                    changed_at.astimezone(UTC).isoformat(),
                ),
            )
            db.execute("DELETE FROM chunks WHERE tenant_id = ? AND episode_id = ?", key)
            row = episode_row(self.tenant, e)
            db.execute(
                f"UPDATE episodes SET {', '.join(f'{k} = ?' for k in row)} WHERE tenant_id = ? AND id = ?",
                [*row.values(), *key],
            )
            insert_chunks(db, self.tenant, item, row)
            self._bump(db, e.user_id)
        self._s.scrub()
        self._forget_vectors(e.user_id)

    def delete(self, user_id: str, episode_ids: Sequence[str]) -> int:
        ids = list(dict.fromkeys(episode_ids))
        with self._write() as db:
            for ident in ids:
                self._get(db, user_id, ident)
            count = self._delete_where(db, user_id, f"e.id IN ({','.join('?' * len(ids))})", ids)
        self._s.scrub()
        self._forget_vectors(user_id)
        return count

    def delete_matching(self, user_id: str, filters: Filters) -> int:
        condition, params = where(filters)
        with self._write() as db:
            count = self._delete_where(db, user_id, condition, params)
        self._s.scrub()
        if count:
            self._forget_vectors(user_id)
        return count

    def delete_user(self, user_id: str) -> int:
        with self._write() as db:
            count = self._delete_where(db, user_id, "1", [])
            db.execute(
                "DELETE FROM users WHERE tenant_id = ? AND user_id = ?", (self.tenant, user_id)
            )
            db.execute(
                "DELETE FROM scope_versions WHERE tenant_id = ? AND user_id = ?",
                (self.tenant, user_id),
            )
        self._s.index.drop((self.tenant, user_id))
        self._s.ann.drop((self.tenant, user_id))
        self._s.words.drop((self.tenant, user_id))
        self._s.scrub()
        return count

    def _delete_where(
        self, db: sqlite3.Connection, user_id: str, condition: str, params: Sequence[object]
    ) -> int:
        scoped = (
            f"SELECT e.seq FROM episodes e WHERE e.tenant_id = ? AND e.user_id = ? AND {condition}"
        )
        args = [self.tenant, user_id, *params]
        count = db.execute(f"DELETE FROM episodes WHERE seq IN ({scoped})", args).rowcount
        if count:
            self._bump(db, user_id)
        return count

    def _forget_vectors(self, user_id: str) -> None:
        """Deleted chunks leave the scope's approximate index and its file."""
        self._s.ann.forgotten((self.tenant, user_id), self._rows(user_id), self._version(user_id))

    def rebuild_indexes(self, approximate_above: int | None = None) -> int:
        """Rebuild the approximate index of every scope of this tenant at or above the size
        threshold (``approximate_above``, when given, is saved as the file's threshold), from its
        rows; the number of indexes written."""
        usearch_index()  # MissingExtraError, naming the extra, when it is not installed
        if approximate_above is not None:
            if approximate_above < 1:
                raise ValidationError("approximate_above", "must be a number of chunks, 1 or more")
            self.set_meta(APPROXIMATE_META, str(approximate_above))
            self._s.ann.above = approximate_above
        built = 0
        for user_id in self.users():
            matrix = self._matrix(user_id, vectors=False)
            if len(matrix.refs) >= self._s.ann.above:
                scope, rows = (self.tenant, user_id), self._rows(user_id, matrix)
                self._s.ann.rebuild(scope, rows, matrix.version, matrix.dim)
                built += 1
        return built

    def _rows(self, user_id: str, matrix: ScopeMatrix | None = None) -> ScopeRows:
        return ScopeRows(self._s, self.tenant, user_id, matrix)

    def touch(self, user_id: str, episode_ids: Sequence[str], at: datetime) -> None:
        if not episode_ids:
            return
        marks = ",".join("?" * len(episode_ids))
        with self._write() as db:
            db.execute(
                "UPDATE episodes SET last_accessed = ?, access_count = access_count + 1 WHERE "
                f"tenant_id = ? AND user_id = ? AND id IN ({marks})",
                [at.timestamp(), self.tenant, user_id, *episode_ids],
            )

    # -- reads ------------------------------------------------------------------
    def _get(self, db: sqlite3.Connection, user_id: str, episode_id: str) -> Episode:
        return episodes.episode_in(db, self.tenant, user_id, episode_id)

    def get(self, user_id: str, episode_id: str) -> Episode:
        with self._s.lock:
            return self._get(self._s.db, user_id, episode_id)

    def list(
        self,
        user_id: str,
        filters: Filters,
        *,
        newest_first: bool = False,
        limit: int = 100,
        cursor: str | None = None,
    ) -> Page:
        scope = (self.tenant, user_id)
        return episodes.page(self._s, scope, filters, newest_first, limit, cursor)

    def history(self, user_id: str, episode_id: str) -> builtins.list[HistoryEntry]:
        return episodes.history(self._s, self.tenant, self.get(user_id, episode_id))

    def sessions(self, user_id: str) -> builtins.list[SessionInfo]:
        return episodes.sessions(self._s, (self.tenant, user_id))

    def stats(self) -> StoreStats:
        t = (self.tenant,)
        users = self._read("SELECT COUNT(*) FROM users WHERE tenant_id = ?", t)[0][0]
        episodes, sessions = self._read(
            "SELECT COUNT(*), COUNT(DISTINCT user_id || '/' || session_id) FROM episodes WHERE tenant_id = ?",
            t,
        )[0]
        chunks = self._read("SELECT COUNT(*) FROM chunks WHERE tenant_id = ?", t)[0][0]
        pages = self._read("PRAGMA page_count")[0][0] * self._read("PRAGMA page_size")[0][0]
        return StoreStats(users, episodes, chunks, sessions, pages)

    # -- search primitives --------------------------------------------------------
    def _matrix(self, user_id: str, vectors: bool = True) -> ScopeMatrix:
        """The scope's matrix at its current version (``scope_rows.read_matrix``)."""
        return read_matrix(self._s, (self.tenant, user_id), self._version(user_id), vectors)

    def dense(
        self, user_id: str, vector: NDArray[np.float32], k: int, filters: Filters
    ) -> builtins.list[tuple[int, float]]:
        matrix = self._matrix(user_id, vectors=False)
        mask = self._mask(user_id, matrix, filters)
        scope = (self.tenant, user_id)
        found = self._s.ann.top_k(scope, self._rows(user_id, matrix), matrix, vector, k, mask)
        if found is not None:
            return found
        if matrix.vectors is None and mask is not None and mask.sum() <= READ_BY_REF:
            refs, vectors = self._rows(user_id, matrix).present(matrix.refs[mask])
            return best_of(refs, vectors, vector, k)  # exact over the few rows passing
        full = self._matrix(user_id)  # exact search: every vector of the scope
        if full is not matrix:
            mask = self._mask(user_id, full, filters)
        return full.top_k(vector, k, mask)

    def _mask(
        self, user_id: str, matrix: ScopeMatrix, filters: Filters
    ) -> NDArray[np.bool_] | None:
        mask = matrix.mask(filters)
        if filters.needs_sql():
            allowed = np.array(self._allowed_refs(user_id, filters), dtype=np.int64)
            sql_mask = np.isin(matrix.refs, allowed)
            mask = sql_mask if mask is None else mask & sql_mask
        return mask

    def _allowed_refs(self, user_id: str, filters: Filters) -> builtins.list[int]:
        condition, params = where(filters)
        rows = self._read(
            f"SELECT c.ref FROM chunks c {EPISODE_JOIN} WHERE c.tenant_id = ? AND c.user_id = ? AND {condition}",
            [self.tenant, user_id, *params],
        )
        return [r for (r,) in rows]

    def keyword(
        self, user_id: str, query: str, k: int, filters: Filters
    ) -> builtins.list[tuple[int, float]]:
        if k <= 0:
            return []
        index = self._word_index(user_id)
        totals = keyword_search.fts_totals(self._s)
        # a scope's index holding every row of the file has FTS5's term counts at hand; with
        # other scopes in the file, their rows count too and FTS5 counts them
        counter = index if index is not None and index.rows() == totals[0] else None
        terms = keyword_search.selective_terms(self._s, keywords(query), counter, totals[0])
        if not terms:
            return []
        if index is not None:
            matrix = self._matrix(user_id, vectors=False)
            found = keyword_search.in_memory(
                self._s,
                index,
                terms,
                k,
                matrix,
                lambda: self._mask(user_id, matrix, filters),
                totals,
                counter,
            )
            if found is not None:
                return found
        return keyword_search.fts5(self._s, self.tenant, user_id, terms, k, filters)

    def _word_index(self, user_id: str) -> ScopeWords | None:
        """A large scope's in-memory word index, current; None for small scopes or while built."""
        matrix = self._matrix(user_id, vectors=False)
        if len(matrix.refs) < self._s.ann.above:
            return None
        rows = self._rows(user_id, matrix)
        texts = ScopeTexts(rows.keys, rows.texts, matrix.version, REF_MASK)
        return self._s.words.current((self.tenant, user_id), texts, len(matrix.refs))

    def chunk_rows(self, user_id: str, refs: Sequence[int]) -> dict[int, ChunkRow]:
        out: dict[int, ChunkRow] = {}
        for start in range(0, len(refs), 500):
            part = list(refs[start : start + 500])
            rows = self._read(
                f"SELECT c.ref, c.position, c.text, {episodes.E_COLUMNS} FROM chunks c {EPISODE_JOIN}"
                f" WHERE c.tenant_id = ? AND c.user_id = ? AND c.ref IN ({','.join('?' * len(part))})",
                [self.tenant, user_id, *part],
            )
            out.update((r[0], ChunkRow(r[0], r[1], r[2], episode_from_row(r[3:]))) for r in rows)
        return out

    def chunk_vectors(self, user_id: str, refs: Sequence[int]) -> NDArray[np.float32]:
        matrix = self._matrix(user_id, vectors=False)
        matrix.rows_of(refs)  # NotFoundError for a ref the scope does not hold
        return self._rows(user_id, matrix).vectors(np.asarray(refs, np.int64))

    def neighbours(
        self, user_id: str, episode_id: str, before: int, after: int
    ) -> builtins.list[Episode]:
        return episodes.neighbours(self._s, (self.tenant, user_id), episode_id, before, after)

    # -- embedding cache: the stored chunks are the cache --------------------------------
    def cached_vectors(self, model: str, hashes: Sequence[str]) -> dict[str, NDArray[np.float32]]:
        """Vectors of already stored chunks with these text hashes (one embedder per store)."""
        out: dict[str, NDArray[np.float32]] = {}
        for start in range(0, len(hashes), 500):
            part = list(hashes[start : start + 500])
            rows = self._read(
                "SELECT text_hash, vector FROM chunks WHERE tenant_id = ? AND text_hash IN "
                f"({','.join('?' * len(part))})",
                [self.tenant, *part],
            )
            out.update((h, np.frombuffer(v, dtype=np.float32)) for h, v in rows)
        return out

    def cache_vectors(self, model: str, items: dict[str, NDArray[np.float32]]) -> None:
        """Nothing to do: vectors are persisted with their chunks, in the same transaction."""


def _now() -> str:
    return datetime.now(UTC).isoformat()
