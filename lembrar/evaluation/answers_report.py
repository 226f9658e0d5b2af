"""The Markdown tables of answer runs: conditions x sets x scores, 95 % bootstrap intervals.

Scores are in points (hundredths): the judge's yes rate, normalized containment and LoCoMo's
token F1, each a mean over questions with a percentile bootstrap interval (seeded, so the same
rows give the same table). A second table gives each condition's paired difference from
``dense`` on the questions both answered. ``s/q`` is the reader's seconds per question
(answer and judge).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from statistics import fmean
from typing import Any

from lembrar.evaluation.answers_contexts import CONDITIONS, WITHOUT_ORACLE
from lembrar.evaluation.answers_data import SETS
from lembrar.evaluation.answers_scores import Agreement, bootstrap, paired_bootstrap

__all__ = ["SCORES", "agreement_markdown", "summary_markdown"]

SCORES = (("judged", "judge"), ("contains", "containment"), ("f1", "token F1"))
BASELINE = "dense"

Row = Mapping[str, Any]


def summary_markdown(rows: Sequence[Row], seed: int = 0) -> str:
    """Both tables for every set and condition present in ``rows``."""
    cells = _cells(rows)
    if not cells:
        return "No answer rows yet."
    parts = [
        _scores_table(cells, seed),
        _difference_table(cells, seed),
        _groups_table(cells),
        *_notes(rows, cells),
    ]
    return "\n\n".join(p for p in parts if p)


def _cells(rows: Sequence[Row]) -> dict[tuple[str, str], dict[str, Row]]:
    """Rows by (set, condition), then by question id, in canonical order."""
    found: dict[tuple[str, str], dict[str, Row]] = {}
    for row in rows:
        found.setdefault((row["set"], row["condition"]), {})[row["qid"]] = row
    order = [
        (s, c) for s in (*SETS, *sorted({k[0] for k in found} - set(SETS))) for c in CONDITIONS
    ]
    return {key: found[key] for key in order if key in found}


def _scores_table(cells: Mapping[tuple[str, str], dict[str, Row]], seed: int) -> str:
    head = ["set", "condition", "n", *(label for _, label in SCORES), "s/q"]
    lines = [_row(head), _row(["---"] * len(head))]
    for (data_set, condition), by_qid in cells.items():
        answered = list(by_qid.values())
        scores = [bootstrap([float(r[f]) for r in answered], seed=seed).points() for f, _ in SCORES]
        seconds = fmean(r["answer_seconds"] + r["judge_seconds"] for r in answered)
        lines.append(_row([data_set, condition, str(len(answered)), *scores, f"{seconds:.1f}"]))
    return "\n".join(lines)


def _difference_table(cells: Mapping[tuple[str, str], dict[str, Row]], seed: int) -> str:
    head = ["set", f"condition − {BASELINE}", "n", *(label for _, label in SCORES)]
    lines = [_row(head), _row(["---"] * len(head))]
    for (data_set, condition), by_qid in cells.items():
        base = cells.get((data_set, BASELINE))
        if condition == BASELINE or base is None:
            continue
        shared = sorted(by_qid.keys() & base.keys())
        if not shared:
            continue
        diffs = [
            paired_bootstrap(
                [float(by_qid[q][f]) for q in shared],
                [float(base[q][f]) for q in shared],
                seed=seed,
            ).points()
            for f, _ in SCORES
        ]
        lines.append(_row([data_set, condition, str(len(shared)), *diffs]))
    return "\n".join(lines) if len(lines) > 2 else ""


def _groups_table(cells: Mapping[tuple[str, str], dict[str, Row]]) -> str:
    """The judge's yes rate per question type (LongMemEval) or category (LoCoMo): a set's
    groups as rows, its conditions as columns (no intervals: the groups are small)."""
    tables = []
    for data_set in dict.fromkeys(s for s, _ in cells):
        conditions = [c for s, c in cells if s == data_set]
        groups = sorted(
            {r["group"] for (s, _), v in cells.items() if s == data_set for r in v.values()}
        )
        lines = [
            _row([f"{data_set}: judge by group", "n", *conditions]),
            _row(["---"] * (len(conditions) + 2)),
        ]
        for group in groups:
            answered = [
                [r for r in cells[data_set, c].values() if r["group"] == group] for c in conditions
            ]
            shown = [
                f"{100 * fmean(float(r['judged']) for r in a):.1f}" if a else "—" for a in answered
            ]
            lines.append(_row([group, str(max(len(a) for a in answered)), *shown]))
        tables.append("\n".join(lines))
    return "\n\n".join(tables)


def _notes(rows: Sequence[Row], cells: Mapping[tuple[str, str], dict[str, Row]]) -> list[str]:
    notes = []
    readers = sorted({f"{r['reader']} (budget {r['budget']} tokens)" for r in rows})
    notes.append("Reader and judge: " + "; ".join(readers) + ".")
    for data_set in sorted({s for s, _ in cells}):
        sizes = {len(v) for (s, _), v in cells.items() if s == data_set}
        if len(sizes) > 1:
            notes.append(
                f"{data_set}: conditions answered different numbers of questions "
                "(the run is not finished; re-run the same command to resume)."
            )
        if data_set in WITHOUT_ORACLE:
            notes.append(f"{data_set}: no oracle condition (the set has no evidence-only file).")
    return notes


def _row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def agreement_markdown(result: Agreement, unlabelled: int) -> str:
    """How often the judge and containment agree with the person's labels."""

    def kappa(value: float | None) -> str:
        return "—" if value is None else f"{value:.2f}"

    lines = [
        _row(["compared", "agreement", "Cohen's κ"]),
        _row(["---"] * 3),
        _row(["judge vs label", f"{100 * result.judge:.1f}", kappa(result.judge_kappa)]),
        _row(
            [
                "containment vs label",
                f"{100 * result.containment:.1f}",
                kappa(result.containment_kappa),
            ]
        ),
        _row(["judge vs containment", f"{100 * result.judge_vs_containment:.1f}", ""]),
    ]
    note = f"{result.n} labelled answers" + (
        f"; {unlabelled} left unlabelled" if unlabelled else ""
    )
    return "\n".join(lines) + f"\n\n{note}."
