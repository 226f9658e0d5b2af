"""Reading a scope's episodes: one by id, a page of them in time order, an episode's history,
the scope's conversations, and the turns around an episode."""

from __future__ import annotations

import sqlite3
from datetime import datetime

from lembrar.errors import NotFoundError, ValidationError
from lembrar.model.episode import Episode
from lembrar.model.query import Filters, HistoryEntry, Page, SessionInfo
from lembrar.store.rows import decode_cursor, encode_cursor
from lembrar.store.sqlite.codec import EPISODE_COLUMNS, episode_from_row
from lembrar.store.sqlite.connection import Shared
from lembrar.store.sqlite.filters import where
from lembrar.store.sqlite.index import Scope

E_COLUMNS = ", ".join(f"e.{c.strip()}" for c in EPISODE_COLUMNS.split(","))  # over ``episodes e``


def episode_in(db: sqlite3.Connection, tenant: str, user_id: str, episode_id: str) -> Episode:
    """The user's episode, read on ``db`` (inside a write, or on the shared connection)."""
    row = db.execute(
        f"SELECT {EPISODE_COLUMNS} FROM episodes WHERE id = ? AND tenant_id = ? AND user_id = ?",
        (episode_id, tenant, user_id),
    ).fetchone()
    if row is None:
        raise NotFoundError("episode", episode_id)
    return episode_from_row(row)


def page(
    shared: Shared,
    scope: Scope,
    filters: Filters,
    newest_first: bool,
    limit: int,
    cursor: str | None,
) -> Page:
    """Up to ``limit`` episodes matching ``filters`` in time order, from after ``cursor``."""
    if limit < 1:
        raise ValidationError("limit", "must be at least 1")
    condition, params = where(filters)
    op, direction = ("<", "DESC") if newest_first else (">", "ASC")
    if cursor is not None:
        at_ts, seq = _position(cursor)
        condition += f" AND (e.at_ts, e.rowid) {op} (?, ?)"
        params += [at_ts, seq]
    rows = shared.read(
        f"SELECT {E_COLUMNS}, e.at_ts, e.rowid FROM episodes e WHERE e.tenant_id = ? AND "
        f"e.user_id = ? AND {condition}"
        f" ORDER BY e.at_ts {direction}, e.rowid {direction} LIMIT ?",
        [*scope, *params, limit + 1],
    )
    items = [episode_from_row(r[:-2]) for r in rows[:limit]]
    more = encode_cursor(rows[limit - 1][-2], rows[limit - 1][-1]) if len(rows) > limit else None
    return Page(items, more)


def history(shared: Shared, tenant: str, episode: Episode) -> list[HistoryEntry]:
    """The episode's versions, oldest first; one ``ADD`` entry when it was never changed."""
    rows = shared.read(
        "SELECT version, event, content, changed_at FROM episode_history"
        " WHERE tenant_id = ? AND episode_id = ? ORDER BY version",
        (tenant, episode.id),
    )
    if not rows:
        return [
            HistoryEntry(episode.id, episode.version, "ADD", episode.content, episode.recorded_at)
        ]
    return [HistoryEntry(episode.id, v, ev, c, datetime.fromisoformat(t)) for v, ev, c, t in rows]


def sessions(shared: Shared, scope: Scope) -> list[SessionInfo]:
    rows = shared.read(
        "SELECT session_id, MIN(at_utc), MAX(at_utc), COUNT(*) FROM episodes WHERE tenant_id = ?"
        " AND user_id = ? AND session_id IS NOT NULL GROUP BY session_id ORDER BY MIN(at_ts)",
        scope,
    )
    return [
        SessionInfo(s, datetime.fromisoformat(a), datetime.fromisoformat(b), n)
        for s, a, b, n in rows
    ]


def neighbours(
    shared: Shared, scope: Scope, episode_id: str, before: int, after: int
) -> list[Episode]:
    """The episode with up to ``before`` turns of its conversation before it and ``after``
    after it, in time order."""
    rows = shared.read(
        "SELECT session_id, at_ts, rowid FROM episodes WHERE id = ? AND tenant_id = ? AND user_id = ?",
        (episode_id, *scope),
    )
    if not rows:
        raise NotFoundError("episode", episode_id)
    session, at_ts, seq = rows[0]
    if session is None:
        with shared.lock:
            return [episode_in(shared.db, *scope, episode_id)]
    base = (
        f"SELECT {EPISODE_COLUMNS}, at_ts, rowid FROM episodes"
        " WHERE tenant_id = ? AND user_id = ? AND session_id = ?"
    )
    args = [*scope, session, at_ts, seq]
    earlier = shared.read(
        f"{base} AND (at_ts, rowid) < (?, ?) ORDER BY at_ts DESC, rowid DESC LIMIT ?",
        [*args, before],
    )
    later = shared.read(
        f"{base} AND (at_ts, rowid) >= (?, ?) ORDER BY at_ts, rowid LIMIT ?", [*args, after + 1]
    )
    return [episode_from_row(r[:-2]) for r in [*reversed(earlier), *later]]


def _position(cursor: str) -> tuple[float, int]:
    position, seq = decode_cursor(cursor)
    if isinstance(position, str):
        raise ValidationError(
            "cursor", "not a cursor returned by a previous page; start without one"
        )
    return float(position), seq
