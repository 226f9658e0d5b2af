"""Every installed embedder on the same LongMemEval run: quality, throughput, install size.

Install size is what an embedder adds to a plain install: the distributions whose modules a
fresh interpreter loads to build it and embed one text, minus those the ``hash`` embedder
(no model) needs, summed over their installed files.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

from lembrar.embed import available, get_embedder
from lembrar.errors import LembrarError
from lembrar.evaluation.harness import DEFAULT_CACHE_DIR
from lembrar.evaluation.longmemeval import LongMemEvalSettings, run_longmemeval
from lembrar.evaluation.report import BenchResult, settings_config, table
from lembrar.evaluation.setup import system_name
from lembrar.importers.longmemeval import load_longmemeval

QUALITY = (
    "session.recall_any@1",
    "session.recall_any@5",
    "session.recall_all@5",
    "session.mrr",
    "turn.recall_any@5",
)
_PROBE = (
    "import json, sys\n"
    "before = set(sys.modules)\n"
    "from lembrar.embed import get_embedder\n"
    "get_embedder(sys.argv[1]).embed_batch(['hello world'])\n"
    "print(json.dumps(sorted({m.split('.')[0] for m in set(sys.modules) - before})))\n"
)


@dataclass(frozen=True)
class EmbeddersSettings:
    data: Path
    sample: int | None = 10  # questions spread over the file
    names: tuple[str, ...] = ()  # empty: every registered embedder
    preset: str = "balanced"
    throughput_texts: int = 300
    cache_dir: Path | None = DEFAULT_CACHE_DIR
    progress: bool = True


def run_embedders(settings: EmbeddersSettings) -> BenchResult:
    names = list(settings.names or available())
    texts = sample_texts(settings.data, settings.throughput_texts)
    base = _modules("hash")
    rows = {name: measure(name, settings, texts, base) for name in names}
    ours = system_name(settings.preset)
    summary = {
        name: {
            "n": row.get("questions", 0),
            "overall": {**row.get(ours, {}), **_speed(row)},
            "groups": {},
        }
        for name, row in rows.items()
    }
    return BenchResult(
        name="embedders",
        config=settings_config(settings),
        systems=names,
        summary=summary,
        headline=[*QUALITY, "texts_per_second", "install_mb"],
        notes={name: row["error"] for name, row in rows.items() if "error" in row},
        extras={"embedders": rows},
        extra_markdown=embedders_markdown(rows, ours),
    )


def measure(
    name: str, settings: EmbeddersSettings, texts: list[str], base: set[str]
) -> dict[str, Any]:
    try:
        started = time.perf_counter()
        embedder = get_embedder(name)
        embedder.embed_batch(texts[:2])
        load = time.perf_counter() - started
    except (LembrarError, ImportError, OSError) as exc:
        return {"error": f"not usable: {exc}"}
    started = time.perf_counter()
    embedder.embed_batch(texts)
    speed = len(texts) / (time.perf_counter() - started)
    run = run_longmemeval(
        LongMemEvalSettings(
            settings.data,
            None,
            settings.preset,
            embedder=name,
            baselines=("dense",),
            cache_dir=settings.cache_dir,
            progress=settings.progress,
            sample=settings.sample,
        )
    )
    quality = {
        system: {m: run.summary[system]["overall"].get(m) for m in QUALITY}
        for system in run.systems
    }
    return {
        "dim": embedder.dim,
        "load_seconds": round(load, 2),
        "texts_per_second": round(speed, 1),
        "install_mb": install_mb(_modules(name) - base),
        "questions": run.summary[run.systems[0]]["n"],
        **quality,
    }


def sample_texts(data: Path, count: int) -> list[str]:
    """The first ``count`` turns of the first questions: a realistic mix of lengths."""
    questions = load_longmemeval(data, 3)
    return [t.content for q in questions for s in q.sessions for t in s.turns][:count]


def install_mb(modules: set[str]) -> float:
    """Megabytes of the installed distributions that provide ``modules``."""
    owners = metadata.packages_distributions()
    dists = {d for m in modules for d in owners.get(m, ())} - {"lembrar"}
    return round(sum(_dist_bytes(d) for d in dists) / 1e6, 1)


def _dist_bytes(name: str) -> int:
    try:
        files = metadata.distribution(name).files or []
    except metadata.PackageNotFoundError:
        return 0
    total = 0
    for file in files:
        path = Path(str(file.locate()))
        total += path.stat().st_size if path.is_file() else 0
    return total


def _modules(name: str) -> set[str]:
    """Top-level modules a fresh interpreter imports to build embedder ``name`` and use it once."""
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, name], capture_output=True, text=True, timeout=600
    )
    if done.returncode != 0:
        return set()
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


def _speed(row: dict[str, Any]) -> dict[str, Any]:
    return {"texts_per_second": row.get("texts_per_second"), "install_mb": row.get("install_mb")}


def embedders_markdown(rows: dict[str, dict[str, Any]], ours: str) -> list[str]:
    lines = ["", "### dense-only baseline with each embedder", ""]
    lines += table(
        ["embedder", *QUALITY],
        [
            [name, *(row.get("dense", {}).get(m) for m in QUALITY)]
            for name, row in rows.items()
            if "error" not in row
        ],
    )
    lines += [
        "",
        f"(the main table shows {ours}; speed = texts/s over a mix of real turns, one process)",
    ]
    return lines


__all__ = ["EmbeddersSettings", "install_mb", "measure", "run_embedders", "sample_texts"]
