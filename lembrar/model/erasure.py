"""What forgetting guarantees on each store, and what an erasure pass did.

``IMMEDIATE``: when ``forget`` returns, the deleted text is gone from the store's files (SQLite
overwrites freed pages and checkpoints its log). ``ON_MAINTENANCE``: the rows are deleted and no
read returns them, but their bytes stay in the database's files and write-ahead log until an
operator runs ``lembrar maintenance erase-pending`` (PostgreSQL).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Guarantee = Literal["immediate", "on_maintenance"]
IMMEDIATE: Guarantee = "immediate"
ON_MAINTENANCE: Guarantee = "on_maintenance"

NOTES: dict[Guarantee, str] = {
    IMMEDIATE: "the deleted text is overwritten in the store's files before this answer",
    ON_MAINTENANCE: "the rows are deleted and never returned; their bytes stay in the database files and "
    "write-ahead log until an operator runs `lembrar maintenance erase-pending`",
}


@dataclass
class ErasureReport:
    """One erasure pass: the tables rewritten, and whether old log segments are gone too."""

    tables_rewritten: list[str] = field(default_factory=list)
    log_recycled: bool = False
    complete: bool = False
    notes: list[str] = field(default_factory=list)
