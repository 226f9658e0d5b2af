"""``lembrar bench graph``: the knowledge graph measured.

* ``extraction``: precision and recall of entities and facts on hand-labelled turns of LoCoMo,
  LongMemEval and DailyDialog (``benchmarks/graph/*.jsonl``; rules in
  ``benchmarks/graph/LABELS.md``); the life story and the hand check are in ``graph_quality``;
* ``knowledge-update``: for LongMemEval's knowledge-update questions, is the current value first
  in the context block's Facts section, and is an older one marked superseded;
* ``cost``: offline extraction throughput, model calls per episode against the protocol test
  server, and search latency with the graph source at a given scope size.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from lembrar.evaluation.graph_quality import DataFiles, episode_of, run_labelled
from lembrar.graph.extract.names import fold
from lembrar.model.episode import Episode
from lembrar.model.inputs import EpisodeIn


def _episode(item: EpisodeIn) -> Episode:
    return episode_of(item)


def run_extraction(
    labels: Path,
    locomo: Path,
    longmemeval: Path,
    names: str = "rules",
    dailydialog: Path | None = None,
    trusted: bool = False,
) -> dict[str, Any]:
    """Precision / recall per set of one labels file (``graph_quality.run_labelled``)."""
    data = DataFiles(locomo, longmemeval, dailydialog)
    name = f"offline/{names}" + ("/trusted" if trusted else "")
    return {"extractor": name, "sets": run_labelled(labels, data, names, trusted)}


# -- knowledge update ------------------------------------------------------------------------
@dataclass(frozen=True)
class UpdateCase:
    question_id: str
    has_facts: bool
    current_first: bool
    superseded_marked: bool


def run_knowledge_update(data: Path, embedder: str = "hash") -> dict[str, Any]:
    from lembrar import Memory
    from lembrar.importers.longmemeval import load_longmemeval

    cases = []
    for q in [q for q in load_longmemeval(data) if q.question_type == "knowledge-update"]:
        with Memory(":memory:", embedder=embedder) as memory:
            memory.add_many(q.episodes())
            block = memory.context(q.question, q.default_user_id(), now=q.question_date)
        facts = next((s for s in block.sections if s.name == "facts"), None)
        lines = list(facts.lines) if facts else []
        answer = set(fold(q.answer).split())
        first = set(fold(lines[0]).replace("(", " ").split()) if lines else set()
        cases.append(
            UpdateCase(
                q.question_id,
                bool(lines),
                bool(answer) and answer <= first,
                any(line.startswith("- [superseded]") for line in lines),
            )
        )
    total = len(cases) or 1
    return {
        "questions": len(cases),
        "with_facts_section": sum(c.has_facts for c in cases),
        "current_value_first": sum(c.current_first for c in cases),
        "old_value_marked_superseded": sum(c.superseded_marked for c in cases),
        "share_current_first": round(sum(c.current_first for c in cases) / total, 3),
        "share_superseded_marked": round(sum(c.superseded_marked for c in cases) / total, 3),
        "cases": [c.__dict__ for c in cases],
    }


# -- cost ------------------------------------------------------------------------------------
def _median_rate(count: int, run: Callable[[], object], repeats: int = 3) -> float:
    rates = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        rates.append(count / (time.perf_counter() - start))
    return round(statistics.median(rates), 1)


def extraction_rate(episodes: Sequence[Episode], names: str) -> float:
    from lembrar.graph.extract import offline_extractor

    extractor = offline_extractor(names)
    extractor.extract(episodes[0])  # loads what it needs outside the timing
    return _median_rate(len(episodes), lambda: [extractor.extract(e) for e in episodes])


def model_calls(episodes: Sequence[EpisodeIn], malformed_every: int = 10) -> dict[str, Any]:
    """Episodes through ``LLMExtractor`` against the protocol test server; every
    ``malformed_every``-th reply is broken JSON (re-asked once, then the offline fallback)."""
    from lembrar import Memory
    from lembrar.embed.hashing import HashingEmbedder
    from lembrar.graph import GraphConfig
    from lembrar.graph.extract.llm import LLMExtractor
    from lembrar.llm import LLMClient
    from lembrar.testing import FakeOpenAIServer, Reply

    counter = {"n": 0}

    def answer(request: Any) -> Reply:
        counter["n"] += 1
        if counter["n"] % malformed_every == 0:
            return Reply(text='{"entities": [')
        return Reply.json({"entities": [], "facts": []})

    with FakeOpenAIServer(api_key="k", models=["m"]) as server:
        server.default = answer
        with LLMClient(server.config(timeout=5.0, max_retries=0)) as llm:
            extractor = LLMExtractor(llm)
            graph = GraphConfig(extractor=extractor)
            with Memory(":memory:", embedder=HashingEmbedder(), graph=graph) as memory:
                memory.add_many(episodes)
                sent = len(server.requests)
    return {
        "episodes": len(episodes),
        "requests": sent,
        "calls_per_episode": round(sent / len(episodes), 3),
        "fallbacks": extractor.fallbacks,
        "malformed_every": malformed_every,
    }


def search_latency(
    items: Sequence[EpisodeIn], queries: Sequence[str], path: Path
) -> dict[str, Any]:
    """Median search latency (ms) at ``len(items)`` episodes: graph search (and its first call,
    which reads the facts view), episode search without and with the graph source, and a context
    block with it, on one SQLite file (hashing embedder)."""
    from lembrar import Memory
    from lembrar.embed.hashing import HashingEmbedder
    from lembrar.graph import GraphConfig

    embedder = HashingEmbedder()
    start = time.perf_counter()
    with Memory(path, embedder=embedder) as memory:
        for i in range(0, len(items), 500):
            memory.add_many(items[i : i + 500])
    ingest = len(items) / (time.perf_counter() - start)
    user = items[0].user_id
    out: dict[str, Any] = {"episodes": len(items), "ingest_per_s_with_graph": round(ingest, 1)}
    for name, config in (
        ("search", GraphConfig(enabled=False)),
        ("search+graph", GraphConfig(search_source=True)),
    ):
        with Memory(path, embedder=embedder, graph=config) as memory:
            if name == "search":  # the first reads the facts view, later ones keep it
                out["graph_search_first_ms"] = _median_ms(
                    [lambda: memory.graph.search(queries[0], user)]
                )
            out[f"{name}_ms"] = _median_ms([partial(memory.search, q, user) for q in queries])
            if name == "search":
                out["graph_search_ms"] = _median_ms(
                    [partial(memory.graph.search, q, user) for q in queries]
                )
                out["facts"] = len(memory.graph.load(user).facts)
                out["entities"] = len(memory.graph.load(user).entities)
            else:  # the Facts section and the search source: one graph search per call
                out["context_ms"] = _median_ms([partial(memory.context, q, user) for q in queries])
    out["graph_source_ratio"] = round(out["search+graph_ms"] / out["search_ms"], 2)
    return out


def _median_ms(calls: Sequence[Callable[[], object]]) -> float:
    times = []
    for call in calls:
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000)
    return round(statistics.median(times), 1)
