"""Speed: cold ingest throughput, search latency at growing scope sizes, memory, store size.

- **Cold ingest**: ``ingest_sample`` real turns into a fresh on-disk store with an uncached
  embedder (embedding included), for our engine and for ChromaDB.
- **Scaling**: one scope of each size in ``sizes``, built from real LongMemEval turns (short
  ones, one chunk each). Sizes beyond the real pool are filled with *synthetic* memories: two
  real turns joined, whose vector is the normalized sum of theirs (so a 100k scope needs no
  100k model calls). Builds use the on-disk embedding cache; searches never do: every query is
  embedded afresh, and latency includes that.
- **Large scopes**: the first search after a build is timed on its own (it loads the vectors and
  starts building the approximate and word indexes of scopes over the threshold in the
  background, answering exactly meanwhile); then the wait for those indexes is timed, before any
  latency is measured (on PostgreSQL, a ``VACUUM (ANALYZE)`` of the tables a search reads, as
  autovacuum does a while after a bulk import, is timed in its place); the approximate dense
  search's recall@10 is measured against exact search on the same file, same queries, and so is
  ChromaDB's (its first ten memories against exact search's).
- **Latency**: ChromaDB is built before any search is timed; then each query goes to every
  system in turn (ours, the baselines, ChromaDB), so that all of them share the machine's
  conditions of that moment (``search_latencies``).
- **Memory**: resident set size once a size's indexes are loaded, before ChromaDB and the exact
  twin of the recall check open (and the process peak); **store size**: the
  SQLite file (with WAL and the approximate index folder) per 1,000 memories. Every row records
  the 1-minute load average while it was searched (the machine may be shared).
"""

from __future__ import annotations

import os
import resource
import shutil
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np

from lembrar.embed import Embedder, get_embedder, normalize
from lembrar.evaluation.harness import DEFAULT_CACHE_DIR, bench_embedder, progress_bar
from lembrar.evaluation.metrics import percentile
from lembrar.evaluation.report import BenchResult, plot_lines, settings_config, table
from lembrar.evaluation.setup import system_name
from lembrar.evaluation.systems import (
    BASELINE_PRESETS,
    ChromaBackend,
    EngineBackend,
    chroma_available,
)
from lembrar.importers.longmemeval import load_longmemeval
from lembrar.model.inputs import EpisodeIn
from lembrar.model.query import Filters
from lembrar.store.sqlite import SqliteStore

SCOPE = "speed"
START = datetime(2022, 1, 1, 9, 0, tzinfo=UTC)
MAX_CHARS = 400
SEARCHED_AT = START + timedelta(days=4_200)  # "now" for every timed search, after every memory


@dataclass(frozen=True)
class SpeedSettings:
    data: Path
    sizes: tuple[int, ...] = (1_000, 10_000, 100_000)
    queries: int = 100
    ingest_sample: int = 1_000
    embedder: str = "use-m3"
    preset: str = "balanced"
    baselines: tuple[str, ...] = ("dense", "keyword", "chroma")
    cache_dir: Path | None = DEFAULT_CACHE_DIR
    progress: bool = True
    approximate_above: int | None = None
    store: str | None = None  # a postgresql:// URL; None: a SQLite file per size


class ComposedEmbedder:
    """Real texts through ``inner``; a synthetic text gets the normalized sum of its parts' vectors."""

    def __init__(self, inner: Embedder, parts: dict[str, tuple[str, str]]) -> None:
        self.inner, self.parts = inner, parts
        self.name, self.dim = inner.name, inner.dim

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        wanted = list(dict.fromkeys(t for text in texts for t in self.parts.get(text, (text,))))
        vectors = dict(zip(wanted, self.inner.embed_batch(wanted))) if wanted else {}
        rows = [
            sum(vectors[p] for p in self.parts[t]) if t in self.parts else vectors[t] for t in texts
        ]
        return normalize(np.array(rows, dtype=np.float32).reshape(len(texts), self.dim))


def real_turns(data: Path) -> tuple[list[str], list[str]]:
    """Distinct short turns (one chunk each) and the questions, from a LongMemEval file."""
    questions = load_longmemeval(data)
    seen = dict.fromkeys(t.content.strip() for q in questions for s in q.sessions for t in s.turns)
    turns = [t for t in seen if 20 <= len(t) <= MAX_CHARS]
    return turns, list(dict.fromkeys(q.question for q in questions))


def scaled_texts(reals: Sequence[str], size: int) -> tuple[list[str], dict[str, tuple[str, str]]]:
    """``size`` distinct texts: the real ones first, then pairs (a, b) joined, deterministically."""
    texts = list(reals[:size])
    parts: dict[str, tuple[str, str]] = {}
    count = len(reals)
    i = 0
    while len(texts) < size:
        a, b = reals[i % count], reals[(i % count + 1 + i // count) % count]
        text = f"{a} {b}"
        if a != b and text not in parts:
            parts[text] = (a, b)
            texts.append(text)
        i += 1
    return texts, parts


def episodes(texts: Sequence[str]) -> list[EpisodeIn]:
    """One message a text, ten to a session, an hour apart, alternating roles."""
    return [
        EpisodeIn(
            user_id=SCOPE,
            content=text,
            role="user" if i % 2 == 0 else "assistant",
            session_id=f"s{i // 10}",
            at=START + timedelta(hours=i),
            metadata={"n": i},
        )
        for i, text in enumerate(texts)
    ]


def run_speed(settings: SpeedSettings) -> BenchResult:
    reals, questions = real_turns(settings.data)
    raw = get_embedder(settings.embedder)
    cached = bench_embedder(settings.embedder, settings.cache_dir)
    work = Path(tempfile.mkdtemp(prefix="lembrar-speed-"))
    try:
        use_chroma = "chroma" in settings.baselines and chroma_available()
        cold = cold_ingest(reals[: settings.ingest_sample], raw, work, use_chroma)
        scaling = [
            measure_size(size, reals, questions, settings, raw, cached, work, use_chroma)
            for size in settings.sizes
        ]
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return speed_result(settings, cold, scaling, len(reals))


def cold_ingest(
    texts: Sequence[str], raw: Embedder, work: Path, use_chroma: bool
) -> dict[str, Any]:
    """Turns per second, embedding included, into a fresh on-disk store."""
    items = episodes(texts)
    engine = EngineBackend(raw, {"lembrar": "balanced"}, path=work / "cold.db")
    out = {"turns": len(items), "lembrar": _timed_load(engine, items)}
    engine.close()
    if use_chroma:
        chroma = ChromaBackend(raw)
        out["chroma"] = _timed_load(chroma, items)
        chroma.close()
    return out


def _timed_load(backend: Any, items: Sequence[EpisodeIn]) -> float:
    started = time.perf_counter()
    for i in range(0, len(items), 500):
        backend.load(SCOPE, items[i : i + 500])
    return round(len(items) / (time.perf_counter() - started), 1)


def measure_size(
    size: int,
    reals: Sequence[str],
    questions: Sequence[str],
    settings: SpeedSettings,
    raw: Embedder,
    cached: Embedder,
    work: Path,
    use_chroma: bool,
) -> dict[str, Any]:
    texts, parts = scaled_texts(reals, size)
    items = episodes(texts)
    builder = ComposedEmbedder(cached, parts)
    path = work / f"size-{size}.db"
    presets = {
        system_name(settings.preset): settings.preset,
        **{n: BASELINE_PRESETS[n] for n in settings.baselines if n in BASELINE_PRESETS},
    }
    store = _size_store(settings, path, size)
    engine = EngineBackend(builder, presets, path=store, query_embedder=raw)
    row: dict[str, Any] = {
        "size": size,
        "synthetic": len(parts),
        "build_seconds": {},
        "search_ms": {},
    }
    row["build_seconds"]["lembrar"] = _build(engine, items, settings.progress, f"build {size}")
    queries = [questions[i % len(questions)] for i in range(settings.queries)]
    started = time.perf_counter()
    engine.search(system_name(settings.preset), SCOPE, "first search", 10, START)
    row["first_search_seconds"] = round(time.perf_counter() - started, 2)
    started = time.perf_counter()
    if isinstance(store, SqliteStore):  # PostgreSQL keeps its indexes current on write
        store.wait_for_indexes()
    else:  # what autovacuum does a while after a bulk import
        store.settle()
    row["index_build_seconds"] = round(time.perf_counter() - started, 2)
    systems: dict[str, tuple[Any, str]] = {name: (engine, name) for name in presets}
    warm_up(systems)
    row["rss_mb"] = _rss_mb()
    # the SQLite file, or the PostgreSQL tables and indexes (the database holds this scope alone)
    stored = _file_bytes(path) if settings.store is None else store.stats().bytes
    row["store_bytes_per_1k"] = round(stored / (size / 1000))
    chroma = None
    if use_chroma:
        chroma_path = work / f"chroma-{size}"
        chroma = ChromaBackend(builder, persist_path=chroma_path, query_embedder=raw)
        row["chroma_build_seconds"] = _build(chroma, items, settings.progress, f"chroma {size}")
        row["chroma_store_bytes_per_1k"] = round(_dir_bytes(chroma_path) / (size / 1000))
        systems["chroma"] = (chroma, "chroma")
    latencies = search_latencies(systems, queries)
    row["load_1m"] = round(os.getloadavg()[0], 2)
    row["search_ms"] = {name: latencies[name] for name in presets}
    chroma_tops = None
    if chroma is not None:
        row["chroma_search_ms"] = latencies["chroma"]
        chroma_tops = _top_tens(chroma, "chroma", queries)
        chroma.close()
    if "dense" in settings.baselines:  # the same dense search without any approximate index
        exact = EngineBackend(
            builder, {"exact": "dense"}, path=_exact_twin(store), query_embedder=raw
        )
        row["search_ms"].update(search_latencies({"exact dense": (exact, "exact")}, queries))
        exact.close()
    exact_store = _exact_twin(store)
    vectors = raw.embed_batch(list(dict.fromkeys(queries)))
    want = [{r for r, _ in exact_store.dense(SCOPE, v, 10, Filters())} for v in vectors]
    got = [{r for r, _ in store.dense(SCOPE, v, 10, Filters())} for v in vectors]
    row["dense_recall_at_10"] = recall(got, want)
    if chroma_tops is not None:
        numbers = _memory_numbers(exact_store, want)
        row["chroma_recall_at_10"] = recall(chroma_tops, [{numbers[r] for r in w} for w in want])
    exact_store.close()
    engine.close()
    row["peak_rss_mb"] = _peak_rss_mb()
    return row


def _build(backend: Any, items: Sequence[EpisodeIn], progress: bool, label: str) -> float:
    bar = progress_bar(len(items), label, progress, unit="memories")
    started = time.perf_counter()
    for i in range(0, len(items), 2_000):
        backend.load(SCOPE, items[i : i + 2_000])
        bar.update(len(items[i : i + 2_000]))
    bar.close()
    return round(time.perf_counter() - started, 2)


def warm_up(systems: dict[str, tuple[Any, str]]) -> None:
    """One untimed search of each system (name: its backend and the backend's system), which
    lets lazy indexes load."""
    for backend, system in systems.values():
        backend.search(system, SCOPE, "warm up", 10, SEARCHED_AT)


def search_latencies(
    systems: dict[str, tuple[Any, str]], queries: Sequence[str]
) -> dict[str, dict[str, float]]:
    """p50 and p95 search time of each system (as ``warm_up`` takes them), asked the queries in
    turns: each query goes to every system, the first of them changing from one query to the
    next, so that they share whatever else the machine is doing."""
    names = list(systems)
    warm_up(systems)
    seconds: dict[str, list[float]] = {name: [] for name in names}
    for i, query in enumerate(queries):
        for name in names[i % len(names) :] + names[: i % len(names)]:
            backend, system = systems[name]
            started = time.perf_counter()
            backend.search(system, SCOPE, query, 10, SEARCHED_AT)
            seconds[name].append(time.perf_counter() - started)
    return {
        name: {
            "p50": round(percentile(times, 50) * 1000, 2),
            "p95": round(percentile(times, 95) * 1000, 2),
        }
        for name, times in seconds.items()
    }


def _size_store(settings: SpeedSettings, path: Path, size: int) -> Any:
    """A fresh store for one size: a SQLite file, or a tenant of its own in the given database."""
    if settings.store is None:
        return SqliteStore(path, approximate_above=settings.approximate_above)
    from lembrar.store.postgres import PostgresStore

    return PostgresStore(settings.store, f"speed-{os.getpid()}-{size}")


def _exact_twin(store: Any) -> Any:
    """The same data searched exactly (no approximate index)."""
    if isinstance(store, SqliteStore):
        return SqliteStore(store.path, approximate_above=2**62)
    return type(store)(store.url, store.tenant, exact_search_limit=2**62)


def _top_tens(backend: Any, system: str, queries: Sequence[str]) -> list[set[int]]:
    """The memories (their ``n``) of each distinct query's first ten hits."""
    return [
        {
            int(found.metadata["n"])
            for found in backend.search(system, SCOPE, query, 10, SEARCHED_AT)
        }
        for query in dict.fromkeys(queries)
    ]


def _memory_numbers(store: Any, refs: Sequence[set[int]]) -> dict[int, int]:
    """Each chunk's memory (its ``n``), for the chunks in ``refs``."""
    rows = store.chunk_rows(SCOPE, sorted(set().union(*refs)))
    return {ref: int(row.episode.metadata["n"]) for ref, row in rows.items()}


def recall(got: Sequence[set[int]], want: Sequence[set[int]]) -> float:
    """Share of ``want``'s members found in ``got``, query by query."""
    total = sum(len(w) for w in want)
    return (
        round(sum(len(g & w) for g, w in zip(got, want, strict=True)) / total, 4) if total else 1.0
    )


def _rss_mb() -> float:
    """Current resident set size (Linux /proc), else the peak."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    return _peak_rss_mb()


def _peak_rss_mb() -> float:
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def _file_bytes(path: Path) -> int:
    """The SQLite file, its WAL and its approximate index folder."""
    return sum(p.stat().st_size for p in path.parent.glob(path.name + "*") if p.is_file()) + (
        _dir_bytes(Path(f"{path}.ann"))
    )


def _dir_bytes(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def speed_result(
    settings: SpeedSettings, cold: dict[str, Any], scaling: list[dict[str, Any]], reals: int
) -> BenchResult:
    systems = list(scaling[0]["search_ms"]) + (
        ["chroma"] if "chroma_search_ms" in scaling[0] else []
    )
    summary = {
        s: {"n": settings.queries, "overall": _largest(scaling, s), "groups": {}} for s in systems
    }
    return BenchResult(
        name="speed",
        config={**settings_config(settings), "real_turns_available": reals},
        systems=systems,
        summary=summary,
        headline=["search_p50_ms", "search_p95_ms", "ratio_p50_vs_lembrar"],
        extras={"scaling": scaling, "cold_ingest": cold},
        extra_markdown=speed_markdown(cold, scaling),
    )


def _largest(scaling: list[dict[str, Any]], system: str) -> dict[str, float | None]:
    """Latency of ``system`` at the largest size, with its p50 ratio to our engine."""
    last = scaling[-1]
    latency = last["chroma_search_ms"] if system == "chroma" else last["search_ms"][system]
    ours = next(iter(last["search_ms"].values()))
    return {
        "search_p50_ms": latency["p50"],
        "search_p95_ms": latency["p95"],
        "ratio_p50_vs_lembrar": round(latency["p50"] / ours["p50"], 2) if ours["p50"] else None,
    }


def speed_markdown(cold: dict[str, Any], scaling: list[dict[str, Any]]) -> list[str]:
    lines = ["", "### search latency by scope size (ms, p50 / p95, incl. query embedding)", ""]
    systems = list(scaling[0]["search_ms"]) + (
        ["chroma"] if "chroma_search_ms" in scaling[0] else []
    )
    rows = []
    for row in scaling:
        cells = [row["size"], row["synthetic"]]
        for s in systems:
            lat = row["chroma_search_ms"] if s == "chroma" else row["search_ms"][s]
            cells.append(f"{lat['p50']:.1f} / {lat['p95']:.1f}")
        chroma_kb = row.get("chroma_store_bytes_per_1k")
        rows.append(
            cells
            + [
                row.get("dense_recall_at_10"),
                row.get("chroma_recall_at_10"),
                row.get("first_search_seconds"),
                row.get("index_build_seconds"),
                row["build_seconds"]["lembrar"],
                row.get("chroma_build_seconds"),
                row["rss_mb"],
                round(row["store_bytes_per_1k"] / 1024) if "store_bytes_per_1k" in row else None,
                round(chroma_kb / 1024) if chroma_kb else None,
                row.get("load_1m"),
            ]
        )
    lines += table(
        [
            "memories",
            "synthetic",
            *systems,
            "dense recall@10",
            "chroma recall@10",
            "first search s",
            "index build s",
            "build s",
            "chroma build s",
            "RSS MB",
            "store KiB/1k",
            "chroma KiB/1k",
            "load 1m",
        ],
        rows,
    )
    rates = {k: v for k, v in cold.items() if k != "turns"}
    lines += [
        "",
        f"cold ingest of {cold['turns']} turns (embedding included): "
        + ", ".join(f"{k} {v:,.1f} turns/s" for k, v in rates.items()),
    ]
    if rates.get("chroma"):
        lines[-1] += f" (lembrar / chroma = {rates['lembrar'] / rates['chroma']:.2f})"
    return lines


def plot_speed(result: BenchResult, out_dir: Path) -> Path | None:
    scaling = result.extras["scaling"]
    series = {
        f"{s} p50": [(r["size"], r["search_ms"][s]["p50"]) for r in scaling]
        for s in scaling[0]["search_ms"]
    }
    if "chroma_search_ms" in scaling[0]:
        series["chroma p50"] = [(r["size"], r["chroma_search_ms"]["p50"]) for r in scaling]
    return plot_lines(
        out_dir / "speed.png",
        "search latency vs scope size",
        "memories in scope",
        "ms (p50)",
        series,
        logx=True,
    )
