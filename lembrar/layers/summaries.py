"""Session summaries: written when a session ends, goes idle, or on demand; searchable on their own.

A summary records the turns it covers (provenance). Deleting or editing one of them wipes the
summary in the same transaction (the store's job); ``refresh_stale`` then writes it again from
the turns that are left. Past the raw window (``LayerConfig.raw_window_days``), search reaches
a summarised session's older turns through its summary instead of the turns themselves.
"""

from __future__ import annotations

import builtins
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING

import numpy as np

from lembrar.errors import LembrarError, NotFoundError
from lembrar.layers.summarize import ExtractiveSummarizer, Summarizer
from lembrar.layers.summary_search import (
    RawWindow,
    eligible,
    rank_summaries,
    raw_window,
    summary_hit,
)
from lembrar.model.episode import Episode, new_id, require_text
from lembrar.model.hits import SearchHit
from lembrar.model.ids import user_key
from lembrar.model.layers import SessionSummary, SummaryDraft
from lembrar.model.query import Filters, SessionInfo
from lembrar.retrieval.config import SearchConfig
from lembrar.retrieval.sources import SourcePlan
from lembrar.store.base import list_all

if TYPE_CHECKING:
    from lembrar.layers.host import LayerHost
    from lembrar.model.users import UserSettings
    from lembrar.retrieval.request import SearchRequest
    from lembrar.temporal import TimeQuery

__all__ = ["SessionSummaries"]

_PAGE = 500


class SessionSummaries:
    """``memory.summaries``: write, list, search and delete conversation summaries."""

    name = "summaries"  # as a candidate source

    def __init__(self, layers: LayerHost, summarizer: Summarizer | None = None) -> None:
        self._layers = layers
        self.fallback = ExtractiveSummarizer(layers.config.summary_sentences)
        self.summarizer = summarizer or self.fallback

    # -- writing -----------------------------------------------------------------------
    def summarize(
        self, user_id: str, session_id: str, *, now: datetime | str | None = None
    ) -> SessionSummary:
        """Summarise a session now (on demand, or when it ends)."""
        turns = self._turns(user_key(user_id), require_text("session_id", session_id))
        if not turns:
            raise NotFoundError("session", session_id)
        draft, method = self._draft(turns)
        summary = SessionSummary(
            id=new_id(),
            user_id=user_id,
            session_id=session_id,
            title=draft.title,
            summary=draft.summary,
            keyphrases=draft.keyphrases,
            first_at=turns[0].at,
            last_at=turns[-1].at,
            turns=len(turns),
            method=method,
            created_at=self._layers.instant(user_id, now),
        )
        vector = self._layers.embedder.embed_batch([summary.text])[0]
        self._layers.store.put_summary(summary, vector, [t.id for t in turns])
        return summary

    def _turns(self, user_id: str, session_id: str) -> list[Episode]:
        return list_all(
            self._layers.episodes, user_id, Filters(session_id=session_id), page_size=_PAGE
        )

    def _draft(self, turns: Sequence[Episode]) -> tuple[SummaryDraft, str]:
        try:
            return self.summarizer.summarize(turns), self.summarizer.name
        except LembrarError:
            if self.summarizer is self.fallback:
                raise
            return self.fallback.summarize(turns), self.fallback.name

    def summarize_idle(
        self, now: datetime | str | None = None, *, user_id: str | None = None
    ) -> list[SessionSummary]:
        """Summarise every session idle for ``LayerConfig.idle_timeout`` whose summary is missing,
        stale or older than its last turn (all users, or one)."""
        users = [user_key(user_id)] if user_id is not None else self._layers.episodes.users()
        written = []
        for user in users:
            moment = self._layers.instant(user, now)
            known = {s.session_id: s for s, _ in self._layers.store.summaries(user, vectors=False)}
            for info in self._layers.episodes.sessions(user):
                if info.last_at <= moment - self._layers.config.idle_timeout and _outdated(
                    known.get(info.session_id), info
                ):
                    written.append(self.summarize(user, info.session_id, now=moment))
        return written

    def refresh_stale(self, user_id: str) -> list[SessionSummary]:
        """Rewrite the summaries wiped because one of their turns was deleted or edited."""
        return [
            self.summarize(user_id, s.session_id)
            for s, _ in self._layers.store.summaries(user_id, vectors=False)
            if s.stale
        ]

    # -- reading -------------------------------------------------------------------------
    def list(self, user_id: str) -> list[SessionSummary]:
        """The user's current summaries, oldest conversation first."""
        return [
            s
            for s, _ in self._layers.store.summaries(user_key(user_id), vectors=False)
            if not s.stale
        ]

    def get(self, user_id: str, session_id: str) -> SessionSummary:
        for summary in self.list(user_id):
            if summary.session_id == session_id:
                return summary
        raise NotFoundError("session summary", session_id)

    def delete(self, user_id: str, session_id: str) -> int:
        return self._layers.store.delete_summary(user_key(user_id), session_id)

    def search(
        self,
        query: str,
        user_id: str,
        k: int = 5,
        *,
        now: datetime | str | None = None,
        preset: SearchConfig | str | None = None,
    ) -> builtins.list[SearchHit]:
        """The summaries (of every session, whatever their age) that best match ``query``."""
        user_id = user_key(user_id)
        request = self._layers.host.request(query, user_id, k, now=now, preset=preset)
        rows = [
            (s, v)
            for s, v in self._layers.store.summaries(user_id)
            if not s.stale and v is not None
        ]
        return self._hits(request.semantic, rows, request.time, request.config, request.settings, k)

    def _hits(
        self,
        semantic: str,
        rows: builtins.list[tuple[SessionSummary, np.ndarray]],
        parsed: TimeQuery | None,
        config: SearchConfig,
        settings: UserSettings,
        k: int,
    ) -> builtins.list[SearchHit]:
        if not rows:
            return []
        vector = self._layers.embedder.embed_queries([semantic])[0]
        ranked = rank_summaries(
            semantic,
            vector,
            [s for s, _ in rows],
            np.stack([v for _, v in rows]),
            parsed,
            config,
            weight=self._layers.config.summary_weight,
            min_similarity=self._layers.config.summary_min_similarity,
        )
        hits = [
            summary_hit(s, score, signals, settings, self._layers.memory_config.periods)
            for s, score, signals in ranked[:k]
        ]
        return [replace(h, rank=rank) for rank, h in enumerate(hits, start=1)]

    # -- the raw window: summaries as a candidate source of every search -------------------
    def window(self, user_id: str, now: datetime) -> RawWindow | None:
        """Which raw turns summaries stand in for at ``now`` (None: every turn is searchable)."""
        if self._layers.config.raw_window_days is None or not self._layers.available:
            return None
        summaries = [s for s, _ in self._layers.store.summaries(user_id, vectors=False)]
        return raw_window(summaries, now, self._layers.config.raw_window_days)

    def plan(self, request: SearchRequest) -> SourcePlan | None:
        """As a candidate source: past the raw window, a summarised session's older turns are
        left out of the search and its summary competes in their place."""
        window = self.window(request.user_id, request.now)
        if window is None:
            return None
        return SourcePlan(hides=window.hides, hits=lambda: self._standing_in(request, window))

    def _standing_in(self, request: SearchRequest, window: RawWindow) -> builtins.list[SearchHit]:
        rows = [
            (s, v)
            for s, v in self._layers.store.summaries(request.user_id)
            if v is not None and eligible(s, window, request.filters)
        ]
        return self._hits(
            request.semantic, rows, request.time, request.config, request.settings, request.k
        )


def _outdated(summary: SessionSummary | None, info: SessionInfo) -> bool:
    return (
        summary is None
        or summary.stale
        or summary.turns != info.episodes
        or summary.last_at != info.last_at
    )
