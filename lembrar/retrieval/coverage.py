"""Query coverage: how much of the question's informative wording a memory holds.

A fact said in passing ("…by the way, I repainted my bedroom walls a lighter shade of gray") is
one line of a conversation about something else: its meaning is mostly the other topic, and a
conversation that is all about the question's topic (choosing paint colours for a living room)
is nearer by meaning and matches more of its words in all. What tells them apart is that the
passing line holds *all* of the question's rare words together. Coverage is that share: the
question's content words a memory contains, each weighted by its inverse document frequency
among the search's candidates, so words the whole topic shares count little (nothing when every
candidate holds them) and the words that single out one memory count most. A question word
matches a text word that starts with its stem ("repaint" matches "repainted", "doctors" matches
"doctor"); stems under four letters match whole words only.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Sequence
from itertools import accumulate

from lembrar.model.text import keywords, stem

__all__ = ["coverage"]

MIN_STEM = 4  # letters a stem keeps to match as a prefix


def _holders(joined: str, starts: Sequence[int], word: str) -> set[int]:
    """The texts (by index; ``starts``: where each begins in ``joined``, the lowercase texts
    joined by newlines) holding a word that starts with ``word``'s stem, or, for a short stem,
    the word itself (or it with a plural s)."""
    root = stem(word, keep=MIN_STEM)
    whole = len(root) < MIN_STEM
    if whole:
        root = word
    found: set[int] = set()
    at = joined.find(root)
    while at >= 0:
        end = at + len(root)
        begins = at == 0 or not joined[at - 1].isalnum()
        if begins and (not whole or _word_ends(joined, end)):
            text = bisect_right(starts, at) - 1
            found.add(text)
            at = starts[text + 1] if text + 1 < len(starts) else -1  # on to the next text
            if at >= 0:
                at = joined.find(root, at)
        else:
            at = joined.find(root, at + 1)
    return found


def _word_ends(text: str, end: int) -> bool:
    if end < len(text) and text[end] == "s":
        end += 1
    return end >= len(text) or not text[end].isalnum()


def coverage(query: str, texts: Sequence[str]) -> list[float]:
    """Per text, the IDF-weighted share of ``query``'s content words it holds, in [0, 1]. The
    inverse document frequency is ``log((n + 1) / (held + 1))`` over the ``n`` texts, so a word
    every text holds counts nothing; all zeros when the query has no content word."""
    words = list({stem(w, keep=MIN_STEM): w for w in keywords(query)}.values())
    if not words or not texts:
        return [0.0] * len(texts)
    lowered = [text.lower() for text in texts]
    starts = list(accumulate((len(t) + 1 for t in lowered[:-1]), initial=0))
    joined = "\n".join(lowered)
    holders = [_holders(joined, starts, w) for w in words]
    count = len(texts)
    idf = [math.log((count + 1) / (1 + len(held))) for held in holders]
    total = sum(idf)
    if total <= 0:  # every candidate holds every word: nothing singles one out
        return [0.0] * len(texts)
    scores = [0.0] * count
    for weight, held in zip(idf, holders):
        for text in held:
            scores[text] += weight / total
    return scores
