"""Fusion weights that follow the query: a few content words lean on words, a long question on
meaning.

Once time phrases and recollection frames are set aside, what is left may be one or two topic
words ("gasoline?") or a long natural question. The dense similarity of one bare word is a weak
signal (it sits close to every short turn), while a keyword match on it is exact; a long
question is the opposite. Informativeness is measured by the number of distinct content words
left (``lembrar.model.text.keywords``: stopwords of en/pt/es/fr removed): at ``FOCUSED`` or
fewer the keyword weight is multiplied by ``1 + KEYWORD_LIFT`` and the dense weight by
``1 - DENSE_CUT``; from ``NATURAL`` words on the configured weights apply unchanged; in between
the change shrinks linearly.
"""

from __future__ import annotations

from collections.abc import Mapping

from lembrar.model.text import keywords

__all__ = ["adapted_weights", "focus"]

FOCUSED = 2
NATURAL = 6
KEYWORD_LIFT = 1.0
DENSE_CUT = 0.4


def focus(text: str) -> float:
    """1 for a query of at most ``FOCUSED`` content words, 0 from ``NATURAL`` on, linear between."""
    words = len(keywords(text))
    if words == 0:
        return 0.0
    return min(1.0, max(0.0, (NATURAL - words) / (NATURAL - FOCUSED)))


def adapted_weights(weights: Mapping[str, float], text: str) -> dict[str, float]:
    """``weights`` with keyword lifted and dense lowered by how focused ``text`` is."""
    share = focus(text)
    out = dict(weights)
    if share > 0:
        out["keyword"] = out.get("keyword", 1.0) * (1 + KEYWORD_LIFT * share)
        out["dense"] = out.get("dense", 1.0) * (1 - DENSE_CUT * share)
    return out
