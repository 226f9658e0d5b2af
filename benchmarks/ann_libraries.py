"""Approximate vector index libraries side by side on real sentence vectors.

Vectors: the use-m3 vectors of LongMemEval turns in the bench cache, and above that synthetic
normalized sums of two of them (as ``lembrar bench speed`` builds large scopes). Queries: 200
real vectors left out of the index. For each library: build seconds (2 threads), query p50 and
p95 (one query at a time, one thread), recall@10 against exact inner product, file size, and
the growth of the process's resident memory while it is built.

    python benchmarks/ann_libraries.py --size 100000 [--cache .bench-cache/embeddings.sqlite]

``--sweep 64,128,256`` instead measures the store's own use of usearch f16 (M = 16): one index,
searched at each ``ef`` for ``max(64, 4 k)`` candidates that are re-scored exactly, as
``lembrar.store.sqlite.approximate`` does; recall@10 and query p50 / p95 per ``ef``.
"""

from __future__ import annotations

import argparse
import gc
import os
import sqlite3
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np


def real_vectors(cache: Path) -> np.ndarray:
    db = sqlite3.connect(f"file:{cache}?mode=ro", uri=True)
    rows = db.execute("SELECT vector FROM vectors WHERE model = 'use-m3' ORDER BY hash").fetchall()
    return np.frombuffer(b"".join(r[0] for r in rows), np.float32).reshape(len(rows), -1)


def scaled(reals: np.ndarray, size: int) -> np.ndarray:
    if size <= len(reals):
        return reals[:size].copy()
    rng = np.random.default_rng(7)
    extra = size - len(reals)
    a, b = rng.integers(0, len(reals), extra), rng.integers(0, len(reals), extra)
    pairs = reals[a] + reals[b]
    pairs /= np.linalg.norm(pairs, axis=1, keepdims=True)
    return np.concatenate([reals, pairs.astype(np.float32)])


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def exact_top(data: np.ndarray, queries: np.ndarray, k: int) -> list[set[int]]:
    out = []
    for q in queries:
        scores = data @ q
        out.append(set(np.argpartition(-scores, k)[:k].tolist()))
    return out


def usearch_lib(dtype: str, connectivity: int, expansion: int) -> tuple[str, Callable, Callable]:
    from usearch.index import Index

    def build(data: np.ndarray, path: str) -> object:
        index = Index(
            ndim=data.shape[1],
            metric="ip",
            dtype=dtype,
            connectivity=connectivity,
            expansion_add=128,
            expansion_search=expansion,
        )
        index.add(np.arange(len(data)), data, threads=2)
        index.save(path)
        return index

    def search(index: object, q: np.ndarray, k: int) -> list[int]:
        return index.search(q, k, threads=1).keys.tolist()  # type: ignore[attr-defined]

    return f"usearch {dtype} M={connectivity} ef={expansion}", build, search


def numpy_exact() -> tuple[str, Callable, Callable]:
    """The baseline: one matrix product and a partial sort per query."""

    def build(data: np.ndarray, path: str) -> object:
        np.save(path, data)
        return data

    def search(index: object, q: np.ndarray, k: int) -> list[int]:
        scores = index @ q  # type: ignore[operator]
        best = np.argpartition(-scores, k)[:k]
        return best[np.argsort(-scores[best])].tolist()

    return "numpy exact", build, search


def faiss_lib(m: int, ef: int) -> tuple[str, Callable, Callable]:
    import faiss

    def build(data: np.ndarray, path: str) -> object:
        faiss.omp_set_num_threads(2)
        index = faiss.IndexHNSWFlat(data.shape[1], m, faiss.METRIC_INNER_PRODUCT)
        index.hnsw.efConstruction = 128
        index.add(data)
        faiss.write_index(index, path)
        index.hnsw.efSearch = ef
        faiss.omp_set_num_threads(1)
        return index

    def search(index: object, q: np.ndarray, k: int) -> list[int]:
        return index.search(q[None, :], k)[1][0].tolist()  # type: ignore[attr-defined]

    return f"faiss HNSWFlat M={m} ef={ef}", build, search


def measure(lib: tuple[str, Callable, Callable], data, queries, truth, k=10) -> list[object]:
    name, build, search = lib
    gc.collect()
    before = rss_mb()
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "index")
        started = time.perf_counter()
        index = build(data, path)
        build_s = time.perf_counter() - started
        disk = sum(os.path.getsize(os.path.join(tmp, f)) for f in os.listdir(tmp))
    grown = rss_mb() - before
    seconds, hits = [], 0
    for q, want in zip(queries, truth):
        started = time.perf_counter()
        got = search(index, q, k)
        seconds.append(time.perf_counter() - started)
        hits += len(want & set(got))
    del index
    ms = np.array(seconds) * 1000
    return [
        name,
        round(build_s, 1),
        round(float(np.percentile(ms, 50)), 3),
        round(float(np.percentile(ms, 95)), 3),
        round(hits / (k * len(queries)), 4),
        round(grown),
        round(disk / 2**20),
    ]


def sweep(data: np.ndarray, queries: np.ndarray, truth, expansions: list[int], k=10) -> None:
    """Recall@10 and latency of the store's over-fetch + exact re-score, per search ``ef``."""
    from usearch.index import Index

    index = Index(ndim=data.shape[1], metric="ip", dtype="f16", connectivity=16, expansion_add=128)
    started = time.perf_counter()
    index.add(np.arange(len(data)), data, threads=2)
    print(
        f"usearch f16 build {time.perf_counter() - started:.1f} s (load {os.getloadavg()[0]:.2f})"
    )
    fetch = max(64, 4 * k)
    print("| ef | fetched | query p50 ms | p95 ms | recall@10 | load 1m |")
    print("|---|---|---|---|---|---|")
    for ef in expansions:
        index.expansion_search = ef
        seconds, hits = [], 0
        for q, want in zip(queries, truth):
            began = time.perf_counter()
            keys = index.search(q, fetch, threads=1).keys
            scores = data[keys] @ q
            got = keys[np.argsort(-scores, kind="stable")[:k]]
            seconds.append(time.perf_counter() - began)
            hits += len(want & set(got.tolist()))
        ms = np.array(seconds) * 1000
        print(
            f"| {ef} | {fetch} | {np.percentile(ms, 50):.3f} | {np.percentile(ms, 95):.3f} | "
            f"{hits / (k * len(queries)):.4f} | {os.getloadavg()[0]:.2f} |"
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", type=int, default=100_000)
    parser.add_argument("--libs", default="numpy,usearch,faiss", help="comma-separated")
    parser.add_argument("--cache", type=Path, default=Path(".bench-cache/embeddings.sqlite"))
    parser.add_argument("--sweep", default="", help="search ef values for the store's usearch")
    args = parser.parse_args()
    reals = real_vectors(args.cache)
    queries, reals = reals[:200], reals[200:]
    data = scaled(reals, args.size)
    truth = exact_top(data, queries, 10)
    if args.sweep:
        sweep(data, queries, truth, [int(x) for x in args.sweep.split(",")])
        return
    chosen = set(args.libs.split(","))
    libs = (
        ([numpy_exact()] if "numpy" in chosen else [])
        + ([usearch_lib(t, 16, 64) for t in ("f32", "f16", "i8")] if "usearch" in chosen else [])
        + ([faiss_lib(16, 64)] if "faiss" in chosen else [])
    )
    print(f"{args.size:,} vectors of {data.shape[1]} dims; load {os.getloadavg()[0]:.2f}")
    print("| library | build s | query p50 ms | p95 ms | recall@10 | RSS growth MB | file MB |")
    print("|---|---|---|---|---|---|---|")
    for lib in libs:
        row = measure(lib, data, queries, truth)
        print("| " + " | ".join(str(c) for c in row) + f" |  (load {os.getloadavg()[0]:.2f})")


if __name__ == "__main__":
    main()
