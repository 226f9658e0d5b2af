"""Cold start of the processes a person starts: ``lembrar --help``, a first ``lembrar search``
with the default embedder on a small store, and ``lembrar mcp`` over stdio until it answers a
client's ``initialize`` (and then its ``tools/list``); each beside a bare ``python -c pass``, as
the median of several runs, in wall seconds and in CPU seconds (user + system) of the process.

    python benchmarks/cold_start.py [--runs 7] [--repo PATH] [--out bench-out/cold_start.json]

``--repo`` times another checkout (e.g. the one before a change) with the same interpreter.

Every run is a fresh process. Bytecode is written and reused as an installed package does
(``PYTHONDONTWRITEBYTECODE`` is dropped, and each command runs once before it is timed), and
so is the embedder's ready-to-load copy (``XDG_CACHE_HOME`` points into a temporary folder, so
the untimed run writes it), so the figures are what a user sees from the second call on. The
machine's load moves the wall seconds (compare them with the ``python -c pass`` row of the same
run); the CPU seconds move far less, and on an idle machine the wall time is close to them. A
``lembrar mcp`` process is ended as soon as it has answered, so its CPU seconds are those it
spent getting ready.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
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
INITIALIZED: dict[str, object] = {"jsonrpc": "2.0", "method": "notifications/initialized"}
LIST_TOOLS: dict[str, object] = {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}


@dataclass(frozen=True)
class Timing:
    wall_s: float
    cpu_s: float  # user + system seconds of the process


def environment() -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": os.environ.get("COLD_START_REPO", str(REPO))}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if "COLD_START_CACHE" in os.environ:
        env["XDG_CACHE_HOME"] = os.environ["COLD_START_CACHE"]
    return env


def lembrar(db: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "lembrar", "--db", str(db), *args]


@contextmanager
def timed(into: list[Timing]) -> Iterator[None]:
    """Wall and CPU seconds of the block, whose one child process ends (and is waited for)
    inside it: the CPU seconds are those of the children reaped meanwhile."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    yield
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    into.append(Timing(wall, cpu))


def whole(command: list[str]) -> Callable[[], Timing]:
    """From start to exit of ``command``."""

    def run() -> Timing:
        timing: list[Timing] = []
        with timed(timing):
            subprocess.run(command, env=environment(), check=True, capture_output=True)
        return timing[0]

    return run


def mcp_ready(db: Path, *, list_tools: bool) -> Callable[[], Timing]:
    """From start of ``lembrar mcp`` to its answer to ``initialize`` (and, with ``list_tools``,
    to its answer to the ``tools/list`` a client sends next); wall seconds to the answer, CPU
    seconds of the process ended right after it."""

    def run() -> Timing:
        timing: list[Timing] = []
        with timed(timing):
            start = time.perf_counter()
            process = subprocess.Popen(
                lembrar(db, "mcp", "--user", "ana"),
                env=environment(),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
            )
            answer = _exchange(process, [INITIALIZE])
            if list_tools:
                answer = _exchange(process, [INITIALIZED, LIST_TOOLS])
            elapsed = time.perf_counter() - start
            assert process.stdin is not None
            process.stdin.close()
            process.terminate()
            process.wait(30)
        assert "result" in answer, answer
        return Timing(elapsed, timing[0].cpu_s)

    return run


def _exchange(
    process: subprocess.Popen[bytes], messages: list[dict[str, object]]
) -> dict[str, object]:
    """Send ``messages``; the answer to the last one."""
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(b"".join((json.dumps(m) + "\n").encode() for m in messages))
    process.stdin.flush()
    answer: dict[str, object] = json.loads(process.stdout.readline())
    assert answer.get("id") == messages[-1]["id"], answer
    return answer


def summary(measure: Callable[[], Timing], runs: int) -> dict[str, float]:
    measure()  # writes the bytecode, as an install does
    timings = [measure() for _ in range(runs)]
    walls, cpus = [t.wall_s for t in timings], [t.cpu_s for t in timings]
    return {
        "median_s": statistics.median(walls),
        "min_s": min(walls),
        "max_s": max(walls),
        "cpu_median_s": statistics.median(cpus),
        "cpu_min_s": min(cpus),
    }


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
            "MCP stdio ready": mcp_ready(db, list_tools=False),
            "MCP tools listed": mcp_ready(db, list_tools=True),
        }
        results = {name: summary(measure, args.runs) for name, measure in cases.items()}
    print(
        f"cold start of {environment()['PYTHONPATH']}, {args.runs} runs each, "
        f"{os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}"
    )
    print("| process | median s | min s | max s | CPU median s | CPU min s | target s |")
    print("|---|---|---|---|---|---|---|")
    for name, row in results.items():
        target = TARGETS.get(name)
        print(
            f"| {name} | {row['median_s']:.2f} | {row['min_s']:.2f} | {row['max_s']:.2f} | "
            f"{row['cpu_median_s']:.2f} | {row['cpu_min_s']:.2f} | "
            f"{'' if target is None else target} |"
        )
    if args.out:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
