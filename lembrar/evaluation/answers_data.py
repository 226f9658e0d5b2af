"""The questions an answer run asks, and the histories they are asked of.

* LongMemEval-S (dev file): the non-abstention questions (the judge prompt for abstention is not
  the one scored here), ``n`` of them stratified by question type with a seeded draw; each has
  its own haystack (one scope), "now" is its ``question_date``, and its evidence sessions come
  from the oracle file (``longmemeval_oracle_dev.json.gz``), matched by question id.
* LoCoMo (dev file): QA items of categories 1-4 that keep at least one valid evidence turn,
  ``n`` of them stratified by category with a seeded draw; a conversation is one scope asked all
  its drawn questions, and "now" is the date of its last session. LoCoMo has no evidence-only
  file, so it offers no oracle condition.

The same seed gives the same questions in the same order, whatever the conditions. The order
is chosen so that a run stopped part-way has still asked a fair sample: LongMemEval's question
types take turns, and LoCoMo's questions come in small batches (categories taking turns inside
each) that go round the conversations, each batch one store.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TypeVar

from lembrar.errors import ValidationError
from lembrar.importers.locomo import LocomoConversation, load_locomo
from lembrar.importers.longmemeval import LongMemEvalSession, load_longmemeval
from lembrar.model.inputs import EpisodeIn

__all__ = [
    "DEFAULT_QUESTIONS",
    "SETS",
    "Haystack",
    "Question",
    "locomo_haystacks",
    "longmemeval_haystacks",
    "oracle_file",
    "round_robin",
    "stratified",
]

SETS = ("longmemeval", "locomo")
DEFAULT_QUESTIONS = {"longmemeval": 100, "locomo": 150}
LOCOMO_CATEGORIES = (1, 2, 3, 4)
LOCOMO_BATCH = 8
ORACLE_FILE = "longmemeval_oracle_dev.json.gz"

T = TypeVar("T")


@dataclass(frozen=True)
class Question:
    """One question as every condition asks it; ``category`` is LoCoMo's (None elsewhere) and
    ``judge_type`` the LongMemEval judge prompt it is judged with."""

    set: str
    qid: str
    group: str
    question: str
    gold: str
    now: datetime
    judge_type: str = "default"
    category: int | None = None


@dataclass(frozen=True)
class Haystack:
    """One scope: the episodes of its history and the questions asked of it; ``evidence`` maps a
    question id to its evidence sessions (the oracle condition's only reading)."""

    scope: str
    items: Sequence[EpisodeIn]
    questions: tuple[Question, ...]
    evidence: Mapping[str, tuple[LongMemEvalSession, ...]] = field(default_factory=dict)

    @property
    def now(self) -> datetime:
        return max(q.now for q in self.questions)


def stratified(items: Sequence[T], group: Callable[[T], str], n: int, seed: int) -> list[T]:
    """``n`` of ``items`` drawn with ``seed``, each group's share as in ``items`` (largest
    remainders; every group gets one when ``n`` allows), returned in their original order."""
    if n <= 0:
        raise ValidationError("--questions", "ask for at least one question")
    groups: dict[str, list[int]] = {}
    for index, item in enumerate(items):
        groups.setdefault(group(item), []).append(index)
    quota = _quotas({g: len(v) for g, v in groups.items()}, min(n, len(items)))
    rng = random.Random(seed)
    chosen: list[int] = []
    for name in sorted(groups):
        chosen += rng.sample(groups[name], quota[name])
    return [items[i] for i in sorted(chosen)]


def round_robin(items: Sequence[T], group: Callable[[T], str], seed: int) -> list[T]:
    """``items`` with their groups taking turns (each group in a seeded order), so that every
    prefix holds the groups in about the same shares as the whole."""
    rng = random.Random(seed)
    groups: dict[str, list[T]] = {}
    for item in items:
        groups.setdefault(group(item), []).append(item)
    queues = [rng.sample(members, len(members)) for _, members in sorted(groups.items())]
    # each group's items spread evenly over the run, so a small group is not used up first
    slots = [
        ((position + 0.5) / len(queue), rank, item)
        for rank, queue in enumerate(queues)
        for position, item in enumerate(queue)
    ]
    return [item for _, _, item in sorted(slots, key=lambda slot: slot[:2])]


def _quotas(sizes: Mapping[str, int], n: int) -> dict[str, int]:
    total = sum(sizes.values())
    floor = 1 if n >= len(sizes) else 0
    exact = {g: n * size / total for g, size in sizes.items()}
    quota = {g: min(size, max(floor, int(exact[g]))) for g, size in sizes.items()}
    by_remainder = sorted(sizes, key=lambda g: (quota[g] - exact[g], g))
    while sum(quota.values()) < n:
        for name in by_remainder:
            if sum(quota.values()) < n and quota[name] < sizes[name]:
                quota[name] += 1
    while sum(quota.values()) > n:
        name = max((g for g in quota if quota[g] > floor), key=lambda g: quota[g] - exact[g])
        quota[name] -= 1
    return quota


def longmemeval_haystacks(data: Path, oracle: Path | None, n: int, seed: int) -> list[Haystack]:
    """``n`` LongMemEval questions, each with its haystack and, given the ``oracle`` file, its
    evidence sessions."""
    questions = [q for q in load_longmemeval(data) if not q.is_abstention]
    chosen = round_robin(
        stratified(questions, lambda q: q.question_type, n, seed), lambda q: q.question_type, seed
    )
    wanted = {q.question_id for q in chosen}
    evidence = _oracle_sessions(oracle, wanted) if oracle else dict.fromkeys(wanted, ())
    return [
        Haystack(
            q.default_user_id(),
            q.episodes(),
            (
                Question(
                    "longmemeval",
                    q.question_id,
                    q.question_type,
                    q.question,
                    q.answer,
                    q.question_date,
                    judge_type=q.question_type,
                ),
            ),
            {q.question_id: evidence[q.question_id]},
        )
        for q in chosen
    ]


def _oracle_sessions(path: Path, wanted: set[str]) -> dict[str, tuple[LongMemEvalSession, ...]]:
    found = {q.question_id: q.sessions for q in load_longmemeval(path) if q.question_id in wanted}
    missing = sorted(wanted - set(found))
    if missing:
        raise ValidationError(
            "--oracle-data",
            f"{path} lacks question(s) {', '.join(missing[:5])}; "
            "give the oracle file of the same release as --data",
        )
    return found


def locomo_haystacks(data: Path, n: int, seed: int) -> list[Haystack]:
    """``n`` LoCoMo questions of categories 1-4, in batches of at most ``LOCOMO_BATCH`` questions
    of one conversation that go round the conversations."""
    talks = load_locomo(data)
    pool = [
        (talk, index)
        for talk in talks
        for index, qa in enumerate(talk.qa)
        if qa.category in LOCOMO_CATEGORIES and qa.evidence
    ]
    chosen = stratified(pool, lambda p: p[0].qa[p[1]].category_name, n, seed)
    batches: list[tuple[LocomoConversation, list[int]]] = []
    for talk in talks:
        asked = [i for t, i in chosen if t is talk]
        if not asked:
            continue
        category = {i: talk.qa[i].category_name for i in asked}
        ordered = round_robin(asked, category.__getitem__, seed)
        count = -(-len(ordered) // LOCOMO_BATCH)
        batches += [(talk, ordered[b::count]) for b in range(count)]
    order = round_robin(batches, lambda batch: batch[0].sample_id, seed)
    return [
        Haystack(
            talk.default_user_id(),
            talk.episodes(),
            tuple(_locomo_question(talk, i) for i in asked),
        )
        for talk, asked in order
    ]


def _locomo_question(talk: LocomoConversation, index: int) -> Question:
    qa = talk.qa[index]
    return Question(
        "locomo",
        f"{talk.sample_id}:{index}",
        qa.category_name,
        qa.question,
        qa.answer,
        talk.now,
        category=qa.category,
    )


def oracle_file(data: Path) -> Path:
    """The oracle file of the same release, beside the LongMemEval-S file."""
    return data.parent / ORACLE_FILE
