"""User insights: what the user keeps coming back to, from clusters of their own messages.

``refresh`` (a batch job) embeds nothing new — it reuses the stored chunk vectors — clusters the
user's messages (``clustering``), keeps the clusters said in at least
``LayerConfig.insight_min_conversations`` conversations, and turns each into an insight: a statement from the
cluster's keyphrases (those that set it apart from the user's other messages), the time span,
a confidence from size, cohesion, spread over days and recency, and the source message ids.
Insights matching an earlier one (by sources) keep its id and, if the user edited it, its
wording. Deleting source messages wipes the insight at once (the store's job); it is recomputed
from the messages left when next read; with none left it is gone.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING

import numpy as np

from lembrar.errors import LembrarError, NotFoundError, ValidationError
from lembrar.ingest import index_episodes
from lembrar.layers.clustering import cluster
from lembrar.layers.insight_writer import InsightWriter, KeyphraseInsightWriter
from lembrar.layers.keyphrases import document_frequencies, extract
from lembrar.model.episode import Episode, new_id, require_text
from lembrar.model.ids import user_key
from lembrar.model.layers import Insight, TopicCluster
from lembrar.model.query import Filters
from lembrar.model.text import keywords
from lembrar.store.base import list_all

if TYPE_CHECKING:
    from lembrar.layers.host import LayerHost

__all__ = ["UserInsights"]

_PAGE = 1000
_MIN_WORDS = 3  # shorter messages ("ok thanks") say nothing about a topic
_KEYPHRASE_MESSAGES = 400  # the most central messages of a cluster its keyphrases are drawn from
_WRITER_MESSAGES = 40  # and those an InsightWriter sees


@dataclass(frozen=True)
class _Messages:
    episodes: list[Episode]
    vectors: np.ndarray


class UserInsights:
    """``memory.insights``: refresh, list, edit and delete insights."""

    def __init__(self, layers: LayerHost, writer: InsightWriter | None = None) -> None:
        self._layers = layers
        self.fallback = KeyphraseInsightWriter()
        self.writer = writer or self.fallback

    # -- the batch job -------------------------------------------------------------------
    def refresh(self, user_id: str, *, now: datetime | str | None = None) -> list[Insight]:
        """Recompute the user's insights from all their messages; returns the current ones."""
        user_id = user_key(user_id)
        moment = self._layers.instant(user_id, now)
        messages = self._messages(user_id)
        cfg = self._layers.config
        if len(messages.episodes) < cfg.insight_min_messages:
            return self._replace(user_id, [], moment)
        min_size = max(cfg.insight_min_cluster, round(0.01 * len(messages.episodes)))
        found = cluster(
            messages.vectors,
            min_size=min_size,
            max_clusters=cfg.insight_max_clusters,
            sample=cfg.insight_sample,
            seed=cfg.insight_seed,
        )
        background = document_frequencies(e.content for e in messages.episodes)
        baseline = _baseline(messages.vectors)
        recurring = [
            m
            for m in found.members()
            if _conversations(messages.episodes, m) >= cfg.insight_min_conversations
        ]
        drafts = [
            self._draft(
                user_id,
                [messages.episodes[i] for i in members],
                messages.vectors[members],
                moment,
                background,
                baseline,
            )
            for members in recurring
        ]
        return self._replace(user_id, drafts, moment)

    def _messages(self, user_id: str) -> _Messages:
        excluded = self._layers.store.insight_exclusions(user_id)
        said = list_all(self._layers.episodes, user_id, Filters(roles=("user",)), page_size=_PAGE)
        episodes = [
            e for e in said if e.id not in excluded and len(keywords(e.content)) >= _MIN_WORDS
        ]
        return _Messages(episodes, self._vectors(episodes))

    def _vectors(self, episodes: Sequence[Episode]) -> np.ndarray:
        """One unit vector per message: the mean of its stored chunk vectors (found by content hash)."""
        out = np.zeros((len(episodes), self._layers.embedder.dim), np.float32)
        for row, item in enumerate(
            index_episodes(episodes, self._layers.memory_config, self._layers.embedder)
        ):
            mean = item.vectors.mean(axis=0)
            out[row] = mean / (np.linalg.norm(mean) or 1.0)
        return out

    def _draft(
        self,
        user_id: str,
        members: list[Episode],
        vectors: np.ndarray,
        now: datetime,
        background: tuple[Mapping[str, int] | None, int],
        baseline: float,
    ) -> Insight:
        """One insight from a cluster; keyphrases come from its most central messages."""
        centroid = vectors.mean(axis=0)
        closeness = vectors @ (centroid / (np.linalg.norm(centroid) or 1.0))
        central = [
            members[i].content for i in np.argsort(-closeness, kind="stable")[:_KEYPHRASE_MESSAGES]
        ]
        counts, total = background
        phrases = tuple(
            p.text for p in extract(central, top=6, background=counts, background_total=total)
        )
        first, last = min(e.at for e in members), max(e.at for e in members)
        topic = TopicCluster(tuple(central[:_WRITER_MESSAGES]), phrases, first, last)
        cohesion = float(np.mean(closeness))
        return Insight(
            id=new_id(),
            user_id=user_id,
            statement=self._statement(topic),
            keyphrases=phrases,
            first_at=first,
            last_at=last,
            size=len(members),
            cohesion=round(cohesion, 4),
            confidence=_confidence(members, cohesion, baseline, now),
            created_at=now,
            updated_at=now,
            sources=tuple(sorted(e.id for e in members)),
        )

    def _statement(self, topic: TopicCluster) -> str:
        try:
            return self.writer.write(topic)
        except LembrarError:
            if self.writer is self.fallback:
                raise
            return self.fallback.write(topic)

    def _replace(self, user_id: str, drafts: list[Insight], now: datetime) -> list[Insight]:
        """Store ``drafts``, keeping the id (and an edited wording) of the earlier insight each continues."""
        old = self._layers.store.insights(user_id)
        matched: set[str] = set()
        final = []
        for draft in drafts:
            twin = _best_match(draft, [o for o in old if o.id not in matched])
            if twin is not None:
                matched.add(twin.id)
                draft = replace(
                    draft,
                    id=twin.id,
                    created_at=twin.created_at,
                    edited=twin.edited,
                    statement=twin.statement if twin.edited else draft.statement,
                )
            final.append(draft)
        stale = [o.id for o in old if o.id not in matched and not o.edited]
        self._layers.store.put_insights(user_id, final, remove=stale)
        return self.list(user_id)

    def refresh_stale(self, user_id: str, *, now: datetime | str | None = None) -> list[Insight]:
        """Recompute the insights wiped because some of their source messages were deleted or edited."""
        stale = [i for i in self._layers.store.insights(user_id) if i.stale]
        if not stale:  # the common case costs one query
            return []
        moment = self._layers.instant(user_id, now)
        messages = self._messages(user_id)
        row = {e.id: i for i, e in enumerate(messages.episodes)}
        background = document_frequencies(e.content for e in messages.episodes)
        baseline = _baseline(messages.vectors)
        redone = []
        for insight in stale:
            members = [row[s] for s in insight.sources if s in row]
            if not members:
                continue
            draft = self._draft(
                user_id,
                [messages.episodes[i] for i in members],
                messages.vectors[members],
                moment,
                background,
                baseline,
            )
            redone.append(
                replace(
                    draft,
                    id=insight.id,
                    created_at=insight.created_at,
                    edited=insight.edited,
                    statement=insight.statement if insight.edited else draft.statement,
                )
            )
        self._layers.store.put_insights(
            user_id, redone, remove=[i.id for i in stale if i.id not in {r.id for r in redone}]
        )
        return redone

    # -- the user's view -------------------------------------------------------------------
    def list(self, user_id: str) -> list[Insight]:
        """Current insights, most confident first (wiped ones are recomputed first)."""
        self.refresh_stale(user_key(user_id))
        return [i for i in self._layers.store.insights(user_id) if not i.stale]

    def get(self, insight_id: str, user_id: str) -> Insight:
        for insight in self.list(user_id):
            if insight.id == insight_id:
                return insight
        raise NotFoundError("insight", insight_id)

    def edit(
        self, insight_id: str, statement: str, user_id: str, *, now: datetime | str | None = None
    ) -> Insight:
        """Rewrite an insight's statement; later refreshes keep the user's wording."""
        text = " ".join(require_text("statement", statement).split())
        if len(text) > 500:
            raise ValidationError("statement", "at most 500 characters")
        updated = replace(
            self.get(insight_id, user_id),
            statement=text,
            edited=True,
            stale=False,
            updated_at=self._layers.instant(user_id, now),
        )
        self._layers.store.put_insights(user_id, [updated])
        return updated

    def delete(self, insight_id: str, user_id: str, *, exclude_sources: bool = True) -> int:
        """Delete an insight; by default its messages are left out of later refreshes, so the
        same insight is not drawn again from them."""
        return self._layers.store.delete_insight(
            user_key(user_id), insight_id, exclude_sources=exclude_sources
        )


def _conversations(episodes: Sequence[Episode], members: np.ndarray) -> int:
    """In how many conversations (sessions; days for messages without one) a cluster's messages were said."""
    return len({episodes[i].session_id or episodes[i].tags.local_date.isoformat() for i in members})


def _baseline(vectors: np.ndarray) -> float:
    """Mean cosine of all messages to their overall mean direction: the cohesion of no topic at all."""
    if len(vectors) == 0:
        return 0.0
    mean = vectors.mean(axis=0)
    return float(np.mean(vectors @ (mean / (np.linalg.norm(mean) or 1.0))))


def _confidence(
    members: Sequence[Episode], cohesion: float, baseline: float, now: datetime
) -> float:
    """0.3 size + 0.3 cohesion above the baseline + 0.25 spread over days + 0.15 recency, in [0, 1]."""
    size = min(1.0, math.log(len(members)) / math.log(40)) if len(members) > 1 else 0.0
    tight = min(1.0, max(0.0, (cohesion - baseline) / max(1e-6, 1.0 - baseline)) / 0.5)
    days = min(1.0, len({e.tags.local_date for e in members}) / 5)
    age_days = max(0.0, (now - max(e.at for e in members)).total_seconds() / 86400)
    recency: float = 0.5 ** (age_days / 180)  # typeshed: a power of floats may be complex
    return round(0.3 * size + 0.3 * tight + 0.25 * days + 0.15 * recency, 4)


def _best_match(draft: Insight, old: Sequence[Insight]) -> Insight | None:
    mine = set(draft.sources)
    best, score = None, 0.5
    for other in old:
        theirs = set(other.sources)
        jaccard = len(mine & theirs) / max(1, len(mine | theirs))
        if jaccard >= score:
            best, score = other, jaccard
    return best
