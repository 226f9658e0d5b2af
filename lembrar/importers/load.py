"""Importing a file into a memory and exporting a user's episodes, with a report."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from lembrar.engine import Memory
from lembrar.errors import ImportFormatError, ValidationError
from lembrar.importers import reader
from lembrar.importers.jsonl import read_jsonl_numbered, write_jsonl
from lembrar.model.episode import Episode
from lembrar.model.inputs import EpisodeIn


@dataclass
class ImportReport:
    imported: int = 0
    skipped: list[tuple[int, str]] = field(default_factory=list)


def _numbered(path: str | Path, fmt: str, user_id: str | None, limit: int | None,
              skipped: list[tuple[int, str]] | None) -> list[tuple[int, EpisodeIn]]:
    if fmt == "jsonl":
        return list(read_jsonl_numbered(path, user_id, limit, skipped))
    return list(enumerate(reader(fmt)(path, user_id=user_id, limit=limit), start=1))


def import_file(memory: Memory, path: str | Path, fmt: str = "jsonl", *, user_id: str | None = None,
                limit: int | None = None, skip_invalid: bool = False) -> ImportReport:
    """Import all records of ``path`` in one transaction.

    Strict by default: the first bad record raises ``ImportFormatError`` with its line (or record)
    number and nothing is stored. With ``skip_invalid`` bad records are skipped and reported.
    """
    report = ImportReport()
    numbered = _numbered(path, fmt, user_id, limit, report.skipped if skip_invalid else None)

    def invalid(position: int, error: ValidationError) -> None:
        line = numbered[position][0]
        if not skip_invalid:
            raise ImportFormatError(line, error.field, error.message) from error
        report.skipped.append((line, str(error)))

    report.imported = len(memory.add_many([item for _, item in numbered], on_invalid=invalid))
    report.skipped.sort()
    return report


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
    users = [user_id] if user_id is not None else memory.users()
    return sum(write_jsonl(iter_episodes(memory, u), out) for u in users)
