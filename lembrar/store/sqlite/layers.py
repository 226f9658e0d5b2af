"""``LayerStore`` on the SQLite file of a ``SqliteStore`` (tables from migration ``0003_layers``).

Cascades live in the schema: foreign keys delete a user's layer rows with the user and a
captured fact with its message; triggers wipe (and mark stale) a summary or insight when one of
its source turns is deleted or edited, and delete it when none is left.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from lembrar.errors import NotFoundError
from lembrar.model.layers import Insight, PendingMemory, SavedMemory, SessionSummary
from lembrar.store.sqlite.codec import optional_time_of, time_of, time_text

if TYPE_CHECKING:
    from lembrar.store.sqlite.connection import Shared

__all__ = ["SqliteLayerStore"]

_MEMORY_COLUMNS = (
    "id, user_id, text, created_at, updated_at, source_episode_id, retired_at, replaced_by, vector"
)
_PENDING_COLUMNS = "id, user_id, text, created_at, conflicts_with, reason, source_episode_id"
_SUMMARY_COLUMNS = (
    "id, user_id, session_id, title, summary, keyphrases, first_at, last_at, turns, method, created_at,"
    " stale, vector"
)
_INSIGHT_COLUMNS = (
    "id, user_id, statement, keyphrases, first_at, last_at, size, cohesion, confidence, created_at,"
    " updated_at, edited, stale"
)


def _blob(vector: NDArray[np.float32]) -> bytes:
    return np.asarray(vector, dtype=np.float32).tobytes()


def _vector(blob: bytes | None) -> NDArray[np.float32] | None:
    return None if blob is None else np.frombuffer(blob, dtype=np.float32)


class SqliteLayerStore:
    """Saved memories, session summaries and insights in the store's own file and transactions."""

    def __init__(self, file: Shared, tenant: str) -> None:
        self._file = file
        self.tenant = tenant

    def _ensure_user(self, db: sqlite3.Connection, user_id: str) -> None:
        db.execute(
            "INSERT OR IGNORE INTO users (tenant_id, user_id, created_at) VALUES (?, ?, ?)",
            (self.tenant, user_id, time_text(datetime.now(UTC))),
        )

    def _scrub(self) -> None:
        """Deleted text leaves the WAL too (pages are zeroed by ``secure_delete``)."""
        self._file.read("PRAGMA wal_checkpoint(TRUNCATE)")

    # -- saved memories ------------------------------------------------------------
    def save_memory(
        self, memory: SavedMemory, vector: NDArray[np.float32], retire: str | None = None
    ) -> None:
        with self._file.write() as db:
            self._ensure_user(db, memory.user_id)
            db.execute(
                f"INSERT INTO saved_memories (tenant_id, {_MEMORY_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?)",
                (
                    self.tenant,
                    memory.id,
                    memory.user_id,
                    memory.text,
                    time_text(memory.created_at),
                    time_text(memory.updated_at),
                    memory.source_episode_id,
                    None,
                    None,
                    _blob(vector),
                ),
            )
            if retire is not None:
                changed = db.execute(
                    "UPDATE saved_memories SET retired_at = ?, replaced_by = ? WHERE id = ? AND "
                    "tenant_id = ? AND user_id = ?"
                    " AND retired_at IS NULL",
                    (time_text(memory.created_at), memory.id, retire, self.tenant, memory.user_id),
                ).rowcount
                if not changed:
                    raise NotFoundError("saved memory", retire)

    def edit_memory(
        self, user_id: str, memory_id: str, text: str, vector: NDArray[np.float32], at: datetime
    ) -> SavedMemory:
        with self._file.write() as db:
            changed = db.execute(
                "UPDATE saved_memories SET text = ?, vector = ?, updated_at = ? WHERE id = ? AND "
                "tenant_id = ? AND user_id = ?",
                (text, _blob(vector), time_text(at), memory_id, self.tenant, user_id),
            ).rowcount
            if not changed:
                raise NotFoundError("saved memory", memory_id)
        self._scrub()
        return next(m for m, _ in self.memories(user_id, include_retired=True) if m.id == memory_id)

    def memories(
        self, user_id: str, *, include_retired: bool = False
    ) -> list[tuple[SavedMemory, NDArray[np.float32]]]:
        active = "" if include_retired else " AND retired_at IS NULL"
        rows = self._file.read(
            f"SELECT {_MEMORY_COLUMNS} FROM saved_memories WHERE tenant_id = ? AND user_id = "
            f"?{active} ORDER BY created_at, rowid",
            (self.tenant, user_id),
        )
        return [
            (
                SavedMemory(
                    r[0],
                    r[1],
                    r[2],
                    time_of(r[3]),
                    time_of(r[4]),
                    r[5],
                    optional_time_of(r[6]),
                    r[7],
                ),
                np.frombuffer(r[8], np.float32),
            )
            for r in rows
        ]

    def delete_memory(self, user_id: str, memory_id: str) -> int:
        with self._file.write() as db:
            before = db.total_changes
            deleted = db.execute(
                "DELETE FROM saved_memories WHERE id = ? AND tenant_id = ? AND user_id = ?",
                (memory_id, self.tenant, user_id),
            ).rowcount
            if not deleted:
                raise NotFoundError("saved memory", memory_id)
            count = db.total_changes - before
        self._scrub()
        return count

    # -- pending facts ---------------------------------------------------------------
    def add_pending(self, pending: PendingMemory) -> None:
        p = pending
        with self._file.write() as db:
            self._ensure_user(db, p.user_id)
            db.execute(
                f"INSERT INTO pending_memories (tenant_id, {_PENDING_COLUMNS}) VALUES (?,?,?,?,?,?,?,?)",
                (
                    self.tenant,
                    p.id,
                    p.user_id,
                    p.text,
                    time_text(p.created_at),
                    p.conflicts_with,
                    p.reason,
                    p.source_episode_id,
                ),
            )

    def pending(self, user_id: str) -> list[PendingMemory]:
        rows = self._file.read(
            f"SELECT {_PENDING_COLUMNS} FROM pending_memories WHERE tenant_id = ? AND user_id = ?"
            " ORDER BY created_at, rowid",
            (self.tenant, user_id),
        )
        return [PendingMemory(r[0], r[1], r[2], time_of(r[3]), r[4], r[5], r[6]) for r in rows]

    def delete_pending(self, user_id: str, pending_id: str) -> None:
        with self._file.write() as db:
            deleted = db.execute(
                "DELETE FROM pending_memories WHERE id = ? AND tenant_id = ? AND user_id = ?",
                (pending_id, self.tenant, user_id),
            ).rowcount
            if not deleted:
                raise NotFoundError("pending memory", pending_id)
        self._scrub()

    # -- session summaries -----------------------------------------------------------
    def put_summary(
        self, summary: SessionSummary, vector: NDArray[np.float32], sources: Sequence[str]
    ) -> None:
        s = summary
        with self._file.write() as db:
            self._ensure_user(db, s.user_id)
            db.execute(
                "DELETE FROM session_summaries WHERE tenant_id = ? AND user_id = ? AND session_id = ?",
                (self.tenant, s.user_id, s.session_id),
            )
            db.execute(
                f"INSERT INTO session_summaries (tenant_id, {_SUMMARY_COLUMNS}, first_ts, last_ts) "
                f"VALUES ({','.join('?' * 16)})",
                (
                    self.tenant,
                    s.id,
                    s.user_id,
                    s.session_id,
                    s.title,
                    s.summary,
                    json.dumps(list(s.keyphrases), ensure_ascii=False),
                    time_text(s.first_at),
                    time_text(s.last_at),
                    s.turns,
                    s.method,
                    time_text(s.created_at),
                    0,
                    _blob(vector),
                    s.first_at.timestamp(),
                    s.last_at.timestamp(),
                ),
            )
            db.executemany(
                "INSERT INTO summary_sources (tenant_id, summary_id, episode_id) VALUES (?, ?, ?)",
                [(self.tenant, s.id, e) for e in sources],
            )

    def summaries(
        self, user_id: str, *, vectors: bool = True
    ) -> list[tuple[SessionSummary, NDArray[np.float32] | None]]:
        columns = _SUMMARY_COLUMNS if vectors else _SUMMARY_COLUMNS.replace("vector", "NULL")
        rows = self._file.read(
            f"SELECT {columns} FROM session_summaries WHERE tenant_id = ? AND user_id = ? ORDER BY first_ts, id",
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
                    tuple(json.loads(r[5])),
                    time_of(r[6]),
                    time_of(r[7]),
                    r[8],
                    r[9],
                    time_of(r[10]),
                    bool(r[11]),
                ),
                _vector(r[12]),
            )
            for r in rows
        ]

    def delete_summary(self, user_id: str, session_id: str) -> int:
        with self._file.write() as db:
            count = db.execute(
                "DELETE FROM session_summaries WHERE tenant_id = ? AND user_id = ? AND session_id = ?",
                (self.tenant, user_id, session_id),
            ).rowcount
        if not count:
            raise NotFoundError("session summary", session_id)
        self._scrub()
        return count

    # -- insights ----------------------------------------------------------------------
    def put_insights(
        self, user_id: str, insights: Sequence[Insight], *, remove: Sequence[str] = ()
    ) -> None:
        with self._file.write() as db:
            self._ensure_user(db, user_id)
            for ident in [*remove, *(i.id for i in insights)]:
                db.execute(
                    "DELETE FROM insights WHERE id = ? AND tenant_id = ? AND user_id = ?",
                    (ident, self.tenant, user_id),
                )
            for i in insights:
                db.execute(
                    f"INSERT INTO insights (tenant_id, {_INSIGHT_COLUMNS}) VALUES ({','.join('?' * 14)})",
                    (
                        self.tenant,
                        i.id,
                        user_id,
                        i.statement,
                        json.dumps(list(i.keyphrases), ensure_ascii=False),
                        time_text(i.first_at),
                        time_text(i.last_at),
                        i.size,
                        i.cohesion,
                        i.confidence,
                        time_text(i.created_at),
                        time_text(i.updated_at),
                        int(i.edited),
                        0,
                    ),
                )
                db.executemany(
                    "INSERT INTO insight_sources (tenant_id, insight_id, episode_id) VALUES (?, ?, ?)",
                    [(self.tenant, i.id, e) for e in i.sources],
                )
        if remove:
            self._scrub()

    def insights(self, user_id: str) -> list[Insight]:
        rows = self._file.read(
            f"SELECT {_INSIGHT_COLUMNS} FROM insights WHERE tenant_id = ? AND user_id = ? ORDER BY confidence DESC, id",
            (self.tenant, user_id),
        )
        sources: dict[str, list[str]] = {}
        for insight_id, episode_id in self._file.read(
            "SELECT s.insight_id, s.episode_id FROM insight_sources s JOIN insights i ON i.id = s.insight_id"
            " WHERE i.tenant_id = ? AND i.user_id = ? ORDER BY s.episode_id",
            (self.tenant, user_id),
        ):
            sources.setdefault(insight_id, []).append(episode_id)
        return [
            Insight(
                r[0],
                r[1],
                r[2],
                tuple(json.loads(r[3])),
                time_of(r[4]),
                time_of(r[5]),
                r[6],
                r[7],
                r[8],
                time_of(r[9]),
                time_of(r[10]),
                tuple(sources.get(r[0], ())),
                bool(r[11]),
                bool(r[12]),
            )
            for r in rows
        ]

    def delete_insight(self, user_id: str, insight_id: str, *, exclude_sources: bool = True) -> int:
        with self._file.write() as db:
            if exclude_sources:
                db.execute(
                    "INSERT OR IGNORE INTO insight_exclusions (tenant_id, user_id, episode_id) "
                    "SELECT i.tenant_id, i.user_id,"
                    " s.episode_id FROM insight_sources s JOIN insights i ON i.id = s.insight_id"
                    " WHERE i.id = ? AND i.tenant_id = ? AND i.user_id = ?",
                    (insight_id, self.tenant, user_id),
                )
            count = db.execute(
                "DELETE FROM insights WHERE id = ? AND tenant_id = ? AND user_id = ?",
                (insight_id, self.tenant, user_id),
            ).rowcount
            if not count:
                raise NotFoundError("insight", insight_id)
        self._scrub()
        return count

    def insight_exclusions(self, user_id: str) -> set[str]:
        rows = self._file.read(
            "SELECT episode_id FROM insight_exclusions WHERE tenant_id = ? AND user_id = ?",
            (self.tenant, user_id),
        )
        return {r[0] for r in rows}
