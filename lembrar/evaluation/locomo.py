"""LoCoMo evidence recall: each conversation in its own scope, every QA item of categories
1-4 asked with "now" = the date of the last session.

Scores: the share of a question's evidence turns among the top k turns, and the share of its
evidence sessions among the top k distinct sessions, k in (1, 5, 10); plus MRR and the seed
metrics. Adversarial questions (category 5) and questions left without valid evidence are not
scored; malformed evidence ids are skipped and counted.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from lembrar.evaluation.harness import (
    DEFAULT_CACHE_DIR,
    Answer,
    Case,
    Probe,
)
from lembrar.evaluation.metrics import (
    coverage,
    distinct,
    precision_at,
    recall_at,
    reciprocal_rank,
    session_coverage,
)
from lembrar.evaluation.report import BenchResult, settings_config
from lembrar.evaluation.setup import measure
from lembrar.importers.locomo import LocomoConversation, load_locomo

if TYPE_CHECKING:
    from lembrar.evaluation.llm import LLMSearch

SCORED_CATEGORIES = (1, 2, 3, 4)
HEADLINE = [
    "session.evidence_recall@1",
    "session.evidence_recall@5",
    "session.evidence_recall@10",
    "turn.evidence_recall@1",
    "turn.evidence_recall@5",
    "turn.evidence_recall@10",
    "turn.mrr",
    "seed.avg_similarity@3",
]


@dataclass(frozen=True)
class LocomoSettings:
    data: Path
    limit: int | None = None
    preset: str = "balanced"
    embedder: str = "use-m3"
    baselines: tuple[str, ...] = ("dense", "keyword")
    ks: tuple[int, ...] = (1, 5, 10)
    depth: int = 50
    cache_dir: Path | None = DEFAULT_CACHE_DIR
    progress: bool = True
    llm: LLMSearch | None = None
    graph: bool = False  # also run the preset with graph facts as a source (lembrar+graph)


@dataclass(frozen=True)
class Evidence:
    turns: frozenset[str]
    sessions: frozenset[str]


def run_locomo(settings: LocomoSettings) -> BenchResult:
    conversations = load_locomo(settings.data, settings.limit)
    cases = list(build_cases(conversations))
    total = sum(len(c.probes) for c in cases)
    measured = measure(
        settings,
        cases,
        score_answer(settings.ks),
        label="locomo",
        depth=settings.depth,
        total=total,
        graph=settings.graph,
    )
    return BenchResult(
        name="locomo",
        config=settings_config(settings),
        systems=measured.systems,
        summary=measured.summary,
        headline=HEADLINE,
        timings=measured.timings,
        notes=counts(conversations, total),
        rows=measured.rows,
        curves={
            "session.evidence_recall": list(settings.ks),
            "turn.evidence_recall": list(settings.ks),
        },
        group_metrics=[
            f"session.evidence_recall@{settings.ks[-1]}",
            f"turn.evidence_recall@{settings.ks[-1]}",
        ],
    )


def counts(conversations: Sequence[LocomoConversation], scored: int) -> dict[str, int]:
    qa = [q for c in conversations for q in c.qa]
    return {
        "conversations": len(conversations),
        "questions scored": scored,
        "adversarial questions (category 5) not scored": sum(q.category == 5 for q in qa),
        "questions without valid evidence not scored": sum(
            q.category != 5 and not q.evidence for q in qa
        ),
        "malformed or unknown evidence ids skipped": sum(c.skipped_evidence for c in conversations),
    }


def build_cases(conversations: Sequence[LocomoConversation]) -> Iterator[Case]:
    for conversation in conversations:
        scope = conversation.default_user_id()
        probes = [
            Probe(
                f"{conversation.sample_id}#{n}",
                qa.question,
                conversation.now,
                qa.category_name,
                Evidence(
                    frozenset(qa.evidence),
                    frozenset(conversation.session_id(s) for s in qa.evidence_sessions),
                ),
            )
            for n, qa in enumerate(conversation.qa, start=1)
            if qa.category in SCORED_CATEGORIES and qa.evidence
        ]
        yield Case(scope, conversation.episodes(scope), probes)


def score_answer(ks: Sequence[int]):
    def score(answer: Answer) -> dict[str, float | None]:
        gold: Evidence = answer.probe.gold
        turns = [f.metadata.get("dia_id", "") for f in answer.found]
        sessions = [f.session_id or "" for f in answer.found]
        out: dict[str, float | None] = {}
        for k in ks:
            out[f"turn.evidence_recall@{k}"] = coverage(turns, gold.turns, k)
            out[f"session.evidence_recall@{k}"] = session_coverage(sessions, gold.sessions, k)
        out["turn.mrr"] = reciprocal_rank(turns, gold.turns)
        out["session.mrr"] = reciprocal_rank(distinct(sessions), gold.sessions)
        out["seed.precision@3"] = precision_at(turns, gold.turns, 3)
        out["seed.recall@3"] = recall_at(turns, gold.turns, 3)
        return out

    return score


__all__ = ["Evidence", "LocomoSettings", "build_cases", "run_locomo", "score_answer"]
