"""Building the systems of a run from names: our engine with a preset, and the baselines."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from lembrar.config import MemoryConfig
from lembrar.embed import Embedder
from lembrar.errors import ConfigurationError
from lembrar.evaluation.harness import (
    Case,
    Row,
    Scorer,
    bench_embedder,
    run_cases,
    score_all,
    summarize,
)
from lembrar.evaluation.seed import similarity_scorer
from lembrar.evaluation.systems import BASELINE_PRESETS, Backend, ChromaBackend, EngineBackend
from lembrar.retrieval.config import SearchConfig

if TYPE_CHECKING:
    from lembrar.evaluation.llm import LLMSearch

BASELINES = ("dense", "keyword", "chroma")
LLM_SYSTEM = "lembrar+llm"
GRAPH_SYSTEM = "lembrar+graph"
DEFAULT_PRESET = "balanced"


def system_name(preset: str) -> str:
    """Our engine's column name: ``lembrar`` with the default preset, ``lembrar:<preset>`` otherwise."""
    return "lembrar" if preset == DEFAULT_PRESET else f"lembrar:{preset}"


def parse_baselines(text: str | Sequence[str] | None) -> tuple[str, ...]:
    """``"dense,keyword"`` -> ``("dense", "keyword")``; ``"none"`` or empty -> ``()``."""
    names = text.split(",") if isinstance(text, str) else list(text or ())
    chosen = tuple(n.strip() for n in names if n.strip() and n.strip() != "none")
    unknown = [n for n in chosen if n not in BASELINES]
    if unknown:
        raise ConfigurationError(f"baselines: unknown {unknown}; use any of {', '.join(BASELINES)}")
    return chosen


def build_backends(
    embedder_name: str,
    preset: str,
    baselines: Sequence[str],
    cache_dir: Path | None,
    config: MemoryConfig | None = None,
    llm: LLMSearch | None = None,
    graph: bool = False,
) -> tuple[list[Backend], Embedder]:
    """Our engine (answering for its preset, the engine baselines and, given ``llm``, the preset
    with the language-model steps as ``lembrar+llm``), with ``graph`` the preset with graph facts
    as a source (``lembrar+graph``), plus ChromaDB if asked."""
    embedder = bench_embedder(embedder_name, cache_dir)
    presets: dict[str, str | SearchConfig] = {system_name(preset): preset}
    if llm is not None:
        presets[LLM_SYSTEM] = llm.config
    presets.update({name: BASELINE_PRESETS[name] for name in baselines if name in BASELINE_PRESETS})
    backends: list[Backend] = [
        EngineBackend(embedder, presets, config or MemoryConfig(), llm=llm.llm if llm else None)
    ]
    if graph:  # the same preset with graph facts as a candidate source, on its own copy
        from lembrar.graph import GraphConfig

        backends.append(
            EngineBackend(
                embedder,
                {GRAPH_SYSTEM: preset},
                config or MemoryConfig(),
                graph=GraphConfig(search_source=True),
            )
        )
    if "chroma" in baselines:
        backends.append(ChromaBackend(embedder, (config or MemoryConfig()).chunking))
    return backends, embedder


class Systems(Protocol):
    """What a benchmark's settings say of the systems it runs."""

    @property
    def embedder(self) -> str: ...
    @property
    def preset(self) -> str: ...
    @property
    def baselines(self) -> tuple[str, ...]: ...
    @property
    def cache_dir(self) -> Path | None: ...
    @property
    def progress(self) -> bool: ...
    @property
    def llm(self) -> LLMSearch | None: ...


@dataclass(frozen=True)
class Measured:
    """Every system's scores of a run: one row per probe and system, and their means."""

    systems: list[str]
    rows: list[Row]
    summary: dict[str, Any]
    timings: dict[str, Any]


def measure(
    settings: Systems,
    cases: Sequence[Case],
    scorer: Scorer,
    *,
    label: str,
    depth: int,
    total: int,
    graph: bool = False,
    similarity: bool = True,
) -> Measured:
    """Build the systems ``settings`` name, ask them every probe of ``cases`` and score each
    answer with ``scorer`` (and, with ``similarity``, the seed metric of the top texts)."""
    backends, embedder = build_backends(
        settings.embedder,
        settings.preset,
        settings.baselines,
        settings.cache_dir,
        llm=settings.llm,
        graph=graph,
    )
    systems = [s for b in backends for s in b.systems]
    answers, timings = run_cases(
        cases,
        backends,
        depth,
        total=total,
        label=label,
        progress=settings.progress,
        warm=embedder,
    )
    score: Scorer = similarity_scorer(embedder, scorer) if similarity else scorer
    rows = score_all(answers, score)
    return Measured(systems, rows, summarize(rows, systems), timings.summary())
