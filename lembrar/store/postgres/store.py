"""The server store: PostgreSQL with pgvector (inner-product k-NN) and full-text search.

Tables mirror the SQLite store; every row carries ``tenant_id`` (the distribution column for
sharding), and every statement filters on it and on ``user_id``.
"""

from __future__ import annotations

import builtins
import importlib
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from lembrar.errors import MissingExtraError, NotFoundError, ValidationError
from lembrar.model.derived import PendingWork
from lembrar.model.episode import Episode, IndexedEpisode
from lembrar.model.erasure import ON_MAINTENANCE, ErasureReport, Guarantee
from lembrar.model.ids import require_stored_form
from lembrar.model.query import ChunkRow, Filters, HistoryEntry, Page, SessionInfo, StoreStats
from lembrar.model.users import UserSettings
from lembrar.store.base import DEFAULT_TENANT
from lembrar.store.postgres import codec, derived, sql, words
from lembrar.store.postgres.chunks import chunk_rows, insert_chunks, reindex_words
from lembrar.store.postgres.words import read_scope

if TYPE_CHECKING:
    import psycopg

    from lembrar.store.postgres.database import Database
    from lembrar.store.postgres.graph import PostgresGraphStore
    from lembrar.store.postgres.keys import PostgresKeyStore
    from lembrar.store.postgres.layers import PostgresLayerStore

_BY_IDS = "e.id = ANY(%(ids)s::text[])"  # episodes by id, as ``ids``
_CONCURRENT_READS = 4  # a search's queries at once, at most (dense, keyword, two time windows)
_HISTORY = (
    "INSERT INTO episode_history (tenant_id, episode_id, version, event, content, changed_at)"
    " VALUES (%s, %s, %s, %s, %s, %s)"
)


def _search_ef(k: int) -> int:
    """HNSW candidates kept while searching for ``k``. On 100,000 chunks, with the index built as
    ``migrations.HNSW_BUILD`` says, recall@10 against exact search was 0.981 / 0.988 / 0.999 with
    100 / 150 / 200 on the speed benchmark's queries, and 0.954 / 0.979 / 0.989 on 132 queries it
    was not chosen on (with the default build, 300 gave 0.996 and 0.981)."""
    return min(1000, max(200, 2 * k))


def _open(url: str, pool_size: int, prepare_threshold: int | None) -> Database:
    for package in ("psycopg", "psycopg_pool"):
        try:
            importlib.import_module(package)
        except ImportError as exc:
            raise MissingExtraError("postgres", package) from exc
    from lembrar.store.postgres.database import Database

    return Database(url, pool_size, prepare_threshold)


class PostgresStore:
    """``Store`` on a PostgreSQL database with pgvector >= 0.5.

    pool_size           connections this process keeps open at most (shared by ``for_tenant`` views)
    exact_search_limit  a user with at most this many chunks is searched exactly (a scan of their
                        vectors); larger scopes go through the HNSW index
    prepare_threshold   executions before psycopg prepares a statement server-side; ``None`` never
                        prepares (for poolers in transaction mode without prepared statement support)
    """

    def __init__(
        self,
        url: str,
        tenant: str = DEFAULT_TENANT,
        *,
        pool_size: int = 4,
        exact_search_limit: int = 20_000,
        prepare_threshold: int | None = 5,
        _db: Database | None = None,
    ) -> None:
        self.tenant = tenant
        self.exact_search_limit = exact_search_limit
        self._db = _db or _open(url, pool_size, prepare_threshold)

    @property
    def url(self) -> str:
        return self._db.url

    @property
    def concurrent_reads(self) -> int:
        """A search's dense, keyword and time-window queries run side by side, each on a pooled
        connection and answered by a server process of its own."""
        return min(_CONCURRENT_READS, self._db.pool.max_size)

    def for_tenant(self, tenant: str) -> PostgresStore:
        return PostgresStore(
            self.url, tenant, exact_search_limit=self.exact_search_limit, _db=self._db
        )

    def close(self) -> None:
        self._db.close()

    erasure: Guarantee = ON_MAINTENANCE  # see ``lembrar.model.erasure``

    def erase_pending(self) -> ErasureReport:
        """Rewrite the tables and recycle the log so that deleted text leaves the disk."""
        from lembrar.store.postgres.erasure import erase_pending

        return erase_pending(self._db)

    def settle(self) -> None:
        """Vacuum and analyze the tables a search reads, as autovacuum does a while after a bulk
        import (until then a search may still set fresh rows' hint bits and plan without
        statistics)."""
        with self._db.connection() as conn:
            for table in ("chunks", "episodes", "chunk_words", "chunk_postings", "chunk_scopes"):
                conn.execute(f"VACUUM (ANALYZE) {table}")

    def rebuild_indexes(self, approximate_above: int | None = None) -> int:
        """Rebuild the HNSW index of the chunk vectors (every scope shares it); 1, or 0 when the
        database has no vectors yet. Its threshold is the store's ``exact_search_limit``."""
        if approximate_above is not None:
            raise ValidationError(
                "approximate_above",
                "PostgreSQL indexes every scope; open the store with exact_search_limit instead",
            )
        with self._db.connection() as conn:
            found = conn.execute("SELECT to_regclass('chunks_by_embedding')").fetchone()
            if not found or found[0] is None:
                return 0
            conn.execute("REINDEX INDEX chunks_by_embedding")
        return 1

    def key_store(self) -> PostgresKeyStore:
        """The HTTP API's tenants and keys, in this database and over this pool."""
        from lembrar.store.postgres.keys import PostgresKeyStore

        return PostgresKeyStore(self._db)

    def layer_store(self) -> PostgresLayerStore:
        """Saved memories, summaries and insights of this tenant, in this database and over this pool."""
        from lembrar.store.postgres.layers import PostgresLayerStore

        return PostgresLayerStore(self._db, self.tenant)

    def graph_store(self) -> PostgresGraphStore:
        """The knowledge graph of this tenant, in this database and over this pool."""
        from lembrar.store.postgres.graph import PostgresGraphStore

        return PostgresGraphStore(self._db, self.tenant)

    def _scope(self, user_id: str, **more: Any) -> dict[str, Any]:
        return {"tenant": self.tenant, "user": user_id, **more}

    def _rows(
        self, query: str, params: Sequence[Any] | dict[str, Any] = ()
    ) -> list[tuple[Any, ...]]:
        with self._db.connection() as conn:
            return conn.execute(query, params).fetchall()

    # -- store-wide settings -------------------------------------------------------
    def get_meta(self, key: str) -> str | None:
        rows = self._rows("SELECT value FROM meta WHERE key = %s", (key,))
        return rows[0][0] if rows else None

    def set_meta(self, key: str, value: str) -> None:
        """Store a setting; ``embedder`` ("name/dim") also fixes the vector column's dimension."""
        dimension = value.rpartition("/")[2]
        if key == "embedder" and dimension.isdigit():
            self._db.ensure_dimension(int(dimension))
        with self._db.transaction() as conn:
            conn.execute(
                "INSERT INTO meta VALUES (%s, %s) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

    # -- users ------------------------------------------------------------------
    def get_user(self, user_id: str) -> UserSettings | None:
        rows = self._rows(
            "SELECT timezone, hemisphere, language FROM users WHERE tenant_id = %s AND user_id = %s",
            (self.tenant, user_id),
        )
        return UserSettings(user_id, *rows[0]) if rows else None

    def put_user(self, settings: UserSettings) -> None:
        """Store a user's settings; a new language re-indexes their chunks for full-text search."""
        require_stored_form(settings.user_id)
        config = codec.text_search_config(settings.language, self._db.text_configs)
        with self._db.transaction(self.tenant, [settings.user_id]) as conn:
            conn.execute(
                "INSERT INTO users (tenant_id, user_id, timezone, hemisphere, language) VALUES (%s, %s, %s, %s, %s)"
                " ON CONFLICT (tenant_id, user_id) DO UPDATE SET"
                " timezone = excluded.timezone, hemisphere = excluded.hemisphere, language = excluded.language",
                (
                    self.tenant,
                    settings.user_id,
                    settings.timezone,
                    settings.hemisphere,
                    settings.language,
                ),
            )
            reindex_words(conn, self.tenant, settings.user_id, config)

    def users(self) -> list[str]:
        rows = self._rows(
            'SELECT user_id FROM users WHERE tenant_id = %s ORDER BY user_id COLLATE "C"',
            (self.tenant,),
        )
        return [u for (u,) in rows]

    def _text_configs(self, conn: Any, user_ids: Sequence[str]) -> dict[str, str]:
        rows = conn.execute(
            "SELECT user_id, language FROM users WHERE tenant_id = %s AND user_id = ANY(%s::text[])",
            (self.tenant, list(user_ids)),
        ).fetchall()
        languages = dict(rows)
        return {
            u: codec.text_search_config(languages.get(u), self._db.text_configs) for u in user_ids
        }

    # -- writes -----------------------------------------------------------------
    def _ensure_dimension(self, items: Sequence[IndexedEpisode]) -> None:
        for item in items:
            vectors = np.asarray(item.vectors)
            if vectors.ndim == 2 and len(vectors):
                self._db.ensure_dimension(int(vectors.shape[1]))

    def add(self, items: Sequence[IndexedEpisode], pending: Sequence[PendingWork] = ()) -> None:
        if not items:
            return
        self._ensure_dimension(items)
        user_ids = sorted({require_stored_form(i.episode.user_id) for i in items})
        with self._db.transaction(self.tenant, user_ids) as conn:
            cursor = conn.cursor()
            cursor.executemany(
                "INSERT INTO users (tenant_id, user_id) VALUES (%s, %s) ON CONFLICT DO NOTHING",
                [(self.tenant, u) for u in user_ids],
            )
            configs = self._text_configs(conn, user_ids)
            cursor.executemany(
                codec.INSERT_EPISODE, [codec.episode_row(self.tenant, i.episode) for i in items]
            )
            insert_chunks(
                conn,
                [c for i in items for c in chunk_rows(self.tenant, i, configs[i.episode.user_id])],
            )
            derived.mark(conn, self.tenant, pending)

    def replace(
        self, item: IndexedEpisode, changed_at: datetime, pending: Sequence[PendingWork] = ()
    ) -> None:
        e = item.episode
        self._ensure_dimension([item])
        with self._db.transaction(self.tenant, [e.user_id]) as conn:
            old = self._get(conn, e.user_id, e.id, lock=True)
            derived.mark(conn, self.tenant, pending)
            if not conn.execute(
                "SELECT 1 FROM episode_history WHERE tenant_id = %s AND episode_id = %s LIMIT 1",
                (self.tenant, e.id),
            ).fetchone():
                conn.execute(
                    _HISTORY, (self.tenant, e.id, old.version, "ADD", old.content, old.recorded_at)
                )
            conn.execute(_HISTORY, (self.tenant, e.id, e.version, "UPDATE", e.content, changed_at))
            conn.execute(
                "DELETE FROM chunks WHERE tenant_id = %s AND episode_id = %s", (self.tenant, e.id)
            )
            conn.execute(codec.UPDATE_EPISODE, codec.episode_row(self.tenant, e))
            config = self._text_configs(conn, [e.user_id])[e.user_id]
            insert_chunks(conn, chunk_rows(self.tenant, item, config))

    def pending_work(self, older_than: float | None = None) -> builtins.list[PendingWork]:
        return derived.pending_work(self._db, self.tenant, older_than)

    def clear_pending(self, work: Sequence[PendingWork]) -> None:
        derived.clear(self._db, self.tenant, work)

    def delete(self, user_id: str, episode_ids: Sequence[str]) -> int:
        ids = list(dict.fromkeys(episode_ids))
        with self._db.transaction(self.tenant, [user_id]) as conn:
            found = set(self._lock_episodes(conn, user_id, _BY_IDS, ids=ids))
            missing = [i for i in ids if i not in found]
            if missing:
                raise NotFoundError("episode", missing[0])
            return self._delete_where(conn, user_id, _BY_IDS, {"ids": ids})

    def delete_matching(self, user_id: str, filters: Filters) -> int:
        condition, params = sql.where(filters)
        with self._db.transaction(self.tenant, [user_id]) as conn:
            found = self._lock_episodes(conn, user_id, condition, **params)
            if not found:
                return 0
            return self._delete_where(conn, user_id, _BY_IDS, {"ids": found})

    def delete_user(self, user_id: str) -> int:
        with self._db.transaction(self.tenant, [user_id]) as conn:
            count = self._delete_where(conn, user_id, "TRUE", {})
            conn.execute(
                "DELETE FROM users WHERE tenant_id = %s AND user_id = %s", (self.tenant, user_id)
            )
            return count

    def _lock_episodes(
        self, conn: psycopg.Connection, user_id: str, condition: str, **params: Any
    ) -> builtins.list[str]:
        """The ids of the user's episodes matching ``condition``, locked until the write ends."""
        rows = conn.execute(
            "SELECT e.id FROM episodes e WHERE e.tenant_id = %(tenant)s AND e.user_id = %(user)s"
            f" AND {condition} FOR UPDATE",
            self._scope(user_id, **params),
        ).fetchall()
        return [i for (i,) in rows]

    def _delete_where(
        self, conn: psycopg.Connection, user_id: str, condition: str, params: dict[str, Any]
    ) -> int:
        """Delete matching episodes; their chunks and history go with them (ON DELETE CASCADE)."""
        cursor = conn.execute(
            f"DELETE FROM episodes e WHERE e.tenant_id = %(tenant)s AND e.user_id = %(user)s AND {condition}",
            self._scope(user_id, **params),
        )
        return cursor.rowcount

    def touch(self, user_id: str, episode_ids: Sequence[str], at: datetime) -> None:
        if not episode_ids:
            return
        with self._db.transaction(self.tenant, [user_id]) as conn:
            conn.execute(
                "UPDATE episodes SET last_accessed = %s, access_count = access_count + 1"
                " WHERE tenant_id = %s AND user_id = %s AND id = ANY(%s::text[])",
                (at, self.tenant, user_id, list(episode_ids)),
            )

    # -- reads ------------------------------------------------------------------
    def _get(self, conn: Any, user_id: str, episode_id: str, *, lock: bool = False) -> Episode:
        row = conn.execute(
            f"SELECT {codec.columns()} FROM episodes WHERE tenant_id = %s AND user_id = %s AND id "
            f"= %s{' FOR UPDATE' if lock else ''}",
            (self.tenant, user_id, episode_id),
        ).fetchone()
        if row is None:
            raise NotFoundError("episode", episode_id)
        return codec.episode_from_row(row)

    def get(self, user_id: str, episode_id: str) -> Episode:
        with self._db.connection() as conn:
            return self._get(conn, user_id, episode_id)

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
        condition, params = sql.where(filters)
        op, direction = ("<", "DESC") if newest_first else (">", "ASC")
        if cursor is not None:
            params["after_at"], params["after_seq"] = codec.decode_cursor(cursor)
            condition += f" AND (e.at_utc, e.seq) {op} (%(after_at)s, %(after_seq)s)"
        rows = self._rows(
            f"SELECT {sql.E_COLUMNS}, e.at_utc, e.seq FROM episodes e WHERE e.tenant_id = "
            "%(tenant)s AND e.user_id = %(user)s"
            f" AND {condition} ORDER BY e.at_utc {direction}, e.seq {direction} LIMIT %(limit)s",
            self._scope(user_id, limit=limit + 1, **params),
        )
        items = [codec.episode_from_row(r[:-2]) for r in rows[:limit]]
        more = codec.encode_cursor(*rows[limit - 1][-2:]) if len(rows) > limit else None
        return Page(items, more)

    def history(self, user_id: str, episode_id: str) -> builtins.list[HistoryEntry]:
        episode = self.get(user_id, episode_id)
        rows = self._rows(
            "SELECT version, event, content, changed_at FROM episode_history WHERE tenant_id = %s AND episode_id = %s"
            " ORDER BY version, id",
            (self.tenant, episode_id),
        )
        if not rows:
            return [
                HistoryEntry(
                    episode.id, episode.version, "ADD", episode.content, episode.recorded_at
                )
            ]
        return [HistoryEntry(episode_id, v, ev, c, t.astimezone(UTC)) for v, ev, c, t in rows]

    def sessions(self, user_id: str) -> builtins.list[SessionInfo]:
        rows = self._rows(
            "SELECT session_id, MIN(at_utc), MAX(at_utc), COUNT(*) FROM episodes WHERE tenant_id = %s AND user_id = %s"
            " AND session_id IS NOT NULL GROUP BY session_id ORDER BY MIN(at_utc), session_id",
            (self.tenant, user_id),
        )
        return [SessionInfo(s, a.astimezone(UTC), b.astimezone(UTC), n) for s, a, b, n in rows]

    def stats(self) -> StoreStats:
        rows = self._rows(sql.STATS, {"t": self.tenant, "tables": list(sql.TABLES)})
        users, episodes, chunks, sessions, size = rows[0]
        return StoreStats(users, episodes, chunks, sessions, int(size))

    # -- search primitives --------------------------------------------------------
    def dense(
        self, user_id: str, vector: NDArray[np.float32], k: int, filters: Filters
    ) -> builtins.list[tuple[int, float]]:
        """Best chunks by inner product (= cosine for unit vectors); exact for small scopes."""
        if k <= 0:
            return []
        condition, params = sql.where(filters)
        scope = sql.chunks_in_scope(filters)
        params = self._scope(user_id, vector=np.asarray(vector, dtype=np.float32), k=k, **params)
        with self._db.connection() as conn:
            if read_scope(conn, self._db, self.tenant, user_id).size <= self.exact_search_limit:
                rows = conn.execute(sql.dense_exact(scope, condition), params).fetchall()
            else:
                indexed = sql.dense_indexed(scope, f"{condition} AND {self._db.search_settings()}")
                rows = conn.execute(indexed, {**params, "ef": str(_search_ef(k))}).fetchall()
        return [(int(r), float(s)) for r, s in rows]

    def keyword(
        self, user_id: str, query: str, k: int, filters: Filters
    ) -> builtins.list[tuple[int, float]]:
        with self._db.connection() as conn:
            return words.keyword(conn, self._db, self._scope(user_id), query, k, filters)

    def chunk_rows(self, user_id: str, refs: Sequence[int]) -> dict[int, ChunkRow]:
        rows = self._rows(
            f"SELECT c.ref, c.position, c.text, {sql.E_COLUMNS} {sql.SCOPED_CHUNKS}"
            " AND c.ref = ANY(%(refs)s::bigint[])",
            self._scope(user_id, refs=[int(r) for r in refs]),
        )
        return {r[0]: ChunkRow(r[0], r[1], r[2], codec.episode_from_row(r[3:])) for r in rows}

    def chunk_vectors(self, user_id: str, refs: Sequence[int]) -> NDArray[np.float32]:
        with self._db.connection() as conn:
            cursor = conn.cursor(binary=True)
            rows = cursor.execute(
                "SELECT ref, embedding FROM chunks WHERE tenant_id = %s AND user_id = %s AND ref = ANY(%s::bigint[])",
                (self.tenant, user_id, [int(r) for r in refs]),
            ).fetchall()
        found = dict(rows)
        missing = [r for r in refs if r not in found]
        if missing:
            raise NotFoundError("chunk", str(missing[0]))
        if not refs:
            return np.zeros((0, self._db.dimension or 0), dtype=np.float32)
        return np.stack([found[r] for r in refs])

    def neighbours(
        self, user_id: str, episode_id: str, before: int, after: int
    ) -> builtins.list[Episode]:
        rows = self._rows(
            "SELECT session_id, at_utc, seq FROM episodes WHERE tenant_id = %s AND user_id = %s AND id = %s",
            (self.tenant, user_id, episode_id),
        )
        if not rows:
            raise NotFoundError("episode", episode_id)
        session, at_utc, seq = rows[0]
        if session is None:
            return [self.get(user_id, episode_id)]
        base = (
            f"SELECT {codec.columns()} FROM episodes WHERE tenant_id = %(tenant)s AND user_id = %(user)s"
            " AND session_id = %(session)s AND (at_utc, seq)"
        )
        params = self._scope(user_id, session=session, at=at_utc, seq=seq)
        earlier = self._rows(
            f"{base} < (%(at)s, %(seq)s) ORDER BY at_utc DESC, seq DESC LIMIT %(n)s",
            {**params, "n": before},
        )
        later = self._rows(
            f"{base} >= (%(at)s, %(seq)s) ORDER BY at_utc, seq LIMIT %(n)s",
            {**params, "n": after + 1},
        )
        return [codec.episode_from_row(r) for r in [*reversed(earlier), *later]]

    # -- embedding cache: the stored chunks are the cache --------------------------------
    def cached_vectors(self, model: str, hashes: Sequence[str]) -> dict[str, NDArray[np.float32]]:
        """Vectors of this tenant's stored chunks with these text hashes (one embedder per store);
        never another tenant's, whose hit would be faster and tell that it holds the text."""
        out: dict[str, NDArray[np.float32]] = {}
        with self._db.connection() as conn:
            cursor = conn.cursor(binary=True)
            for start in range(0, len(hashes), 1000):
                part = list(hashes[start : start + 1000])
                cursor.execute(
                    "SELECT DISTINCT ON (text_hash) text_hash, embedding FROM chunks"
                    " WHERE tenant_id = %s AND text_hash = ANY(%s::text[])",
                    (self.tenant, part),
                )
                out.update(cursor.fetchall())
        return out

    def cache_vectors(self, model: str, items: dict[str, NDArray[np.float32]]) -> None:
        """Nothing to do: vectors are persisted with their chunks, in the same transaction."""
