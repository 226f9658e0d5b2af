"""LongMemEval retrieval: each question's haystack in its own scope, scored with the
benchmark's own recall_any / recall_all / ndcg_any at turn and session level.

Units: with ``granularity="turn"`` every turn (both roles) is one episode, or ``merge`` consecutive
turns of a session are one episode; with ``"session"`` a whole session is one episode. Turn-level
gold = units holding a ``has_answer`` turn; session-level gold = ``answer_session_ids``, and a
turn ranking is rolled up to the first k distinct sessions. Abstention questions (``_abs``) are
left out, as in the benchmark's own averages. ``pool`` > 1 puts the haystacks of that many
questions in one scope (harder: more distractors).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lembrar.evaluation.harness import (
    DEFAULT_CACHE_DIR,
    Answer,
    Case,
    Probe,
)
from lembrar.evaluation.metrics import (
    distinct,
    ndcg_any,
    precision_at,
    recall_all,
    recall_any,
    recall_at,
    reciprocal_rank,
    rolled_up,
)
from lembrar.evaluation.report import BenchResult, settings_config
from lembrar.evaluation.setup import measure
from lembrar.importers.longmemeval import LongMemEvalQuestion, LongMemEvalSession, load_longmemeval
from lembrar.model.inputs import EpisodeIn

if TYPE_CHECKING:
    from lembrar.evaluation.llm import LLMSearch

GRANULARITIES = ("turn", "session")
HEADLINE = [
    "session.recall_any@1",
    "session.recall_any@5",
    "session.recall_all@5",
    "session.ndcg_any@10",
    "session.mrr",
    "turn.recall_any@5",
    "turn.recall_all@5",
    "turn.ndcg_any@10",
    "seed.avg_similarity@3",
]


@dataclass(frozen=True)
class LongMemEvalSettings:
    data: Path
    limit: int | None = None
    preset: str = "balanced"
    granularity: str = "turn"
    merge: int = 1
    pool: int = 1
    embedder: str = "use-m3"
    baselines: tuple[str, ...] = ("dense", "keyword")
    ks: tuple[int, ...] = (1, 3, 5, 10)
    depth: int = 100
    cache_dir: Path | None = DEFAULT_CACHE_DIR
    progress: bool = True
    sample: int | None = None
    llm: LLMSearch | None = None
    graph: bool = False  # also run the preset with graph facts as a source (lembrar+graph)


@dataclass(frozen=True)
class Gold:
    units: frozenset[str]
    sessions: frozenset[str]
    unit_total: int  # corpus units that are gold
    session_unit_total: int  # corpus units that belong to gold sessions
    granularity: str


def run_longmemeval(settings: LongMemEvalSettings) -> BenchResult:
    loaded = spread(load_longmemeval(settings.data, settings.limit), settings.sample)
    questions = [q for q in loaded if not q.is_abstention]
    cases = list(build_cases(questions, settings.granularity, settings.merge, settings.pool))
    measured = measure(
        settings,
        cases,
        score_answer(settings.ks),
        label="longmemeval",
        depth=settings.depth,
        total=len(questions),
        graph=settings.graph,
    )
    return BenchResult(
        name="longmemeval",
        config=settings_config(settings),
        systems=measured.systems,
        summary=measured.summary,
        headline=HEADLINE
        if settings.granularity == "turn"
        else [h for h in HEADLINE if not h.startswith("turn.")],
        timings=measured.timings,
        notes={
            "questions scored": len(questions),
            "abstention questions left out": len(loaded) - len(questions),
        },
        rows=measured.rows,
        curves={"session.recall_any": list(settings.ks), "session.recall_all": list(settings.ks)},
        group_metrics=["session.recall_any@1", "session.recall_all@5"],
    )


def spread(
    questions: Sequence[LongMemEvalQuestion], sample: int | None
) -> list[LongMemEvalQuestion]:
    """``sample`` questions evenly spaced over the file (which is ordered by question type)."""
    if sample is None or sample >= len(questions):
        return list(questions)
    return [questions[i * len(questions) // sample] for i in range(sample)]


def build_cases(
    questions: Sequence[LongMemEvalQuestion],
    granularity: str = "turn",
    merge: int = 1,
    pool: int = 1,
) -> Iterator[Case]:
    """One case per question, or per ``pool`` questions sharing one scope."""
    if granularity not in GRANULARITIES:
        raise ValueError(f"granularity must be one of {GRANULARITIES}")
    for start in range(0, len(questions), max(1, pool)):
        group = questions[start : start + max(1, pool)]
        scope = (
            group[0].default_user_id() if len(group) == 1 else f"longmemeval:pool-{start // pool}"
        )
        items = _units(_sessions(group), scope, group[0].question_id, granularity, max(1, merge))
        yield Case(scope, items, [_probe(q, items, granularity) for q in group])


def _sessions(questions: Sequence[LongMemEvalQuestion]) -> list[LongMemEvalSession]:
    """The haystack sessions of the questions, each (id, date) once."""
    seen: dict[tuple[str, Any], LongMemEvalSession] = {}
    for question in questions:
        for session in question.sessions:
            seen.setdefault((session.session_id, session.at), session)
    return list(seen.values())


def _units(
    sessions: Sequence[LongMemEvalSession], scope: str, qid: str, granularity: str, merge: int
) -> list[EpisodeIn]:
    size = 10**9 if granularity == "session" else merge
    items = []
    for session in sessions:
        for start in range(0, len(session.turns), size):
            turns = session.turns[start : start + size]
            unit = (
                session.session_id
                if granularity == "session"
                else "+".join(t.turn_id for t in turns)
            )
            single = len(turns) == 1
            items.append(
                EpisodeIn(
                    user_id=scope,
                    content=turns[0].content
                    if single
                    else "\n".join(f"{t.role}: {t.content}" for t in turns),
                    role=turns[0].role if single else None,
                    session_id=session.session_id,
                    at=session.at,
                    metadata={
                        "question_id": qid,
                        "unit": unit,
                        "has_answer": any(t.has_answer for t in turns),
                    },
                )
            )
    return items


def _probe(question: LongMemEvalQuestion, items: Sequence[EpisodeIn], granularity: str) -> Probe:
    gold_turns = question.gold_turn_ids
    units = [(i.metadata["unit"], i.session_id) for i in items]
    if granularity == "turn":
        gold_units = frozenset(u for u, _ in units if set(u.split("+")) & gold_turns)
    else:
        gold_units = frozenset(question.answer_session_ids)
    sessions = frozenset(question.answer_session_ids)
    gold = Gold(
        gold_units,
        sessions,
        sum(u in gold_units for u, _ in units),
        sum(s in sessions for _, s in units),
        granularity,
    )
    return Probe(
        question.question_id,
        question.question,
        question.question_date,
        question.question_type,
        gold,
    )


def score_answer(ks: Sequence[int]):
    """A scorer of one answer: LongMemEval metrics at each k, plus MRR and the seed metrics."""

    def score(answer: Answer) -> dict[str, float | None]:
        gold: Gold = answer.probe.gold
        units = [f.metadata.get("unit", "") for f in answer.found]
        sessions = [f.session_id or "" for f in answer.found]
        out: dict[str, float | None] = {}
        for k in ks:
            if gold.granularity == "turn":
                out[f"turn.recall_any@{k}"] = recall_any(units, gold.units, k)
                out[f"turn.recall_all@{k}"] = (
                    recall_all(units, gold.units, k) if gold.units else None
                )
                out[f"turn.ndcg_any@{k}"] = ndcg_any(units, gold.units, k, gold.unit_total)
            for name, value in rolled_up(
                sessions, gold.sessions, k, gold.session_unit_total
            ).items():
                out[f"session.{name}@{k}"] = value
            out[f"session.ndcg_distinct@{k}"] = ndcg_any(distinct(sessions), gold.sessions, k)
        out["session.mrr"] = reciprocal_rank(distinct(sessions), gold.sessions)
        if gold.granularity == "turn":
            out["turn.mrr"] = reciprocal_rank(units, gold.units) if gold.units else None
        seed_gold, seed_ranking = (gold.units, units) if gold.units else (gold.sessions, sessions)
        out["seed.precision@3"] = precision_at(seed_ranking, seed_gold, 3)
        out["seed.recall@3"] = recall_at(seed_ranking, seed_gold, 3)
        out["seed.mrr"] = reciprocal_rank(seed_ranking, seed_gold)
        return out

    return score


__all__ = [
    "Gold",
    "LongMemEvalSettings",
    "build_cases",
    "run_longmemeval",
    "score_answer",
    "spread",
]
