"""The named features the ranker scores a candidate turn by, each defined once, pure numpy.

Every feature is an array over the candidate pool of one search, on a scale that keeps how far
apart the candidates are: a signal whose scores are flat across the pool stays flat here, so it
moves no candidate past another (min-max scaling would stretch a flat list to the full range).

- ``dense``: cosine similarity to the query (the best over the query's vectors).
- ``keyword``: BM25 score over the best BM25 score in the pool (0: the words were not found);
  a speaker the question names is not one of its words (``search.without_names``).
- ``dense_rank`` / ``keyword_rank``: 1 / the candidate's rank by that signal in the pool (0 where
  the words were not found): the order alone, whatever the spread.
- ``dense_focus`` / ``keyword_focus``: the same times the query's focus (1 for one or two
  content words, 0 for a long question; :func:`lembrar.retrieval.adaptive.focus`): a bare topic
  word leans on words, a long question on meaning.
- ``time``: the affinity to the windows the query names (1 inside, halving every tolerance
  outside; zero where a named weekday or part of day does not match); 0 for all without time.
- ``speaker``: 1 for a turn by a speaker the query names among the candidates' speakers.
- ``coverage``: the IDF-weighted share of the question's content words the turn holds (the
  named speakers' names left out, as for ``keyword``).
- ``user``: 1 for what the user said.
- ``session``: the conversation's support, the mean of the best three first-stage scores of its
  turns in the pool, the best conversation scoring 1 (computed from the other features).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

Array = NDArray[np.float64]

BASE = (
    "dense",
    "keyword",
    "dense_rank",
    "keyword_rank",
    "dense_focus",
    "keyword_focus",
    "time",
    "speaker",
    "coverage",
    "user",
)
FEATURES = (*BASE, "session")
SESSION_DEPTH = 3


def relative_to_best(scores: Array) -> Array:
    """``scores`` over the best of them (all zeros when none is positive)."""
    top = float(scores.max(initial=0.0))
    return scores / top if top > 0 else np.zeros_like(scores)


@dataclass(frozen=True)
class Signals:
    """What a search measured of each candidate of its pool, before any feature is made of it.

    ``keyword``: the BM25 score (0 where the words were not found); ``time``, ``speaker`` and
    ``coverage``: None when the query names no time, no speaker or no topic."""

    dense: Array
    keyword: Array
    focus: float
    time: Array | None
    speaker: Array | None
    coverage: Array | None
    user: Array


def reciprocal_rank(scores: Array, present: NDArray[np.bool_] | None = None) -> Array:
    """1 / rank of each score among ``scores`` (best 1), 0 where ``present`` is False."""
    order = np.argsort(-scores, kind="stable")
    ranks = np.empty(len(scores))
    ranks[order] = np.arange(1, len(scores) + 1)
    out = 1.0 / ranks
    return out if present is None else np.where(present, out, 0.0)


def base_features(signals: Signals) -> dict[str, Array]:
    """The first-stage features of a pool (see the module's docstring)."""
    zeros = np.zeros(len(signals.dense))
    kw = relative_to_best(signals.keyword)
    return {
        "dense": signals.dense,
        "keyword": kw,
        "dense_rank": reciprocal_rank(signals.dense),
        "keyword_rank": reciprocal_rank(signals.keyword, signals.keyword > 0),
        "dense_focus": signals.dense * signals.focus,
        "keyword_focus": kw * signals.focus,
        "time": zeros if signals.time is None else signals.time,
        "speaker": zeros if signals.speaker is None else signals.speaker,
        "coverage": zeros if signals.coverage is None else signals.coverage,
        "user": signals.user,
    }


def session_support(first_stage: Array, sessions: Sequence[str], turns: Sequence[str]) -> Array:
    """Per candidate, its conversation's mean of its best ``SESSION_DEPTH`` first-stage scores
    (each turn once, by its best chunk; always divided by ``SESSION_DEPTH``), best conversation 1."""
    best: dict[str, dict[str, float]] = {}
    for score, session, turn in zip(first_stage, sessions, turns):
        mine = best.setdefault(session, {})
        mine[turn] = max(float(score), mine.get(turn, 0.0))
    raw = {s: sum(sorted(t.values(), reverse=True)[:SESSION_DEPTH]) for s, t in best.items()}
    top = max(raw.values(), default=0.0)
    if top <= 0:
        return np.zeros(len(first_stage))
    return np.array([raw[s] / top for s in sessions])


def matrix(features: Mapping[str, Array], names: Sequence[str] = FEATURES) -> Array:
    """The features as columns, in ``names`` order."""
    return np.column_stack([features[name] for name in names])
