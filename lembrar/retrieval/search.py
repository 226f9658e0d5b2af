"""The retrieval pipeline: candidates -> features -> the fitted ranker, the named time first ->
roll-up -> dedup/MMR, then the hits of the other candidate sources merged in by score."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from functools import lru_cache, partial
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from lembrar.llm.steps import StepReport
from lembrar.model.hits import SearchHit
from lembrar.model.query import ChunkRow, Filters
from lembrar.model.timetags import WEEKDAYS
from lembrar.retrieval import features, fusion, ranker
from lembrar.retrieval.adaptive import focus
from lembrar.retrieval.config import SearchConfig
from lembrar.retrieval.coverage import coverage
from lembrar.retrieval.fanout import Ahead, ended, run_all
from lembrar.retrieval.hooks import SearchHooks
from lembrar.retrieval.request import SearchRequest
from lembrar.retrieval.rerank import get_reranker
from lembrar.retrieval.sources import CandidateSource, Lift, hidden_by, lifts_of, merge_hits
from lembrar.store.base import Store

if TYPE_CHECKING:
    from lembrar.model.episode import Episode
    from lembrar.temporal import TimeQuery, TimeWindow

EmbedFn = Callable[[Sequence[str]], NDArray[np.float32]]
LOGIT_SPAN = 4.0  # logit units a source's lift of weight 1, or a reranker's score of 1, adds
NEAREST_BY_MEANING = 10  # a turn this near the question by meaning is on its topic
SAID_TIMES_READ = 5  # the best candidates outside a named window whose text is read for times
# a question naming a speaker: how deep in the scope its words without the name are scored
KEYWORD_RESCORE_DEPTH = 200
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MICROSECOND = timedelta(microseconds=1)


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
    signals: dict[str, float]
    score: float = 0.0
    leads: bool = False
    """Inside the time the query names, and on its topic: ranks ahead of the rest."""


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
    config = request.config
    pool = candidate_pool(store, embed, request, hooks, exclude)
    if config.ranker == "fitted":
        _rank(store, pool, request, lifts)
    else:
        _rank_plain(pool)
    candidates = sorted(pool.candidates, key=lambda c: (not c.leads, -c.score))
    candidates = _collapse(candidates, config.granularity)
    candidates = _diversify(store, pool, request.user_id, candidates, config, request.k)
    hits = [_hit(c, rank) for rank, c in enumerate(candidates[: request.k], start=1)]
    if hooks is not None and hooks.post_filter is not None and hits:
        hits = [
            replace(h, rank=rank)
            for rank, h in enumerate(hooks.post_filter(request.query, hits), start=1)
        ]
    if config.neighbours != (0, 0):
        hits = [_expand(store, request.user_id, h, config.neighbours) for h in hits]
    if config.record_access and hits:
        store.touch(request.user_id, [h.episode.id for h in hits], request.now)
    steps = tuple(hooks.steps) if hooks is not None else ()
    return Retrieval(request.query, request.semantic, request.time, hits, steps)


@dataclass
class Pool:
    """A search's candidates with the raw signals their features are computed from."""

    candidates: list[_Candidate]
    rankings: dict[str, list[tuple[int, float]]]
    queries: list[NDArray[np.float32]]
    """The query's vector, then any extra query vectors (e.g. a hypothetical memory's)."""
    filters: Filters = field(default_factory=Filters)
    """The filters the candidates were searched with."""
    stored: dict[int, NDArray[np.float32]] = field(default_factory=dict)
    """The candidates' stored vectors by ref, once read (their dense feature needs them)."""

    def chunk_vectors(self, store: Store, user_id: str, refs: Sequence[int]) -> NDArray[np.float32]:
        """The stored vectors of ``refs``, read from the store only for refs not read yet."""
        missing = [ref for ref in refs if ref not in self.stored]
        if missing:
            self.stored.update(zip(missing, store.chunk_vectors(user_id, missing)))
        return np.stack([self.stored[ref] for ref in refs])


def candidate_pool(
    store: Store,
    embed: EmbedFn,
    request: SearchRequest,
    hooks: SearchHooks | None = None,
    exclude: Callable[[Episode], bool] | None = None,
) -> Pool:
    """Every candidate any method proposes for ``request``, with its signals."""
    user_id, filters, config = request.user_id, request.filters, request.config
    if config.as_of_days is not None:
        until = request.now + timedelta(days=config.as_of_days, seconds=1)
        filters = replace(filters, until=_earlier(filters.until, until))
    vector, rankings = _candidates(
        store,
        user_id,
        lambda: embed([request.semantic])[0],
        request.semantic,
        filters,
        request.time,
        config,
    )
    queries = [vector]
    if hooks is not None:
        rankings.update(_extra_dense(store, user_id, hooks, filters, config))
        queries += list(hooks.extra_vectors.values())
    refs = list(dict.fromkeys(ref for hits in rankings.values() for ref, _ in hits))
    rows = store.chunk_rows(user_id, refs)
    by_ref = {name: dict(hits) for name, hits in rankings.items()}
    candidates = [
        _Candidate(r, rows[r], _signals(r, by_ref))
        for r in refs
        if r in rows and not (exclude is not None and exclude(rows[r].episode))
    ]
    return Pool(candidates, rankings, queries, filters)


def pool_signals(store: Store, pool: Pool, request: SearchRequest) -> features.Signals:
    """What each candidate of ``pool`` measures on every signal (see ``lembrar.retrieval.features``)."""
    cands = pool.candidates
    refs = [c.ref for c in cands]
    dense = np.zeros(len(cands))
    if refs:
        stored = pool.chunk_vectors(store, request.user_id, refs)
        by_vector = np.stack([stored @ v.astype(np.float32) for v in pool.queries])
        dense = np.max(by_vector, axis=0).astype(np.float64)
    keyword = np.array(
        [max(c.signals.get("keyword", 0.0), c.signals.get("time_keyword", 0.0)) for c in cands]
    )
    parsed = request.time
    timed = parsed if parsed is not None and parsed.has_time else None
    time = _time_part(cands, timed, request.config) if timed else None
    speakers = {c.row.episode.speaker for c in cands if c.row.episode.speaker}
    named = named_speakers(request.query, speakers)
    speaker = np.array([float(c.row.episode.speaker in named) for c in cands]) if named else None
    topic = without_names(request.semantic, named)
    if topic != request.semantic:
        keyword = _keyword_scores(store, pool, request.user_id, topic)
    covered = np.array(coverage(topic, [c.row.text for c in cands])) if request.topical else None
    user = np.array([float(c.row.episode.role == "user") for c in cands])
    return features.Signals(dense, keyword, focus(request.semantic), time, speaker, covered, user)


def _rank(store: Store, pool: Pool, request: SearchRequest, lifts: Sequence[Lift]) -> None:
    """Score every candidate with the fitted ranker; those inside the named time lead."""
    cands = pool.candidates
    if not cands:
        return
    model = ranker.fitted()
    base = features.base_features(pool_signals(store, pool, request))
    linear = model.linear(base)
    support = features.session_support(
        ranker.probability(linear),
        [_session_key(c) for c in cands],
        [c.row.episode.id for c in cands],
    )
    linear = model.extend(linear, "session", support) if request.topical else linear
    for lift in lifts:
        vouched = np.array([lift.scores.get(c.row.episode.id, 0.0) for c in cands])
        linear = linear + LOGIT_SPAN * lift.weight * vouched
        for c, v in zip(cands, vouched):
            if v:
                c.signals[lift.name] = float(v)
    if request.config.reranker:
        reranked = get_reranker(request.config.reranker).score(
            request.semantic, [c.row.text for c in cands]
        )
        linear = linear + LOGIT_SPAN * np.array(reranked)
        for c, value in zip(cands, reranked):
            c.signals["rerank"] = value
    scores = ranker.probability(linear)
    inside, eligible, said = named_time_leaders(cands, request, pool.rankings, scores)
    leads = inside & eligible
    scores = ranker.window_first(scores, inside, eligible)
    timed = request.time is not None and request.time.has_time
    reported = {
        "speaker": bool(base["speaker"].any()),
        "coverage": request.topical and bool(base["coverage"].any()),
    }
    for i, c in enumerate(cands):
        c.score = float(scores[i])
        c.leads = bool(leads[i]) and not bool(leads.all())
        if timed:
            c.signals["time_score"] = float(base["time"][i])
            if said[i]:
                c.signals["said_time"] = 1.0
        for name in ("speaker", "coverage"):
            if reported[name]:
                c.signals[name] = float(base[name][i])
        if request.topical and support[i]:
            c.signals["session"] = float(support[i])


def _rank_plain(pool: Pool) -> None:
    """Relative score fusion of the methods' own scores, equal weights: a preset that asks for
    one method (``dense``, ``keyword``) ranks exactly as that method does."""
    fused = fusion.relative(pool.rankings, {})
    for c in pool.candidates:
        c.score = fused.get(c.ref, 0.0)


def inside_named_time(cands: Sequence[_Candidate], request: SearchRequest) -> NDArray[np.bool_]:
    """Per candidate: inside a window the query names, or within the window's tolerance."""
    parsed = request.time
    if parsed is None or not parsed.windows:
        return np.zeros(len(cands), dtype=bool)
    gaps = _window_gaps(cands, parsed.windows)
    within = (gaps <= _tolerances(parsed.windows, request.config)).any(axis=0)
    return within & (_filters_match(cands, parsed) > 0)


def named_time_leaders(
    cands: Sequence[_Candidate],
    request: SearchRequest,
    rankings: Mapping[str, list[tuple[int, float]]],
    scores: features.Array,
) -> tuple[NDArray[np.bool_], NDArray[np.bool_], NDArray[np.bool_]]:
    """Per candidate: inside the named time (made there, or saying something happened there:
    the text of the ``SAID_TIMES_READ`` best-scored on-topic candidates outside is read), may it
    lead (:func:`may_lead`), and inside by what it says only."""
    eligible = may_lead(cands, request, rankings)
    made = inside_named_time(cands, request)
    said = said_in_named_time(cands, request, _best(eligible & ~made, scores, SAID_TIMES_READ))
    return made | said, eligible, said


def _best(among: NDArray[np.bool_], scores: features.Array, count: int) -> NDArray[np.bool_]:
    """The ``count`` best-scored candidates of ``among``."""
    chosen = np.flatnonzero(among)
    chosen = chosen[np.argsort(-scores[chosen], kind="stable")[:count]]
    out = np.zeros(len(among), dtype=bool)
    out[chosen] = True
    return out


def said_in_named_time(
    cands: Sequence[_Candidate], request: SearchRequest, among: NDArray[np.bool_]
) -> NDArray[np.bool_]:
    """Per candidate of ``among``: does its text say something happened in a window the query
    names (or within its tolerance), read as of when it was said? "I got my bike repaired in
    mid-February", said on 10 March, is inside "in February". A time named wider than the
    query's window does not count ("this year" says nothing of February); nor does any for a
    question that names only a time, which asks when the conversation was."""
    parsed = request.time
    out = np.zeros(len(cands), dtype=bool)
    if parsed is None or not parsed.windows or not request.topical:
        return out
    config = request.config
    zone = request.settings.zone_name
    for i in np.flatnonzero(among).tolist():
        c = cands[i]
        out[i] = any(
            width <= (w.end - w.start).total_seconds()
            and w.distance(middle).total_seconds() <= config.tolerance_seconds(w.tolerance)
            for middle, width in _said_times(c.row.text, c.row.episode.at, zone)
            for w in parsed.windows
        )
    return out


@lru_cache(maxsize=8192)
def _said_times(text: str, at: datetime, zone: str) -> tuple[tuple[datetime, float], ...]:
    """The middle and the width in seconds of each window ``text`` names, read as of ``at``."""
    from lembrar.temporal import parse_time
    from lembrar.temporal.cues import may_name_a_time

    if not may_name_a_time(text):
        return ()
    windows = parse_time(text, at, zone).windows
    return tuple(
        (w.start + (w.end - w.start) / 2, (w.end - w.start).total_seconds()) for w in windows
    )


def may_lead(
    cands: Sequence[_Candidate],
    request: SearchRequest,
    rankings: Mapping[str, list[tuple[int, float]]],
) -> NDArray[np.bool_]:
    """Per candidate: may it lead the ranking inside a named time? Those on the question's topic:
    that share a word with it (found by a keyword search, over the whole memory or inside the
    window), or are among the ``NEAREST_BY_MEANING`` nearest to it by meaning in the whole memory;
    all of them when the question names no topic ("what happened on 3 May?")."""
    if not request.topical:
        return np.ones(len(cands), dtype=bool)
    nearest = {ref for ref, _ in rankings.get("dense", [])[:NEAREST_BY_MEANING]}
    return np.array(
        [c.ref in nearest or "keyword" in c.signals or "time_keyword" in c.signals for c in cands],
        dtype=bool,
    )


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
                if "keyword" in config.methods:
                    calls["time_keyword", i] = partial(
                        store.keyword, user_id, text, config.limit("time"), f
                    )
        by_method: dict[str, list[list[tuple[int, float]]]] = {}
        at_once = store.concurrent_reads - (keyword is not None)  # a thread is the keyword's
        for (name, _), hits in run_all(calls, at_once).items():
            by_method.setdefault(name, []).append(hits)
        out = {
            name: _best_of(*found) if name.startswith("time") else found[0]
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


def _micros(instant: datetime) -> int:
    return (instant - _EPOCH) // _MICROSECOND


def _window_gaps(cands: Sequence[_Candidate], windows: Sequence[TimeWindow]) -> features.Array:
    """Seconds from each candidate's time to each window (a row per window), as
    ``TimeWindow.distance`` measures them: 0 inside, the end being exclusive."""
    at = np.array([_micros(c.row.episode.at) for c in cands], dtype=np.int64)
    gaps = np.empty((len(windows), len(cands)))
    for row, w in enumerate(windows):
        first, last = _micros(w.start), _micros(w.end) - 1
        gaps[row] = np.maximum(0, np.maximum(first - at, at - last)) / 1e6
    return gaps


def _tolerances(windows: Sequence[TimeWindow], config: SearchConfig) -> features.Array:
    """Each window's tolerance in seconds, as a column."""
    return np.array([[config.tolerance_seconds(w.tolerance)] for w in windows])


def _filters_match(cands: Sequence[_Candidate], parsed: TimeQuery) -> features.Array:
    """1 where the candidate was made in a part of day and on a weekday the query names (only
    those named), else 0."""
    if not parsed.periods and not parsed.weekdays:
        return np.ones(len(cands))
    return np.array(
        [
            float(
                (not parsed.periods or c.row.episode.tags.period in parsed.periods)
                and (
                    not parsed.weekdays
                    or WEEKDAYS.index(c.row.episode.tags.weekday) in parsed.weekdays
                )
            )
            for c in cands
        ]
    )


def _session_key(c: _Candidate) -> str:
    return c.row.episode.session_id or c.row.episode.id


def _time_part(
    cands: Sequence[_Candidate], timed: TimeQuery, config: SearchConfig
) -> features.Array:
    """The affinity to the named windows (the best of them; 1 when only a weekday or part of
    day is named), zero where a named weekday or part of day does not match."""
    affinity = np.ones(len(cands))
    if timed.windows:
        gaps = _window_gaps(cands, timed.windows)
        tolerances = _tolerances(timed.windows, config)
        affinity = fusion.soft_time_scores(gaps, tolerances).max(axis=0)
    return affinity * _filters_match(cands, timed)


def named_speakers(query: str, speakers: set[str]) -> set[str]:
    """The speakers that ``query`` names, when it names some but not all of them.

    A name counts as a whole word, written as stored or capitalized ("who did Caroline meet?");
    one-letter names never count (they collide with words like "A" or "I").
    """
    named = {s for s in speakers if len(s) > 1 and re.search(_as_word(s), query)}
    return named if len(named) < len(speakers) else set()


def without_names(query: str, names: set[str]) -> str:
    """``query`` less the speakers it names, and their possessive ending ("what is Caroline's
    job?" -> "what is job?"): who said a turn is the speaker feature's to match. As words, the
    name would match the other speaker's turns, which address the person by name, rather than
    the person's own."""
    for name in sorted(names):
        query = re.sub(_as_word(name) + r"(?:['’]s)?", " ", query)
    return " ".join(query.split()) if names else query


def _as_word(name: str) -> str:
    """A pattern for ``name`` as a whole word, written as stored or capitalized."""
    forms = sorted({name, name[:1].upper() + name[1:]})
    return r"(?<!\w)(?:" + "|".join(map(re.escape, forms)) + r")(?!\w)"


def _keyword_scores(store: Store, pool: Pool, user_id: str, text: str) -> features.Array:
    """Each candidate's BM25 score for ``text`` (0 where it is not among the best
    ``KEYWORD_RESCORE_DEPTH`` of the scope)."""
    found = dict(store.keyword(user_id, text, KEYWORD_RESCORE_DEPTH, pool.filters)) if text else {}
    return np.array([found.get(c.ref, 0.0) for c in pool.candidates])


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
    store: Store,
    pool: Pool,
    user_id: str,
    candidates: list[_Candidate],
    config: SearchConfig,
    k: int,
) -> list[_Candidate]:
    if not candidates or (config.dedup_threshold is None and config.mmr_lambda is None):
        return candidates
    head = candidates[: max(3 * k, 30)]
    vectors = pool.chunk_vectors(store, user_id, [c.ref for c in head])
    if config.dedup_threshold is not None:
        # a copy within one conversation (a message stored twice) is one memory; the same words
        # in two conversations are two events, each with its own date
        conversations = [c.row.episode.session_id or c.row.episode.at for c in head]
        dropped = fusion.near_duplicates(
            range(len(head)), vectors, config.dedup_threshold, conversations
        )
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
