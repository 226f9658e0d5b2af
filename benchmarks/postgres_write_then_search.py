"""Keyword search on one PostgreSQL scope when each search follows a write of the same process
(a live chat: a message stored, then a search), in one run two ways: with the process's own
writes moving its kept word counts along, and with that switched off (every write drops them, as
all writes did before), on two copies of the scope, round by round in turn.

Builds a scope of ``--size`` memories the way ``lembrar bench speed`` does (real LongMemEval
turns, then pairs of them; vectors from the embedding cache), then per round stores one more real
turn and runs a keyword search (k = 50) for one of the bench's first ``--queries`` questions in
turn (a conversation comes back to its words), timing both; the first pass over the questions is
not timed.

    PYTHONPATH=. LEMBRAR_BENCH_DATA=... python benchmarks/with_postgres.py \\
        python benchmarks/postgres_write_then_search.py --store {url} --size 30000
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import statistics
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import psycopg

from lembrar.bench import speed
from lembrar.bench.data import FILES, data_root
from lembrar.bench.harness import bench_embedder, percentile
from lembrar.bench.systems import EngineBackend
from lembrar.model.query import Filters
from lembrar.store.postgres import PostgresStore, own_writes, sql

MODES = ("counts moved by own writes", "counts dropped by every write")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", required=True)
    parser.add_argument("--size", type=int, default=30_000)
    parser.add_argument("--rounds", type=int, default=200, help="timed rounds per way")
    parser.add_argument("--queries", type=int, default=20, help="distinct questions searched")
    parser.add_argument("--cache-dir", type=Path, default=Path(".bench-cache"))
    args = parser.parse_args()
    root = data_root(Path(__file__).resolve().parent)
    if root is None:
        raise SystemExit("data not found: set LEMBRAR_BENCH_DATA")
    reals, questions = speed.real_turns(root / FILES["longmemeval"])
    questions = questions[: args.queries]
    texts, parts = speed.scaled_texts(reals, args.size)
    embedder = speed.ComposedEmbedder(bench_embedder("use-m3", args.cache_dir), parts)
    engines = {
        mode: build(args.store, f"chat-{os.getpid()}-{i}", texts, embedder)
        for i, mode in enumerate(MODES)
    }
    timings: dict[str, dict[str, list[float]]] = {m: {"write": [], "search": []} for m in MODES}
    counted = dict.fromkeys(MODES, 0)
    for n in range(len(questions) + args.rounds):  # the first pass over the questions untimed
        text, question = reals[(args.size + n) % len(reals)], questions[n % len(questions)]
        for mode, engine in engines.items():
            before = words_counted()
            write, search = chat_round(engine, text, question, args.size + n, mode)
            if n >= len(questions):
                counted[mode] += words_counted() - before
                timings[mode]["write"].append(write)
                timings[mode]["search"].append(search)
    for mode in MODES:
        print(f"{mode} ({counted[mode] / args.rounds:.2f} words counted a search):")
        print(f"  {summary(timings[mode])}")
    print(f"load (1 min) at the end {os.getloadavg()[0]:.1f}")
    for engine in engines.values():
        engine.close()


def build(url: str, tenant: str, texts: list[str], embedder: Any) -> EngineBackend:
    """A scope of these texts as the speed bench builds it, in a tenant (and pool) of its own."""
    engine = EngineBackend(embedder, {"lembrar": "balanced"}, path=PostgresStore(url, tenant))
    started = time.perf_counter()
    items = speed.episodes(texts)
    for i in range(0, len(items), 2_000):
        engine.load(speed.SCOPE, items[i : i + 2_000])
    print(f"built {len(texts)} memories in {time.perf_counter() - started:.0f} s ({tenant})")
    return engine


def chat_round(
    engine: EngineBackend, text: str, query: str, n: int, mode: str
) -> tuple[float, float]:
    """One message stored, then one keyword search: their seconds."""
    follow = own_writes.OwnWrites.lock
    if mode != MODES[0]:
        own_writes.OwnWrites.lock = lambda self, user_ids: None  # type: ignore[method-assign]
    try:
        message = dataclasses.replace(
            speed.episodes([text])[0], at=speed.START + timedelta(hours=n), session_id="chat"
        )
        started = time.perf_counter()
        engine.load(speed.SCOPE, [message])
        written = time.perf_counter()
        engine.memory.store.keyword(speed.SCOPE, query, 50, Filters())
        return written - started, time.perf_counter() - written
    finally:
        own_writes.OwnWrites.lock = follow  # type: ignore[method-assign]


def summary(timings: dict[str, list[float]]) -> str:
    return "; ".join(
        f"{name} p50 {percentile(seconds, 50) * 1000:.2f} ms, p95 "
        f"{percentile(seconds, 95) * 1000:.2f} ms, mean {statistics.mean(seconds) * 1000:.2f} ms"
        for name, seconds in timings.items()
    )


_issued = [0]
_execute = psycopg.Connection.execute


def _counting(self: psycopg.Connection, query: Any, *args: Any, **kwargs: Any) -> Any:
    if query is sql.HOLDING:
        _issued[0] += len(args[0]["words"])
    return _execute(self, query, *args, **kwargs)


psycopg.Connection.execute = _counting  # type: ignore[method-assign]


def words_counted() -> int:
    """Words whose holding chunks were counted (``sql.HOLDING``) so far."""
    return _issued[0]


if __name__ == "__main__":
    main()
