"""Capture and session summaries on LoCoMo, each against the plain method it adds to.

``capture``: the model reads every exchange of the first sessions of a conversation and
writes a memory record for those worth remembering (the second source paper's pipeline).
Measured: the share of exchanges kept, and turn-level evidence recall of the conversation's
questions (categories 1-4, evidence inside those sessions) searching raw turns, turns and
records together, and records alone (a record counts as the turns it was drawn from).

``summaries``: every session of a conversation is summarised, extractively and by the model;
at the benchmark's "now" (the last session) turns older than the raw window (14 days) are
reached only through their session's summary. Measured: session-level evidence recall, against
the raw turns searched with no window.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from lembrar.evaluation.harness import bench_embedder
from lembrar.evaluation.llm_steps.meter import Cost, ModelRun
from lembrar.evaluation.metrics import session_coverage
from lembrar.importers.locomo import LocomoConversation, load_locomo

__all__ = ["run_capture", "run_summaries"]

KS = (1, 5, 10)
SCORED = (1, 2, 3, 4)
RAW_WINDOW_DAYS = 14


def run_capture(
    run: ModelRun,
    data: Path,
    sessions: int,
    conversation: int,
    cache_dir: Path | None,
    embedder: str = "use-m3",
) -> dict[str, Any]:
    """Records for the exchanges of the first ``sessions`` sessions, and how they retrieve."""
    from lembrar.layers.capture import capture_records
    from lembrar.memory import Memory

    talk = load_locomo(data)[conversation]
    scope = talk.default_user_id()
    items = [e for e in talk.episodes(scope) if e.metadata["session"] <= sessions]
    questions = _questions(talk, lambda qa: max(qa.evidence_sessions) <= sessions)
    cost = Cost(run)
    with Memory(":memory:", embedder=bench_embedder(embedder, cache_dir)) as memory:
        turns = memory.add_many(items)
        cost.start()
        captured = capture_records(run.client, turns, memory.store)
        cost.stop(len(captured.steps), captured.steps)
        records = memory.add_many(captured.records)
        dia = {t.id: t.metadata["dia_id"] for t in turns}
        systems = {
            "raw turns": ("message",),
            "turns + records": ("message", "record"),
            "records only": ("record",),
        }
        scores = {
            name: _evidence(memory, scope, talk, questions, kinds, dia)
            for name, kinds in systems.items()
        }
    return {
        "step": "capture",
        "data": f"LoCoMo dev conversation {talk.sample_id}, sessions 1-{sessions}: {len(items)} turns",
        "exchanges": len(captured.steps),
        "records": len(records),
        "kept_share": round(len(records) / max(len(captured.steps), 1), 3),
        "questions": len(questions),
        "scores": scores,
        "examples": [r.content for r in records[:5]],
        "cost": cost.summary(),
    }


def run_summaries(
    run: ModelRun,
    data: Path,
    conversation: int,
    cache_dir: Path | None,
    embedder: str = "use-m3",
    sessions: int | None = None,
) -> dict[str, Any]:
    """Session-level evidence recall through extractive and model-written summaries; with
    ``sessions``, of the conversation's first sessions only ("now" is then the last of them)."""
    from lembrar.layers.config import LayerConfig
    from lembrar.layers.llm_writers import LLMSummarizer
    from lembrar.memory import Memory

    talk = load_locomo(data)[conversation]
    if sessions is not None:
        talk = replace(talk, sessions=talk.sessions[:sessions])
    scope = talk.default_user_id()
    last = len(talk.sessions)
    questions = _questions(talk, lambda qa: max(qa.evidence_sessions) <= last)
    embed = bench_embedder(embedder, cache_dir)
    systems = {
        "raw turns, no window": None,
        "extractive summaries": "extractive",
        "model summaries": "model",
    }
    scores, cost, methods = {}, Cost(run), {}
    for name, kind in systems.items():
        layers = (
            LayerConfig(raw_window_days=None)
            if kind is None
            else LayerConfig(
                raw_window_days=RAW_WINDOW_DAYS,
                summarizer=LLMSummarizer(run.client) if kind == "model" else None,
            )
        )
        with Memory(":memory:", embedder=embed, layers=layers) as memory:
            memory.add_many(talk.episodes(scope))
            if kind is not None:
                if kind == "model":
                    cost.start()
                written = [
                    memory.summaries.summarize(scope, talk.session_id(s.number), now=talk.now)
                    for s in talk.sessions
                    if _hidden(s, talk)
                ]
                if kind == "model":
                    cost.stop(len(written))
                    cost.note("fallback", sum(not s.method.startswith("llm") for s in written))
                methods[name] = sorted({s.method for s in written})
            scores[name] = _sessions(memory, scope, talk, questions)
    hidden = sum(_hidden(s, talk) for s in talk.sessions)
    return {
        "step": "summaries",
        "data": f"LoCoMo dev conversation {talk.sample_id}: {len(talk.sessions)} sessions, {hidden} of them "
        f"more than {RAW_WINDOW_DAYS} days before now (summarised)",
        "questions": len(questions),
        "scores": scores,
        "methods": methods,
        "cost": cost.summary(),
    }


def _hidden(session: Any, talk: LocomoConversation) -> bool:
    """Whether the session's turns are past the raw window at "now" (only those are summarised:
    a summary of a recent session changes nothing in search)."""
    return (talk.now - session.at).total_seconds() > RAW_WINDOW_DAYS * 86400


def _questions(talk: LocomoConversation, keep: Any) -> list[Any]:
    return [qa for qa in talk.qa if qa.category in SCORED and qa.evidence and keep(qa)]


def _evidence(
    memory: Any,
    scope: str,
    talk: LocomoConversation,
    questions: Sequence[Any],
    kinds: tuple[str, ...],
    dia: dict[str, str],
) -> dict[str, Any]:
    rows = []
    for qa in questions:
        hits = memory.search(qa.question, scope, max(KS), now=talk.now, filters={"kinds": kinds})
        ranked = list(_dia_ids(hits, dia))
        gold = set(qa.evidence)
        rows.append(
            {
                f"turn.evidence_recall@{k}": len(gold & set().union(*ranked[:k])) / len(gold)
                for k in KS
            }
        )
    return _means(rows)


def _dia_ids(hits: Iterable[Any], dia: dict[str, str]) -> Iterable[set[str]]:
    """The turns each hit stands for, in rank order: a record stands for the turns it came from."""
    for hit in hits:
        sources = hit.episode.metadata.get("derived_from")
        yield (
            {dia.get(s, "") for s in sources}
            if sources
            else {hit.episode.metadata.get("dia_id", "")}
        )


def _sessions(
    memory: Any, scope: str, talk: LocomoConversation, questions: Sequence[Any]
) -> dict[str, Any]:
    rows = []
    for qa in questions:
        hits = memory.search(qa.question, scope, 50, now=talk.now)
        sessions = [h.episode.session_id or "" for h in hits]
        gold = frozenset(talk.session_id(s) for s in qa.evidence_sessions)
        rows.append(
            {f"session.evidence_recall@{k}": session_coverage(sessions, gold, k) for k in KS}
        )
    return _means(rows)


def _means(rows: Sequence[Mapping[str, float | None]]) -> dict[str, Any]:
    keys = list(dict.fromkeys(key for row in rows for key in row))
    out: dict[str, Any] = {"n": len(rows)}
    for key in keys:
        values = [v for v in (row.get(key) for row in rows) if v is not None]
        out[key] = round(sum(values) / len(values), 3) if values else None
    return out
