"""The search steps and end-to-end answers on a LongMemEval sample, against the plain search.

``search``: per question, the haystack is loaded once (one episode per turn) and searched
plainly, with the hypothetical memory, and with the relevance filter over the top
:data:`FILTER_K` hits (against the same top hits unfiltered). Scored with the benchmark's
session-level ``recall_any@1`` (R@1) and ``recall_all@5``.

``answers``: the model answers each question from lembrar's context block, from a plain dense
top-k of the same size, and with no memory; each answer is scored by normalized containment
of the gold answer and judged by the same model with LongMemEval's judge prompt. A 1.5B
reader and judge make this a relative comparison, not a LongMemEval QA score.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence, Sized
from dataclasses import replace
from pathlib import Path
from typing import Any

from lembrar.evaluation.harness import Answer, bench_embedder
from lembrar.evaluation.llm_steps.meter import Cost, ModelRun
from lembrar.evaluation.longmemeval import build_cases, score_answer, spread
from lembrar.evaluation.systems import Found
from lembrar.importers.longmemeval import load_longmemeval

__all__ = ["FILTER_K", "normalized", "run_answers", "run_search"]

FILTER_K = 5
DEPTH = 50
CONTEXT_TOKENS = 600
ANSWER_TOKENS = 100
METRICS = ("session.recall_any@1", "session.recall_all@5")


def run_search(
    run: ModelRun,
    data: Path,
    sample: int,
    cache_dir: Path | None,
    embedder: str = "use-m3",
    haystack: int | None = None,
) -> dict[str, Any]:
    """R@1 and recall_all@5, plain and with each search step, on ``sample`` questions."""
    from lembrar.retrieval.config import resolve

    base = resolve("balanced")
    variants = {
        "balanced": (base, DEPTH),
        "+hypothetical": (base.with_(llm_hypothetical_query=True), DEPTH),
        f"balanced top-{FILTER_K}": (base, FILTER_K),
        f"+relevance filter top-{FILTER_K}": (base.with_(llm_relevance_filter=True), FILTER_K),
    }
    costs = {name: Cost(run) for name in variants if name.startswith("+")}
    scores: dict[str, list[dict[str, Any]]] = {name: [] for name in variants}
    scorer = score_answer((1, 5))
    questions = _questions(data, sample, haystack)
    for memory, case in _loaded(questions, run, cache_dir, embedder):
        probe = case.probes[0]
        for name, (config, depth) in variants.items():
            cost = costs.get(name)
            if cost is not None:
                cost.start()
            result = memory.retrieve(probe.text, case.scope, depth, now=probe.now, preset=config)
            if cost is not None:
                cost.stop(1, result.steps)
            found = [
                Found(h.episode.session_id, h.episode.metadata, h.score, h.text)
                for h in result.hits
            ]
            row = scorer(Answer(probe, name, found, 0.0))
            scores[name].append(
                {
                    "qid": probe.qid,
                    "type": probe.group,
                    "kept": len(found),
                    **{m: row.get(m) for m in METRICS},
                }
            )
    return {
        "step": "search",
        "data": _described(questions, haystack),
        "questions": len(questions),
        "scores": {name: _means(rows, (*METRICS, "kept")) for name, rows in scores.items()},
        "cost": {name: cost.summary() for name, cost in costs.items()},
        "rows": scores,
    }


def run_answers(
    run: ModelRun,
    data: Path,
    sample: int,
    cache_dir: Path | None,
    embedder: str = "use-m3",
    haystack: int | None = None,
) -> dict[str, Any]:
    """Answers from lembrar's context, a dense top-k and no memory, matched and judged."""
    from lembrar.llm.prompts import answer, longmemeval_judge

    questions = {q.question_id: q for q in _questions(data, sample, haystack)}
    readers: dict[str, Callable[[Any, Any], str]] = {
        "lembrar context": _lembrar_context,
        "dense top-k": _dense_context,
        "no memory": lambda m, c: "",
    }
    costs = {name: Cost(run) for name in readers}
    judge = Cost(run)
    rows: dict[str, list[dict[str, Any]]] = {name: [] for name in readers}
    for memory, case in _loaded(list(questions.values()), run, cache_dir, embedder):
        probe = case.probes[0]
        question = questions[probe.qid]
        for name, context in readers.items():
            costs[name].start()
            reply = run.client.chat(
                answer.render(probe.text, memories=context(memory, case), now=probe.now),
                max_tokens=ANSWER_TOKENS,
            ).text
            costs[name].stop()
            judge.start()
            said = run.client.chat(
                longmemeval_judge.render(
                    question.question_type, question.question, question.answer, reply
                ),
                max_tokens=4,
            ).text
            judge.stop()
            rows[name].append(
                {
                    "qid": probe.qid,
                    "type": probe.group,
                    "answer": question.answer,
                    "reply": reply,
                    "contains_gold": normalized(question.answer) in normalized(reply),
                    "judged_correct": longmemeval_judge.verdict(said),
                }
            )
    return {
        "step": "answers",
        "data": _described(questions, haystack),
        "questions": len(questions),
        "reader_and_judge": run.name,
        "scores": {
            name: _means(r, ("contains_gold", "judged_correct")) for name, r in rows.items()
        },
        "cost": {
            **{name: cost.summary() for name, cost in costs.items()},
            "judge": judge.summary(),
        },
        "rows": rows,
    }


def _described(questions: Sized, haystack: int | None) -> str:
    size = "full haystacks" if haystack is None else f"haystacks cut to {haystack} sessions"
    return f"LongMemEval-S dev, {len(questions)} questions spread over the file ({size})"


def _questions(data: Path, sample: int, haystack: int | None) -> list[Any]:
    chosen = spread([q for q in load_longmemeval(data) if not q.is_abstention], sample)
    return chosen if haystack is None else [_trimmed(q, haystack) for q in chosen]


def _trimmed(question: Any, sessions: int) -> Any:
    """The question with a haystack of ``sessions`` sessions: its evidence sessions and the
    others spread evenly over the rest, in their original order."""
    gold = set(question.answer_session_ids)
    others = [s for s in question.sessions if s.session_id not in gold]
    room = max(sessions - len(gold), 0)
    kept = {id(others[i * len(others) // room]) for i in range(min(room, len(others)))}
    keep = [s for s in question.sessions if s.session_id in gold or id(s) in kept]
    return replace(question, sessions=tuple(keep))


def _loaded(questions: Sequence[Any], run: ModelRun, cache_dir: Path | None, embedder: str):  # type: ignore[no-untyped-def]
    """Each question's haystack in a fresh in-memory store, with the model as its ``llm``."""
    from lembrar.memory import Memory

    embed = bench_embedder(embedder, cache_dir)
    for case in build_cases(questions):
        with Memory(":memory:", embedder=embed, llm=run.client) as memory:
            memory.add_many(case.items)
            yield memory, case


def _lembrar_context(memory: Any, case: Any) -> str:
    probe = case.probes[0]
    return memory.context(probe.text, case.scope, budget_tokens=CONTEXT_TOKENS, now=probe.now).text


def _dense_context(memory: Any, case: Any) -> str:
    """The plain dense top hits as dated lines, cut to the same budget (4 characters a token)."""
    from lembrar.retrieval.llm_steps.relevance import memory_line

    probe = case.probes[0]
    lines, room = [], CONTEXT_TOKENS * 4
    for hit in memory.retrieve(probe.text, case.scope, 8, now=probe.now, preset="dense").hits:
        line = memory_line(hit)[:room]
        lines.append(line)
        room -= len(line)
        if room <= 0:
            break
    return "\n".join(f"- {line}" for line in lines)


def normalized(text: str) -> str:
    """Lower case, no accents, punctuation or articles, single spaces (SQuAD-style)."""
    text = unicodedata.normalize("NFKD", str(text)).encode("ascii", "ignore").decode().lower()
    text = re.sub(r"[^\w\s]", " ", text)
    text = re.sub(r"\b(a|an|the)\b", " ", text)
    return " ".join(text.split())


def _means(rows: Sequence[dict[str, Any]], keys: Sequence[str]) -> dict[str, Any]:
    out: dict[str, Any] = {"n": len(rows)}
    for key in keys:
        values = [float(r[key]) for r in rows if r.get(key) is not None]
        out[key] = round(sum(values) / len(values), 3) if values else None
    return out
