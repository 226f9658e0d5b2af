"""Keyword search on SQLite: BM25 from FTS5, or for a large scope from its in-memory word index
with FTS5's statistics (``words.py``), and the counts behind the choice of query words
(``lembrar.store.terms``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import numpy as np
from numpy.typing import NDArray

from lembrar.model.query import Filters
from lembrar.store.sqlite.connection import Shared
from lembrar.store.sqlite.filters import EPISODE_JOIN, where
from lembrar.store.sqlite.index import ScopeMatrix
from lembrar.store.sqlite.words import Collection, ScopeWords, averages, fold, tokens
from lembrar.store.terms import common_cap, selective

Hits = list[tuple[int, float]]
Mask = NDArray[np.bool_] | None


def fts_totals(shared: Shared) -> tuple[int, int]:
    """Rows and tokens in the file's word index (FTS5's own record of them)."""
    block = shared.read("SELECT block FROM chunks_fts_data WHERE id = 1")
    return averages(block[0][0]) if block else (0, 0)


def selective_terms(
    shared: Shared, terms: list[str], counter: ScopeWords | None, rows: int
) -> list[str]:
    """The query terms worth matching (``terms.selective`` over the file's ``rows`` chunks),
    counted as ``term_counts``."""
    if len(terms) <= 1 or common_cap(rows) is None:
        return terms
    folded = {t: fold(t) for t in terms}
    held = term_counts(shared, list(folded.values()), counter)
    return selective(terms, {t: held[f] for t, f in folded.items()}, rows)


def term_counts(shared: Shared, words: list[str], counter: ScopeWords | None) -> dict[str, int]:
    """FTS5 rows holding each (folded) word: from ``counter``, a scope's word index holding
    every row of the file, when given; else from FTS5."""
    return counter.holding(words) if counter is not None else _holding(shared, words)


def _holding(shared: Shared, words: Iterable[str]) -> dict[str, int]:
    """FTS5 rows holding each (folded) term. Counting them walks each term's whole doclist, so
    they are kept until the file changes (a write of this connection clears them; another
    connection's commit changes ``data_version``)."""
    with shared.lock:
        (version,) = shared.db.execute("PRAGMA data_version").fetchone()
        if version != shared.holding_version:
            shared.holding.clear()
            shared.holding_version = version
        known, wanted = shared.holding, set(words)
        missing = sorted(wanted - known.keys())
        if missing:
            marks = ",".join("?" * len(missing))
            found = dict(
                shared.read(f"SELECT term, doc FROM chunks_vocab WHERE term IN ({marks})", missing)
            )
            known.update((w, int(found.get(w, 0))) for w in missing)
        return {w: known[w] for w in wanted}


def in_memory(
    shared: Shared,
    index: ScopeWords,
    terms: list[str],
    k: int,
    matrix: ScopeMatrix,
    mask_of: Callable[[], Mask],
    totals: tuple[int, int],
    counter: ScopeWords | None,
) -> Hits | None:
    """BM25 from the scope's in-memory word index (one-word terms only; None otherwise), with
    FTS5's statistics (``totals``: its rows and tokens; term counts as ``term_counts``);
    ``mask_of`` gives the rows the filters let through."""
    split = [tokens(t) for t in terms]
    if any(len(w) != 1 for w in split):
        return None
    words = [w[0] for w in split]
    rows, total = totals
    held = term_counts(shared, words, counter)
    collection = Collection(rows, total / rows if rows else 1.0, held)
    refs, scores = index.search(words, collection)
    mask = mask_of()
    if mask is None:  # no filter: only rows scoring at least the k-th best can be chosen
        refs, scores = _contenders(refs, scores, k)
    at = np.minimum(np.searchsorted(matrix.refs, refs), len(matrix.refs) - 1)
    keep = matrix.refs[at] == refs
    if mask is not None:
        keep &= mask[at]
    refs, scores = refs[keep], scores[keep]
    best = np.lexsort((refs, -scores))[:k]
    return [(int(refs[i]), float(scores[i])) for i in best]


def fts5(
    shared: Shared, tenant: str, user_id: str, terms: list[str], k: int, filters: Filters
) -> Hits:
    """BM25 over FTS5: chunks matching any of the terms, best first."""
    match = " OR ".join('"' + t.replace('"', '""') + '"' for t in terms)
    condition, params = where(filters)
    rows = shared.read(
        "SELECT c.ref, -bm25(chunks_fts) FROM chunks_fts JOIN chunks c ON c.ref = chunks_fts.rowid"
        f" {EPISODE_JOIN} WHERE chunks_fts MATCH ? AND c.tenant_id = ? AND c.user_id = ?"
        f" AND {condition} ORDER BY bm25(chunks_fts) LIMIT ?",
        [match, tenant, user_id, *params, k],
    )
    return [(int(r), float(s)) for r, s in rows]


def _contenders(
    refs: NDArray[np.int64], scores: NDArray[np.float64], k: int
) -> tuple[NDArray[np.int64], NDArray[np.float64]]:
    """The hits scoring at least the ``k``-th best score (ties kept), found without sorting all."""
    if len(scores) <= k:
        return refs, scores
    kth = np.partition(scores, len(scores) - k)[len(scores) - k]
    chosen = scores >= kth
    return refs[chosen], scores[chosen]
