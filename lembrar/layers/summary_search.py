"""Searching session summaries, and merging them with raw turns past the raw window (pure)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

import numpy as np

from lembrar.model.episode import Episode
from lembrar.model.hits import SearchHit
from lembrar.model.layers import SessionSummary
from lembrar.model.query import Filters
from lembrar.model.text import keywords
from lembrar.model.timetags import DayPeriods, time_tags
from lembrar.model.users import UserSettings
from lembrar.retrieval import features, fusion, ranker
from lembrar.retrieval.adaptive import focus
from lembrar.retrieval.config import SearchConfig
from lembrar.retrieval.coverage import coverage

if TYPE_CHECKING:
    from lembrar.temporal import TimeQuery

__all__ = ["RawWindow", "is_summary_hit", "rank_summaries", "summary_hit"]


@dataclass(frozen=True)
class RawWindow:
    """Raw turns older than ``floor`` in a session with a summary are reached through the summary.

    ``covered`` maps such sessions to the last instant (timestamp) their summary covers: turns
    added after it stay searchable as raw turns until the session is summarised again.
    """

    floor: datetime
    covered: dict[str, float]

    def hides(self, episode: Episode) -> bool:
        last = self.covered.get(episode.session_id or "")
        return (
            last is not None and episode.at < self.floor and episode.tags.timestamp <= last + 1e-6
        )


def is_summary_hit(hit: SearchHit) -> bool:
    return "summary" in hit.signals


def eligible(summary: SessionSummary, window: RawWindow, filters: Filters) -> bool:
    """Whether a summary stands in for turns the raw search no longer reaches and passes ``filters``."""
    if summary.stale or summary.session_id not in window.covered:
        return False
    if filters.roles or filters.kinds or filters.periods or filters.weekdays or filters.metadata:
        return False
    if filters.session_id is not None and filters.session_id != summary.session_id:
        return False
    if filters.since is not None and summary.last_at < filters.since:
        return False
    return filters.until is None or summary.first_at < filters.until


def _bm25(query: str, docs: Sequence[list[str]], k1: float = 1.2, b: float = 0.75) -> np.ndarray:
    terms = keywords(query)
    scores = np.zeros(len(docs))
    if not terms or not docs:
        return scores
    df = Counter(t for doc in docs for t in set(doc))
    average = sum(len(d) for d in docs) / len(docs) or 1.0
    for i, doc in enumerate(docs):
        counts = Counter(doc)
        for term in terms:
            tf = counts.get(term, 0)
            if tf:
                idf = math.log(1 + (len(docs) - df[term] + 0.5) / (df[term] + 0.5))
                scores[i] += idf * tf * (k1 + 1) / (tf + k1 * (1 - b + b * len(doc) / average))
    return scores


def _affinity(summary: SessionSummary, parsed: TimeQuery, config: SearchConfig) -> float:
    """1 when the conversation overlaps a parsed window, decaying with the gap outside it."""
    best = 0.0
    for w in parsed.windows:
        if w.start < summary.last_at and summary.first_at < w.end:
            return 1.0
        gap = min(w.distance(summary.first_at), w.distance(summary.last_at)).total_seconds()
        tolerance = config.tolerance_seconds(w.tolerance)
        best = max(best, fusion.soft_time_score(gap, tolerance))
    return best if parsed.windows else 1.0


def rank_summaries(
    query: str,
    vector: np.ndarray,
    summaries: Sequence[SessionSummary],
    vectors: np.ndarray,
    parsed: TimeQuery | None,
    config: SearchConfig,
    *,
    weight: float = 0.9,
    min_similarity: float = 0.3,
) -> list[tuple[SessionSummary, float, dict[str, float]]]:
    """Summaries scored like raw candidates (the ranker over their dense, keyword and time
    features), times ``weight``; only those with a shared word, a
    cosine of at least ``min_similarity`` or a time match are kept. Best first."""
    if not summaries:
        return []
    dense = vectors @ np.asarray(vector, dtype=np.float32)
    keyword = _bm25(query, [keywords(f"{s.text} {' '.join(s.keyphrases)}") for s in summaries])
    rankings = {"dense": [(int(i), float(dense[i])) for i in np.argsort(-dense, kind="stable")]}
    if keyword.any():
        rankings["keyword"] = [
            (int(i), float(keyword[i]))
            for i in np.argsort(-keyword, kind="stable")
            if keyword[i] > 0
        ]
    timed = parsed if parsed is not None and parsed.windows else None
    time = np.array([_affinity(s, timed, config) for s in summaries]) if timed else None
    base = features.base_features(
        features.Signals(
            dense.astype(np.float64),
            keyword,
            focus(query),
            time,
            None,
            np.array(coverage(query, [s.text for s in summaries])),
            np.zeros(len(dense)),
        )
    )
    model = ranker.fitted()
    linear = model.linear(base)
    ids = [s.id for s in summaries]  # each summary is a whole conversation of its own
    support = features.session_support(ranker.probability(linear), ids, ids)
    probability = ranker.probability(model.extend(linear, "session", support))
    out = []
    for i, summary in enumerate(summaries):
        signals = {
            "dense": float(dense[i]),
            **({"keyword": float(keyword[i])} if keyword[i] > 0 else {}),
            **({"time_score": float(time[i])} if time is not None else {}),
        }
        if not (
            keyword[i] > 0 or dense[i] >= min_similarity or signals.get("time_score", 0.0) >= 1.0
        ):
            continue
        score = min(1.0, max(0.0, weight * float(probability[i])))
        out.append((summary, score, {"summary": round(score, 6), **signals}))
    out.sort(key=lambda item: -item[1])
    return out


def summary_hit(
    summary: SessionSummary,
    score: float,
    signals: dict[str, float],
    settings: UserSettings,
    periods: DayPeriods,
) -> SearchHit:
    """A summary as a search hit: a ``text`` episode standing for the whole session, dated by its
    last turn, with the summary's details under ``metadata["summary"]``."""
    details: dict[str, Any] = {
        "title": summary.title,
        "first_at": summary.first_at.isoformat(),
        "last_at": summary.last_at.isoformat(),
        "turns": summary.turns,
        "keyphrases": list(summary.keyphrases),
        "method": summary.method,
    }
    tags = time_tags(summary.last_at, settings.zone_name, settings.hemisphere, periods)
    episode = Episode(
        id=summary.id,
        user_id=summary.user_id,
        kind="text",
        content=summary.text,
        at=tags.local,
        recorded_at=summary.created_at,
        tags=tags,
        session_id=summary.session_id,
        metadata={"summary": details},
    )
    return SearchHit(
        episode=episode, text=summary.text, score=round(score, 6), signals=signals, rank=0
    )


def raw_window(
    summaries: Sequence[SessionSummary], now: datetime, days: float | None
) -> RawWindow | None:
    """The raw window at ``now``: which summarised sessions have turns older than its floor."""
    if days is None:
        return None
    floor = now - timedelta(days=days)
    covered = {
        s.session_id: s.last_at.timestamp() for s in summaries if not s.stale and s.first_at < floor
    }
    return RawWindow(floor, covered) if covered else None
