"""Markers of derived work still owed (``lembrar.model.derived``), table ``derived_pending``
of migration ``0013_derived_work``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lembrar.model.derived import PendingWork
from lembrar.store.postgres.database import Database


def mark(conn: Any, tenant: str, pending: Sequence[PendingWork]) -> None:
    """Write ``pending``'s markers in the caller's transaction."""
    if pending:
        conn.cursor().executemany(
            "INSERT INTO derived_pending (tenant_id, user_id, episode_id, step)"
            " VALUES (%s, %s, %s, %s) ON CONFLICT DO NOTHING",
            [(tenant, w.user_id, w.episode_id, w.step) for w in pending],
        )


def pending_work(db: Database, tenant: str, older_than: float | None) -> list[PendingWork]:
    with db.connection() as conn:
        rows = conn.execute(
            "SELECT user_id, episode_id, step FROM derived_pending WHERE tenant_id = %s"
            " AND (%s::float8 IS NULL OR created_at <= now() - make_interval(secs => %s::float8))"
            " ORDER BY created_at, episode_id, step",
            (tenant, older_than, older_than),
        ).fetchall()
    return [PendingWork(*row) for row in rows]


def clear(db: Database, tenant: str, work: Sequence[PendingWork]) -> None:
    users = sorted({w.user_id for w in work})
    if not work:
        return
    with db.transaction(tenant, users) as conn:
        conn.cursor().executemany(
            "DELETE FROM derived_pending WHERE tenant_id = %s AND episode_id = %s AND step = %s",
            [(tenant, w.episode_id, w.step) for w in work],
        )
