"""Date ranges read by the model against the rule parser, on the DailyDialog time questions.

Each generated question that names a time ("what did we talk about last Sunday?") is read
three ways: the rule parser (``parse_time``), the model alone (``llm_windows``), and both
joined (what the engine does with ``llm_time_extraction`` on). A reading is right when one
of its windows holds the gold dialogue's instant (the third source paper's "dates right":
47.8 % for its best model); for questions stating a wrong date, when it holds the stated day.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from lembrar.evaluation.dailydialog import PAPER, check_windows
from lembrar.evaluation.dialogue_questions import DialogueQuestion, generate_questions
from lembrar.evaluation.llm_steps.meter import Cost, ModelRun
from lembrar.importers.dailydialog import DEFAULT_END, load_dailydialog

__all__ = ["run_dates"]

READERS = ("rules", "llm", "rules+llm")


def run_dates(run: ModelRun, data: Path, sample: int, seed: int = 0) -> dict[str, Any]:
    """The three readings of the first ``sample`` questions that name a time."""
    from lembrar.retrieval.llm_steps.dates import llm_windows
    from lembrar.temporal import parse_time

    dialogues = load_dailydialog(data, None, DEFAULT_END)
    questions = [q for q in generate_questions(dialogues, DEFAULT_END, 200, seed) if q.phrase][
        :sample
    ]
    cost = Cost(run)
    checks: dict[str, list[dict[str, Any]]] = {reader: [] for reader in READERS}
    for question in questions:
        rules = parse_time(question.text, DEFAULT_END, "UTC").windows
        cost.start()
        model, step = llm_windows(run.client, question.text, DEFAULT_END, "UTC")
        cost.stop(1, [step])
        for reader, windows in zip(READERS, (rules, model, (*rules, *model))):
            checks[reader].append(check_windows(question, SimpleNamespace(windows=list(windows))))
    return {
        "step": "dates",
        "data": f"DailyDialog, {len(dialogues)} dialogues; questions naming a time, seed {seed}",
        "questions": len(questions),
        "scores": {reader: _scores(rows) for reader, rows in checks.items()},
        "by_phrase": _by_phrase(questions, checks),
        "cost": cost.summary(),
        "paper": PAPER,
    }


def _scores(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    truthful = [r for r in rows if r["truthful"]]
    wrong = [r for r in rows if not r["truthful"]]
    return {
        "truthful_n": len(truthful),
        "holds_gold": _share(truthful, "contains_gold"),
        "within_tolerance": _share(truthful, "within_tolerance"),
        "no_window": _share(rows, "no_window"),
        "wrong_date_n": len(wrong),
        "wrong_date_holds_stated": _share(wrong, "contains_stated"),
    }


def _by_phrase(
    questions: Sequence[DialogueQuestion], checks: dict[str, list[dict[str, Any]]]
) -> dict[str, Any]:
    kinds = sorted({q.phrase.kind for q in questions if q.phrase and q.truthful})
    return {
        kind: {
            reader: _share(
                [r for r in rows if r["truthful"] and r["phrase"] == kind], "contains_gold"
            )
            for reader, rows in checks.items()
        }
        for kind in kinds
    }


def _share(rows: Sequence[dict[str, Any]], key: str) -> float | None:
    return round(sum(bool(r[key]) for r in rows) / len(rows), 3) if rows else None
