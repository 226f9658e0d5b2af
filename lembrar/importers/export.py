"""``lembrar export`` and the restoring half of its import: a user's settings, saved memories
(with their links) and pending conflicts, beside the episodes (format in ``importers.jsonl``).

Restoring is idempotent like the episodes' import: records already stored are skipped. A link
to a message that is not in the store (an import with ``--limit``) is dropped, not refused.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import IO

from lembrar.errors import NotFoundError
from lembrar.importers.jsonl import EXPORT_VERSION, HEADER, episode_json, write_line
from lembrar.memory import Memory
from lembrar.model.episode import Episode
from lembrar.model.layers import PendingMemory, SavedMemory


@dataclass
class ExportReport:
    users: int = 0
    episodes: int = 0
    saved_memories: int = 0
    pending_memories: int = 0


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()


def iter_episodes(memory: Memory, user_id: str, page_size: int = 500) -> Iterator[Episode]:
    cursor = None
    while True:
        page = memory.get_all(user_id, limit=page_size, cursor=cursor)
        yield from page.items
        if page.next_cursor is None:
            return
        cursor = page.next_cursor


def export_file(memory: Memory, out: IO[str], user_id: str | None = None) -> ExportReport:
    """Write one user (or every user) in the export format, version ``EXPORT_VERSION``."""
    users: Sequence[str] = [user_id] if user_id is not None else memory.users()
    report = ExportReport()
    now = datetime.now(UTC).isoformat()
    write_line(out, HEADER, {"version": EXPORT_VERSION, "exported_at": now})
    for user in users:
        _export_user(memory, user, out, report)
    return report


def _export_user(memory: Memory, user: str, out: IO[str], report: ExportReport) -> None:
    settings = memory.user_settings(user)
    write_line(
        out,
        "user",
        {
            "user_id": user,
            "timezone": settings.timezone,
            "hemisphere": settings.hemisphere,
            "language": settings.language,
        },
    )
    report.users += 1
    for episode in iter_episodes(memory, user):
        write_line(out, "episode", episode_json(episode))
        report.episodes += 1
    if not memory.layers.available:
        return
    for saved in memory.saved.list(user, include_retired=True):
        write_line(out, "saved_memory", _saved_json(saved))
        report.saved_memories += 1
    for pending in memory.saved.pending(user):
        write_line(out, "pending_memory", _pending_json(pending))
        report.pending_memories += 1
    for summary in memory.summaries.list(user):
        write_line(out, "summarized_session", {"user_id": user, "session_id": summary.session_id})


def _saved_json(m: SavedMemory) -> dict[str, object]:
    return {
        "id": m.id,
        "user_id": m.user_id,
        "text": m.text,
        "created_at": _iso(m.created_at),
        "updated_at": _iso(m.updated_at),
        "source_episode_id": m.source_episode_id,
        "retired_at": _iso(m.retired_at),
        "replaced_by": m.replaced_by,
    }


def _pending_json(p: PendingMemory) -> dict[str, object]:
    return {
        "id": p.id,
        "user_id": p.user_id,
        "text": p.text,
        "created_at": _iso(p.created_at),
        "conflicts_with": p.conflicts_with,
        "reason": p.reason,
        "source_episode_id": p.source_episode_id,
    }


@contextmanager
def without_capture(memory: Memory, active: bool) -> Iterator[None]:
    """While an export is imported, its messages' "remember that …" requests are not saved
    again: the export's saved memories are the ones the user kept."""
    if not active:
        yield
        return
    kept = memory.layers.config
    memory.layers.config = replace(kept, capture_on_add=False)
    try:
        yield
    finally:
        memory.layers.config = kept


def _linked(memory: Memory, user_id: str, episode_id: str | None) -> str | None:
    """``episode_id`` when the store holds it for the user, else None (the link is dropped)."""
    if episode_id is None:
        return None
    try:
        memory.store.get(user_id, episode_id)
    except NotFoundError:
        return None
    return episode_id


def restore_saved(memory: Memory, items: Sequence[SavedMemory]) -> int:
    """Store the saved memories not stored yet, oldest first, each retiring the one it
    replaced; returns how many were stored."""
    if not items or not memory.layers.available:
        return 0
    store, restored = memory.layers.store, 0
    for user in dict.fromkeys(m.user_id for m in items):
        group = [m for m in items if m.user_id == user]
        known = {m.id for m in memory.saved.list(user, include_retired=True)}
        fresh = sorted((m for m in group if m.id not in known), key=lambda m: m.created_at)
        retires = {m.replaced_by: m.id for m in group if m.replaced_by is not None}
        if not fresh:
            continue
        vectors = memory.embedder.embed_batch([m.text for m in fresh])
        for item, vector in zip(fresh, vectors, strict=True):
            source = _linked(memory, user, item.source_episode_id)
            plain = replace(item, source_episode_id=source, retired_at=None, replaced_by=None)
            retired = retires.get(item.id)
            store.save_memory(plain, vector, retire=retired if retired in known else None)
            known.add(item.id)
            restored += 1
    return restored


def restore_pending(memory: Memory, items: Sequence[PendingMemory]) -> int:
    """Store the pending conflicts not stored yet; returns how many were stored."""
    if not items or not memory.layers.available:
        return 0
    restored = 0
    for user in dict.fromkeys(p.user_id for p in items):
        known = {p.id for p in memory.saved.pending(user)}
        saved = {m.id for m in memory.saved.list(user, include_retired=True)}
        for item in (p for p in items if p.user_id == user and p.id not in known):
            against = item.conflicts_with if item.conflicts_with in saved else None
            source = _linked(memory, user, item.source_episode_id)
            memory.layers.store.add_pending(
                replace(item, conflicts_with=against, source_episode_id=source)
            )
            restored += 1
    return restored


def rebuild_summaries(memory: Memory, sessions: Sequence[tuple[str, str]]) -> None:
    """Summarise again the conversations that had a summary where the export was made."""
    if not memory.layers.available:
        return
    for user, session in sessions:
        if memory.get_all(user, {"session_id": session}, limit=1).items:
            memory.summaries.summarize(user, session)
