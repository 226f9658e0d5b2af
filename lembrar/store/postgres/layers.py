"""``LayerStore`` on the PostgreSQL store's database (tables of migration ``0003_layers``).

Cascades live in the schema, as in the SQLite store: foreign keys delete a user's layer rows
with the user and a captured fact with its message; triggers wipe (and mark stale) a summary or
insight when one of its source turns is deleted or edited, and delete it when none is left.
Every statement is scoped by ``tenant_id`` and ``user_id``.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import numpy as np
from numpy.typing import NDArray

from lembrar.errors import NotFoundError
from lembrar.model.layers import Insight, PendingMemory, SavedMemory, SessionSummary
from lembrar.store.postgres.database import Database

__all__ = ["PostgresLayerStore"]

_MEMORY_COLUMNS = (
    "id, user_id, text, created_at, updated_at, source_episode_id, retired_at, replaced_by, vector"
)
_SUMMARY_COLUMNS = (
    "id, user_id, session_id, title, summary, keyphrases, first_at, last_at, turns, method, created_at,"
    " stale, vector"
)
_INSIGHT_COLUMNS = (
    "id, user_id, statement, keyphrases, first_at, last_at, size, cohesion, confidence, created_at,"
    " updated_at, edited, stale"
)
_ENSURE_USER = "INSERT INTO users (tenant_id, user_id) VALUES (%s, %s) ON CONFLICT DO NOTHING"


def _utc(value: datetime) -> datetime:
    return value.astimezone(UTC)


def _when(value: datetime | None) -> datetime | None:
    return None if value is None else _utc(value)


def _vector(vector: NDArray[np.float32]) -> NDArray[np.float32]:
    return np.asarray(vector, dtype=np.float32).ravel()


class PostgresLayerStore:
    """Saved memories, session summaries and insights in the store's database, over its pool."""

    def __init__(self, db: Database, tenant: str) -> None:
        self._db = db
        self.tenant = tenant

    def _rows(self, query: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self._db.connection() as conn:
            return conn.execute(query, params).fetchall()

    # -- saved memories ------------------------------------------------------------
    def save_memory(
        self, memory: SavedMemory, vector: NDArray[np.float32], retire: str | None = None
    ) -> None:
        m = memory
        with self._db.transaction(self.tenant, [m.user_id]) as conn:
            conn.execute(_ENSURE_USER, (self.tenant, m.user_id))
            conn.execute(
                f"INSERT INTO saved_memories (tenant_id, {_MEMORY_COLUMNS}) VALUES (%s,%s,%s,%s,%s,%s,%s,NULL,NULL,%s)",
                (
                    self.tenant,
                    m.id,
                    m.user_id,
                    m.text,
                    m.created_at,
                    m.updated_at,
                    m.source_episode_id,
                    _vector(vector),
                ),
            )
            if retire is not None:
                changed = conn.execute(
                    "UPDATE saved_memories SET retired_at = %s, replaced_by = %s WHERE tenant_id = %s AND user_id = %s"
                    " AND id = %s AND retired_at IS NULL",
                    (m.created_at, m.id, self.tenant, m.user_id, retire),
                ).rowcount
                if not changed:
                    raise NotFoundError("saved memory", retire)

    def edit_memory(
        self, user_id: str, memory_id: str, text: str, vector: NDArray[np.float32], at: datetime
    ) -> SavedMemory:
        with self._db.transaction(self.tenant, [user_id]) as conn:
            changed = conn.execute(
                "UPDATE saved_memories SET text = %s, vector = %s, updated_at = %s"
                " WHERE tenant_id = %s AND user_id = %s AND id = %s",
                (text, _vector(vector), at, self.tenant, user_id, memory_id),
            ).rowcount
        if not changed:
            raise NotFoundError("saved memory", memory_id)
        return next(m for m, _ in self.memories(user_id, include_retired=True) if m.id == memory_id)

    def memories(
        self, user_id: str, *, include_retired: bool = False
    ) -> list[tuple[SavedMemory, NDArray[np.float32]]]:
        active = "" if include_retired else " AND retired_at IS NULL"
        rows = self._rows(
            f"SELECT {_MEMORY_COLUMNS} FROM saved_memories WHERE tenant_id = %s AND user_id = %s{active}"
            " ORDER BY created_at, seq",
            (self.tenant, user_id),
        )
        return [
            (SavedMemory(r[0], r[1], r[2], _utc(r[3]), _utc(r[4]), r[5], _when(r[6]), r[7]), r[8])
            for r in rows
        ]

    def delete_memory(self, user_id: str, memory_id: str) -> int:
        """Delete the memory and the retired facts it replaced (directly or in a chain)."""
        with self._db.transaction(self.tenant, [user_id]) as conn:
            count = conn.execute(
                "WITH RECURSIVE chain (tenant_id, id) AS (SELECT tenant_id, id FROM saved_memories"
                " WHERE tenant_id = %(t)s AND user_id = %(u)s AND id = %(id)s"
                " UNION SELECT m.tenant_id, m.id FROM saved_memories m JOIN chain c"
                " ON m.tenant_id = c.tenant_id AND m.replaced_by = c.id"
                " WHERE m.tenant_id = %(t)s AND m.user_id = %(u)s)"
                " DELETE FROM saved_memories WHERE tenant_id = %(t)s AND user_id = %(u)s AND id "
                "IN (SELECT id FROM chain)",
                {"t": self.tenant, "u": user_id, "id": memory_id},
            ).rowcount
        if not count:
            raise NotFoundError("saved memory", memory_id)
        return count

    # -- pending facts ---------------------------------------------------------------
    def add_pending(self, pending: PendingMemory) -> None:
        p = pending
        with self._db.transaction(self.tenant, [p.user_id]) as conn:
            conn.execute(_ENSURE_USER, (self.tenant, p.user_id))
            conn.execute(
                "INSERT INTO pending_memories (tenant_id, id, user_id, text, created_at, conflicts_with, reason,"
                " source_episode_id) VALUES (%s,%s,%s,%s,%s,%s,%s,%s)",
                (
                    self.tenant,
                    p.id,
                    p.user_id,
                    p.text,
                    p.created_at,
                    p.conflicts_with,
                    p.reason,
                    p.source_episode_id,
                ),
            )

    def pending(self, user_id: str) -> list[PendingMemory]:
        """Pending facts, oldest first; ``conflicts_with`` is None once that fact was deleted."""
        rows = self._rows(
            "SELECT p.id, p.user_id, p.text, p.created_at, m.id, p.reason, p.source_episode_id"
            " FROM pending_memories p LEFT JOIN saved_memories m"
            " ON m.tenant_id = p.tenant_id AND m.id = p.conflicts_with"
            " WHERE p.tenant_id = %s AND p.user_id = %s ORDER BY p.created_at, p.seq",
            (self.tenant, user_id),
        )
        return [PendingMemory(r[0], r[1], r[2], _utc(r[3]), r[4], r[5], r[6]) for r in rows]

    def delete_pending(self, user_id: str, pending_id: str) -> None:
        with self._db.transaction(self.tenant, [user_id]) as conn:
            deleted = conn.execute(
                "DELETE FROM pending_memories WHERE tenant_id = %s AND user_id = %s AND id = %s",
                (self.tenant, user_id, pending_id),
            ).rowcount
        if not deleted:
            raise NotFoundError("pending memory", pending_id)

    # -- session summaries -----------------------------------------------------------
    def put_summary(
        self, summary: SessionSummary, vector: NDArray[np.float32], sources: Sequence[str]
    ) -> None:
        s = summary
        with self._db.transaction(self.tenant, [s.user_id]) as conn:
            conn.execute(_ENSURE_USER, (self.tenant, s.user_id))
            conn.execute(
                "DELETE FROM session_summaries WHERE tenant_id = %s AND user_id = %s AND session_id = %s",
                (self.tenant, s.user_id, s.session_id),
            )
            conn.execute(
                f"INSERT INTO session_summaries (tenant_id, {_SUMMARY_COLUMNS})"
                f" VALUES ({', '.join(['%s'] * 14)})",
                (
                    self.tenant,
                    s.id,
                    s.user_id,
                    s.session_id,
                    s.title,
                    s.summary,
                    list(s.keyphrases),
                    s.first_at,
                    s.last_at,
                    s.turns,
                    s.method,
                    s.created_at,
                    False,
                    _vector(vector),
                ),
            )
            conn.cursor().executemany(
                "INSERT INTO summary_sources (tenant_id, summary_id, episode_id) VALUES (%s, %s, %s)",
                [(self.tenant, s.id, e) for e in sources],
            )

    def summaries(
        self, user_id: str, *, vectors: bool = True
    ) -> list[tuple[SessionSummary, NDArray[np.float32] | None]]:
        columns = _SUMMARY_COLUMNS if vectors else _SUMMARY_COLUMNS.replace("vector", "NULL")
        rows = self._rows(
            f"SELECT {columns} FROM session_summaries WHERE tenant_id = %s AND user_id = %s ORDER "
            'BY first_at, id COLLATE "C"',
            (self.tenant, user_id),
        )
        return [
            (
                SessionSummary(
                    r[0],
                    r[1],
                    r[2],
                    r[3],
                    r[4],
                    tuple(r[5]),
                    _utc(r[6]),
                    _utc(r[7]),
                    r[8],
                    r[9],
                    _utc(r[10]),
                    bool(r[11]),
                ),
                r[12],
            )
            for r in rows
        ]

    def delete_summary(self, user_id: str, session_id: str) -> int:
        with self._db.transaction(self.tenant, [user_id]) as conn:
            count = conn.execute(
                "DELETE FROM session_summaries WHERE tenant_id = %s AND user_id = %s AND session_id = %s",
                (self.tenant, user_id, session_id),
            ).rowcount
        if not count:
            raise NotFoundError("session summary", session_id)
        return count

    # -- insights ----------------------------------------------------------------------
    def put_insights(
        self, user_id: str, insights: Sequence[Insight], *, remove: Sequence[str] = ()
    ) -> None:
        with self._db.transaction(self.tenant, [user_id]) as conn:
            conn.execute(_ENSURE_USER, (self.tenant, user_id))
            conn.execute(
                "DELETE FROM insights WHERE tenant_id = %s AND user_id = %s AND id = ANY(%s::text[])",
                (self.tenant, user_id, [*remove, *(i.id for i in insights)]),
            )
            cursor = conn.cursor()
            for i in insights:
                cursor.execute(
                    f"INSERT INTO insights (tenant_id, {_INSIGHT_COLUMNS}) VALUES ({', '.join(['%s'] * 14)})",
                    (
                        self.tenant,
                        i.id,
                        user_id,
                        i.statement,
                        list(i.keyphrases),
                        i.first_at,
                        i.last_at,
                        i.size,
                        i.cohesion,
                        i.confidence,
                        i.created_at,
                        i.updated_at,
                        bool(i.edited),
                        False,
                    ),
                )
                cursor.executemany(
                    "INSERT INTO insight_sources (tenant_id, insight_id, episode_id) VALUES (%s, %s, %s)",
                    [(self.tenant, i.id, e) for e in i.sources],
                )

    def insights(self, user_id: str) -> list[Insight]:
        with self._db.connection() as conn, conn.transaction():
            rows = conn.execute(
                f"SELECT {_INSIGHT_COLUMNS} FROM insights WHERE tenant_id = %s AND user_id = %s"
                ' ORDER BY confidence DESC, id COLLATE "C"',
                (self.tenant, user_id),
            ).fetchall()
            linked = conn.execute(
                "SELECT s.insight_id, s.episode_id FROM insight_sources s"
                " JOIN insights i ON i.tenant_id = s.tenant_id AND i.id = s.insight_id"
                ' WHERE i.tenant_id = %s AND i.user_id = %s ORDER BY s.episode_id COLLATE "C"',
                (self.tenant, user_id),
            ).fetchall()
        sources: dict[str, list[str]] = {}
        for insight_id, episode_id in linked:
            sources.setdefault(insight_id, []).append(episode_id)
        return [
            Insight(
                r[0],
                r[1],
                r[2],
                tuple(r[3]),
                _utc(r[4]),
                _utc(r[5]),
                r[6],
                r[7],
                r[8],
                _utc(r[9]),
                _utc(r[10]),
                tuple(sources.get(r[0], ())),
                bool(r[11]),
                bool(r[12]),
            )
            for r in rows
        ]

    def delete_insight(self, user_id: str, insight_id: str, *, exclude_sources: bool = True) -> int:
        with self._db.transaction(self.tenant, [user_id]) as conn:
            if exclude_sources:
                conn.execute(
                    "INSERT INTO insight_exclusions (tenant_id, user_id, episode_id) SELECT "
                    "i.tenant_id, i.user_id, s.episode_id"
                    " FROM insight_sources s JOIN insights i ON i.tenant_id = s.tenant_id AND i.id = s.insight_id"
                    " WHERE i.tenant_id = %s AND i.user_id = %s AND i.id = %s ON CONFLICT DO NOTHING",
                    (self.tenant, user_id, insight_id),
                )
            count = conn.execute(
                "DELETE FROM insights WHERE tenant_id = %s AND user_id = %s AND id = %s",
                (self.tenant, user_id, insight_id),
            ).rowcount
            if not count:
                raise NotFoundError("insight", insight_id)
        return count

    def insight_exclusions(self, user_id: str) -> set[str]:
        rows = self._rows(
            "SELECT episode_id FROM insight_exclusions WHERE tenant_id = %s AND user_id = %s",
            (self.tenant, user_id),
        )
        return {r[0] for r in rows}
