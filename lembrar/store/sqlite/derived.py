"""Markers of derived work still owed (``lembrar.model.derived``), table ``derived_pending``
of migration ``0010_derived_work``."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Sequence

from lembrar.model.derived import PendingWork
from lembrar.store.sqlite.connection import Shared


def mark(db: sqlite3.Connection, tenant: str, pending: Sequence[PendingWork]) -> None:
    """Write ``pending``'s markers in the caller's transaction."""
    db.executemany(
        "INSERT OR IGNORE INTO derived_pending VALUES (?, ?, ?, ?, ?)",
        [(tenant, w.user_id, w.episode_id, w.step, time.time()) for w in pending],
    )


def pending_work(shared: Shared, tenant: str, older_than: float | None) -> list[PendingWork]:
    before = time.time() - older_than if older_than is not None else float("inf")
    rows = shared.read(
        "SELECT user_id, episode_id, step FROM derived_pending WHERE tenant_id = ?"
        " AND created_at <= ? ORDER BY created_at, episode_id, step",
        (tenant, before),
    )
    return [PendingWork(*row) for row in rows]


def clear(shared: Shared, tenant: str, work: Sequence[PendingWork]) -> None:
    if not work:
        return
    with shared.write() as db:
        db.executemany(
            "DELETE FROM derived_pending WHERE tenant_id = ? AND episode_id = ? AND step = ?",
            [(tenant, w.episode_id, w.step) for w in work],
        )
