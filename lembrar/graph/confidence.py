"""How likely a fact answers a question: a logistic model over match features, fitted on
question / fact pairs built from the labelled sets (``benchmarks/graph/fit_search.py``).

The features say whether the fact's predicate is one the question asks about (or the question
asks about another one), whether the question names the fact's subject or object (or names
someone else), and what share of the question's content words the fact's text holds. The
model's output is a probability: graph search returns no fact below ``CALIBRATION.threshold``,
the confidence at which the labelled pairs above it were right nine times in ten. One stemmer
serves graph search (BM25 and these features). Everything here is pure.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from lembrar.graph.extract.names import fold
from lembrar.model import text as toolkit
from lembrar.model.graph import Fact

FEATURES = (
    "bias",
    "asked",  # the fact's predicate is one the question asks about
    "asked_other",  # the question asks about predicates, not this one
    "subject_named",  # the question names the fact's subject (or speaks in the first person of it)
    "named_other",  # the question names entities, none of them this fact's
    "about",  # the question names the fact's subject or object and asks about no predicate
    "overlap",  # share of the question's content words in the fact's text
)


@dataclass(frozen=True)
class Calibration:
    """One weight per feature (``FEATURES``, bias first) and the confidence a fact needs."""

    weights: tuple[float, ...]
    threshold: float

    def __post_init__(self) -> None:
        if len(self.weights) != len(FEATURES):
            raise ValueError(f"calibration: {len(FEATURES)} weights, one per feature")


# Fitted by benchmarks/graph/fit_search.py on the dev and fresh labelled sets and ten life
# stories (seeds 100-109). The threshold is the lowest confidence at which the fitted pairs
# above it answer their question nine times in ten; on held-out pairs (heldout.jsonl and life
# stories 0-4) facts above it are right 0.96 of the time, and 0.98 of the questions with no
# answer in the graph get no fact.
CALIBRATION = Calibration(
    weights=(-3.477, 5.098, -1.706, 0.590, -5.354, 1.156, 2.477),
    threshold=0.4,
)


def stem(word: str) -> str:
    """Graph search's stem: 'lives', 'living', 'lived' and 'live' all read 'liv'."""
    return toolkit.stem(toolkit.stem(word, ("ing", "ed", "s")), ("e",))


def question_words(text: str) -> set[str]:
    """A query's folded words, as names and predicate cues are looked up ("Ana's" reads
    "ana", "s")."""
    return set(toolkit.words(fold(text)))


@lru_cache(maxsize=32768)
def content_stems(text: str) -> frozenset[str]:
    """The stems of a text's content words (kept per text: fact texts are read by every
    search)."""
    return frozenset(stem(w) for w in toolkit.keywords(text))


def features(
    question: frozenset[str],
    asked: Collection[str],
    centers: Collection[str],
    fact: Fact,
) -> tuple[float, ...]:
    """The feature vector of one fact for a question of content stems ``question`` that asks
    about the predicates ``asked`` and names the entities ``centers``."""
    subject, obj = fact.subject_id in centers, fact.object_id in centers
    words = content_stems(fact.text)
    return (
        1.0,
        float(fact.predicate in asked),
        float(bool(asked) and fact.predicate not in asked),
        float(subject),
        float(bool(centers) and not subject and not obj),
        float((subject or obj) and not asked),
        len(question & words) / len(question) if question else 0.0,
    )


def probabilities(rows: np.ndarray, calibration: Calibration = CALIBRATION) -> np.ndarray:
    """``probability`` of each row of a (facts x features) matrix."""
    z = np.clip(rows @ np.array(calibration.weights), -30.0, 30.0)
    probability: np.ndarray = 1.0 / (1.0 + np.exp(-z))
    return probability


def probability(values: Sequence[float], calibration: Calibration = CALIBRATION) -> float:
    z = sum(w * x for w, x in zip(calibration.weights, values, strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
