"""Importing a file into a memory and exporting a user's episodes, with a report.

An import is checked whole before anything is written, then written in batches, each batch one
transaction. Every record gets a stable id (``stable_ids``), and records already stored are
skipped: importing a file twice stores it once, and an import that was killed resumes where it
stopped when run again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from lembrar.engine import Memory
from lembrar.errors import (
    ConflictError,
    ImportFormatError,
    NotFoundError,
    ValidationError,
)
from lembrar.importers import reader
from lembrar.importers.identity import stable_ids
from lembrar.importers.jsonl import read_jsonl_numbered, write_jsonl
from lembrar.importers.source import reading
from lembrar.ingest import build_episode
from lembrar.model.episode import Episode
from lembrar.model.inputs import EpisodeIn

BATCH_SIZE = 500
Progress = Callable[[int, int], None]  # (records done, records in all)
Numbered = list[tuple[int, EpisodeIn]]


@dataclass
class ImportReport:
    imported: int = 0
    already_stored: int = 0  # skipped because an earlier run stored them
    skipped: list[tuple[int, str]] = field(default_factory=list)


def _numbered(
    path: str | Path,
    fmt: str,
    user_id: str | None,
    limit: int | None,
    skipped: list[tuple[int, str]] | None,
) -> Numbered:
    with reading(path):
        if fmt == "jsonl":
            return list(read_jsonl_numbered(path, user_id, limit, skipped))
        return list(enumerate(reader(fmt)(path, user_id=user_id, limit=limit), start=1))


def import_file(
    memory: Memory,
    path: str | Path,
    fmt: str = "jsonl",
    *,
    user_id: str | None = None,
    limit: int | None = None,
    skip_invalid: bool = False,
    batch_size: int = BATCH_SIZE,
    progress: Progress | None = None,
) -> ImportReport:
    """Import the records of ``path``; records stored by an earlier run are skipped.

    Strict by default: the first bad record raises ``ImportFormatError`` with its line (or record)
    number and nothing is stored. With ``skip_invalid`` bad records are skipped and reported.
    Records are written ``batch_size`` at a time, each batch atomic.
    """
    if batch_size < 1:
        raise ValidationError("batch_size", "must be at least 1")
    report = ImportReport()
    numbered = _numbered(path, fmt, user_id, limit, report.skipped if skip_invalid else None)
    valid = _checked(memory, stable_ids(fmt, numbered), report, skip_invalid)
    for start in range(0, len(valid), batch_size):
        _write(memory, valid[start : start + batch_size], report)
        if progress is not None:
            progress(min(start + batch_size, len(valid)), len(valid))
    report.skipped.sort()
    return report


def _checked(
    memory: Memory, numbered: Numbered, report: ImportReport, skip_invalid: bool
) -> Numbered:
    """The records that would be stored, every one validated before anything is written."""
    out: Numbered = []
    now = memory.now()
    for line, item in numbered:
        try:
            build_episode(item, memory.user_settings(item.user_id), memory.config, now)
        except ValidationError as error:
            if not skip_invalid:
                raise ImportFormatError(line, error.field, error.message) from error
            report.skipped.append((line, str(error)))
        else:
            out.append((line, item))
    return out


def _write(memory: Memory, batch: Numbered, report: ImportReport) -> None:
    fresh = [(line, item) for line, item in batch if not _stored(memory, item)]
    report.already_stored += len(batch) - len(fresh)
    if not fresh:
        return
    try:
        memory.add_many([item for _, item in fresh])
    except ConflictError as exc:
        first, last = fresh[0][0], fresh[-1][0]
        raise ImportFormatError(
            first,
            "id",
            f"to line {last}: an id there is used by another user of "
            f"this store ({exc}); remove the ids or import into another store",
        ) from exc
    report.imported += len(fresh)


def _stored(memory: Memory, item: EpisodeIn) -> bool:
    assert item.id is not None
    try:
        memory.store.get(item.user_id, item.id)
    except NotFoundError:
        return False
    return True


def iter_episodes(memory: Memory, user_id: str, page_size: int = 500) -> Iterator[Episode]:
    cursor = None
    while True:
        page = memory.get_all(user_id, limit=page_size, cursor=cursor)
        yield from page.items
        if page.next_cursor is None:
            return
        cursor = page.next_cursor


def export_file(memory: Memory, out: IO[str], user_id: str | None = None) -> int:
    """Write the episodes of one user (or of every user) as JSON Lines; returns how many."""
    users: Sequence[str] = [user_id] if user_id is not None else memory.users()
    return sum(write_jsonl(iter_episodes(memory, u), out) for u in users)
