"""Messages per CPU second of the rules extractor on the first 1000 LoCoMo turns, for several
checkouts of the repository, run alternately in fresh processes; median of the rounds. CPU time,
not wall time, so that other work on the machine moves the figures less; and, since the
machine's own speed drifts from round to round, each checkout's rate over the first one's in
the same round, median of the rounds; and the fastest pass of all, which other work can only
slow.

    LEMBRAR_BENCH_DATA=DIR python benchmarks/graph_extraction_rate.py ROUNDS NAME=PATH [NAME=PATH ...]

e.g. ``5 now=. previous=../previous-release`` (DIR holds ``locomo/locomo_dev.json.gz``).
"""

import json
import os
import statistics
import subprocess
import sys

WORKER = r"""
import json, os, statistics, time
from pathlib import Path
from lembrar.importers.locomo import load_locomo
try:
    from lembrar.evaluation.graph import _episode
except ImportError:
    from lembrar.bench.graph import _episode
from lembrar.graph.extract import offline_extractor

data = Path(os.environ["LEMBRAR_BENCH_DATA"]) / "locomo" / "locomo_dev.json.gz"
turns = [t for c in load_locomo(data) for t in c.episodes("bench")]
sample = [_episode(t) for t in turns[:1000]]
extractor = offline_extractor("rules")
for e in sample:  # warm: lazily built grammars and caches
    extractor.extract(e)
rates = []
for _ in range(3):
    start = time.process_time()
    for e in sample:
        extractor.extract(e)
    rates.append(len(sample) / (time.process_time() - start))
print(json.dumps([statistics.median(rates), max(rates)]))
"""


def main() -> None:
    if len(sys.argv) < 3 or "LEMBRAR_BENCH_DATA" not in os.environ:
        sys.exit(__doc__)
    rounds = int(sys.argv[1])
    trees = {name: os.path.abspath(path) for name, path in (a.split("=", 1) for a in sys.argv[2:])}
    rates: dict[str, list[float]] = {name: [] for name in trees}
    fastest: dict[str, float] = dict.fromkeys(trees, 0.0)
    for _ in range(rounds):
        for name, path in trees.items():
            env = {**os.environ, "PYTHONPATH": path}
            out = subprocess.run(
                [sys.executable, "-c", WORKER], cwd=path, env=env, capture_output=True, text=True
            )
            if out.returncode:
                sys.exit(out.stderr)
            median, best = json.loads(out.stdout)
            rates[name].append(round(median))
            fastest[name] = max(fastest[name], best)
            print(name, rates[name][-1], file=sys.stderr, flush=True)
    first = rates[next(iter(trees))]
    for name, values in rates.items():
        ratio = statistics.median(v / f for v, f in zip(values, first, strict=True))
        print(
            f"{name}: median {statistics.median(values):.0f} msg/CPU s, {ratio:.2f}x the first"
            f" in the same round (median), fastest pass {fastest[name]:.0f}  runs {values}"
        )


if __name__ == "__main__":
    main()
