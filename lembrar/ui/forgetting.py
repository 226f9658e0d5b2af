"""What a deletion would remove, counted before it happens, so a confirmation can say exactly.

Deleting a message, a conversation or a user removes what was drawn from it (a saved fact
captured from a message; summaries and insights wholly drawn from it) and rewrites what drew
on it only in part (a summary of a conversation that keeps other turns; an insight with other
sources). Deleting a saved memory removes the retired versions it replaced too.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from lembrar.errors import NotFoundError, ValidationError
from lembrar.model.episode import Episode
from lembrar.model.layers import SavedMemory

if TYPE_CHECKING:
    from lembrar.memory import Memory

__all__ = ["ForgetPreview", "preview"]

PAGE = 1000


@dataclass(frozen=True)
class ForgetPreview:
    description: str
    episodes: int = 0
    sessions: int = 0
    saved_memories: int = 0
    summaries_deleted: int = 0
    summaries_rewritten: int = 0
    insights_deleted: int = 0
    insights_recomputed: int = 0
    settings: bool = False


def preview(
    memory: Memory,
    user_id: str,
    *,
    episode_id: str | None = None,
    session_id: str | None = None,
    memory_id: str | None = None,
    everything: bool = False,
) -> ForgetPreview:
    """What deleting exactly one of the targets would remove or rewrite."""
    given = [
        name
        for name, value in (
            ("episode_id", episode_id),
            ("session_id", session_id),
            ("memory_id", memory_id),
            ("everything", everything),
        )
        if value
    ]
    if len(given) != 1:
        raise ValidationError(
            "target", "give exactly one of episode_id, session_id, memory_id or everything=true"
        )
    if episode_id:
        return _episode(memory, user_id, episode_id)
    if session_id:
        return _session(memory, user_id, session_id)
    if memory_id:
        return _saved(memory, user_id, memory_id)
    return _user(memory, user_id)


def _episode(memory: Memory, user_id: str, episode_id: str) -> ForgetPreview:
    episode = memory.get(episode_id, user_id)
    rest = {
        s.session_id: s.episodes - 1
        for s in memory.sessions(user_id)
        if s.session_id == episode.session_id
    }
    return _with_derived(memory, user_id, {episode.id}, rest, "this message", episodes=1)


def _session(memory: Memory, user_id: str, session_id: str) -> ForgetPreview:
    episodes = list(_all(memory, user_id, session_id))
    if not episodes:
        raise NotFoundError("session", session_id)
    ids = {e.id for e in episodes}
    return _with_derived(
        memory,
        user_id,
        ids,
        {session_id: 0},
        _conversation_name(episodes),
        episodes=len(ids),
        sessions=1,
    )


def _conversation_name(episodes: list[Episode]) -> str:
    """ "the conversation of 13 Oct 2023 with Caroline and Melanie": its day and speakers,
    which a person knows it by (its id means nothing to them)."""
    day = episodes[0].tags.local_date
    speakers = list(dict.fromkeys(e.speaker for e in episodes if e.speaker))
    who = f" with {' and '.join(speakers)}" if speakers else ""
    return f"the conversation of {day.day} {day:%b %Y}{who}"


def _with_derived(
    memory: Memory,
    user_id: str,
    ids: set[str],
    left: dict[str, int],
    description: str,
    *,
    episodes: int,
    sessions: int = 0,
) -> ForgetPreview:
    """``left``: turns each touched conversation keeps afterwards (0: its summary goes)."""
    if not memory.layers.available:
        return ForgetPreview(description, episodes, sessions)
    facts = sum(
        1 for m in memory.saved.list(user_id, include_retired=True) if m.source_episode_id in ids
    )
    summaries = [s for s in memory.summaries.list(user_id) if s.session_id in left]
    touched = [set(i.sources) for i in memory.insights.list(user_id) if ids & set(i.sources)]
    return ForgetPreview(
        description,
        episodes,
        sessions,
        saved_memories=facts,
        summaries_deleted=sum(1 for s in summaries if left[s.session_id] <= 0),
        summaries_rewritten=sum(1 for s in summaries if left[s.session_id] > 0),
        insights_deleted=sum(1 for sources in touched if sources <= ids),
        insights_recomputed=sum(1 for sources in touched if not sources <= ids),
    )


def _saved(memory: Memory, user_id: str, memory_id: str) -> ForgetPreview:
    if not memory.layers.available:
        raise NotFoundError("saved memory", memory_id)
    every = {m.id: m for m in memory.saved.list(user_id, include_retired=True)}
    if memory_id not in every:
        raise NotFoundError("saved memory", memory_id)
    return ForgetPreview(
        f"the saved memory “{every[memory_id].text}”",
        saved_memories=1 + len(_replaced(every, memory_id)),
    )


def _replaced(every: dict[str, SavedMemory], memory_id: str) -> set[str]:
    """The retired versions ``memory_id`` replaced, directly or through others."""
    found: set[str] = set()
    frontier = {memory_id}
    while frontier:
        frontier = {m.id for m in every.values() if m.replaced_by in frontier} - found
        found |= frontier
    return found


def _user(memory: Memory, user_id: str) -> ForgetPreview:
    if user_id not in memory.users():
        raise NotFoundError("user", user_id)
    episodes = sum(1 for _ in _all(memory, user_id, None))
    counts: dict[str, Any] = {
        "episodes": episodes,
        "sessions": len(memory.sessions(user_id)),
        "settings": True,
    }
    if not memory.layers.available:
        return ForgetPreview(f"everything about {user_id}", **counts)
    return ForgetPreview(
        f"everything about {user_id}",
        **counts,
        saved_memories=len(memory.saved.list(user_id, include_retired=True)),
        summaries_deleted=len(memory.summaries.list(user_id)),
        insights_deleted=len(memory.insights.list(user_id)),
    )


def _all(memory: Memory, user_id: str, session_id: str | None) -> Iterator[Episode]:
    cursor = None
    while True:
        page = memory.get_all(user_id, {"session_id": session_id}, limit=PAGE, cursor=cursor)
        yield from page.items
        cursor = page.next_cursor
        if not cursor:
            return
