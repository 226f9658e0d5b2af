"""What the reader is given under each condition, all within one token budget.

======================  =====================================================================
none                    no memory at all
dense                   the plain dense search's top turns, formatted as the context block
                        formats retrieved turns, cut to the budget
lembrar                 ``Memory.context`` as shipped, after every session of the history was
                        summarised (as ``end_session`` / ``summarize_idle`` leave a store):
                        saved memories, insights, recent history, Facts, turns, summaries
lembrar-no-facts        the same without the Facts section (``ContextBudget(facts=0)``)
lembrar-no-summaries    the same as ``lembrar`` on a store whose sessions were never
                        summarised: every raw turn stays searchable and no summary is shown
oracle                  LongMemEval's evidence sessions alone, answer turns first, cut to the
                        budget (LoCoMo has no evidence-only file: not offered there)
======================  =====================================================================

One store per history: ``dense`` and ``lembrar-no-summaries`` read it before its sessions are
summarised, ``lembrar`` and ``lembrar-no-facts`` after.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from lembrar.context import (
    ContextBudget,
    ContextSection,
    assemble,
    fit,
    memories_section,
    relative_age,
)
from lembrar.evaluation.answers_data import Haystack, Question
from lembrar.importers.longmemeval import LongMemEvalSession, LongMemEvalTurn
from lembrar.model.text import count_tokens, truncate_to_tokens

if TYPE_CHECKING:
    from lembrar.embed import Embedder
    from lembrar.memory import Memory

__all__ = [
    "CONDITIONS",
    "Context",
    "build_contexts",
    "conditions_for",
    "oracle_context",
]

CONDITIONS = (
    "none",
    "dense",
    "lembrar",
    "lembrar-no-facts",
    "lembrar-no-summaries",
    "oracle",
)
BEFORE_SUMMARIES = ("dense", "lembrar-no-summaries")
AFTER_SUMMARIES = ("lembrar", "lembrar-no-facts")
WITHOUT_ORACLE = {"locomo"}
DENSE_K = 30
TITLE = "Relevant past conversations"


@dataclass(frozen=True)
class Context:
    """The memory text the reader sees, its size (lembrar's token count) and its sections."""

    text: str
    tokens: int
    sections: tuple[str, ...]


NO_MEMORY = Context("", 0, ())


def conditions_for(data_set: str, wanted: Sequence[str]) -> tuple[str, ...]:
    """``wanted`` in the canonical order, without the oracle where the set has none."""
    unknown = sorted(set(wanted) - set(CONDITIONS))
    if unknown:
        from lembrar.errors import ValidationError

        raise ValidationError(
            "--conditions", f"unknown {', '.join(unknown)}; choose from {', '.join(CONDITIONS)}"
        )
    drop = {"oracle"} if data_set in WITHOUT_ORACLE else set()
    return tuple(c for c in CONDITIONS if c in wanted and c not in drop)


def build_contexts(
    haystack: Haystack,
    pending: Mapping[str, Sequence[str]],
    budget: int,
    embedder: Embedder,
) -> dict[tuple[str, str], Context]:
    """The context of every pending (condition, question id) of ``haystack``; ``pending``
    maps a question id to its conditions still to run. The store is built only if needed."""
    out: dict[tuple[str, str], Context] = {}
    for question in haystack.questions:
        for condition in pending.get(question.qid, ()):
            if condition == "none":
                out[condition, question.qid] = NO_MEMORY
            elif condition == "oracle":
                sessions = haystack.evidence[question.qid]
                out[condition, question.qid] = oracle_context(sessions, question.now, budget)
    if any(c in BEFORE_SUMMARIES + AFTER_SUMMARIES for cs in pending.values() for c in cs):
        out.update(_store_contexts(haystack, pending, budget, embedder))
    return out


def _store_contexts(
    haystack: Haystack, pending: Mapping[str, Sequence[str]], budget: int, embedder: Embedder
) -> dict[tuple[str, str], Context]:
    from lembrar.memory import Memory

    out: dict[tuple[str, str], Context] = {}
    with Memory(":memory:", embedder=embedder) as memory:
        memory.add_many(haystack.items)
        for stage in (BEFORE_SUMMARIES, AFTER_SUMMARIES):
            asked = list(_asked(haystack.questions, pending, stage))
            if asked and stage is AFTER_SUMMARIES:
                memory.summarize_idle(haystack.now, user_id=haystack.scope)
            for question, condition in asked:
                out[condition, question.qid] = _store_context(
                    memory, haystack.scope, question, condition, budget
                )
    return out


def _asked(
    questions: Iterable[Question], pending: Mapping[str, Sequence[str]], stage: Sequence[str]
) -> Iterable[tuple[Question, str]]:
    for question in questions:
        for condition in pending.get(question.qid, ()):
            if condition in stage:
                yield question, condition


def _store_context(
    memory: Memory, scope: str, question: Question, condition: str, budget: int
) -> Context:
    if condition == "dense":
        hits = memory.retrieve(question.question, scope, DENSE_K, now=question.now, preset="dense")
        sections = [memories_section(hits.hits, question.now, budget, TITLE)]
    else:
        facts = 0 if condition == "lembrar-no-facts" else ContextBudget.facts
        block = memory.context(
            question.question,
            scope,
            budget_tokens=ContextBudget(total=budget, facts=facts),
            now=question.now,
        )
        return Context(block.text, block.tokens, tuple(s.name for s in block.sections))
    block = assemble(sections, question.now)
    return Context(block.text, block.tokens, tuple(s.name for s in block.sections))


def oracle_context(sessions: Sequence[LongMemEvalSession], now: datetime, budget: int) -> Context:
    """The evidence sessions within ``budget``: the answer turns first (one too long for the
    whole budget is cut short), then the turns nearest them; shown by session in time order."""
    chosen = _oracle_turns(sessions, now, budget - count_tokens(TITLE) - 3)
    lines: list[str] = []
    for session in sorted(sessions, key=lambda s: s.at):
        keys = [(session.session_id, t.number) for t in session.turns]
        kept = [chosen[key] for key in keys if key in chosen]
        if kept:
            lines += [_session_heading(session, now), *kept]
    section = ContextSection("evidence", TITLE, fit(lines, budget, count_tokens(TITLE) + 3))
    block = assemble([section], now)
    return Context(block.text, block.tokens, tuple(s.name for s in block.sections))


def _oracle_turns(
    sessions: Sequence[LongMemEvalSession], now: datetime, room: int
) -> dict[tuple[str, int], str]:
    """Turn lines by (session, turn number), taken in priority order while they fit."""
    chosen: dict[tuple[str, int], str] = {}
    opened: set[str] = set()
    for session, turn in _by_priority(sessions):
        line = f"- [{session.at:%H:%M}] {turn.role}: {' '.join(turn.content.split())}"
        heading = (
            0 if session.session_id in opened else count_tokens(_session_heading(session, now)) + 1
        )
        cost = count_tokens(line) + 1 + heading
        if cost > room and turn.has_answer and room - heading > 12:
            line = truncate_to_tokens(line, room - heading - 1)
            cost = room
        if cost <= room:
            chosen[session.session_id, turn.number] = line
            opened.add(session.session_id)
            room -= cost
    return chosen


def _by_priority(
    sessions: Sequence[LongMemEvalSession],
) -> list[tuple[LongMemEvalSession, LongMemEvalTurn]]:
    """Answer turns first (in time order), then every other turn by its distance from the
    nearest answer turn of its session (sessions without one count from their start)."""
    ranked: list[tuple[tuple[int, int, int, int], LongMemEvalSession, LongMemEvalTurn]] = []
    for order, session in enumerate(sorted(sessions, key=lambda s: s.at)):
        answers = [t.number for t in session.turns if t.has_answer] or [0]
        for turn in session.turns:
            distance = min(abs(turn.number - a) for a in answers)
            key = (0 if turn.has_answer else 1, distance, order, turn.number)
            ranked.append((key, session, turn))
    ranked.sort(key=lambda r: r[0])
    return [(session, turn) for _, session, turn in ranked]


def _session_heading(session: LongMemEvalSession, now: datetime) -> str:
    """As the context block heads a conversation: id, day and how long ago."""
    age = relative_age(session.at, now)
    return f"### Conversation {session.session_id} — {session.at:%A %Y-%m-%d} ({age})"
