"""``Layers``: the memory layers of one ``Memory``, over its store, embedder and clock."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from lembrar.config import MemoryConfig
from lembrar.context import ContextBudget, ContextSection, remaining
from lembrar.ingest import parse_instant
from lembrar.layers.config import LayerConfig
from lembrar.layers.host import Host
from lembrar.layers.insights import UserInsights
from lembrar.layers.recent import recent_messages
from lembrar.layers.requests import detect_request
from lembrar.layers.saved import SavedMemories
from lembrar.layers.sections import insights_section, recent_section, saved_section
from lembrar.layers.summaries import SessionSummaries
from lembrar.model.derived import CAPTURE, PendingWork
from lembrar.model.episode import Episode
from lembrar.store.base import LayerStore, Store
from lembrar.store.optional import OptionalPart

if TYPE_CHECKING:
    from lembrar.embed.cache import CachedEmbedder

__all__ = ["Layers"]


class Layers:
    """Saved memories, recent history, session summaries and insights of one ``Memory``."""

    def __init__(self, host: Host, config: LayerConfig | None = None) -> None:
        self.host = host  # the clock and the users' settings
        self.episodes: Store = host.store
        self.embedder: CachedEmbedder = host.embedder
        self.memory_config: MemoryConfig = host.config
        self.config = config or LayerConfig()
        self._store = OptionalPart(
            host.store,
            lambda store: store.layer_store(),
            "memory layers",
            "saved memories, summaries or insights",
        )
        self.saved = SavedMemories(self)
        self.summaries = SessionSummaries(self, self.config.summarizer)
        self.insights = UserInsights(self, self.config.insight_writer)

    @property
    def available(self) -> bool:
        """Whether the store's backend keeps the layers (recent history works on any backend)."""
        return self._store.available

    @property
    def store(self) -> LayerStore:
        return self._store.get()

    def instant(self, user_id: str, now: datetime | str | None) -> datetime:
        """``now`` as an aware datetime (naive: in the user's zone), or the clock's time."""
        return (
            self.host.now()
            if now is None
            else parse_instant(now, self.host.user_settings(user_id), "now")
        )

    def recent(self, user_id: str, now: datetime, session_id: str | None = None) -> list[Episode]:
        return recent_messages(
            self.episodes,
            user_id,
            now,
            limit=self.config.recent_messages,
            window=self.config.recent_window,
            exclude_session=session_id,
        )

    def sections(
        self, user_id: str, now: datetime, budget: ContextBudget, session_id: str | None = None
    ) -> list[ContextSection]:
        """Saved memories, insights and recent history, each within its budget and the total."""
        sections: list[ContextSection] = []
        for name, allowance in (
            ("saved", budget.saved),
            ("insights", budget.insights),
            ("recent", budget.recent),
        ):
            section = self._section(
                name, user_id, now, min(allowance, remaining(budget.total, sections)), session_id
            )
            if section.lines:
                sections.append(section)
        return sections

    def _section(
        self, name: str, user_id: str, now: datetime, budget: int, session_id: str | None
    ) -> ContextSection:
        if name == "recent":
            return recent_section(self.recent(user_id, now, session_id), now, budget)
        if not self.available:
            return ContextSection(name, name, ())
        if name == "saved":
            return saved_section(self.saved.list(user_id), budget)
        return insights_section(self.insights.list(user_id), budget)

    def owes(self, episode: Episode) -> bool:
        """Whether adding ``episode`` owes a capture (a marker written with it): a user message
        that asks to remember something, while ``capture_on_add`` is on."""
        return (
            self.config.capture_on_add
            and episode.kind == "message"
            and episode.role == "user"
            and detect_request(episode.content) is not None
            and self.available
        )

    def after_add(self, episodes: list[Episode]) -> None:
        """Capture the "remember that …" requests of newly added user messages (if enabled),
        then clear their markers."""
        owed = [e for e in episodes if self.owes(e)]
        if owed:
            self.saved.capture_added(owed)
            self.episodes.clear_pending([PendingWork(e.user_id, e.id, CAPTURE) for e in owed])

    def finish_capture(self, episodes: list[Episode]) -> None:
        """Capture what an add that stopped half-way left owed: each episode once (one already
        the source of a saved or pending memory was captured before the stop)."""
        done = set()
        for user_id in {e.user_id for e in episodes}:
            done |= {
                m.source_episode_id for m, _ in self.store.memories(user_id, include_retired=True)
            }
            done |= {p.source_episode_id for p in self.store.pending(user_id)}
        self.saved.capture_added([e for e in episodes if e.id not in done])
        self.episodes.clear_pending([PendingWork(e.user_id, e.id, CAPTURE) for e in episodes])

    def after_change(self, user_id: str) -> None:
        """Rewrite the summaries that deleting or editing turns wiped (wiped insights are
        recomputed when next read: that needs all the user's messages)."""
        if self.available:
            self.summaries.refresh_stale(user_id)
