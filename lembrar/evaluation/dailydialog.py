"""The third source paper's setting: 1,000 DailyDialog dialogues, one a day up to a fixed "now",
one vector per dialogue, and questions that point at one dialogue by topic and/or time.

Two measures, each against the paper's best system (25 test questions):
- retrieval: how often the gold dialogue is in the top k (k = 1, 3, 5), per question kind
  (paper: relevant memories kept 52 %);
- time parsing: how often a window of ``lembrar.temporal.parse_time`` contains the gold
  dialogue's instant, per phrase kind (paper: dates extracted correctly 47.8 %).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, time
from pathlib import Path
from statistics import median
from typing import TYPE_CHECKING, Any

from lembrar.evaluation.dialogue_questions import PHRASES, DialogueQuestion, generate_questions
from lembrar.evaluation.harness import (
    DEFAULT_CACHE_DIR,
    Answer,
    Case,
    Probe,
)
from lembrar.evaluation.metrics import distinct, recall_any, reciprocal_rank
from lembrar.evaluation.report import BenchResult, settings_config, table
from lembrar.evaluation.setup import measure
from lembrar.importers.dailydialog import DEFAULT_END, Dialogue, dialogue_episode, load_dailydialog

if TYPE_CHECKING:
    from lembrar.evaluation.llm import LLMSearch

PAPER = {"dates right": 0.478, "relevant memories kept": 0.52}
SCOPE = "dailydialog"


@dataclass(frozen=True)
class DailyDialogSettings:
    data: Path
    questions: int = 200
    seed: int = 0
    limit: int | None = None
    preset: str = "balanced"
    embedder: str = "use-m3"
    baselines: tuple[str, ...] = ("dense", "keyword")
    ks: tuple[int, ...] = (1, 3, 5)
    timezone: str = "UTC"
    cache_dir: Path | None = DEFAULT_CACHE_DIR
    progress: bool = True
    llm: LLMSearch | None = None
    style: str = "plain"
    """``plain`` (the generator's own phrasings), or recollection frames in four languages:
    ``frames`` (the set tuned on) or ``frames-unseen`` (other phrasings, never tuned on)."""


def run_dailydialog(settings: DailyDialogSettings) -> BenchResult:
    dialogues = load_dailydialog(settings.data, settings.limit, DEFAULT_END)
    questions = _questions(settings, dialogues)
    measured = measure(
        settings,
        [build_case(dialogues, questions)],
        score_answer(settings.ks),
        label="dailydialog",
        depth=max(settings.ks),
        total=len(questions),
        similarity=False,
    )
    parsing = time_parsing(questions, DEFAULT_END, settings.timezone)
    return BenchResult(
        name="dailydialog",
        config={**settings_config(settings), "now": DEFAULT_END.isoformat()},
        systems=measured.systems,
        summary=measured.summary,
        headline=[f"hit@{k}" for k in settings.ks] + ["mrr"],
        timings=measured.timings,
        notes={
            "dialogues": len(dialogues),
            "questions": len(questions),
            "third paper (25 questions)": "dates right 47.8 %, relevant memories kept 52 %",
        },
        rows=measured.rows,
        curves={"hit": list(settings.ks)},
        group_metrics=[f"hit@{k}" for k in settings.ks[-1:]],
        extras={"time_parsing": parsing, "questions": [_question_json(q) for q in questions]},
        extra_markdown=parsing_markdown(parsing),
    )


def _questions(
    settings: DailyDialogSettings, dialogues: Sequence[Dialogue]
) -> list[DialogueQuestion]:
    if settings.style == "plain":
        return generate_questions(dialogues, DEFAULT_END, settings.questions, settings.seed)
    from lembrar.evaluation.frame_questions import frame_questions

    style = {"frames": "dev", "frames-unseen": "unseen"}[settings.style]
    return frame_questions(dialogues, DEFAULT_END, settings.questions, settings.seed, style)


def build_case(dialogues: Sequence[Dialogue], questions: Sequence[DialogueQuestion]) -> Case:
    probes = [Probe(q.qid, q.text, DEFAULT_END, q.kind, q.dialogue) for q in questions]
    return Case(SCOPE, [dialogue_episode(d, SCOPE) for d in dialogues], probes)


def score_answer(ks: Sequence[int]):
    def score(answer: Answer) -> dict[str, float | None]:
        ranked = distinct(str(f.metadata.get("dialogue")) for f in answer.found)
        gold = [str(answer.probe.gold)]
        return {
            **{f"hit@{k}": recall_any(ranked, gold, k) for k in ks},
            "mrr": reciprocal_rank(ranked, gold),
        }

    return score


def time_parsing(questions: Sequence[DialogueQuestion], now: datetime, tz: str) -> dict[str, Any]:
    """How often the parsed windows hold the gold instant (truthful) or the stated day (wrong-date)."""
    try:
        from lembrar.temporal import parse_time
    except ImportError as exc:
        return {"error": f"lembrar.temporal.parse_time unavailable: {exc}"}
    checks = [
        check_windows(q, parse_time(q.text, now, tz)) for q in questions if q.phrase is not None
    ]
    truthful = [c for c in checks if c["truthful"]]
    wrong = [c for c in checks if not c["truthful"]]
    return {
        "truthful": _shares(truthful, ("contains_gold", "within_tolerance", "no_window")),
        "wrong_date": _shares(wrong, ("contains_stated", "contains_gold", "no_window")),
        "by_phrase": {
            kind: _shares(
                [c for c in truthful if c["phrase"] == kind], ("contains_gold", "within_tolerance")
            )
            for kind in PHRASES
            if any(c["phrase"] == kind for c in truthful)
        },
        "median_window_days": median(
            [c["width_days"] for c in checks if c["width_days"] is not None] or [0.0]
        ),
        "paper": PAPER,
    }


def check_windows(question: DialogueQuestion, parsed: Any) -> dict[str, Any]:
    phrase = question.phrase
    if phrase is None:
        raise ValueError(f"question {question.qid} names no time phrase to check")
    windows = list(parsed.windows)
    stated = datetime.combine(phrase.day, time(12), tzinfo=UTC)
    hits = [w for w in windows if w.contains(question.gold_at)]
    return {
        "qid": question.qid,
        "phrase": phrase.kind,
        "truthful": question.truthful,
        "contains_gold": bool(hits),
        "within_tolerance": any(w.distance(question.gold_at) <= w.tolerance for w in windows),
        "contains_stated": any(w.contains(stated) for w in windows),
        "no_window": not windows,
        "width_days": min(
            ((w.end - w.start).total_seconds() / 86400 for w in windows), default=None
        ),
    }


def _shares(checks: Sequence[dict[str, Any]], keys: Sequence[str]) -> dict[str, Any]:
    return {
        "n": len(checks),
        **{k: (sum(c[k] for c in checks) / len(checks) if checks else None) for k in keys},
    }


def parsing_markdown(parsing: dict[str, Any]) -> list[str]:
    if "error" in parsing:
        return ["", f"time parsing: {parsing['error']}"]
    truthful, wrong = parsing["truthful"], parsing["wrong_date"]
    lines = ["", "### time parsing (parse_time windows vs the gold date)", ""]
    lines += table(
        [
            "questions",
            "n",
            "window holds gold",
            "within tolerance",
            "holds stated day",
            "no window",
        ],
        [
            [
                "truthful date",
                truthful["n"],
                truthful["contains_gold"],
                truthful["within_tolerance"],
                None,
                truthful["no_window"],
            ],
            [
                "wrong date",
                wrong["n"],
                wrong["contains_gold"],
                None,
                wrong["contains_stated"],
                wrong["no_window"],
            ],
            ["third paper", 25, PAPER["dates right"], None, None, None],
        ],
    )
    lines += ["", "| phrase | n | window holds gold | within tolerance |", "|---|---|---|---|"]
    lines += [
        f"| {kind} | {v['n']} | {v['contains_gold']:.3f} | {v['within_tolerance']:.3f} |"
        for kind, v in parsing["by_phrase"].items()
    ]
    return lines


def _question_json(question: DialogueQuestion) -> dict[str, Any]:
    phrase = question.phrase
    return {
        "qid": question.qid,
        "text": question.text,
        "kind": question.kind,
        "dialogue": question.dialogue,
        "gold_at": question.gold_at.isoformat(),
        "cue": question.cue,
        "phrase": None
        if phrase is None
        else {
            "kind": phrase.kind,
            "text": phrase.text,
            "day": phrase.day.isoformat(),
            "span_days": phrase.span_days,
        },
    }
