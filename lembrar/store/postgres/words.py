"""Keyword search on PostgreSQL, and the counts behind its choice of query words
(``lembrar.store.terms``).

Each user's count of chunks holding each word lives in ``chunk_words`` (migration
``0009_chunk_words``), kept by triggers in the transaction of every chunk write, so a search reads
its words' counts, exact and current whichever process wrote, instead of counting their chunks.
Only a word the text search configuration splits into several lexemes is counted, and that
counting stops one row past the common share (``Scope.counted_to``). A large scope's chunks also
have their rank for each word kept (``chunk_postings``, migration ``0010_chunk_postings``), which
its searches sum instead of ranking the chunks (``sql.keyword_ranked``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from lembrar.model.query import Filters
from lembrar.model.text import keywords
from lembrar.store import terms
from lembrar.store.postgres import codec, sql

if TYPE_CHECKING:
    import psycopg

    from lembrar.store.postgres.database import Database

NO_LEXEME = -1  # the count of a word the text search configuration drops (a stopword)


@dataclass(frozen=True)
class Scope:
    """One user's chunks as a search sees them: how many, their text search config, and
    whether their ranks per word are kept (``chunk_postings``)."""

    size: int
    config: str
    ranked: bool

    @property
    def cap(self) -> int | None:
        """The most chunks a word may be in and still be matched; None: no limit."""
        return terms.common_cap(self.size)

    @property
    def counted_to(self) -> int | None:
        """Where counting a word stops (None: it does not): one row past the cap, so that a
        count past it is known to be past it."""
        cap = self.cap
        return None if cap is None else cap + 1


def read_scope(conn: psycopg.Connection, db: Database, tenant: str, user_id: str) -> Scope:
    """The user's chunk count and whether their ranks are kept (both kept by the database on
    every chunk write), and the text search config of their language."""
    row = conn.execute(sql.SCOPE_SIZE, {"tenant": tenant, "user": user_id}).fetchone()
    chunks, language, ranked = row if row else (None, None, None)
    return Scope(chunks or 0, codec.text_search_config(language, db.text_configs), bool(ranked))


def holding(
    conn: psycopg.Connection, tenant: str, user_id: str, scope: Scope, words: Sequence[str]
) -> dict[str, int]:
    """Chunks of the scope holding each word: exact up to ``scope.cap``, and past it at least
    ``scope.cap + 1``; ``NO_LEXEME`` for a word without a lexeme."""
    params = {
        "tenant": tenant,
        "user": user_id,
        "config": scope.config,
        "words": list(words),
        "cap": scope.counted_to,
    }
    return {word: int(n) for word, n in conn.execute(sql.HOLDING, params).fetchall()}


def selective(words: Sequence[str], counts: dict[str, int], scope: Scope) -> list[str]:
    """The words worth matching (``terms.selective``); words without a lexeme never (they match
    nothing)."""
    return terms.selective([w for w in words if counts[w] != NO_LEXEME], counts, scope.size)


def keyword(
    conn: psycopg.Connection,
    db: Database,
    scope: dict[str, Any],
    query: str,
    k: int,
    filters: Filters,
) -> list[tuple[int, float]]:
    """The user's best ``k`` chunks for the query's selective words (``sql.keyword``; without
    filters, from the kept ranks where the scope has them); ``scope`` names the tenant and user
    as ``tenant`` and ``user``."""
    query_words = [word for word in (codec.fold(t).strip() for t in keywords(query)) if word]
    if not query_words or k <= 0:
        return []
    condition, params = sql.where(filters)
    size = read_scope(conn, db, scope["tenant"], scope["user"])
    counts = holding(conn, scope["tenant"], scope["user"], size, query_words)
    chosen = selective(query_words, counts, size)
    if not chosen:
        return []
    scope_sql = sql.chunks_in_scope(filters)
    ranking = (  # with filters, the chunks they let through are ranked
        sql.keyword_ranked(scope_sql)
        if size.ranked and filters.is_empty()
        else sql.keyword(scope_sql, condition)
    )
    rows = conn.execute(
        ranking,
        {
            **scope,
            **params,
            "config": size.config,
            "words": chosen,
            "held": [counts[w] for w in chosen],
            "total": size.size,
            "k": k,
        },
    ).fetchall()
    return [(int(r), float(s)) for r, s in rows]
