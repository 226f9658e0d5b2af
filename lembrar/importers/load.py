"""Importing a file into a memory, with a report.

An import is checked whole before anything is written, then written in batches, each batch one
transaction. Every record gets a stable id (``stable_ids``), and records already stored are
skipped: importing a file twice stores it once, and an import that was killed resumes where it
stopped when run again. An export of ``lembrar export`` (``importers.jsonl``) also brings back
the users' settings (before their episodes, whose time tags read them), saved memories and
pending conflicts; summaries are made again and the knowledge graph is rebuilt as episodes
are added.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from lembrar.errors import (
    ConflictError,
    ImportFormatError,
    NotFoundError,
    ValidationError,
)
from lembrar.importers import BATCH_SIZE, reader
from lembrar.importers.export import (
    ExportReport,
    export_file,
    iter_episodes,
    rebuild_summaries,
    restore_pending,
    restore_saved,
    without_capture,
)
from lembrar.importers.identity import stable_ids
from lembrar.importers.jsonl import Bundle, read_bundle
from lembrar.importers.source import reading
from lembrar.ingest import build_episodes
from lembrar.memory import Memory
from lembrar.model.inputs import EpisodeIn
from lembrar.model.users import UserSettings

__all__ = [
    "BATCH_SIZE",
    "ExportReport",
    "ImportReport",
    "export_file",
    "import_file",
    "iter_episodes",
]

Progress = Callable[[int, int], None]  # (records done, records in all)
Numbered = list[tuple[int, EpisodeIn]]


@dataclass
class ImportReport:
    imported: int = 0
    already_stored: int = 0  # skipped because an earlier run stored them
    skipped: list[tuple[int, str]] = field(default_factory=list)
    users: int = 0  # users whose settings the file gave
    saved_memories: int = 0
    pending_memories: int = 0


def _bundle(
    path: str | Path,
    fmt: str,
    user_id: str | None,
    limit: int | None,
    skipped: list[tuple[int, str]] | None,
) -> Bundle:
    with reading(path):
        if fmt == "jsonl":
            return read_bundle(path, user_id, limit, skipped)
        records = reader(fmt)(path, user_id=user_id, limit=limit)
        return Bundle(episodes=list(enumerate(records, start=1)))


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
    if limit is not None and limit < 0:
        raise ValidationError("limit", "must be 0 or more")
    report = ImportReport()
    bundle = _bundle(path, fmt, user_id, limit, report.skipped if skip_invalid else None)
    settings = {s.user_id: s for _, s in bundle.users}
    valid = _checked(memory, stable_ids(fmt, bundle.episodes), report, skip_invalid, settings)
    for user in settings.values():
        memory.store.put_user(user)
    report.users = len(settings)
    with without_capture(memory, bundle.version > 1):
        for start in range(0, len(valid), batch_size):
            _write(memory, valid[start : start + batch_size], report)
            if progress is not None:
                progress(min(start + batch_size, len(valid)), len(valid))
    report.saved_memories = restore_saved(memory, [m for _, m in bundle.saved])
    report.pending_memories = restore_pending(memory, [p for _, p in bundle.pending])
    rebuild_summaries(memory, [s for _, s in bundle.summarized])
    report.skipped.sort()
    return report


def _checked(
    memory: Memory,
    numbered: Numbered,
    report: ImportReport,
    skip_invalid: bool,
    settings: Mapping[str, UserSettings],
) -> Numbered:
    """The records that would be stored, every one validated before anything is written (with
    the settings the file gives, which are stored before the episodes), by the checks of
    ``Memory.add_many``."""
    invalid: set[int] = set()

    def refuse(position: int, error: ValidationError) -> None:
        line = numbered[position][0]
        if not skip_invalid:
            raise ImportFormatError(line, error.field, error.message) from error
        report.skipped.append((line, str(error)))
        invalid.add(position)

    def settings_of(user_id: str) -> UserSettings:
        return settings.get(user_id) or memory.user_settings(user_id)

    items = [item for _, item in numbered]
    build_episodes(items, settings_of, memory.config, memory.now(), refuse)
    return [pair for position, pair in enumerate(numbered) if position not in invalid]


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
