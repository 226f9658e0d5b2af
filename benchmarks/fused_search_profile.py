"""Where a fused search over one large scope spends its time.

Builds (or reopens) a scope of ``--size`` memories as ``lembrar bench speed`` does (real
LongMemEval turns, then synthetic pairs of them), waits for its large-scope indexes, times
``--timed`` searches per system as ``bench speed`` does (p50 / p95), then profiles ``--searches``
fused searches under cProfile.

    PYTHONPATH=. python benchmarks/fused_search_profile.py --size 200000 --db /tmp/scope.db \\
        --cache-dir .bench-cache

With ``--store postgresql://...`` the scope is a tenant (``--tenant``) of that database instead.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import time
from pathlib import Path
from typing import Any

from lembrar.embed import get_embedder
from lembrar.evaluation import speed
from lembrar.evaluation.data import FILES, data_root
from lembrar.evaluation.harness import DEFAULT_CACHE_DIR, bench_embedder
from lembrar.evaluation.systems import BASELINE_PRESETS, EngineBackend
from lembrar.store.sqlite import SqliteStore


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=200_000)
    parser.add_argument("--db", type=Path, help="kept: a second run reopens it")
    parser.add_argument("--store", help="a postgresql:// URL instead of --db")
    parser.add_argument("--tenant", default="profile", help="the scope's tenant in --store")
    parser.add_argument("--searches", type=int, default=60, help="fused searches profiled")
    parser.add_argument("--timed", type=int, default=100, help="searches timed per system")
    parser.add_argument("--cache-dir", type=Path, default=DEFAULT_CACHE_DIR)
    args = parser.parse_args()
    root = data_root(Path(__file__).resolve().parent)
    if root is None:
        raise SystemExit("data not found: set LEMBRAR_BENCH_DATA")
    reals, questions = speed.real_turns(root / FILES["longmemeval"])
    texts, parts = speed.scaled_texts(reals, args.size)
    store, fresh = open_scope(args)
    systems = {"lembrar": "balanced", **{n: BASELINE_PRESETS[n] for n in ("dense", "keyword")}}
    builder = speed.ComposedEmbedder(bench_embedder("use-m3", args.cache_dir), parts)
    engine = EngineBackend(builder, systems, path=store, query_embedder=get_embedder("use-m3"))
    if fresh:
        print(f"ingest {timed(lambda: speed._build(engine, speed.episodes(texts), True, 'build'))}")
    print(
        f"first search {timed(lambda: engine.search('lembrar', speed.SCOPE, 'first', 10, speed.START))}"
        f" s, RSS {speed._rss_mb():,.0f} MB (peak {speed._peak_rss_mb():,.0f})"
    )
    if isinstance(store, SqliteStore):
        print(f"index build {timed(store.wait_for_indexes)}")
    now = speed.SEARCHED_AT
    queries = [questions[i % len(questions)] for i in range(args.searches)]
    timed_queries = [questions[i % len(questions)] for i in range(args.timed)]
    latencies = speed.search_latencies(
        {system: (engine, system) for system in systems}, timed_queries
    )
    for system, latency in latencies.items():
        print(
            f"{system}: p50 {latency['p50']:.1f} ms, p95 {latency['p95']:.1f} ms"
            f" (load {os.getloadavg()[0]:.2f})"
        )
    print(f"RSS {speed._rss_mb():,.0f} MB (peak {speed._peak_rss_mb():,.0f})")
    profile = cProfile.Profile()
    profile.enable()
    for query in queries:
        engine.search("lembrar", speed.SCOPE, query, 10, now)
    profile.disable()
    pstats.Stats(profile).sort_stats("cumulative").print_stats(45)
    engine.close()


def open_scope(args: argparse.Namespace) -> tuple[Any, bool]:
    """The store holding the scope, and whether the scope is still to be built."""
    if args.store is None:
        if args.db is None:
            raise SystemExit("give --db or --store")
        fresh = not args.db.exists()  # before opening, which creates the file
        return SqliteStore(args.db), fresh
    from lembrar.store.postgres import PostgresStore

    store = PostgresStore(args.store, args.tenant)
    return store, store.stats().chunks == 0


def timed(work) -> float:
    started = time.perf_counter()
    work()
    return round(time.perf_counter() - started, 2)


if __name__ == "__main__":
    main()
