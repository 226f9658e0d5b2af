"""The results file of an answer run: one JSON line per (set, condition, question), appended as
soon as it is known, so that a run stopped at any point resumes where it stopped.

A line cut short by a kill (no newline at its end) is dropped when the file is next opened. A
file holds one run's settings per set (reader, budget, seed, question count): resuming it with
other settings is refused, so that every condition of a set answers the same questions.
"""

from __future__ import annotations

import csv
import json
import os
import random
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from lembrar.errors import ValidationError
from lembrar.evaluation.answers_scores import Agreement, agreement

__all__ = [
    "RUN_FIELDS",
    "RowWriter",
    "check_same_run",
    "read_agreement",
    "read_rows",
    "write_hand_check",
]

RUN_FIELDS = ("reader", "budget", "seed", "questions")
HAND_CHECK_FIELDS = (
    "set",
    "condition",
    "qid",
    "question",
    "gold",
    "answer",
    "containment",
    "judge",
    "correct",
)
YES = {"y", "yes", "1", "true", "right", "correct"}
NO = {"n", "no", "0", "false", "wrong", "incorrect"}


def read_rows(path: Path) -> list[dict[str, Any]]:
    """Every complete row of ``path`` (none if it does not exist); a torn last line is cut off."""
    if not path.exists():
        return []
    _drop_torn_tail(path)
    rows = []
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if line.strip():
                rows.append(_parsed(line, path, number))
    return rows


def _drop_torn_tail(path: Path) -> None:
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        with open(path, "r+b") as handle:
            handle.truncate(data.rfind(b"\n") + 1)


def _parsed(line: str, path: Path, number: int) -> dict[str, Any]:
    try:
        row = json.loads(line)
    except json.JSONDecodeError:
        row = None
    if not isinstance(row, dict) or not {"set", "condition", "qid"} <= row.keys():
        raise ValidationError("--results", f"{path} line {number} is not an answer row")
    return row


def check_same_run(
    rows: Iterable[Mapping[str, Any]], data_set: str, run: Mapping[str, Any]
) -> None:
    """Refuse to add ``run``'s rows for ``data_set`` beside rows of other settings."""
    for row in rows:
        if row["set"] != data_set:
            continue
        differ = [f for f in RUN_FIELDS if row.get(f) != run[f]]
        if differ:
            held = ", ".join(f"{f}={row.get(f)!r}" for f in differ)
            raise ValidationError(
                "--results",
                f"the file holds {data_set} answers with {held}; resume with those settings "
                "or write to another --results file",
            )


class RowWriter:
    """Appends rows to the results file, each flushed to disk before the next is computed."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self._handle = open(path, "a", encoding="utf-8")

    def write(self, row: Mapping[str, Any]) -> None:
        self._handle.write(json.dumps(row, ensure_ascii=False) + "\n")
        self._handle.flush()
        os.fsync(self._handle.fileno())

    def close(self) -> None:
        self._handle.close()


def write_hand_check(rows: Sequence[Mapping[str, Any]], n: int, seed: int, path: Path) -> int:
    """A CSV of ``n`` rows drawn with ``seed`` for a person to label in its ``correct`` column
    (yes / no); returns how many were written. An existing file is not overwritten."""
    if path.exists():
        raise ValidationError(
            "--labels", f"{path} exists; label it, or name another file for a new sample"
        )
    if not rows:
        raise ValidationError("--results", "no answer rows to sample; run the benchmark first")
    chosen = random.Random(seed).sample(list(rows), min(n, len(rows)))
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="") as handle:
        out = csv.writer(handle)
        out.writerow(HAND_CHECK_FIELDS)
        for row in chosen:
            out.writerow(
                [
                    row["set"],
                    row["condition"],
                    row["qid"],
                    row["question"],
                    row["gold"],
                    row["answer"],
                    "yes" if row["contains"] else "no",
                    "yes" if row["judged"] else "no",
                    "",
                ]
            )
    return len(chosen)


def read_agreement(path: Path) -> tuple[Agreement, int]:
    """The agreement of judge and containment with the labels of ``path``, and how many rows
    were left unlabelled (skipped)."""
    if not path.exists():
        raise ValidationError("--labels", f"{path} does not exist; write it with --hand-check N")
    labelled, blank = [], 0
    with open(path, encoding="utf-8", newline="") as handle:
        for number, row in enumerate(csv.DictReader(handle), start=2):
            label = _label(row.get("correct"), path, number)
            if label is None:
                blank += 1
                continue
            judged = _label(row.get("judge"), path, number)
            contained = _label(row.get("containment"), path, number)
            labelled.append((label, bool(judged), bool(contained)))
    if not labelled:
        raise ValidationError(
            "--labels", f"{path} has no labelled row; fill its 'correct' column with yes or no"
        )
    return agreement(labelled), blank


def _label(value: str | None, path: Path, number: int) -> bool | None:
    text = (value or "").strip().lower()
    if not text:
        return None
    if text in YES or text in NO:
        return text in YES
    raise ValidationError(
        "--labels", f"{path} line {number}: {value!r} is not a label; write yes or no"
    )
