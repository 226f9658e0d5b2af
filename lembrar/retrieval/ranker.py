"""One ranker: a logistic model over the named features of :mod:`lembrar.retrieval.features`.

Its weights are fitted by ``benchmarks/fit_ranker.py`` on a training mix of retrieval sets of
different shapes, and checked by leave-one-set-out (each set scored by the model fitted without
it). The fitted weights ship in ``ranker.json`` beside this module. A candidate's score is the
model's probability that its conversation is one the question is about, in [0, 1].

A time the user names is a constraint, not a feature: see :func:`window_first`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from lembrar.retrieval.features import BASE, Array

WEIGHTS_FILE = Path(__file__).with_name("ranker.json")


@dataclass(frozen=True)
class Ranker:
    """``weights`` by feature name, and the ``bias``; a missing feature weighs nothing."""

    weights: Mapping[str, float]
    bias: float = 0.0

    def linear(self, features: Mapping[str, Array], names: Sequence[str] = BASE) -> Array:
        total = np.full(len(next(iter(features.values()))), self.bias, dtype=np.float64)
        for name in names:
            total += self.weights.get(name, 0.0) * features[name]
        return total

    def extend(self, linear: Array, name: str, values: Array) -> Array:
        """``linear`` with one more feature added."""
        return linear + self.weights.get(name, 0.0) * values


def probability(linear: Array) -> Array:
    """The logistic function, elementwise."""
    return 1.0 / (1.0 + np.exp(-np.clip(linear, -50.0, 50.0)))


@cache
def fitted() -> Ranker:
    """The shipped ranker (``ranker.json``)."""
    data = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    return Ranker(dict(data["weights"]), float(data["bias"]))


def window_first(scores: Array, inside: NDArray[np.bool_], eligible: NDArray[np.bool_]) -> Array:
    """Scores reordered so that the ``eligible`` candidates inside the named time come first.

    ``inside``: in a window the query names, or within its tolerance; ``eligible``: those that
    may lead (the topical ones, or all of them for a question that names only a time). When no
    candidate is both, the scores are returned unchanged: the named time holds nothing on the
    topic, so it does not decide. Otherwise the others are scaled below the lowest leader, so
    the order follows the scores and every score stays in [0, 1].
    """
    leads = inside & eligible
    if not leads.any() or leads.all():
        return scores
    floor = float(scores[leads].min())
    rest = ~leads
    ceiling = float(scores[rest].max())
    out = scores.copy()
    if ceiling >= floor:
        factor = 0.999 * floor / ceiling if ceiling > 0 else 0.0
        out[rest] = scores[rest] * factor
    return out
