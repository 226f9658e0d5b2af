"""The loop every retrieval benchmark shares: load a scope into each backend, ask, time.

A benchmark turns its data into ``Case`` objects (a scope's episodes plus the probes asked
of it); ``run_cases`` feeds each case to every backend side by side in this process, asks
every probe of every system, and returns the ranked ``Found`` lists with their timings.
Scoring is the benchmark's business and happens afterwards, on plain data. Latencies are
taken warm: one untimed search per scope and backend first lets lazy indexes load.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from lembrar.embed import CachedEmbedder, Embedder, get_embedder
from lembrar.evaluation.metrics import mean_or_none, percentile
from lembrar.evaluation.systems import Backend, Found
from lembrar.model.inputs import EpisodeIn
from lembrar.store.sqlite.vector_cache import SqliteVectorCache

DEFAULT_CACHE_DIR = Path(".bench-cache")


@dataclass(frozen=True)
class Probe:
    """One question asked of a scope; ``gold`` is whatever its benchmark scores against."""

    qid: str
    text: str
    now: datetime
    group: str
    gold: Any = None


@dataclass(frozen=True)
class Case:
    scope: str
    items: Sequence[EpisodeIn]
    probes: Sequence[Probe]


@dataclass(frozen=True)
class Answer:
    probe: Probe
    system: str
    found: list[Found]
    seconds: float


@dataclass
class Timings:
    """Wall-clock seconds spent loading (per backend) and searching (per system)."""

    items: int = 0
    load: dict[str, float] = field(default_factory=dict)
    search: dict[str, list[float]] = field(default_factory=dict)

    def summary(self) -> dict[str, Any]:
        return {
            "items": self.items,
            "load_seconds": {name: round(s, 3) for name, s in self.load.items()},
            "load_items_per_second": {
                name: round(self.items / s, 1) if s else None for name, s in self.load.items()
            },
            "search_ms": {
                name: {
                    "p50": round(percentile(v, 50) * 1000, 2),
                    "p95": round(percentile(v, 95) * 1000, 2),
                    "n": len(v),
                }
                for name, v in self.search.items()
                if v
            },
        }


def bench_embedder(name: str, cache_dir: Path | None = DEFAULT_CACHE_DIR) -> Embedder:
    """The embedder ``name`` behind an on-disk content-hash cache (none when ``cache_dir`` is None)."""
    inner = get_embedder(name)
    if cache_dir is None:
        return inner
    return CachedEmbedder(
        inner, SqliteVectorCache(Path(cache_dir) / "embeddings.sqlite"), lru_size=8192
    )


def progress_bar(total: int | None, label: str, enabled: bool, unit: str = "q") -> Any:
    """A tqdm bar on stderr, or a silent stand-in when disabled or tqdm is missing."""
    if enabled:
        try:
            from tqdm import tqdm

            return tqdm(
                total=total, desc=label, file=sys.stderr, unit=unit, leave=False, dynamic_ncols=True
            )
        except ImportError:
            pass
    return _Silent()


class _Silent:
    def update(self, n: int = 1) -> None: ...
    def set_postfix_str(self, text: str) -> None: ...
    def close(self) -> None: ...


def run_cases(
    cases: Iterable[Case],
    backends: Sequence[Backend],
    depth: int,
    *,
    total: int | None = None,
    label: str = "bench",
    progress: bool = True,
    warm: Embedder | None = None,
) -> tuple[list[Answer], Timings]:
    """Ask every probe of every case of every system; backends are reset between cases.

    With ``warm`` (the shared cached embedder) each query is embedded once before the systems
    are timed, so their latencies exclude query embedding alike; ``lembrar bench speed``
    measures latency with it.
    """
    answers: list[Answer] = []
    timings = Timings()
    bar = progress_bar(total, label, progress)
    try:
        for case in cases:
            timings.items += len(case.items)
            for backend in backends:
                answers += _run_case(case, backend, depth, timings, warm)
                backend.reset()
            bar.update(len(case.probes))
    finally:
        bar.close()
        for backend in backends:
            backend.close()
    return answers, timings


def _run_case(
    case: Case, backend: Backend, depth: int, timings: Timings, warm: Embedder | None
) -> list[Answer]:
    key = "+".join(backend.systems)
    started = time.perf_counter()
    backend.load(case.scope, case.items)
    timings.load[key] = timings.load.get(key, 0.0) + time.perf_counter() - started
    for system in backend.systems[
        : 1 if case.probes else 0
    ]:  # untimed: lets the scope's index load
        backend.search(system, case.scope, case.probes[0].text, depth, case.probes[0].now)
    answers = []
    for probe in case.probes:
        if warm is not None:
            warm.embed_batch([probe.text])
        for system in backend.systems:
            started = time.perf_counter()
            found = backend.search(system, case.scope, probe.text, depth, probe.now)
            seconds = time.perf_counter() - started
            timings.search.setdefault(system, []).append(seconds)
            answers.append(Answer(probe, system, found, seconds))
    return answers


Scorer = Callable[[Answer], Mapping[str, float | None]]


@dataclass(frozen=True)
class Row:
    """The scores of one probe for one system."""

    system: str
    qid: str
    group: str
    scores: Mapping[str, float | None]


def score_all(answers: Iterable[Answer], scorer: Scorer) -> list[Row]:
    return [Row(a.system, a.probe.qid, a.probe.group, dict(scorer(a))) for a in answers]


def summarize(rows: Sequence[Row], systems: Sequence[str]) -> dict[str, Any]:
    """Per system: the mean of every score overall and per group, with counts."""
    out: dict[str, Any] = {}
    for system in systems:
        mine = [r for r in rows if r.system == system]
        groups = sorted({r.group for r in mine})
        out[system] = {
            "n": len(mine),
            "overall": _means(mine),
            "groups": {
                g: {
                    "n": sum(r.group == g for r in mine),
                    **_means([r for r in mine if r.group == g]),
                }
                for g in groups
            },
        }
    return out


def _means(rows: Sequence[Row]) -> dict[str, float | None]:
    names = list(dict.fromkeys(name for r in rows for name in r.scores))
    return {name: mean_or_none(r.scores.get(name) for r in rows) for name in names}
