"""Cold start of the processes a person starts: ``lembrar --help``, a first ``lembrar search``
with the default embedder on a small store, and ``lembrar mcp`` over stdio until it answers a
client's ``initialize``; each beside a bare ``python -c pass``, as the median of several runs.

    python benchmarks/cold_start.py [--runs 7] [--repo PATH] [--out bench-out/cold_start.json]

``--repo`` times another checkout (e.g. the one before a change) with the same interpreter.

Every run is a fresh process. Bytecode is written and reused as an installed package does
(``PYTHONDONTWRITEBYTECODE`` is dropped, and each command runs once before it is timed), and
so is the embedder's ready-to-load copy (``XDG_CACHE_HOME`` points into a temporary folder, so
the untimed run writes it), so the figures are what a user sees from the second call on. The machine's load moves the
numbers: compare them with the ``python -c pass`` row of the same run.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "examples" / "conversation.jsonl"
TARGETS = {"lembrar --help": 0.3, "first search (use-m3)": 0.6, "MCP stdio ready": 0.5}
INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "cold-start", "version": "0"},
    },
}


def environment() -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": os.environ.get("COLD_START_REPO", str(REPO))}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if "COLD_START_CACHE" in os.environ:
        env["XDG_CACHE_HOME"] = os.environ["COLD_START_CACHE"]
    return env


def lembrar(db: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "lembrar", "--db", str(db), *args]


def whole(command: list[str]) -> Callable[[], float]:
    """Seconds from start to exit of ``command``."""

    def run() -> float:
        start = time.perf_counter()
        subprocess.run(command, env=environment(), check=True, capture_output=True)
        return time.perf_counter() - start

    return run


def mcp_ready(db: Path) -> Callable[[], float]:
    """Seconds from start of ``lembrar mcp`` to its answer to ``initialize``."""

    def run() -> float:
        start = time.perf_counter()
        process = subprocess.Popen(
            lembrar(db, "mcp", "--user", "ana"),
            env=environment(),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write((json.dumps(INITIALIZE) + "\n").encode())
        process.stdin.flush()
        answer = json.loads(process.stdout.readline())
        elapsed = time.perf_counter() - start
        process.stdin.close()
        process.terminate()
        process.wait(30)
        assert answer.get("id") == 1 and "result" in answer, answer
        return elapsed

    return run


def median_of(measure: Callable[[], float], runs: int) -> dict[str, float]:
    measure()  # writes the bytecode, as an install does
    times = [measure() for _ in range(runs)]
    return {"median_s": statistics.median(times), "min_s": min(times), "max_s": max(times)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="timed runs of each (default: 7)")
    parser.add_argument("--out", help="also write the figures to this JSON file")
    parser.add_argument("--repo", help="the checkout to time (default: this one)")
    args = parser.parse_args()
    if args.repo:
        os.environ["COLD_START_REPO"] = str(Path(args.repo).resolve())
    with tempfile.TemporaryDirectory() as folder:
        os.chdir(folder)  # ``python -m`` imports from the working folder first
        db = Path(folder) / "memory.db"
        os.environ["COLD_START_CACHE"] = str(Path(folder) / "cache")
        subprocess.run(lembrar(db, "import", str(EXAMPLE)), env=environment(), check=True)
        cases = {
            "python -c pass": whole([sys.executable, "-c", "pass"]),
            "lembrar --help": whole([sys.executable, "-m", "lembrar", "--help"]),
            "first search (use-m3)": whole(lembrar(db, "search", "feijoada", "--user", "ana")),
            "MCP stdio ready": mcp_ready(db),
        }
        results = {name: median_of(measure, args.runs) for name, measure in cases.items()}
    print(
        f"cold start of {environment()['PYTHONPATH']}, {args.runs} runs each, "
        f"{os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}"
    )
    print("| process | median s | min s | max s | target s |")
    print("|---|---|---|---|---|")
    for name, row in results.items():
        target = TARGETS.get(name)
        print(
            f"| {name} | {row['median_s']:.2f} | {row['min_s']:.2f} | {row['max_s']:.2f} | "
            f"{'' if target is None else target} |"
        )
    if args.out:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
