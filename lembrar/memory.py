"""``Memory``: the library façade. Orchestration only; decisions live in their modules."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lembrar.config import MemoryConfig
from lembrar.context import ContextBlock, ContextBudget, assemble, remaining
from lembrar.embed import CachedEmbedder, Embedder, get_embedder
from lembrar.errors import ConfigurationError, LembrarError, ValidationError
from lembrar.graph import Graph, GraphConfig
from lembrar.ingest import (
    OnInvalid,
    SettingsOf,
    build_episode,
    build_episodes,
    index_episodes,
    inputs_of,
    parse_instant,
    revised,
)
from lembrar.layers import Insight, LayerConfig, Layers, SessionSummary, retrieved_sections
from lembrar.model.derived import CAPTURE, GRAPH, STEPS, PendingWork
from lembrar.model.episode import Episode, require_text
from lembrar.model.hits import SearchHit
from lembrar.model.ids import user_key
from lembrar.model.inputs import EpisodeIn
from lembrar.model.query import Filters, HistoryEntry, Page, SessionInfo, StoreStats
from lembrar.model.users import UserSettings
from lembrar.retrieval.config import SearchConfig, resolve
from lembrar.retrieval.request import SearchRequest, resolve_request
from lembrar.retrieval.search import Retrieval, search
from lembrar.retrieval.sources import CandidateSource
from lembrar.store import DEFAULT_TENANT, IndexedEpisode, Store, open_store
from lembrar.store.base import get_many

if TYPE_CHECKING:
    from lembrar.layers import SavedMemories, SessionSummaries, UserInsights
    from lembrar.llm.client import LLMClient
    from lembrar.retrieval.hooks import SearchHooks

Clock = Callable[[], datetime]
PENDING_GRACE = 60.0
"""Seconds after which an add finishes the derived work another add left: younger markers may
belong to a write still under way in another process."""
_log = logging.getLogger("lembrar")


def _utcnow() -> datetime:
    return datetime.now(UTC)


class Memory:
    """Episodic memory for one store: add what happened, search it by meaning, words and time.

    ``Memory("memory.db")`` opens (or creates) a SQLite file; ``Memory(":memory:")`` a throwaway
    one; a ``postgresql://`` URL or a ``Store`` instance selects another backend.
    """

    def __init__(
        self,
        target: str | Path | Store = ":memory:",
        *,
        embedder: str | Embedder | None = None,
        config: MemoryConfig | None = None,
        tenant: str = DEFAULT_TENANT,
        clock: Clock | None = None,
        llm: LLMClient | None = None,
        llm_capture: bool = False,
        layers: LayerConfig | None = None,
        graph: GraphConfig | None = None,
    ) -> None:
        self.store: Store = (
            target if not isinstance(target, (str, Path)) else open_store(target, tenant)
        )
        self.config = config or MemoryConfig()
        inner = (
            embedder
            if embedder is not None and not isinstance(embedder, str)
            else get_embedder(embedder)
        )
        self._check_embedder(inner)
        self.embedder = CachedEmbedder(inner, cache=self.store)
        self._clock = clock or _utcnow
        self.llm = llm  # runs the llm_* search steps and, with llm_capture, writes memory records
        if llm_capture and llm is None:
            raise ConfigurationError(
                "llm_capture: needs a language model; pass llm=LLMClient(LLMConfig.from_env())"
            )
        self.llm_capture = llm_capture
        self.layers = Layers(self, layers)  # saved memories, summaries, insights, recent history
        self.graph = Graph(self, graph)  # entities and facts over time, extracted on add
        self.finish_pending()  # what a process that stopped half-way left undone

    def _check_embedder(self, embedder: Embedder) -> None:
        signature = f"{embedder.name}/{embedder.dim}"
        stored = self.store.get_meta("embedder")
        if stored is None:
            self.store.set_meta("embedder", signature)
        elif stored != signature:
            raise ConfigurationError(
                f"embedder: this store's vectors were made by {stored!r}, not {signature!r}; "
                f"open it with embedder={stored.split('/')[0]!r} or use a new store"
            )

    # -- lifecycle ----------------------------------------------------------------
    def close(self) -> None:
        self.store.close()

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def now(self) -> datetime:
        return self._clock()

    # -- users ----------------------------------------------------------------------
    def set_user(
        self,
        user_id: str,
        *,
        timezone: str | None = None,
        hemisphere: str = "north",
        language: str | None = None,
    ) -> UserSettings:
        settings = UserSettings(user_key(user_id), timezone, hemisphere, language)
        self.store.put_user(settings)
        return settings

    def user_settings(self, user_id: str) -> UserSettings:
        user_id = user_key(user_id)
        return self.config.settings_for(user_id, self.store.get_user(user_id))

    def users(self) -> list[str]:
        return self.store.users()

    # -- writes ---------------------------------------------------------------------
    def add(
        self,
        data: str | Mapping[str, Any] | Sequence[Mapping[str, Any]],
        user_id: str,
        session_id: str | None = None,
        at: datetime | str | None = None,
        metadata: Mapping[str, Any] | None = None,
    ) -> list[Episode]:
        """Store a text, a message dict (``role``, ``content``, optional ``name``), a list of
        messages, or a JSON record (a dict without ``role``). Returns the created episodes."""
        return self.add_many(inputs_of(data, user_id, session_id, at, metadata))

    def add_many(
        self,
        items: Iterable[EpisodeIn | Mapping[str, Any]],
        on_invalid: OnInvalid | None = None,
    ) -> list[Episode]:
        """Bulk add in one transaction: every item is validated before anything is written.

        An invalid item raises its ``ValidationError`` (nothing is stored), unless ``on_invalid``
        is given: then it is called with the item's 0-based position and the error, and skipped.
        """
        now = self.now()
        settings = cache(self.user_settings)
        episodes = build_episodes(items, settings, self.config, now, on_invalid)
        episodes += self._captured(episodes, settings, now)
        self.finish_pending(older_than=PENDING_GRACE)
        self.store.add(self._index(episodes), pending=self._owed(episodes))
        self.graph.after_add(episodes)
        self.layers.after_add(episodes)
        return episodes

    def _owed(self, episodes: Sequence[Episode], steps: Sequence[str] = STEPS) -> list[PendingWork]:
        """The derived work ``episodes`` owe once stored: a marker per step, written with them."""
        owes = {GRAPH: self.graph.owes, CAPTURE: self.layers.owes}
        return [PendingWork(e.user_id, e.id, s) for e in episodes for s in steps if owes[s](e)]

    def finish_pending(self, older_than: float | None = None) -> int:
        """Finish the derived work that a process stopped before writing (between an add's
        episodes and their graph or saved memories, or between a delete and what it must
        recompute): every marker when the store opens, those older than ``older_than`` seconds
        on each add. A failure is logged and the markers stay. Returns the markers finished."""
        try:
            work = self.store.pending_work(older_than)
            users = {w.user_id for w in work}
            if older_than is None and self.graph.available:
                users |= set(self.graph.store.stale_users())
            for user_id in sorted(users):
                self._finish(user_id, [w for w in work if w.user_id == user_id])
        except (LembrarError, OSError) as error:
            _log.warning("derived work left for later: %s", error)
            return 0
        return len(work)

    def _finish(self, user_id: str, work: Sequence[PendingWork]) -> None:
        owed = {(w.episode_id, w.step) for w in work}
        episodes = get_many(self.store, user_id, list(dict.fromkeys(w.episode_id for w in work)))
        if self.graph.available:
            self.graph.settle(user_id, [e for e in episodes if (e.id, GRAPH) in owed])
        captures = [e for e in episodes if (e.id, CAPTURE) in owed]
        if captures:
            self.layers.finish_capture(captures)

    def _captured(
        self, episodes: Sequence[Episode], settings: SettingsOf, now: datetime
    ) -> list[Episode]:
        """With ``llm_capture``: the memory records the model writes for the exchanges in ``episodes``."""
        if not self.llm_capture or not episodes:
            return []
        from lembrar.layers.capture import capture_records

        records = capture_records(self.llm, episodes, self.store).records
        return [build_episode(item, settings(item.user_id), self.config, now) for item in records]

    def _index(self, episodes: Sequence[Episode]) -> list[IndexedEpisode]:
        return index_episodes(episodes, self.config, self.embedder)

    def update(self, episode_id: str, content: str, user_id: str) -> Episode:
        """Replace an episode's text (re-chunked and re-embedded); the old text stays in history."""
        user_id = user_key(user_id)
        new = revised(self.store.get(user_id, episode_id), content)
        self.store.replace(self._index([new])[0], self.now(), pending=self._owed([new], (GRAPH,)))
        self.layers.after_change(user_id)
        self.graph.after_update(new)
        return new

    def delete(self, episode_id: str, user_id: str) -> None:
        user_id = user_key(user_id)
        self.store.delete(user_id, [episode_id])
        self.layers.after_change(user_id)
        self.graph.after_change(user_id)

    def delete_all(
        self,
        user_id: str,
        session_id: str | None = None,
        filters: Filters | Mapping[str, Any] | None = None,
    ) -> int:
        """Delete the user's episodes (of one session, or matching ``filters``); returns how many."""
        chosen = Filters.of(filters)
        if session_id is not None:
            chosen = replace(chosen, session_id=session_id)
        user_id = user_key(user_id)
        count = self.store.delete_matching(user_id, chosen)
        self.layers.after_change(user_id)
        self.graph.after_change(user_id)
        return count

    def forget_user(self, user_id: str) -> int:
        """Remove the user and everything stored for them."""
        return self.store.delete_user(user_key(user_id))

    # -- reads ----------------------------------------------------------------------
    def get(self, episode_id: str, user_id: str) -> Episode:
        return self.store.get(user_key(user_id), require_text("episode_id", episode_id))

    def get_all(
        self,
        user_id: str,
        filters: Filters | Mapping[str, Any] | None = None,
        *,
        order: str = "asc",
        limit: int = 100,
        cursor: str | None = None,
    ) -> Page:
        if order not in ("asc", "desc"):
            raise ValidationError("order", "use 'asc' (oldest first) or 'desc' (newest first)")
        return self.store.list(
            user_key(user_id),
            Filters.of(filters),
            newest_first=order == "desc",
            limit=limit,
            cursor=cursor,
        )

    def history(self, episode_id: str, user_id: str) -> list[HistoryEntry]:
        return self.store.history(user_key(user_id), episode_id)

    def sessions(self, user_id: str) -> list[SessionInfo]:
        return self.store.sessions(user_key(user_id))

    def stats(self) -> StoreStats:
        return self.store.stats()

    # -- search ---------------------------------------------------------------------
    def request(
        self,
        query: str,
        user_id: str,
        k: int = 10,
        *,
        filters: Filters | Mapping[str, Any] | None = None,
        now: datetime | str | None = None,
        preset: SearchConfig | str | None = None,
    ) -> SearchRequest:
        """A search resolved once: the user's settings, "now" in their zone, the preset, the filters
        and the time reference the query names."""
        require_text("query", query)
        user_id = user_key(user_id)
        if not isinstance(k, int) or isinstance(k, bool) or k < 1:
            raise ValidationError("k", "must be a positive integer")
        settings = self.user_settings(user_id)
        moment = parse_instant(now, settings, "now") if now is not None else self.now()
        config = resolve(preset, self.config.search_preset)
        return resolve_request(
            query, user_id, k, Filters.of(filters), moment, settings, self.config.periods, config
        )

    def retrieve(
        self,
        query: str,
        user_id: str,
        k: int = 10,
        *,
        filters: Filters | Mapping[str, Any] | None = None,
        now: datetime | str | None = None,
        preset: SearchConfig | str | None = None,
    ) -> Retrieval:
        """Search, returning the hits together with the time reference understood in the query."""
        return self.run_search(
            self.request(query, user_id, k, filters=filters, now=now, preset=preset)
        )

    def run_search(self, request: SearchRequest) -> Retrieval:
        """Run a resolved request over the turns and every candidate source."""
        return search(
            self.store, self.embedder.embed_queries, request, self._llm_hooks(request), self.sources
        )

    @property
    def sources(self) -> list[CandidateSource]:
        """The candidate sources searched beside the turns: session summaries past the raw
        window, and graph facts lifting the turns that stated them (``GraphConfig.search_source``)."""
        return [self.layers.summaries, self.graph.source]

    def _llm_hooks(self, request: SearchRequest) -> SearchHooks | None:
        """The language-model steps the request's config asks for (see ``lembrar.retrieval.llm_steps``)."""
        if not request.config.uses_llm:
            return None
        from lembrar.retrieval.llm_steps.hooks import prepare_search

        return prepare_search(
            self.llm,
            self.embedder.embed_batch,
            request.query,
            request.now,
            request.settings,
            request.config,
        )

    def search(
        self,
        query: str,
        user_id: str,
        k: int = 10,
        *,
        filters: Filters | Mapping[str, Any] | None = None,
        now: datetime | str | None = None,
        preset: SearchConfig | str | None = None,
    ) -> list[SearchHit]:
        """The ``k`` best memories for ``query``: scores in [0, 1], higher is better."""
        return self.retrieve(query, user_id, k, filters=filters, now=now, preset=preset).hits

    # -- prompt context -----------------------------------------------------------------
    def context(
        self,
        query: str,
        user_id: str,
        *,
        budget_tokens: int | ContextBudget = 1500,
        now: datetime | str | None = None,
        k: int = 8,
        filters: Filters | Mapping[str, Any] | None = None,
        preset: SearchConfig | str | None = None,
        session_id: str | None = None,
    ) -> ContextBlock:
        """A prompt-ready block of what matters for ``query``, within ``budget_tokens``: saved
        memories, insights, recent messages from other sessions than ``session_id`` (the
        conversation in progress), then the retrieved turns and summaries."""
        budget = (
            budget_tokens
            if isinstance(budget_tokens, ContextBudget)
            else ContextBudget(total=budget_tokens)
        )
        if budget.total < 16:
            raise ValidationError("budget_tokens", "must be at least 16")
        user_id = user_key(user_id)
        request = self.request(query, user_id, k, filters=filters, now=now, preset=preset)
        sections = self.layers.sections(user_id, request.now, budget, session_id)
        facts = self.graph.section(
            user_id, query, request.now, min(budget.facts, remaining(budget.total, sections))
        )
        sections += [facts] if facts.lines else []
        left = remaining(budget.total, sections)
        sections += retrieved_sections(self.run_search(request).hits, request.now, left)
        return assemble(sections, request.now)

    # -- layers ---------------------------------------------------------------------
    @property
    def saved(self) -> SavedMemories:
        """The user's saved memories: ``add``, ``capture``, ``list``, ``edit``, ``delete``."""
        return self.layers.saved

    @property
    def summaries(self) -> SessionSummaries:
        """Session summaries: ``summarize``, ``list``, ``get``, ``search``, ``delete``."""
        return self.layers.summaries

    @property
    def insights(self) -> UserInsights:
        """User insights: ``refresh``, ``list``, ``get``, ``edit``, ``delete``."""
        return self.layers.insights

    def end_session(
        self, user_id: str, session_id: str, *, now: datetime | str | None = None
    ) -> SessionSummary:
        """The conversation is over: summarise it now."""
        return self.layers.summaries.summarize(user_id, session_id, now=now)

    def summarize_idle(
        self, now: datetime | str | None = None, *, user_id: str | None = None
    ) -> list[SessionSummary]:
        """Summarise the sessions idle for longer than ``LayerConfig.idle_timeout``."""
        return self.layers.summaries.summarize_idle(now, user_id=user_id)

    def refresh_insights(self, user_id: str, *, now: datetime | str | None = None) -> list[Insight]:
        """Recompute the user's insights from their messages (a batch job)."""
        return self.layers.insights.refresh(user_id, now=now)

    def recent(
        self, user_id: str, *, session_id: str | None = None, now: datetime | str | None = None
    ) -> list[Episode]:
        """The user's latest messages from conversations other than ``session_id``, newest first."""
        user_id = user_key(user_id)
        return self.layers.recent(user_id, self.layers.instant(user_id, now), session_id)
