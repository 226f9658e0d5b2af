"""How right one answer is, and how sure a mean over questions is (pure functions).

* :func:`token_f1` is LoCoMo's answer F1 (``task_eval/evaluation.py``): both texts lower-cased,
  commas and punctuation removed, the words *a, an, the, and* removed, the rest split on white
  space and Porter-stemmed; F1 of the shared tokens (0 when none is shared).
  :func:`locomo_f1` adds its per-category rules: a category-3 gold answer keeps only what comes
  before its first ``;``, and a category-1 (multi-hop) answer is split on commas on both sides,
  each gold part scored against its best answer part, and the parts averaged.
* :func:`contains` is normalized answer containment: the gold answer, lower-cased without
  accents, punctuation or articles, appears as whole words in the answer normalized alike.
* :func:`bootstrap` is the mean with a percentile bootstrap interval over questions, from a
  seeded generator (the same values and seed give the same interval); :func:`paired_bootstrap`
  does the same for the difference of two conditions on the same questions.
* :func:`agreement` compares the judge and containment with a person's labels.
"""

from __future__ import annotations

import re
import string
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from lembrar.errors import MissingExtraError
from lembrar.evaluation.llm_steps.longmemeval import normalized

__all__ = [
    "Agreement",
    "Interval",
    "agreement",
    "bootstrap",
    "contains",
    "locomo_f1",
    "locomo_gold",
    "normalize_answer",
    "paired_bootstrap",
    "token_f1",
]

RESAMPLES = 2000
_PUNCTUATION = set(string.punctuation)
_LOCOMO_STOP = re.compile(r"\b(a|an|the|and)\b")


def normalize_answer(text: str) -> str:
    """LoCoMo's normalization: lower case, no commas or punctuation, no a/an/the/and."""
    text = text.replace(",", "").lower()
    text = "".join(ch for ch in text if ch not in _PUNCTUATION)
    return " ".join(_LOCOMO_STOP.sub(" ", text).split())


def token_f1(prediction: str, gold: str) -> float:
    """LoCoMo's ``f1_score``: F1 of the stemmed normalized tokens the two texts share."""
    stem = _stemmer()
    predicted = [stem(w) for w in normalize_answer(prediction).split()]
    expected = [stem(w) for w in normalize_answer(gold).split()]
    same = sum((Counter(predicted) & Counter(expected)).values())
    if same == 0:
        return 0.0
    precision, recall = same / len(predicted), same / len(expected)
    return 2 * precision * recall / (precision + recall)


def locomo_gold(gold: str, category: int | None) -> str:
    """The gold answer LoCoMo scores against: a category-3 answer up to its first ``;``."""
    return gold.split(";")[0].strip() if category == 3 else gold


def locomo_f1(prediction: str, gold: str, category: int | None) -> float:
    """LoCoMo's score of an answer of ``category`` (None: a plain :func:`token_f1`)."""
    gold = locomo_gold(gold, category)
    if category != 1:
        return token_f1(prediction, gold)
    answers = [p.strip() for p in prediction.split(",")]
    parts = [g.strip() for g in gold.split(",")]
    return float(np.mean([max(token_f1(a, part) for a in answers) for part in parts]))


def contains(answer: str, gold: str) -> bool:
    """Whether the normalized gold answer appears, as whole words, in the normalized answer."""
    needle = normalized(gold)
    return bool(needle) and f" {needle} " in f" {normalized(answer)} "


@cache
def _stemmer() -> Callable[[str], str]:
    try:
        from nltk.stem import PorterStemmer  # type: ignore[import-untyped]
    except ImportError as exc:
        raise MissingExtraError("bench", "nltk") from exc
    stem: Callable[[str], str] = PorterStemmer().stem
    return stem


@dataclass(frozen=True)
class Interval:
    """A mean over ``n`` questions and its bootstrap interval."""

    mean: float
    low: float
    high: float
    n: int

    def points(self) -> str:
        """``61.2 [52.0, 70.1]``: the mean and interval in points (hundredths)."""
        return f"{100 * self.mean:.1f} [{100 * self.low:.1f}, {100 * self.high:.1f}]"


def bootstrap(
    values: Sequence[float], *, seed: int = 0, resamples: int = RESAMPLES, level: float = 0.95
) -> Interval:
    """The mean of ``values`` with its percentile bootstrap interval at ``level``."""
    data = np.asarray(values, dtype=float)
    if data.size == 0:
        raise ValueError("no values to bootstrap")
    rng = np.random.default_rng(seed)
    means = data[rng.integers(0, data.size, size=(resamples, data.size))].mean(axis=1)
    tail = (1 - level) / 2
    low, high = np.quantile(means, [tail, 1 - tail])
    return Interval(float(data.mean()), float(low), float(high), int(data.size))


def paired_bootstrap(
    first: Sequence[float], second: Sequence[float], *, seed: int = 0, resamples: int = RESAMPLES
) -> Interval:
    """``first - second`` on the same questions (in the same order), with its interval."""
    if len(first) != len(second):
        raise ValueError("paired values must come from the same questions")
    return bootstrap(
        [a - b for a, b in zip(first, second, strict=True)], seed=seed, resamples=resamples
    )


@dataclass(frozen=True)
class Agreement:
    """On ``n`` labelled answers: how often each automatic score says what the person said."""

    n: int
    judge: float
    containment: float
    judge_vs_containment: float
    judge_kappa: float | None
    containment_kappa: float | None


def agreement(rows: Sequence[tuple[bool, bool, bool]]) -> Agreement:
    """``rows`` of (person's label, judge's verdict, containment)."""
    if not rows:
        raise ValueError("no labelled rows")
    labels = [r[0] for r in rows]
    judged = [r[1] for r in rows]
    contained = [r[2] for r in rows]
    return Agreement(
        len(rows),
        _share_equal(labels, judged),
        _share_equal(labels, contained),
        _share_equal(judged, contained),
        _kappa(labels, judged),
        _kappa(labels, contained),
    )


def _share_equal(a: Sequence[bool], b: Sequence[bool]) -> float:
    return sum(x == y for x, y in zip(a, b, strict=True)) / len(a)


def _kappa(a: Sequence[bool], b: Sequence[bool]) -> float | None:
    """Cohen's kappa of two yes/no raters; None when chance agreement is total."""
    observed = _share_equal(a, b)
    pa, pb = sum(a) / len(a), sum(b) / len(b)
    expected = pa * pb + (1 - pa) * (1 - pb)
    return None if expected == 1 else (observed - expected) / (1 - expected)
