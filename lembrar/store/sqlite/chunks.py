"""Writing an episode's row and its chunks' rows, and the matrix rows they add to the scope."""

from __future__ import annotations

import sqlite3
from typing import Any

import numpy as np

from lembrar.model.episode import IndexedEpisode
from lembrar.store.sqlite.codec import episode_row

_CHUNK = (
    'INSERT INTO chunks (episode_id, tenant_id, user_id, position, text, start, "end", text_hash,'
    " vector) VALUES (?,?,?,?,?,?,?,?,?)"
)


def insert_episode(
    db: sqlite3.Connection, tenant: str, item: IndexedEpisode
) -> list[tuple[Any, ...]]:
    """Insert the episode and its chunks; the rows they add to the scope's matrix."""
    row = episode_row(tenant, item.episode)
    db.execute(
        f"INSERT INTO episodes ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})",
        list(row.values()),
    )
    return insert_chunks(db, tenant, item, row)


def insert_chunks(
    db: sqlite3.Connection, tenant: str, item: IndexedEpisode, row: dict[str, object]
) -> list[tuple[Any, ...]]:
    """Insert the episode's chunks (``row``: its episode row); the rows they add to the scope's
    matrix: (ref, vector blob, at_ts, session, role, period, weekday)."""
    e = item.episode
    out = []
    for chunk, vector, text_hash in zip(item.chunks, item.vectors, item.hashes):
        blob = np.asarray(vector, dtype=np.float32).tobytes()
        values = (e.id, tenant, e.user_id, chunk.position, chunk.text, chunk.start, chunk.end)
        cursor = db.execute(_CHUNK, (*values, text_hash, blob))
        at, period, weekday = row["at_ts"], row["period"], row["weekday"]
        out.append((cursor.lastrowid, blob, at, e.session_id, e.role, period, weekday))
    return out
