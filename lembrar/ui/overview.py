"""A search as the page shows it: the engine's hits, how many memories each time window the
query named holds, where the user's memories lie, and, for a question about conversations
("what did we talk about last week?"), the conversations themselves.

Time phrases are read against the search's "now" (today, unless the caller says otherwise),
as everywhere else; what this adds is saying so plainly when that window holds nothing, with
the user's first and last memory, and which hits lie outside every window.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from lembrar.model.episode import Episode
from lembrar.model.text import keywords
from lembrar.retrieval.search import Retrieval
from lembrar.ui.asking import asks_about_conversations

if TYPE_CHECKING:
    from lembrar.memory import Memory

__all__ = ["Conversation", "Overview", "WindowCount", "overview"]

PAGE = 1000
MAX_CONVERSATIONS = 20
LATEST_CONVERSATIONS = 5
BEST_TURNS = 3
ABOUT_CHARS = 200
KEY_PHRASES = 5


@dataclass(frozen=True)
class WindowCount:
    phrase: str
    start: datetime
    end: datetime
    episodes: int


@dataclass
class Conversation:
    """One conversation with turns in the window (or one of the latest, without a window);
    its times are in the user's zone."""

    session_id: str
    day: date
    first_at: datetime
    last_at: datetime
    speakers: list[str] = field(default_factory=list)
    turns: int = 0
    title: str | None = None
    about: str = ""
    about_source: str = "first user turn"
    best: list[Episode] = field(default_factory=list)
    episodes: list[Episode] = field(default_factory=list)


@dataclass(frozen=True)
class Overview:
    retrieval: Retrieval
    windows: list[WindowCount]
    first_at: datetime | None
    last_at: datetime | None
    outside_window: list[str]
    about_conversations: bool
    conversations: list[Conversation]


def overview(
    memory: Memory,
    user_id: str,
    query: str,
    k: int = 10,
    *,
    filters: Mapping[str, Any] | None = None,
    now: datetime | str | None = None,
    preset: str | None = None,
) -> Overview:
    """The engine's search of ``query`` and what the page says around it."""
    result = memory.retrieve(query, user_id, k, filters=filters, now=now, preset=preset)
    windows = list(result.time.windows) if result.time is not None else []
    first, last = _span(memory, user_id)
    about = asks_about_conversations(result.time.stripped if result.time else result.query)
    counts: list[WindowCount] = []
    groups: dict[str, Conversation] = {}
    for w in windows:
        episodes = _between(memory, user_id, w.start, w.end)
        counts.append(WindowCount(w.phrase, w.start, w.end, _grouped(episodes, groups, about)))
    if about and not windows:
        for session_id in _latest_sessions(memory, user_id):
            _grouped(_between(memory, user_id, None, None, session_id), groups, True)
    conversations = _conversations(memory, user_id, groups) if about else []
    outside = [h.episode.id for h in result.hits if windows and not _inside(h.episode, windows)]
    return Overview(result, counts, first, last, outside, about, conversations)


def _span(memory: Memory, user_id: str) -> tuple[datetime | None, datetime | None]:
    """When the user's first and last episodes happened, in the user's zone."""
    first = memory.get_all(user_id, limit=1).items
    last = memory.get_all(user_id, order="desc", limit=1).items
    return (first[0].tags.local, last[0].tags.local) if first and last else (None, None)


def _latest_sessions(memory: Memory, user_id: str) -> list[str]:
    """Without a time window, "what did we talk about?" means lately: the last conversations."""
    sessions = sorted(memory.sessions(user_id), key=lambda s: s.last_at, reverse=True)
    return [s.session_id for s in sessions[:LATEST_CONVERSATIONS]]


def _between(
    memory: Memory,
    user_id: str,
    since: datetime | None,
    until: datetime | None,
    session_id: str | None = None,
) -> Iterator[Episode]:
    """The user's episodes in [since, until) (of one conversation), oldest first."""
    where = {"since": since, "until": until, "session_id": session_id}
    cursor = None
    while True:
        page = memory.get_all(user_id, where, limit=PAGE, cursor=cursor)
        yield from page.items
        cursor = page.next_cursor
        if not cursor:
            return


def _grouped(episodes: Iterator[Episode], groups: dict[str, Conversation], keep: bool) -> int:
    """Counts ``episodes``; with ``keep``, adds each to its conversation in ``groups``."""
    count = 0
    for episode in episodes:
        count += 1
        if keep:
            _group(groups, episode)
    return count


def _group(groups: dict[str, Conversation], episode: Episode) -> None:
    if episode.session_id is None:
        return
    card = groups.get(episode.session_id)
    if card is None:
        card = groups[episode.session_id] = Conversation(
            episode.session_id, episode.tags.local_date, episode.tags.local, episode.tags.local
        )
    if any(e.id == episode.id for e in card.episodes):
        return
    card.episodes.append(episode)
    card.turns += 1
    at = episode.tags.local
    card.first_at, card.last_at = min(card.first_at, at), max(card.last_at, at)
    if episode.speaker and episode.speaker not in card.speakers:
        card.speakers.append(episode.speaker)


def _inside(episode: Episode, windows: list[Any]) -> bool:
    return any(w.start <= episode.at < w.end for w in windows)


def _conversations(
    memory: Memory, user_id: str, groups: dict[str, Conversation]
) -> list[Conversation]:
    """The newest conversations first, each with what it was about and its best turns."""
    cards = sorted(groups.values(), key=lambda c: c.first_at, reverse=True)[:MAX_CONVERSATIONS]
    summaries = (
        {s.session_id: s for s in memory.summaries.list(user_id)} if memory.layers.available else {}
    )
    for card in cards:
        summary = summaries.get(card.session_id)
        if summary is not None:
            card.title, card.about, card.about_source = summary.title, summary.summary, "summary"
        else:
            card.about, card.about_source = _about(card.episodes)
        card.best = _best(card)
    return cards


def _about(episodes: list[Episode]) -> tuple[str, str]:
    """The conversation's first turn by the user, else its most frequent content words."""
    for episode in episodes:
        if episode.role == "user" and episode.content.strip():
            return _clip(episode.content), "first user turn"
    words: Counter[str] = Counter()
    for episode in episodes:
        words.update(keywords(episode.content))
    return ", ".join(w for w, _ in words.most_common(KEY_PHRASES)), "key phrases"


def _best(card: Conversation) -> list[Episode]:
    """The turns that hold most of the words the conversation keeps coming back to (the
    question names no topic, so its search hits say nothing about them), in time order,
    leaving out the turn already quoted as what it was about."""
    turns = [
        (e, set(keywords(e.content))) for e in card.episodes if e.content.strip() != card.about
    ]
    counts: Counter[str] = Counter(w for _, words in turns for w in words)
    ranked = sorted(
        range(len(turns)),
        key=lambda i: -sum(counts[w] - 1 for w in turns[i][1]) / (1 + len(turns[i][1])) ** 0.5,
    )
    return [turns[i][0] for i in sorted(ranked[:BEST_TURNS])]


def _clip(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= ABOUT_CHARS else flat[: ABOUT_CHARS - 1] + "…"
