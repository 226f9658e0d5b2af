"""Filters -> SQL conditions over ``episodes e``, and the longer queries of the store."""

from __future__ import annotations

from typing import Any

from lembrar.model.query import Filters
from lembrar.store.postgres.codec import columns, metadata_value

E_COLUMNS = columns("e")
SCOPED_CHUNKS = (
    "FROM chunks c JOIN episodes e ON e.tenant_id = c.tenant_id AND e.user_id = c.user_id AND e.id = c.episode_id"
    " WHERE c.tenant_id = %(tenant)s AND c.user_id = %(user)s"
)


def chunks_in_scope(filters: Filters) -> str:
    """FROM/WHERE over the user's chunks, joined to their episodes only when the filters need them."""
    if filters.is_empty():
        return "FROM chunks c WHERE c.tenant_id = %(tenant)s AND c.user_id = %(user)s"
    return SCOPED_CHUNKS


def where(filters: Filters) -> tuple[str, dict[str, Any]]:
    """An SQL condition (always non-empty) with named parameters ``f0, f1, ...``."""
    parts: list[str] = ["TRUE"]
    params: dict[str, Any] = {}

    def add(template: str, *values: Any) -> None:
        names = []
        for value in values:
            names.append(f"f{len(params)}")
            params[names[-1]] = value
        parts.append(template.format(*(f"%({n})s" for n in names)))

    if filters.session_id is not None:
        add("e.session_id = {}", filters.session_id)
    for column, values in (
        ("e.role", filters.roles),
        ("e.kind", filters.kinds),
        ("e.period", filters.periods),
        ("e.weekday", filters.weekdays),
    ):
        if values:
            add(f"{column} = ANY({{}}::text[])", list(values))
    if filters.since is not None:
        add("e.at_utc >= {}", filters.since)
    if filters.until is not None:
        add("e.at_utc < {}", filters.until)
    for key, value in sorted(filters.metadata.items()):
        add("e.metadata -> {}::text = {}::jsonb", key, metadata_value(value))
    return " AND ".join(parts), params


def dense_exact(scope: str, condition: str) -> str:
    """Exact inner-product k-NN over the filtered scope. The CTE keeps the ANN index out and
    holds each chunk's distance alone: holding the vectors (2 KB each at 512 dimensions) took
    past ``work_mem`` to a temporary file (at 10,000 chunks 23 against 8 ms)."""
    return (
        f"WITH scope AS MATERIALIZED (SELECT c.ref, c.embedding <#> %(vector)s AS distance {scope}"
        f" AND {condition}) SELECT ref, -distance FROM scope ORDER BY distance, ref LIMIT %(k)s"
    )


def dense_indexed(scope: str, condition: str) -> str:
    """The same k-NN, left to the planner (the HNSW index for large scopes)."""
    return (
        f"SELECT c.ref, -(c.embedding <#> %(vector)s) {scope} AND {condition}"
        " ORDER BY c.embedding <#> %(vector)s, c.ref LIMIT %(k)s"
    )


SCOPE_SIZE = (
    "SELECT s.chunks, u.language, s.ranked FROM (VALUES (1)) AS one"
    " LEFT JOIN chunk_scopes s ON s.tenant_id = %(tenant)s AND s.user_id = %(user)s"
    " LEFT JOIN users u ON u.tenant_id = %(tenant)s AND u.user_id = %(user)s"
)

# Chunks of the scope holding each word (-1: the word has no lexeme): a word of one lexeme is
# read from ``chunk_words``; one the configuration splits into several (``e-mail``) is counted,
# no further than ``cap`` rows (NULL: all).
HOLDING = """
    SELECT w.word, CASE cardinality(w.lexemes)
        WHEN 0 THEN -1
        WHEN 1 THEN coalesce((
            SELECT k.chunks FROM chunk_words k
            WHERE k.tenant_id = %(tenant)s AND k.user_id = %(user)s AND k.word = w.lexemes[1]
        ), 0)
        ELSE (
            SELECT count(*) FROM (
                SELECT FROM chunks c
                WHERE c.tenant_id = %(tenant)s AND c.user_id = %(user)s
                AND c.fts @@ plainto_tsquery(%(config)s::regconfig, w.word) LIMIT %(cap)s
            ) AS held
        ) END
    FROM (
        SELECT word, tsvector_to_array(to_tsvector(%(config)s::regconfig, word)) AS lexemes
        FROM unnest(%(words)s::text[]) AS word
    ) AS w
"""


# Each query word's tsquery, lexemes and BM25 idf, from the count of the user's chunks holding it
# (``held``) among all their chunks (``total``); words arrive folded (``codec.fold``).
_WEIGHTS = """
    WITH weights AS MATERIALIZED (
        SELECT t.q, t.lexemes, ln(1 + (%(total)s::bigint - t.df + 0.5) / (t.df + 0.5))::float8 AS idf
        FROM (
            SELECT plainto_tsquery(%(config)s::regconfig, word) AS q, df,
                tsvector_to_array(to_tsvector(%(config)s::regconfig, word)) AS lexemes
            FROM unnest(%(words)s::text[], %(held)s::bigint[]) AS w(word, df)
        ) AS t
        WHERE numnode(t.q) > 0
    )
"""
_BEST = "GROUP BY h.ref ORDER BY score DESC, h.ref LIMIT %(k)s"


def _ranking(scope: str, condition: str, words: str) -> str:
    """Each of ``words`` (rows of ``weights``) ranks the chunks holding it, with its own index
    scan: ranking every matched chunk against every word cost a ``ts_rank`` call per pair."""
    return f"""
        SELECT s.ref, s.part FROM weights w CROSS JOIN LATERAL (
            SELECT c.ref, w.idf * ts_rank(c.fts, w.q, 1) AS part {scope}
            AND c.fts @@ w.q AND {condition}
        ) AS s WHERE {words}
    """


def keyword(scope: str, condition: str) -> str:
    """Chunks matching any of the words, scored by sum over words of idf x ts_rank (positive,
    best first): ``ts_rank`` with length normalisation stands in for BM25's saturating term
    frequency."""
    ranked = _ranking(scope, condition, "TRUE")
    return f"{_WEIGHTS} SELECT h.ref, sum(h.part) AS score FROM ({ranked}) AS h {_BEST}"


def keyword_ranked(scope: str) -> str:
    """``keyword``'s scores, without filters, in a scope whose ranks are kept
    (``chunk_scopes.ranked``): a word of one lexeme sums its chunks' ranks from the index of
    ``chunk_postings`` alone; a word the configuration splits into several lexemes
    (``snake_case``) ranks the chunks holding it."""
    return f"""
        {_WEIGHTS}
        SELECT h.ref, sum(h.part) AS score FROM (
            SELECT p.ref, w.idf * p.part AS part
            FROM weights w JOIN chunk_postings p ON p.tenant_id = %(tenant)s
                AND p.user_id = %(user)s AND p.word = w.lexemes[1]
            WHERE cardinality(w.lexemes) = 1
            UNION ALL
            {_ranking(scope, "TRUE", "cardinality(w.lexemes) > 1")}
        ) AS h {_BEST}
    """


# The tables a tenant's rows live in, whose size ``stats`` reports.
TABLES = (
    "users",
    "episodes",
    "chunks",
    "chunk_words",
    "chunk_postings",
    "episode_history",
    "meta",
    "migrations",
    "saved_memories",
    "session_summaries",
    "summary_sources",
    "insights",
    "insight_sources",
    "insight_exclusions",
    "graph_communities",
    "graph_entities",
    "graph_mentions",
    "graph_facts",
    "graph_fact_sources",
    "pending_memories",
)
STATS = (
    "SELECT (SELECT count(*) FROM users WHERE tenant_id = %(t)s),"
    " (SELECT count(*) FROM episodes WHERE tenant_id = %(t)s),"
    " (SELECT count(*) FROM chunks WHERE tenant_id = %(t)s),"
    " (SELECT count(DISTINCT (user_id, session_id)) FROM episodes WHERE tenant_id = %(t)s "
    "AND session_id IS NOT NULL),"
    " (SELECT coalesce(sum(pg_total_relation_size(to_regclass(name))), 0) FROM "
    "unnest(%(tables)s::text[]) AS name)"
)
