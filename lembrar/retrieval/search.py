"""The retrieval pipeline: candidates -> fusion -> priors -> dedup/MMR -> roll-up -> expansion,
then the hits of the other candidate sources merged in by score."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from functools import partial
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from lembrar.llm.steps import StepReport
from lembrar.model.hits import SearchHit
from lembrar.model.query import ChunkRow, Filters
from lembrar.model.timetags import WEEKDAYS
from lembrar.retrieval import fusion
from lembrar.retrieval.adaptive import adapted_weights
from lembrar.retrieval.config import SearchConfig
from lembrar.retrieval.coverage import coverage
from lembrar.retrieval.expansion import expanded_rankings
from lembrar.retrieval.fanout import Ahead, ended, run_all
from lembrar.retrieval.hooks import SearchHooks
from lembrar.retrieval.request import SearchRequest
from lembrar.retrieval.rerank import get_reranker
from lembrar.retrieval.sources import CandidateSource, Lift, hidden_by, lifts_of, merge_hits
from lembrar.retrieval.tiebreak import as_tiebreak, window_crowded
from lembrar.store.base import Store

if TYPE_CHECKING:
    from lembrar.model.episode import Episode
    from lembrar.temporal import TimeQuery

EmbedFn = Callable[[Sequence[str]], NDArray[np.float32]]
DAY = 86400.0
FILTER_ONLY_SHARE = 0.5  # of the time weight, for a query that names only weekdays or parts of day
SESSION_DEPTH = 3  # candidates per session that its support averages
POOL = 100  # fused candidates re-scored at least; the priors can lift any of them into the top k


@dataclass(frozen=True)
class Retrieval:
    """A search's hits with what the query was understood to mean."""

    query: str
    semantic_query: str
    time: TimeQuery | None
    hits: list[SearchHit]
    steps: tuple[StepReport, ...] = ()
    """What each optional outside step (see :class:`SearchHooks`) did; empty without hooks."""


@dataclass
class _Candidate:
    ref: int
    row: ChunkRow
    relevance: float
    signals: dict[str, float]
    score: float = 0.0


def search(
    store: Store,
    embed: EmbedFn,
    request: SearchRequest,
    hooks: SearchHooks | None = None,
    sources: Sequence[CandidateSource] = (),
) -> Retrieval:
    """The ``request.k`` best hits from the turns and every source in ``sources``, by score."""
    if hooks is not None:
        request = request.with_windows(hooks.extra_windows)
    plans = [plan for plan in (source.plan(request) for source in sources) if plan is not None]
    result = search_turns(store, embed, request, hooks, hidden_by(plans), lifts_of(plans))
    others = [hit for plan in plans for hit in plan.hits()]
    return replace(result, hits=merge_hits(result.hits, others, request.k)) if others else result


def search_turns(
    store: Store,
    embed: EmbedFn,
    request: SearchRequest,
    hooks: SearchHooks | None = None,
    exclude: Callable[[Episode], bool] | None = None,
    lifts: Sequence[Lift] = (),
) -> Retrieval:
    """The pipeline over the stored turns; ``exclude``: episodes to leave out of the hits (e.g.
    turns a session summary stands in for); ``lifts``: priors from other sources."""
    user_id, k, filters, config, parsed = (
        request.user_id,
        request.k,
        request.filters,
        request.config,
        request.time,
    )
    if config.as_of_days is not None:
        until = request.now + timedelta(days=config.as_of_days, seconds=1)
        filters = replace(filters, until=_earlier(filters.until, until))
    if not request.topical:  # no support or coverage for what matches nothing but the frame
        config = config.with_(session_weight=0.0, coverage_weight=0.0)
    if window_crowded(store, user_id, filters, parsed, config):
        config = as_tiebreak(config)
    vector, rankings = _candidates(
        store,
        user_id,
        lambda: embed([request.semantic])[0],
        request.semantic,
        filters,
        parsed,
        config,
    )
    if hooks is not None:
        rankings.update(_extra_dense(store, user_id, hooks, filters, config))
    adapt = config.adaptive_weights == "always" or (
        config.adaptive_weights == "framed" and request.frames
    )
    weights = adapted_weights(config.weights, request.semantic) if adapt else config.weights
    fused, ceiling = fusion.fuse(rankings, config.fusion, weights, config.rrf_k)
    if config.expansion_hits > 0:
        first = sorted(fused, key=fused.__getitem__, reverse=True)[:POOL]
        expanded = expanded_rankings(
            store, user_id, vector, request.semantic, filters, config, first
        )
        rankings.update(expanded)
        weights = {**weights, **{name: config.expansion_weight for name in expanded}}
        fused, ceiling = fusion.fuse(rankings, config.fusion, weights, config.rrf_k)
    pool = sorted(fused, key=fused.__getitem__, reverse=True)[: max(4 * k, POOL)]
    rows = store.chunk_rows(user_id, pool)
    by_ref = {name: dict(hits) for name, hits in rankings.items()}
    candidates = [
        _Candidate(r, rows[r], fused[r] / ceiling, _signals(r, by_ref))
        for r in pool
        if r in rows and not (exclude is not None and exclude(rows[r].episode))
    ]
    _score(candidates, parsed, request.now, config, request.query, request.semantic, lifts)
    candidates.sort(key=lambda c: c.score, reverse=True)
    candidates = _collapse(candidates, config.granularity)
    candidates = _diversify(store, user_id, candidates, config, k)
    hits = [_hit(c, rank) for rank, c in enumerate(candidates[:k], start=1)]
    if hooks is not None and hooks.post_filter is not None and hits:
        hits = [
            replace(h, rank=rank)
            for rank, h in enumerate(hooks.post_filter(request.query, hits), start=1)
        ]
    if config.neighbours != (0, 0):
        hits = [_expand(store, user_id, h, config.neighbours) for h in hits]
    if config.record_access and hits:
        store.touch(user_id, [h.episode.id for h in hits], request.now)
    steps = tuple(hooks.steps) if hooks is not None else ()
    return Retrieval(request.query, request.semantic, parsed, hits, steps)


def _candidates(
    store: Store,
    user_id: str,
    embed_query: Callable[[], NDArray[np.float32]],
    text: str,
    filters: Filters,
    parsed: TimeQuery | None,
    config: SearchConfig,
) -> tuple[NDArray[np.float32], dict[str, list[tuple[int, float]]]]:
    """The query's vector and each method's ranking. Where the store answers calls side by side,
    the keyword search starts first and runs while the query is embedded, then the dense and
    time-window searches run beside it."""
    keyword = None
    if "keyword" in config.methods:
        keyword = Ahead(
            partial(store.keyword, user_id, text, config.limit("keyword"), filters),
            store.concurrent_reads,
        )
    with ended(keyword):
        vector = embed_query()
        calls: dict[tuple[str, int], Callable[[], list[tuple[int, float]]]] = {}
        if "dense" in config.methods:
            calls["dense", 0] = partial(
                store.dense, user_id, vector, config.limit("dense"), filters
            )
        if "time" in config.methods and parsed is not None and parsed.windows:
            for i, f in enumerate(_time_filters(filters, parsed)):
                calls["time", i] = partial(store.dense, user_id, vector, config.limit("time"), f)
        by_method: dict[str, list[list[tuple[int, float]]]] = {}
        at_once = store.concurrent_reads - (keyword is not None)  # a thread is the keyword's
        for (name, _), hits in run_all(calls, at_once).items():
            by_method.setdefault(name, []).append(hits)
        out = {
            name: _best_of(*found) if name == "time" else found[0]
            for name, found in by_method.items()
        }
        if keyword is not None:
            out["keyword"] = keyword.result()
    return vector, {name: hits for name, hits in out.items() if hits}


def _extra_dense(
    store: Store, user_id: str, hooks: SearchHooks, filters: Filters, config: SearchConfig
) -> dict[str, list[tuple[int, float]]]:
    """One dense ranking per extra query vector, named after it (its RRF weight: ``config.weight(name)``)."""
    calls = {
        name: partial(
            store.dense, user_id, vector, config.limits.get(name, config.limit("dense")), filters
        )
        for name, vector in hooks.extra_vectors.items()
    }
    out = run_all(calls, store.concurrent_reads)
    return {name: hits for name, hits in out.items() if hits}


def _time_filters(filters: Filters, parsed: TimeQuery) -> list[Filters]:
    """The filters of the time candidates' dense searches: one per parsed window (with the
    query's periods and weekdays), less the windows the filters leave empty."""
    periods = tuple(sorted(parsed.periods))
    weekdays = tuple(WEEKDAYS[d] for d in sorted(parsed.weekdays))
    scoped = [
        replace(filters, periods=periods or filters.periods, weekdays=weekdays or filters.weekdays)
    ]
    windows = parsed.windows or ()
    if windows:
        scoped = [
            replace(
                scoped[0],
                since=_later(filters.since, w.start),
                until=_earlier(filters.until, w.end),
            )
            for w in windows
        ]
    return [f for f in scoped if f.since is None or f.until is None or f.since < f.until]


def _best_of(*rankings: list[tuple[int, float]]) -> list[tuple[int, float]]:
    """The rankings merged, each ref at its best score, best first."""
    best: dict[int, float] = {}
    for ranking in rankings:
        for ref, score in ranking:
            best[ref] = max(score, best.get(ref, -1.0))
    return sorted(best.items(), key=lambda item: item[1], reverse=True)


def _later(a: datetime | None, b: datetime) -> datetime:
    return b if a is None or b > a else a


def _earlier(a: datetime | None, b: datetime) -> datetime:
    return b if a is None or b < a else a


def _signals(ref: int, rankings: dict[str, dict[int, float]]) -> dict[str, float]:
    return {name: hits[ref] for name, hits in rankings.items() if ref in hits}


def _time_affinity(at: datetime, parsed: TimeQuery, config: SearchConfig) -> float:
    scores = []
    for window in parsed.windows:
        tolerance = (
            config.time_tolerance_days * DAY
            if config.time_tolerance_days is not None
            else window.tolerance.total_seconds()
        )
        scores.append(fusion.soft_time_score(window.distance(at).total_seconds(), tolerance))
    return max(scores, default=1.0)


def _filters_match(c: _Candidate, parsed: TimeQuery) -> float:
    tags = c.row.episode.tags
    ok = (not parsed.periods or tags.period in parsed.periods) and (
        not parsed.weekdays or WEEKDAYS.index(tags.weekday) in parsed.weekdays
    )
    return 1.0 if ok else 0.0


def _score(
    candidates: list[_Candidate],
    parsed: TimeQuery | None,
    now: datetime,
    config: SearchConfig,
    query: str,
    semantic: str,
    lifts: Sequence[Lift] = (),
) -> None:
    """Final score in [0, 1]: fused relevance blended with the enabled priors."""
    timed = parsed if parsed is not None and parsed.has_time and config.time_weight > 0 else None
    rerank = (
        get_reranker(config.reranker).score(semantic, [c.row.text for c in candidates])
        if config.reranker
        else None
    )
    named = (
        named_speakers(query, {c.row.episode.speaker for c in candidates if c.row.episode.speaker})
        if config.speaker_weight > 0
        else set()
    )
    times = [_time_part(c, timed, config) for c in candidates] if timed is not None else None
    support = _session_support(candidates, times, config) if config.session_weight > 0 else {}
    covered = (
        coverage(semantic, [c.row.text for c in candidates]) if config.coverage_weight > 0 else None
    )
    for i, c in enumerate(candidates):
        parts = [(1.0, c.relevance)]
        if rerank is not None:
            c.signals["rerank"] = rerank[i]
            parts.append((1.0, rerank[i]))
        if times is not None:
            c.signals["time_score"] = times[i][1]
            parts.append(times[i])
        if config.recency_weight > 0:
            age = (now - c.row.episode.at).total_seconds()
            parts.append(
                (
                    config.recency_weight,
                    fusion.recency_score(age, config.recency_half_life_days * DAY),
                )
            )
        if named:
            said = 1.0 if c.row.episode.speaker in named else 0.0
            c.signals["speaker"] = said
            parts.append((config.speaker_weight, said))
        if support:
            c.signals["session"] = support[_session_key(c)]
            parts = _with_support(parts, support[_session_key(c)], config)
        if covered is not None:
            c.signals["coverage"] = covered[i]
            parts.append((config.coverage_weight, covered[i]))
        if config.user_weight > 0:
            parts.append((config.user_weight, 1.0 if c.row.episode.role == "user" else 0.0))
        for lift in lifts:
            vouched = lift.scores.get(c.row.episode.id, 0.0)
            if vouched:
                c.signals[lift.name] = vouched
            parts.append((lift.weight, vouched))
        role_w = config.role_weights.get(c.row.episode.role or "", 1.0)
        total = sum(w for w, _ in parts)
        c.score = min(1.0, max(0.0, role_w * sum(w * s for w, s in parts) / total))


def _with_support(
    parts: list[tuple[float, float]], support: float, config: SearchConfig
) -> list[tuple[float, float]]:
    """``parts`` with the session support beside them, or inside the relevance part (the first)."""
    if not config.session_in_relevance:
        return [*parts, (config.session_weight, support)]
    weight = config.session_weight
    relevance = (parts[0][1] + weight * support) / (1.0 + weight)
    return [(parts[0][0], relevance), *parts[1:]]


def _session_key(c: _Candidate) -> str:
    return c.row.episode.session_id or c.row.episode.id


def _time_part(c: _Candidate, timed: TimeQuery, config: SearchConfig) -> tuple[float, float]:
    """(weight, score) of the soft time score: the affinity to the parsed windows, zero where a
    named weekday or part of day does not match; half the weight when only those are named."""
    affinity = _time_affinity(c.row.episode.at, timed, config) * _filters_match(c, timed)
    return config.time_weight * (1.0 if timed.windows else FILTER_ONLY_SHARE), affinity


def _session_support(
    candidates: list[_Candidate],
    times: list[tuple[float, float]] | None,
    config: SearchConfig,
) -> dict[str, float]:
    """Per session, the mean match of its best candidates (see ``session_support``), scaled so
    the best session is 1: a conversation that matches in several places outranks one lucky
    line. Empty (no prior) when the candidates span fewer than ``session_crowd`` sessions."""
    mode = config.session_support
    by: dict[str, dict[str, float]] = {}
    for i, c in enumerate(candidates):
        match = c.relevance
        if config.session_timed and times is not None:
            weight, affinity = times[i]
            match = (c.relevance + weight * affinity) / (1.0 + weight)
        unit = str(i) if mode == "best3" else c.row.episode.id
        turns = by.setdefault(_session_key(c), {})
        turns[unit] = max(match, turns.get(unit, 0.0))
    if len(by) < config.session_crowd:
        return {}
    raw = {}
    for key, turns in by.items():
        best = sorted(turns.values(), reverse=True)[:SESSION_DEPTH]
        raw[key] = sum(best) / (len(best) if mode == "short" else SESSION_DEPTH)
    top = max(raw.values(), default=0.0)
    return {key: value / top if top > 0 else 0.0 for key, value in raw.items()}


def named_speakers(query: str, speakers: set[str]) -> set[str]:
    """The speakers that ``query`` names, when it names some but not all of them.

    A name counts as a whole word, written as stored or capitalized ("who did Caroline meet?");
    one-letter names never count (they collide with words like "A" or "I").
    """
    named = {
        s
        for s in speakers
        if len(s) > 1
        and any(
            re.search(r"(?<!\w)" + re.escape(form) + r"(?!\w)", query)
            for form in {s, s[:1].upper() + s[1:]}
        )
    }
    return named if len(named) < len(speakers) else set()


def _collapse(candidates: list[_Candidate], granularity: str) -> list[_Candidate]:
    """Keep the best chunk per episode (or per session for session roll-up)."""
    if granularity == "chunk":
        return candidates
    seen: set[str] = set()
    out = []
    for c in candidates:
        key = (
            c.row.episode.id
            if granularity == "episode"
            else (c.row.episode.session_id or c.row.episode.id)
        )
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out


def _diversify(
    store: Store, user_id: str, candidates: list[_Candidate], config: SearchConfig, k: int
) -> list[_Candidate]:
    if not candidates or (config.dedup_threshold is None and config.mmr_lambda is None):
        return candidates
    head = candidates[: max(3 * k, 30)]
    vectors = store.chunk_vectors(user_id, [c.ref for c in head])
    if config.dedup_threshold is not None:
        dropped = fusion.near_duplicates(range(len(head)), vectors, config.dedup_threshold)
        keep = [i for i in range(len(head)) if i not in dropped]
        head, vectors = [head[i] for i in keep], vectors[keep]
    if config.mmr_lambda is not None:
        order = fusion.mmr([c.score for c in head], vectors, config.mmr_lambda, len(head))
        head = [head[i] for i in order]
    return head


def _hit(c: _Candidate, rank: int) -> SearchHit:
    return SearchHit(
        episode=c.row.episode,
        text=c.row.text,
        score=round(c.score, 6),
        signals=c.signals,
        rank=rank,
        chunk_ref=c.ref,
    )


def _expand(store: Store, user_id: str, hit: SearchHit, around: tuple[int, int]) -> SearchHit:
    return replace(
        hit, context=tuple(store.neighbours(user_id, hit.episode.id, around[0], around[1]))
    )
