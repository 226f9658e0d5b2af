"""Where a fused search over one large PostgreSQL scope spends its time, and what its settings buy.

Reads a scope that ``lembrar bench speed --store URL`` left in a database (its tenant is
``speed-<pid>-<size>``, user ``speed``), then prints, for the bench's questions:

- the time per search in each store call, the query embedding and the whole fused search, in two
  passes over the questions (the second with the server's caches warm);
- the dense and keyword searches alone, one after the other and side by side;
- recall@10 of the HNSW search against exact search for several ``hnsw.ef_search`` values, on the
  bench's questions and on queries not used to choose (the other questions, DailyDialog turns);
- keyword search alone (k = 50) with words over 5 % and over 1 % of the scope left out, and how
  many chunks hold the words it keeps (summed over the words).

    PYTHONPATH=. python benchmarks/postgres_search_split.py --store postgresql://... \\
        --tenant speed-1234-100000
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

from lembrar.embed import get_embedder
from lembrar.evaluation import speed
from lembrar.evaluation.data import FILES, data_root
from lembrar.evaluation.systems import EngineBackend
from lembrar.model.query import Filters
from lembrar.model.text import keywords
from lembrar.retrieval.fanout import run_all
from lembrar.store import terms as term_choice
from lembrar.store.postgres import PostgresStore, codec, words
from lembrar.store.postgres.store import PostgresStore as Timed

CALLS = ("dense", "keyword", "chunk_rows", "chunk_vectors")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", required=True)
    parser.add_argument("--tenant", required=True)
    parser.add_argument("--queries", type=int, default=100)
    parser.add_argument("--parts", default="split,overlap,recall,keyword", help="which to print")
    args = parser.parse_args()
    root = data_root(Path(__file__).resolve().parent)
    if root is None:
        raise SystemExit("data not found: set LEMBRAR_BENCH_DATA")
    _, questions = speed.real_turns(root / FILES["longmemeval"])
    chosen, others = questions[: args.queries], questions[args.queries :]
    unseen = others + dialogue_turns(root / FILES["dailydialog"], 100)
    parts = args.parts.split(",")
    if "split" in parts:
        split(args.store, args.tenant, chosen)
    if "overlap" in parts:
        overlap(args.store, args.tenant, chosen)
    for name, queries in (("bench questions", chosen), ("not chosen on", unseen)):
        if "recall" in parts:
            recall(args.store, args.tenant, queries, name)
    for share in (0.05, 0.01):
        term_choice.COMMON_SHARE = share
        if "keyword" in parts:
            kept_chunks(args.store, args.tenant, chosen, share)
            keyword(args.store, args.tenant, chosen[:40], share)


def dialogue_turns(path: Path, count: int) -> list[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    turns = [t.strip() for line in lines for t in line.split("__eou__") if len(t.strip()) > 20]
    return random.Random(1).sample(turns, count)


def split(url: str, tenant: str, queries: Sequence[str]) -> None:
    spent: dict[str, float] = defaultdict(float)
    for name in CALLS:
        setattr(Timed, name, _timed(getattr(Timed, name), name, spent))
    raw = get_embedder("use-m3")
    embedder = type("TimedEmbedder", (), {"name": raw.name, "dim": raw.dim})()
    embedder.embed_batch = _timed(raw.embed_batch, "embedding", spent)
    engine = EngineBackend(
        embedder, {"lembrar": "balanced"}, path=PostgresStore(url, tenant), query_embedder=embedder
    )
    now = speed.SEARCHED_AT
    engine.search("lembrar", speed.SCOPE, "warm up", 10, now)
    for label in ("first pass", "second pass"):
        spent.clear()
        seconds = []
        for query in queries:
            started = time.perf_counter()
            engine.search("lembrar", speed.SCOPE, query, 10, now)
            seconds.append(time.perf_counter() - started)
        means = ", ".join(f"{k} {v / len(queries) * 1000:.1f}" for k, v in sorted(spent.items()))
        print(f"fused, {label}: {_p50_p95(seconds)}; mean ms per search: {means}")
    engine.close()


def _timed(call: Callable[..., Any], name: str, spent: dict[str, float]) -> Callable[..., Any]:
    def timed(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        try:
            return call(*args, **kwargs)
        finally:
            spent[name] += time.perf_counter() - started

    return timed


def overlap(url: str, tenant: str, queries: Sequence[str]) -> None:
    """The dense (k = 60) and keyword (k = 40) searches of each question, alone, one after the
    other, and side by side as a fused search runs them (the second of two passes)."""
    vectors = get_embedder("use-m3").embed_batch(list(queries))
    store = PostgresStore(url, tenant)
    none = Filters()

    def dense(i: int) -> Any:
        return store.dense(speed.SCOPE, vectors[i], 60, none)

    def words(i: int) -> Any:
        return store.keyword(speed.SCOPE, queries[i], 40, none)

    ways: dict[str, Callable[[int], Any]] = {
        "keyword alone": words,
        "dense alone": dense,
        "one after the other": lambda i: (dense(i), words(i)),
        "side by side": lambda i: run_all({"d": partial(dense, i), "k": partial(words, i)}, 2),
    }
    for name, way in ways.items():
        for _ in range(2):
            seconds = []
            for i in range(len(queries)):
                started = time.perf_counter()
                way(i)
                seconds.append(time.perf_counter() - started)
        print(f"{name}: {_p50_p95(seconds)}")
    store.close()


def recall(url: str, tenant: str, queries: Sequence[str], name: str) -> None:
    vectors = get_embedder("use-m3").embed_batch(list(queries))
    exact = PostgresStore(url, tenant, exact_search_limit=2**62)
    want = [{r for r, _ in exact.dense(speed.SCOPE, v, 10, Filters())} for v in vectors]
    exact.close()
    store = PostgresStore(url, tenant)
    for ef in (100, 200, 300):
        found, seconds = 0, []
        with store._db.connection() as conn:
            for vector, best in zip(vectors, want):
                started = time.perf_counter()
                rows = conn.execute(
                    "SELECT ref FROM chunks WHERE tenant_id = %(tenant)s AND user_id = %(user)s"
                    f" AND {store._db.search_settings()}"
                    " ORDER BY embedding <#> %(vector)s, ref LIMIT 10",
                    {
                        "tenant": tenant,
                        "user": speed.SCOPE,
                        "vector": np.asarray(vector, np.float32),
                        "ef": str(ef),
                    },
                ).fetchall()
                seconds.append(time.perf_counter() - started)
                found += len(best & {r for (r,) in rows})
        print(
            f"{name} ({len(queries)}): ef {ef} recall@10 {found / (10 * len(queries)):.3f},"
            f" {_p50_p95(seconds)}"
        )
    store.close()


def kept_chunks(url: str, tenant: str, queries: Sequence[str], share: float) -> None:
    """Chunks holding the words a search keeps, summed over its words: the rows it ranks."""
    store = PostgresStore(url, tenant)
    sums = []
    with store._db.connection() as conn:
        scope = words.read_scope(conn, store._db, tenant, speed.SCOPE)
        for query in queries:
            terms = [codec.fold(t) for t in keywords(query)]
            counts = words.holding(conn, tenant, speed.SCOPE, scope, terms)
            kept = words.selective(terms, counts, scope)
            sums.append(sum(counts[w] for w in kept))
    store.close()
    sums.sort()
    print(
        f"words over {share:.0%} left out: kept words held by {statistics.median(sums):,.0f}"
        f" chunks a query (median), p90 {sums[int(len(sums) * 0.9)]:,}"
    )


def keyword(url: str, tenant: str, queries: Sequence[str], share: float) -> None:
    store = PostgresStore(url, tenant)
    for label in ("first pass", "second pass"):
        seconds = []
        for query in queries:
            started = time.perf_counter()
            store.keyword(speed.SCOPE, query, 50, Filters())
            seconds.append(time.perf_counter() - started)
        print(f"keyword k=50, words over {share:.0%} left out, {label}: {_p50_p95(seconds)}")
    store.close()


def _p50_p95(seconds: Sequence[float]) -> str:
    ordered = sorted(seconds)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return f"p50 {statistics.median(ordered) * 1000:.1f} / p95 {p95 * 1000:.1f} ms"


if __name__ == "__main__":
    main()
