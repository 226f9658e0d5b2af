"""Search expressed as data: which signals, their weights and limits, and named presets."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import timedelta
from typing import Any

from lembrar.errors import ValidationError

METHODS = ("dense", "keyword", "time")
RANKERS = ("fitted", "plain")
GRANULARITIES = ("chunk", "episode", "session")
MAX_QUERY_CHARS = 10_000
"""The longest query a search takes, through every door (HTTP, the tools, MCP)."""


@dataclass(frozen=True)
class SearchConfig:
    """How ``Memory.search`` finds and orders memories.

    methods      candidate generators: dense k-NN, BM25 keyword, and ``time`` (dense and keyword
                 search inside the windows the query names)
    limits       how many candidates each method contributes
    ranker       ``fitted`` (the logistic model over named features, fitted on retrieval sets of
                 several shapes; see ``lembrar.retrieval.ranker``) or ``plain`` (the methods'
                 own scores, min-max scaled and averaged: one method ranks as it alone would)
    parse_time   read time phrases in the query ("last March", "há duas semanas"); a window it
                 names is a constraint: the memories inside it (and its tolerance) on the
                 question's topic rank first
    set_aside_frames  leave recollection frames ("did we talk about", "você me disse que", "…,
                 right?") out of the text searched by meaning and words, like time phrases
    time_tolerance_days  how far outside a named window a memory still counts as inside (None:
                 the window's own tolerance: a day for a day, a week for a month…)
    as_of_days   leave out turns dated more than this many days after the search's ``now`` (None:
                 keep them): a search "as of" a past moment sees only what had been said by then,
                 give or take the margin (a day's dates may be logged in another zone)
    mmr_lambda   relevance/diversity balance of maximal marginal relevance (None: off)
    dedup_threshold  drop a hit whose vector is this close (cosine) to a better one of the same
                 conversation (None: off); the same words in two conversations are two events
    granularity  one hit per ``chunk``, per ``episode`` or per ``session``
    neighbours   turns before and after each hit to attach as context
    reranker     a registered reranker (``lembrar.retrieval.rerank``) whose score joins the
                 ranker's (a score of 1 adds ``LOGIT_SPAN`` to the logit); None: off
    record_access  record when each returned memory was last used
    llm_*        language-model steps, off by default (see ``lembrar.retrieval.llm_steps``); they run
                 only when the ``Memory`` has an ``llm``, and fall back to the plain search when
                 a call fails
    """

    methods: tuple[str, ...] = ("dense", "keyword", "time")
    limits: dict[str, int] = field(default_factory=lambda: {"dense": 60, "keyword": 40, "time": 40})
    ranker: str = "fitted"
    parse_time: bool = True
    set_aside_frames: bool = True
    time_tolerance_days: float | None = None
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
        if self.ranker not in RANKERS:
            raise ValidationError("ranker", f"use one of {RANKERS}")
        if self.granularity not in GRANULARITIES:
            raise ValidationError("granularity", f"use one of {GRANULARITIES}")
        if self.mmr_lambda is not None and not 0.0 <= self.mmr_lambda <= 1.0:
            raise ValidationError("mmr_lambda", "must be between 0 and 1")
        if self.dedup_threshold is not None and not -1.0 <= self.dedup_threshold <= 1.0:
            raise ValidationError("dedup_threshold", "must be None (off) or a cosine from -1 to 1")
        if self.as_of_days is not None and self.as_of_days < 0:
            raise ValidationError("as_of_days", "must be None (off), zero or a positive margin")
        if self.time_tolerance_days is not None and self.time_tolerance_days < 0:
            raise ValidationError("time_tolerance_days", "must be None or zero or positive")

    @property
    def uses_llm(self) -> bool:
        return self.llm_hypothetical_query or self.llm_time_extraction or self.llm_relevance_filter

    def tolerance_seconds(self, own: timedelta) -> float:
        """How far outside a named window still counts: ``time_tolerance_days`` when set, else
        the window's ``own`` tolerance."""
        if self.time_tolerance_days is not None:
            return self.time_tolerance_days * 86400.0
        return own.total_seconds()

    def limit(self, method: str) -> int:
        return self.limits.get(method, 50)

    def with_(self, **changes: Any) -> SearchConfig:
        return replace(self, **changes)


PRESETS: dict[str, SearchConfig] = {
    "dense": SearchConfig(
        methods=("dense",),
        ranker="plain",
        parse_time=False,
        set_aside_frames=False,
        dedup_threshold=None,
    ),
    "keyword": SearchConfig(
        methods=("keyword",),
        ranker="plain",
        parse_time=False,
        set_aside_frames=False,
        dedup_threshold=None,
    ),
    "fast": SearchConfig(methods=("dense", "keyword"), limits={"dense": 30, "keyword": 20}),
    "balanced": SearchConfig(),
    "thorough": SearchConfig(
        limits={"dense": 120, "keyword": 80, "time": 80},
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
