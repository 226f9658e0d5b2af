"""Search expressed as data: which signals, their weights and limits, and named presets."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from lembrar.errors import ValidationError

METHODS = ("dense", "keyword", "time")
FUSIONS = ("relative", "rrf")
GRANULARITIES = ("chunk", "episode", "session")
ADAPTIVE = ("framed", "always", "off")
SESSION_SUPPORT = ("best3", "turns", "short")
EXPANSION_METHODS = ("dense", "keyword")


@dataclass(frozen=True)
class SearchConfig:
    """How ``Memory.search`` finds and orders memories.

    methods      candidate generators: dense k-NN, BM25 keyword, time-window k-NN
    fusion       how the methods' lists combine: ``relative`` (each list's scores min-max scaled,
                 weighted mean) or ``rrf`` (weighted reciprocal rank fusion with ``rrf_k``)
    weights      per-method weight in the fusion
    adaptive_weights  lift the keyword weight and lower the dense one when the text left to
                 search is one or two content words (see ``lembrar.retrieval.adaptive``):
                 ``framed`` (when a recollection frame was set aside), ``always`` or ``off``
    set_aside_frames  leave recollection frames ("did we talk about", "você me disse que", "…,
                 right?") out of the text searched by meaning and words, like time phrases
    limits       how many candidates each method contributes
    time_weight  weight of the soft time score (1 inside a parsed window, decaying outside)
    speaker_weight  weight of the speaker prior: when the query names some of the speakers
                 among the candidates ("what did Caroline say about…"), what they said scores 1
    session_weight  weight of the session support prior: the mean relevance of the best three
                 candidates of a hit's conversation, the best conversation scoring 1; not
                 applied when the question names no topic ("what did we talk about yesterday?")
    session_support  what that mean counts: ``best3`` (the best three candidates, chunks of one
                 turn included, always divided by three), ``turns`` (each turn once, by its best
                 chunk) or ``short`` (each turn once, divided by the conversation's own number of
                 candidate turns when under three, so a short conversation is not penalised)
    session_timed  that mean over relevance blended with the time score (at ``time_weight``),
                 not relevance alone: a question that names only a time keeps its conversations
                 ranked by the time named
    session_in_relevance  session support blended into the relevance part (at
                 ``session_weight`` against 1) instead of added beside it, so the time, speaker and
                 other priors keep their share of the score
    session_crowd  session support only when the fused candidates it re-scores (at least 100,
                 4 per hit asked) span at least this many conversations (0: always): a scope
                 crowded with conversations on the question's topic
    expansion_hits  query expansion by pseudo-relevance feedback from this many of the first
                 fused ranking's best hits (0: off; see ``lembrar.retrieval.expansion``)
    expansion_methods  which expanded searches run: ``dense`` (the query vector moved toward
                 the hits' mean vector) and/or ``keyword`` (the query plus ``expansion_terms``
                 words that mark the hits)
    expansion_weight  weight of each expanded search's ranking in the fusion
    time_tiebreak_above  when the parsed windows hold more than this many turns, the time
                 candidates are dropped and the time score keeps only a tenth of its weight, a
                 tie-breaker among topical candidates (0: off; see ``lembrar.retrieval.tiebreak``)
    user_weight  weight of the user-turn prior: what the user said (role ``user``) scores 1
    coverage_weight  weight of the query-coverage prior: the share of the question's content
                 words a memory holds, each weighted by its rarity among the candidates (see
                 ``lembrar.retrieval.coverage``); not applied to a question that names no topic
    as_of_days   leave out turns dated more than this many days after the search's ``now`` (None:
                 keep them): a search "as of" a past moment sees only what had been said by then,
                 give or take the margin (a day's dates may be logged in another zone)
    mmr_lambda   relevance/diversity balance of maximal marginal relevance (None: off)
    llm_*        language-model steps, off by default (see ``lembrar.retrieval.llm_steps``); they run
                 only when the ``Memory`` has an ``llm``, and fall back to the plain search when
                 a call fails. ``hypothetical`` in ``weights`` sets the extra dense signal's weight.
    """

    methods: tuple[str, ...] = ("dense", "keyword", "time")
    weights: dict[str, float] = field(
        default_factory=lambda: {"dense": 1.0, "keyword": 0.8, "time": 0.5}
    )
    limits: dict[str, int] = field(default_factory=lambda: {"dense": 60, "keyword": 40, "time": 40})
    fusion: str = "relative"
    rrf_k: int = 20
    parse_time: bool = True
    set_aside_frames: bool = True
    adaptive_weights: str = "framed"
    time_weight: float = 0.4
    time_tolerance_days: float | None = None
    recency_weight: float = 0.0
    recency_half_life_days: float = 30.0
    access_weight: float = 0.0
    role_weights: dict[str, float] = field(default_factory=dict)
    speaker_weight: float = 0.6
    session_weight: float = 0.0
    session_support: str = "best3"
    session_timed: bool = False
    session_in_relevance: bool = False
    session_crowd: int = 0
    expansion_hits: int = 0
    expansion_methods: tuple[str, ...] = ("dense",)
    expansion_weight: float = 0.5
    expansion_terms: int = 5
    time_tiebreak_above: int = 0
    user_weight: float = 0.0
    coverage_weight: float = 0.0
    as_of_days: float | None = None
    mmr_lambda: float | None = None
    dedup_threshold: float | None = 0.98
    granularity: str = "episode"
    neighbours: tuple[int, int] = (0, 0)
    reranker: str | None = None
    record_access: bool = False
    llm_hypothetical_query: bool = False
    llm_time_extraction: bool = False
    llm_relevance_filter: bool = False

    def __post_init__(self) -> None:
        for method in self.methods:
            if method not in METHODS:
                raise ValidationError("methods", f"unknown method {method!r}; use {METHODS}")
        if self.granularity not in GRANULARITIES:
            raise ValidationError("granularity", f"use one of {GRANULARITIES}")
        if self.mmr_lambda is not None and not 0.0 <= self.mmr_lambda <= 1.0:
            raise ValidationError("mmr_lambda", "must be between 0 and 1")
        for name in (
            "time_weight",
            "speaker_weight",
            "session_weight",
            "user_weight",
            "coverage_weight",
            "expansion_weight",
            "recency_weight",
            "access_weight",
        ):
            if getattr(self, name) < 0:
                raise ValidationError(name, "must be zero (off) or positive")
        if self.adaptive_weights not in ADAPTIVE:
            raise ValidationError("adaptive_weights", f"use one of {ADAPTIVE}")
        if self.fusion not in FUSIONS:
            raise ValidationError("fusion", f"use one of {FUSIONS}")
        if self.session_support not in SESSION_SUPPORT:
            raise ValidationError("session_support", f"use one of {SESSION_SUPPORT}")
        if self.as_of_days is not None and self.as_of_days < 0:
            raise ValidationError("as_of_days", "must be None (off), zero or a positive margin")
        if self.session_crowd < 0:
            raise ValidationError("session_crowd", "must be zero (always) or a positive count")
        for method in self.expansion_methods:
            if method not in EXPANSION_METHODS:
                raise ValidationError(
                    "expansion_methods", f"unknown method {method!r}; use {EXPANSION_METHODS}"
                )
        for name in ("expansion_hits", "expansion_terms", "time_tiebreak_above"):
            if getattr(self, name) < 0:
                raise ValidationError(name, "must be zero (off) or a positive count")
        if self.rrf_k < 1:
            raise ValidationError("rrf_k", "must be at least 1")

    @property
    def uses_llm(self) -> bool:
        return self.llm_hypothetical_query or self.llm_time_extraction or self.llm_relevance_filter

    def weight(self, method: str) -> float:
        return self.weights.get(method, 1.0)

    def limit(self, method: str) -> int:
        return self.limits.get(method, 50)

    def with_(self, **changes: Any) -> SearchConfig:
        return replace(self, **changes)


PRESETS: dict[str, SearchConfig] = {
    "dense": SearchConfig(
        methods=("dense",),
        parse_time=False,
        set_aside_frames=False,
        time_weight=0.0,
        speaker_weight=0.0,
        dedup_threshold=None,
    ),
    "keyword": SearchConfig(
        methods=("keyword",),
        parse_time=False,
        set_aside_frames=False,
        time_weight=0.0,
        speaker_weight=0.0,
        dedup_threshold=None,
    ),
    "fast": SearchConfig(methods=("dense", "keyword"), limits={"dense": 30, "keyword": 20}),
    # session support, the crowded-window tie-break and query coverage: measured one at a time
    # and together in benchmarks/RESULTS.md ("Crowded scopes"), where they lift pooled
    # LongMemEval and LoCoMo
    "balanced": SearchConfig(
        session_weight=0.6,
        session_support="turns",
        session_in_relevance=True,
        time_tiebreak_above=100,
        coverage_weight=0.5,
    ),
    "thorough": SearchConfig(
        limits={"dense": 120, "keyword": 80, "time": 80},
        session_weight=0.3,
        mmr_lambda=0.85,
        neighbours=(1, 1),
    ),
}


def resolve(config: SearchConfig | str | None, default: str = "balanced") -> SearchConfig:
    if isinstance(config, SearchConfig):
        return config
    name = config or default
    if name not in PRESETS:
        raise ValidationError("preset", f"unknown preset {name!r}; use one of {sorted(PRESETS)}")
    return PRESETS[name]
