"""Where one graph search spends its time: LoCoMo turns, then LongMemEval turns past LoCoMo's
(as ``lembrar bench graph cost`` builds its scope), into a fresh SQLite file (hashing embedder,
extraction on); the time of each read a search may make and of a first and a later search, then
``cProfile`` around ``--searches`` more calls of ``memory.graph.search`` (the facts view kept).

    PYTHONPATH=. python benchmarks/graph_search_profile.py --turns 3000
    PYTHONPATH=. python benchmarks/graph_search_profile.py --turns 10000 --searches 5
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import tempfile
import time
from pathlib import Path

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder
from lembrar.importers.locomo import load_locomo
from lembrar.importers.longmemeval import load_longmemeval

SHARED = Path(__file__).resolve().parents[2] / "shared/data"
DATA = SHARED / "locomo/locomo_dev.json.gz"
MORE = SHARED / "longmemeval/longmemeval_s_dev.json.gz"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=3000)
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--more", type=Path, default=MORE, help="LongMemEval file past LoCoMo")
    parser.add_argument("--query", default="What did Caroline research?")
    parser.add_argument("--searches", type=int, default=1)
    args = parser.parse_args()
    items = [i for c in load_locomo(args.data) for i in c.episodes("bench")]
    if len(items) < args.turns:
        for question in load_longmemeval(args.more):
            items += question.episodes("bench")
            if len(items) >= args.turns:
                break
    items = items[: args.turns]
    with tempfile.TemporaryDirectory() as folder:
        with Memory(Path(folder) / "graph.db", embedder=HashingEmbedder()) as memory:
            for start in range(0, len(items), 500):
                memory.add_many(items[start : start + 500])
            data = memory.graph.load("bench")

            def search() -> object:
                return memory.graph.search(args.query, "bench")

            print(f"{len(items)} turns, {len(data.entities)} entities, {len(data.facts)} facts")
            for label, read in (
                ("reading the graph", lambda: memory.graph.load("bench")),
                ("reading the facts view", lambda: memory.graph.store.facts_view("bench")),
                ("reading the graph's version", lambda: memory.graph.store.version("bench")),
                ("first search (facts view read, names indexed)", search),
                ("a search with the view kept", search),
            ):
                began = time.perf_counter()
                read()
                print(f"{label}: {time.perf_counter() - began:.4f} s")
            view = memory.graph.facts_view("bench")
            print(f"facts view: {len(view.entities)} entities, {len(view.facts)} facts")
            profile = cProfile.Profile()
            profile.enable()
            for _ in range(args.searches):
                search()
            profile.disable()
            pstats.Stats(profile).sort_stats("cumulative").print_stats(16)


if __name__ == "__main__":
    main()
