"""Erasure on PostgreSQL: deleted rows leave their bytes in table pages, indexes, TOAST and the
write-ahead log. ``erase_pending`` rewrites every lembrar table (``VACUUM FULL``: new files with
the live rows only; the old files are unlinked), then closes and checkpoints the log segment
twice so that the segments written before are removed. Removed, not reused: with
``wal_recycle = on`` PostgreSQL renames old segments for reuse with their bytes still inside,
and replication slots, ``wal_keep_size`` or archiving keep them too; the report says so.

It takes an exclusive lock on each table while it is rewritten: run it in a quiet moment.
CHECKPOINT and ``pg_switch_wal`` need a superuser (or the ``pg_checkpoint`` role and a grant).
"""

from __future__ import annotations

import psycopg

from lembrar.model.erasure import ErasureReport
from lembrar.store.postgres.database import Database, _scalar

_TABLES = "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename"


def erase_pending(db: Database) -> ErasureReport:
    report = ErasureReport()
    with db.connection() as conn:
        for (table,) in conn.execute(_TABLES).fetchall():
            conn.execute(f'VACUUM (FULL, ANALYZE) "{table}"')
            report.tables_rewritten.append(table)
        report.notes += _wal_keepers(conn)
        try:
            for _ in range(2):
                conn.execute("SELECT pg_switch_wal()")
                conn.execute("CHECKPOINT")
            report.log_recycled = True
        except psycopg.errors.InsufficientPrivilege as exc:
            report.notes.append(
                f"the write-ahead log was not recycled: {exc.diag.message_primary}; "
                "run this as a superuser or grant pg_checkpoint and pg_switch_wal"
            )
    report.complete = report.log_recycled and not report.notes
    return report


def _wal_keepers(conn: psycopg.Connection) -> list[str]:
    """Settings under which old log segments, and the deleted bytes in them, are kept."""
    notes = []
    if _scalar(conn, "SHOW wal_recycle") == "on":
        notes.append(
            "wal_recycle is on: old log segments are reused with their bytes until overwritten; "
            "set wal_recycle = off"
        )
    if _scalar(conn, "SHOW wal_keep_size") not in ("0", "0MB", "0kB"):
        notes.append("wal_keep_size keeps old log segments; set it to 0 or wait until they pass")
    if _scalar(conn, "SELECT count(*) FROM pg_replication_slots"):
        notes.append("replication slots keep old log segments until their consumers advance")
    if _scalar(conn, "SHOW archive_mode") != "off":
        notes.append("archive_mode is on: erase the archived segments as well")
    return notes
