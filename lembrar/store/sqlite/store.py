"""The embedded store: one SQLite file (WAL, foreign keys) with FTS5 and numpy cosine search."""

from __future__ import annotations

import builtins
import sqlite3
import threading
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from lembrar.errors import (
    ConflictError,
    NotFoundError,
    StoreBusyError,
    StoreError,
    StoreOpenError,
    ValidationError,
)
from lembrar.model.episode import Episode, IndexedEpisode
from lembrar.model.erasure import IMMEDIATE, ErasureReport, Guarantee
from lembrar.model.ids import require_stored_form
from lembrar.model.query import ChunkRow, Filters, HistoryEntry, Page, SessionInfo, StoreStats
from lembrar.model.text import keywords
from lembrar.model.users import UserSettings
from lembrar.store.base import DEFAULT_TENANT
from lembrar.store.rows import decode_cursor, encode_cursor
from lembrar.store.sqlite.ann import REF_MASK, chunk_keys, usearch_index
from lembrar.store.sqlite.approximate import DEFAULT_APPROXIMATE_ABOVE, ApproximateIndexes
from lembrar.store.sqlite.background import INLINE_LIMIT, Builds
from lembrar.store.sqlite.codec import EPISODE_COLUMNS, episode_from_row, episode_row
from lembrar.store.sqlite.filters import where
from lembrar.store.sqlite.index import ScopeIndexCache, ScopeMatrix, best_of
from lembrar.store.sqlite.keys import SqliteKeyStore
from lembrar.store.sqlite.migrations import migrate
from lembrar.store.sqlite.words import (
    Collection,
    ScopeTexts,
    ScopeWords,
    WordIndexes,
    averages,
    fold,
    tokens,
)
from lembrar.store.terms import common_cap, selective

if TYPE_CHECKING:
    from lembrar.store.sqlite.layers import SqliteLayerStore

if TYPE_CHECKING:
    from lembrar.store.sqlite.graph import SqliteGraphStore

_E_COLUMNS = ", ".join(f"e.{c.strip()}" for c in EPISODE_COLUMNS.split(","))
_JOIN = "JOIN episodes e ON e.tenant_id = c.tenant_id AND e.id = c.episode_id"  # ids are per tenant
_HISTORY = (
    "INSERT INTO episode_history (tenant_id, episode_id, version, event, content, changed_at)"
    " VALUES (?, ?, ?, ?, ?, ?)"
)
_VERSION_SQL = "SELECT version FROM scope_versions WHERE tenant_id = ? AND user_id = ?"
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
_READ_BY_REF = 10_000  # exact search over fewer rows than this reads their vectors by ref
_DIM_SQL = "SELECT length(vector) / 4 FROM chunks WHERE tenant_id = ? AND user_id = ? LIMIT 1"


def store_error(what: str, exc: sqlite3.Error) -> StoreError:
    """The ``StoreError`` for a SQLite failure; a locked or busy file is ``StoreBusyError``."""
    text = str(exc).lower()
    busy = isinstance(exc, sqlite3.OperationalError) and ("locked" in text or "busy" in text)
    return (StoreBusyError if busy else StoreError)(f"{what}: {exc}")


class _Shared:
    """What every tenant view of one file shares: the connection, its lock, the vector cache."""

    def __init__(self, path: str, approximate_above: int | None, inline_build: int) -> None:
        self.path = path
        self.read_uri = "" if path == ":memory:" else Path(path).expanduser().absolute().as_uri()
        self.read_uri += "?mode=ro"
        self.lock = threading.RLock()
        self.index = ScopeIndexCache()
        self.builds = Builds(inline_build)
        self.holding: dict[str, int] = {}  # FTS5 rows holding a term, while ``data_version`` holds
        self.holding_version = -1
        folder = (
            None
            if path == ":memory:"
            else Path(path).expanduser().with_name(Path(path).name + ".ann")
        )
        self.ann = ApproximateIndexes(folder, builds=self.builds)
        self.words = WordIndexes(self.builds)
        try:
            if path != ":memory:":
                Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(
                path, check_same_thread=False, isolation_level=None, timeout=30.0
            )
        except (OSError, sqlite3.Error) as exc:
            raise StoreOpenError(f"{path}: no SQLite file can be created there ({exc})") from exc
        try:
            for pragma in (
                "journal_mode=WAL",
                "foreign_keys=ON",
                "secure_delete=ON",
                "busy_timeout=30000",
                "synchronous=NORMAL",
            ):
                self.db.execute(f"PRAGMA {pragma}")
            migrate(self.db)
            setting = self.db.execute("SELECT value FROM meta WHERE key = ?", (APPROXIMATE_META,))
            saved = setting.fetchone()
        except sqlite3.DatabaseError as exc:
            self.db.close()
            raise _open_error(path, exc) from exc
        if approximate_above is None:
            approximate_above = int(saved[0]) if saved else DEFAULT_APPROXIMATE_ABOVE
        self.ann.above = approximate_above


def _open_error(path: str, exc: sqlite3.DatabaseError) -> StoreError:
    reason = str(exc)
    if "locked" in reason or "busy" in reason:
        return store_error(f"{path}: the file is busy, try again", exc)
    if "unable to open" in reason or "readonly" in reason:
        return StoreOpenError(f"{path}: no SQLite file can be written there ({reason})")
    return StoreOpenError(f"{path}: not a lembrar SQLite file ({reason})")


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
        _shared: _Shared | None = None,
    ) -> None:
        self.tenant = tenant
        self._s = _shared or _Shared(str(path), approximate_above, inline_build)

    @property
    def path(self) -> str:
        return self._s.path

    def for_tenant(self, tenant: str) -> SqliteStore:
        return SqliteStore(tenant=tenant, _shared=self._s)

    def graph_store(self) -> SqliteGraphStore:
        """The knowledge graph of this tenant, in this file."""
        from lembrar.store.sqlite.graph import SqliteGraphStore

        return SqliteGraphStore(self)

    def wait_for_indexes(self, timeout: float | None = None) -> bool:
        """Wait for the indexes being built in the background; True when none is left."""
        return self._s.builds.wait(timeout)

    def close(self) -> None:
        self._s.builds.cancel_all()
        with self._s.lock:
            self._s.ann.close()
            self._s.db.close()

    erasure: Guarantee = IMMEDIATE  # see ``lembrar.model.erasure``
    concurrent_reads = 1  # answered in this process, one after another

    def erase_pending(self) -> ErasureReport:
        """Nothing is pending: every delete already overwrote and checkpointed the freed pages."""
        self._scrub()
        return ErasureReport(log_recycled=True, complete=True)

    def key_store(self) -> SqliteKeyStore:
        """Tenants and API keys, in this file and over this connection."""
        return SqliteKeyStore(self._s.db, self._s.lock)

    def layer_store(self) -> SqliteLayerStore:
        """Saved memories, summaries and insights of this tenant, in this file."""
        from lembrar.store.sqlite.layers import SqliteLayerStore

        return SqliteLayerStore(self)

    # -- plumbing ---------------------------------------------------------------
    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        with self._s.lock:
            db = self._s.db
            try:
                db.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise store_error("write failed, nothing stored", exc) from exc
            try:
                yield db
                db.execute("COMMIT")
                self._s.holding.clear()
            except sqlite3.IntegrityError as exc:
                db.execute("ROLLBACK")
                raise ConflictError(f"write rejected, nothing stored: {exc}") from exc
            except sqlite3.Error as exc:
                db.execute("ROLLBACK")
                raise store_error("write failed, nothing stored", exc) from exc
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def _read(self, sql: str, params: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        with self._s.lock:
            try:
                return self._s.db.execute(sql, params).fetchall()
            except sqlite3.Error as exc:
                raise store_error("read failed", exc) from exc

    @contextmanager
    def _snapshot(self) -> Iterator[sqlite3.Connection]:
        """A connection of its own, in one read transaction, for reads of a whole large scope (its
        vectors, keys or texts): they take seconds at a million rows, and on the shared connection
        every other call on this file would wait for them. An in-memory store has one connection."""
        if self._s.path == ":memory:":
            with self._s.lock:
                yield self._s.db
            return
        try:
            db = sqlite3.connect(self._s.read_uri, uri=True, timeout=30.0, isolation_level=None)
            db.execute("BEGIN")
        except sqlite3.Error as exc:
            raise store_error("read failed", exc) from exc
        try:
            yield db
        except sqlite3.Error as exc:
            raise store_error("read failed", exc) from exc
        finally:
            db.close()

    def _long_read(self, sql: str, params: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        with self._snapshot() as db:
            return db.execute(sql, params).fetchall()

    def _bump(self, db: sqlite3.Connection, user_id: str) -> tuple[int, int]:
        row = db.execute(_VERSION_SQL, (self.tenant, user_id)).fetchone()
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
        rows = self._read(_VERSION_SQL, (self.tenant, user_id))
        return rows[0][0] if rows else 0

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
    def add(self, items: Sequence[IndexedEpisode]) -> None:
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
                appended.setdefault(item.episode.user_id, []).extend(self._insert(db, item))
                hashes.setdefault(item.episode.user_id, []).extend(item.hashes)
                texts.setdefault(item.episode.user_id, []).extend(c.text for c in item.chunks)
            versions = {user_id: self._bump(db, user_id) for user_id in appended}
        for user_id, rows in appended.items():
            old, new = versions[user_id]
            more = ScopeMatrix.from_rows(new, rows, 0)
            scope = (self.tenant, user_id)
            self._s.index.extend(scope, old, new, more)
            keys = chunk_keys(more.refs, hashes[user_id])
            self._s.ann.added(scope, old, new, keys, more.all_vectors())
            self._s.words.added(scope, old, new, keys, more.refs, texts[user_id])

    def _insert(self, db: sqlite3.Connection, item: IndexedEpisode) -> list[tuple[Any, ...]]:
        row = episode_row(self.tenant, item.episode)
        db.execute(
            f"INSERT INTO episodes ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})",
            list(row.values()),
        )
        return self._insert_chunks(db, item, row)

    def _insert_chunks(
        self, db: sqlite3.Connection, item: IndexedEpisode, row: dict[str, object]
    ) -> list[tuple[Any, ...]]:
        e = item.episode
        out = []
        for chunk, vector, text_hash in zip(item.chunks, item.vectors, item.hashes):
            blob = np.asarray(vector, dtype=np.float32).tobytes()
            cursor = db.execute(
                "INSERT INTO chunks (episode_id, tenant_id, user_id, position, text, start, "
                '"end", text_hash, vector) VALUES (?,?,?,?,?,?,?,?,?)',
                (
                    e.id,
                    self.tenant,
                    e.user_id,
                    chunk.position,
                    chunk.text,
                    chunk.start,
                    chunk.end,
                    text_hash,
                    blob,
                ),
            )
            out.append(
                (
                    cursor.lastrowid,
                    blob,
                    row["at_ts"],
                    e.session_id,
                    e.role,
                    row["period"],
                    row["weekday"],
                )
            )
        return out

    def replace(self, item: IndexedEpisode, changed_at: datetime) -> None:
        e = item.episode
        with self._write() as db:
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
            self._insert_chunks(db, item, row)
            self._bump(db, e.user_id)
        self._scrub()
        self._forget_vectors(e.user_id)

    def delete(self, user_id: str, episode_ids: Sequence[str]) -> int:
        ids = list(dict.fromkeys(episode_ids))
        with self._write() as db:
            for ident in ids:
                self._get(db, user_id, ident)
            count = self._delete_where(db, user_id, f"e.id IN ({','.join('?' * len(ids))})", ids)
        self._scrub()
        self._forget_vectors(user_id)
        return count

    def delete_matching(self, user_id: str, filters: Filters) -> int:
        condition, params = where(filters)
        with self._write() as db:
            count = self._delete_where(db, user_id, condition, params)
        self._scrub()
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
        self._scrub()
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

    def _scrub(self) -> None:
        """Make deleted text unrecoverable: merge FTS segments, zeroed pages checkpointed into the file."""
        with self._s.lock:
            self._s.db.execute("INSERT INTO chunks_fts (chunks_fts) VALUES ('optimize')")
            self._s.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")

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

    def _rows(self, user_id: str, matrix: ScopeMatrix | None = None) -> _ScopeRows:
        return _ScopeRows(self, user_id, matrix)

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
        row = db.execute(
            f"SELECT {EPISODE_COLUMNS} FROM episodes WHERE id = ? AND tenant_id = ? AND user_id = ?",
            (episode_id, self.tenant, user_id),
        ).fetchone()
        if row is None:
            raise NotFoundError("episode", episode_id)
        return episode_from_row(row)

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
        if limit < 1:
            raise ValidationError("limit", "must be at least 1")
        condition, params = where(filters)
        op, direction = ("<", "DESC") if newest_first else (">", "ASC")
        if cursor is not None:
            at_ts, seq = _sqlite_cursor(cursor)
            condition += f" AND (e.at_ts, e.rowid) {op} (?, ?)"
            params += [at_ts, seq]
        rows = self._read(
            f"SELECT {_E_COLUMNS}, e.at_ts, e.rowid FROM episodes e WHERE e.tenant_id = ? AND "
            f"e.user_id = ? AND {condition}"
            f" ORDER BY e.at_ts {direction}, e.rowid {direction} LIMIT ?",
            [self.tenant, user_id, *params, limit + 1],
        )
        items = [episode_from_row(r[:-2]) for r in rows[:limit]]
        more = (
            encode_cursor(rows[limit - 1][-2], rows[limit - 1][-1]) if len(rows) > limit else None
        )
        return Page(items, more)

    def history(self, user_id: str, episode_id: str) -> builtins.list[HistoryEntry]:
        episode = self.get(user_id, episode_id)
        rows = self._read(
            "SELECT version, event, content, changed_at FROM episode_history"
            " WHERE tenant_id = ? AND episode_id = ? ORDER BY version",
            (self.tenant, episode_id),
        )
        if not rows:
            return [
                HistoryEntry(
                    episode.id, episode.version, "ADD", episode.content, episode.recorded_at
                )
            ]
        return [
            HistoryEntry(episode_id, v, ev, c, datetime.fromisoformat(t)) for v, ev, c, t in rows
        ]

    def sessions(self, user_id: str) -> builtins.list[SessionInfo]:
        rows = self._read(
            "SELECT session_id, MIN(at_utc), MAX(at_utc), COUNT(*) FROM episodes WHERE tenant_id = ? AND user_id = ?"
            " AND session_id IS NOT NULL GROUP BY session_id ORDER BY MIN(at_ts)",
            (self.tenant, user_id),
        )
        return [
            SessionInfo(s, datetime.fromisoformat(a), datetime.fromisoformat(b), n)
            for s, a, b, n in rows
        ]

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
        """The scope's matrix at its current version. With ``vectors`` False, a scope large
        enough for an approximate index comes without its vectors: reading them is most of the
        time a first search takes there, and its index proposes the few rows to re-score."""
        scope = (self.tenant, user_id)
        cached = self._s.index.get(scope, self._version(user_id))
        if cached is not None and (cached.vectors is not None or not vectors):
            return cached
        with self._snapshot() as db:  # the rows and their version, as of one moment
            (version,) = db.execute(_VERSION_SQL, scope).fetchone() or (0,)
            if vectors or db.execute(_SCOPE_SIZE_SQL, scope).fetchone()[0] < self._s.ann.above:
                cached = ScopeMatrix.from_rows(
                    version, db.execute(_MATRIX_SQL, scope).fetchall(), 0
                )
            else:
                (dim,) = db.execute(_DIM_SQL, scope).fetchone()
                columns = db.execute(_COLUMNS_SQL, scope).fetchall()
                cached = ScopeMatrix.from_columns(version, columns, dim)
        self._s.index.put(scope, cached)
        return cached

    def dense(
        self, user_id: str, vector: NDArray[np.float32], k: int, filters: Filters
    ) -> builtins.list[tuple[int, float]]:
        matrix = self._matrix(user_id, vectors=False)
        mask = self._mask(user_id, matrix, filters)
        scope = (self.tenant, user_id)
        found = self._s.ann.top_k(scope, self._rows(user_id, matrix), matrix, vector, k, mask)
        if found is not None:
            return found
        if matrix.vectors is None and mask is not None and mask.sum() <= _READ_BY_REF:
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
            f"SELECT c.ref FROM chunks c {_JOIN} WHERE c.tenant_id = ? AND c.user_id = ? AND {condition}",
            [self.tenant, user_id, *params],
        )
        return [r for (r,) in rows]

    def keyword(
        self, user_id: str, query: str, k: int, filters: Filters
    ) -> builtins.list[tuple[int, float]]:
        if k <= 0:
            return []
        index = self._word_index(user_id)
        totals = self._fts_totals()
        # a scope's index holding every row of the file has FTS5's term counts at hand; with
        # other scopes in the file, their rows count too and FTS5 counts them
        counter = index if index is not None and index.rows() == totals[0] else None
        terms = self._selective_terms(keywords(query), counter, totals[0])
        if not terms:
            return []
        found = (
            None
            if index is None
            else self._keyword_in_memory(user_id, index, terms, k, filters, totals, counter)
        )
        if found is not None:
            return found
        match = " OR ".join('"' + t.replace('"', '""') + '"' for t in terms)
        condition, params = where(filters)
        rows = self._read(
            "SELECT c.ref, -bm25(chunks_fts) FROM chunks_fts JOIN chunks c ON c.ref = chunks_fts.rowid"
            f" {_JOIN} WHERE chunks_fts MATCH ? AND c.tenant_id = ? AND c.user_id = ? AND {condition}"
            " ORDER BY bm25(chunks_fts) LIMIT ?",
            [match, self.tenant, user_id, *params, k],
        )
        return [(int(r), float(s)) for r, s in rows]

    def _word_index(self, user_id: str) -> ScopeWords | None:
        """A large scope's in-memory word index, current; None for small scopes or while built."""
        matrix = self._matrix(user_id, vectors=False)
        if len(matrix.refs) < self._s.ann.above:
            return None
        rows = self._rows(user_id, matrix)
        texts = ScopeTexts(rows.keys, rows.texts, matrix.version, REF_MASK)
        return self._s.words.current((self.tenant, user_id), texts, len(matrix.refs))

    def _keyword_in_memory(
        self,
        user_id: str,
        index: ScopeWords,
        terms: builtins.list[str],
        k: int,
        filters: Filters,
        totals: tuple[int, int],
        counter: ScopeWords | None,
    ) -> builtins.list[tuple[int, float]] | None:
        """BM25 from the scope's in-memory word index (one-word terms only), with FTS5's
        statistics (``totals``: its rows and tokens; term counts as ``_term_counts``)."""
        split = [tokens(t) for t in terms]
        if any(len(w) != 1 for w in split):
            return None
        words = [w[0] for w in split]
        matrix = self._matrix(user_id, vectors=False)
        rows, total = totals
        held = self._term_counts(words, counter)
        collection = Collection(rows, total / rows if rows else 1.0, held)
        refs, scores = index.search(words, collection)
        mask = self._mask(user_id, matrix, filters)
        if mask is None:  # no filter: only rows scoring at least the k-th best can be chosen
            refs, scores = _contenders(refs, scores, k)
        at = np.minimum(np.searchsorted(matrix.refs, refs), len(matrix.refs) - 1)
        keep = matrix.refs[at] == refs
        if mask is not None:
            keep &= mask[at]
        refs, scores = refs[keep], scores[keep]
        best = np.lexsort((refs, -scores))[:k]
        return [(int(refs[i]), float(scores[i])) for i in best]

    def _fts_totals(self) -> tuple[int, int]:
        """Rows and tokens in the file's word index (FTS5's own record of them)."""
        block = self._read("SELECT block FROM chunks_fts_data WHERE id = 1")
        return averages(block[0][0]) if block else (0, 0)

    def _holding(self, words: Iterable[str]) -> dict[str, int]:
        """FTS5 rows holding each (folded) term. Counting them walks each term's whole doclist, so
        they are kept until the file changes (a write of this connection clears them; another
        connection's commit changes ``data_version``)."""
        with self._s.lock:
            (version,) = self._s.db.execute("PRAGMA data_version").fetchone()
            if version != self._s.holding_version:
                self._s.holding.clear()
                self._s.holding_version = version
            known, wanted = self._s.holding, set(words)
            missing = sorted(wanted - known.keys())
            if missing:
                marks = ",".join("?" * len(missing))
                found = dict(
                    self._read(
                        f"SELECT term, doc FROM chunks_vocab WHERE term IN ({marks})", missing
                    )
                )
                known.update((w, int(found.get(w, 0))) for w in missing)
            return {w: known[w] for w in wanted}

    def _selective_terms(
        self, terms: builtins.list[str], counter: ScopeWords | None, rows: int
    ) -> builtins.list[str]:
        """The query terms worth matching (``terms.selective`` over the file's ``rows`` chunks),
        counted as ``_term_counts``."""
        if len(terms) <= 1 or common_cap(rows) is None:
            return terms
        folded = {t: fold(t) for t in terms}
        held = self._term_counts(list(folded.values()), counter)
        return selective(terms, {t: held[f] for t, f in folded.items()}, rows)

    def _term_counts(self, words: builtins.list[str], counter: ScopeWords | None) -> dict[str, int]:
        """FTS5 rows holding each (folded) word: from ``counter``, a scope's word index holding
        every row of the file, when given; else from FTS5."""
        return counter.holding(words) if counter is not None else self._holding(words)

    def chunk_rows(self, user_id: str, refs: Sequence[int]) -> dict[int, ChunkRow]:
        out: dict[int, ChunkRow] = {}
        for start in range(0, len(refs), 500):
            part = list(refs[start : start + 500])
            rows = self._read(
                f"SELECT c.ref, c.position, c.text, {_E_COLUMNS} FROM chunks c {_JOIN}"
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
        rows = self._read(
            "SELECT session_id, at_ts, rowid FROM episodes WHERE id = ? AND tenant_id = ? AND user_id = ?",
            (episode_id, self.tenant, user_id),
        )
        if not rows:
            raise NotFoundError("episode", episode_id)
        session, at_ts, seq = rows[0]
        if session is None:
            return [self.get(user_id, episode_id)]
        base = (
            f"SELECT {EPISODE_COLUMNS}, at_ts, rowid FROM episodes"
            " WHERE tenant_id = ? AND user_id = ? AND session_id = ?"
        )
        args = [self.tenant, user_id, session, at_ts, seq]
        earlier = self._read(
            f"{base} AND (at_ts, rowid) < (?, ?) ORDER BY at_ts DESC, rowid DESC LIMIT ?",
            [*args, before],
        )
        later = self._read(
            f"{base} AND (at_ts, rowid) >= (?, ?) ORDER BY at_ts, rowid LIMIT ?", [*args, after + 1]
        )
        return [episode_from_row(r[:-2]) for r in [*reversed(earlier), *later]]

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


def _contenders(
    refs: NDArray[np.int64], scores: NDArray[np.float64], k: int
) -> tuple[NDArray[np.int64], NDArray[np.float64]]:
    """The hits scoring at least the ``k``-th best score (ties kept), found without sorting all."""
    if len(scores) <= k:
        return refs, scores
    kth = np.partition(scores, len(scores) - k)[len(scores) - k]
    chosen = scores >= kth
    return refs[chosen], scores[chosen]


class _ScopeRows:
    """A scope's current index keys and vectors, for its approximate index."""

    def __init__(self, store: SqliteStore, user_id: str, matrix: ScopeMatrix | None) -> None:
        self.store, self.user_id, self.matrix = store, user_id, matrix

    def keys(self) -> NDArray[np.uint64]:
        rows = self.store._long_read(
            "SELECT ref, text_hash FROM chunks WHERE tenant_id = ? AND user_id = ? ORDER BY ref",
            (self.store.tenant, self.user_id),
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
        scope = (self.store.tenant, self.user_id)
        if len(refs) > _READ_BY_REF:  # most of the scope: one pass over it
            wanted = set(refs.tolist())
            rows = self.store._long_read(
                f"SELECT ref, {column} FROM chunks WHERE tenant_id = ? AND user_id = ?", scope
            )
            return {r: v for r, v in rows if r in wanted}
        found: dict[int, Any] = {}
        for start in range(0, len(refs), 500):
            part = [int(r) for r in refs[start : start + 500]]
            found.update(
                self.store._read(
                    f"SELECT ref, {column} FROM chunks WHERE tenant_id = ? AND user_id = ?"
                    f" AND ref IN ({','.join('?' * len(part))})",
                    [*scope, *part],
                )
            )
        return found


APPROXIMATE_META = "approximate_above"


def _now() -> str:
    return datetime.now(UTC).isoformat()


def _sqlite_cursor(cursor: str) -> tuple[float, int]:
    position, seq = decode_cursor(cursor)
    if isinstance(position, str):
        raise ValidationError(
            "cursor", "not a cursor returned by a previous page; start without one"
        )
    return float(position), seq
