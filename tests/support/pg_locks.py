"""Waiting, in a PostgreSQL test, until a writer thread is blocked on a lock another connection
holds (or has finished), so the test knows the order in which the two met."""

from __future__ import annotations

import threading
from typing import Any

WAITING_ON_A_LOCK = (
    "SELECT 1 FROM pg_stat_activity WHERE datname = current_database()"
    " AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()"
)


def wait_until_blocked(conn: Any, writer: threading.Thread) -> None:
    """Return once another backend waits on a lock, or ``writer`` has ended."""
    while writer.is_alive() and not conn.execute(WAITING_ON_A_LOCK).fetchone():
        writer.join(0.05)
