"""Writing a user's chunks: their rows, inserted several to a statement, and re-indexed for
full-text search when the user's language changes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from lembrar.model.episode import IndexedEpisode
from lembrar.store.postgres import codec

if TYPE_CHECKING:
    import psycopg

_COLUMNS = (
    'tenant_id, episode_id, user_id, position, text, start, "end", text_hash, embedding, '
    "fts_config, fts"
)
_VALUES = "(%s, %s, %s, %s, %s, %s, %s, %s, %s, %s::regconfig, to_tsvector(%s::regconfig, %s))"
_A_STATEMENT = 500  # rows of one INSERT: its triggers run once for them all
_REINDEX = (
    "UPDATE chunks SET fts_config = %s::regconfig, fts = to_tsvector(%s::regconfig, %s)"
    " WHERE tenant_id = %s AND ref = %s"
)
_STALE = (
    "SELECT ref, text FROM chunks"
    " WHERE tenant_id = %s AND user_id = %s AND fts_config <> %s::regconfig"
)


def chunk_rows(tenant: str, item: IndexedEpisode, config: str) -> list[tuple[Any, ...]]:
    """The rows of an episode's chunks, indexed for full-text search with ``config``."""
    e = item.episode
    return [
        (
            tenant,
            e.id,
            e.user_id,
            chunk.position,
            chunk.text,
            chunk.start,
            chunk.end,
            text_hash,
            np.asarray(vector, dtype=np.float32),
            config,
            config,
            codec.fold(chunk.text),
        )
        for chunk, vector, text_hash in zip(item.chunks, item.vectors, item.hashes)
    ]


def insert_chunks(conn: psycopg.Connection, rows: Sequence[tuple[Any, ...]]) -> None:
    """Insert chunk rows, several to a statement: the triggers that keep the scope's size and
    word counts run once a statement, over all its rows.

    Rows go in by user (stably): each statement's triggers lock its users' rows of
    ``chunk_scopes`` in order, and statements over sorted rows take them in that one order too,
    so writers cannot deadlock.
    """
    ordered = sorted(rows, key=lambda row: str(row[2]))
    for start in range(0, len(ordered), _A_STATEMENT):
        part = ordered[start : start + _A_STATEMENT]
        values = ", ".join([_VALUES] * len(part))
        conn.execute(
            f"INSERT INTO chunks ({_COLUMNS}) VALUES {values}",
            [value for row in part for value in row],
        )


def reindex_words(conn: psycopg.Connection, tenant: str, user_id: str, config: str) -> None:
    """Index the user's chunks that another configuration indexed with ``config`` instead."""
    stale = conn.execute(_STALE, (tenant, user_id, config)).fetchall()
    conn.cursor().executemany(
        _REINDEX, [(config, config, codec.fold(text), tenant, ref) for ref, text in stale]
    )
