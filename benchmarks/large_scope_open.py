"""What a process pays to open a large scope: its first fused search, its memory, and dense search.

Reopens a SQLite file holding one large scope (``fused_search_profile.py --db`` builds one; its
HNSW index already written), loads the embedder, then times the first fused search of the process
and reports the resident memory after it. Then times ``SqliteStore.dense`` alone (the store's
approximate search and exact re-scoring) for the first ``--queries`` bench questions, at k = 10
and 100. For a cold start, drop the page cache first (as root: ``sync; echo 3 >
/proc/sys/vm/drop_caches``).

    PYTHONPATH=. python benchmarks/large_scope_open.py --db /tmp/scope.db
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path
from statistics import median, quantiles

from lembrar.embed import get_embedder
from lembrar.evaluation import speed
from lembrar.evaluation.data import FILES, data_root
from lembrar.evaluation.systems import EngineBackend
from lembrar.model.query import Filters
from lembrar.store.sqlite import SqliteStore


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, required=True)
    parser.add_argument("--queries", type=int, default=150)
    args = parser.parse_args()
    root = data_root(Path(__file__).resolve().parent)
    if root is None:
        raise SystemExit("data not found: set LEMBRAR_BENCH_DATA")
    if not args.db.exists():
        raise SystemExit(f"{args.db} does not exist: build it with fused_search_profile.py --db")
    _, questions = speed.real_turns(root / FILES["longmemeval"])
    embedder = get_embedder("use-m3")
    vectors = embedder.embed_batch(questions[: args.queries])  # the model loads before timing
    store = SqliteStore(args.db)
    engine = EngineBackend(embedder, {"lembrar": "balanced"}, path=store, query_embedder=embedder)
    now = speed.SEARCHED_AT
    started = time.perf_counter()
    engine.search("lembrar", speed.SCOPE, questions[0], 10, now)
    print(
        f"first search {time.perf_counter() - started:.2f} s, RSS {speed._rss_mb():,.0f} MB"
        f" (peak {speed._peak_rss_mb():,.0f}), load {os.getloadavg()[0]:.2f}"
    )
    for k in (10, 100):
        seconds = []
        for vector in vectors:
            started = time.perf_counter()
            store.dense(speed.SCOPE, vector, k, Filters())
            seconds.append(time.perf_counter() - started)
        p95 = quantiles(seconds, n=20)[18]
        print(
            f"dense k={k}: p50 {median(seconds) * 1000:.2f} ms, p95 {p95 * 1000:.2f} ms"
            f" (load {os.getloadavg()[0]:.2f})"
        )
    engine.close()


if __name__ == "__main__":
    main()
