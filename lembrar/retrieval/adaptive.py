"""How focused a query is: a few content words lean on words, a long question on meaning.

Once time phrases and recollection frames are set aside, what is left may be one or two topic
words ("gasoline?") or a long natural question. The dense similarity of one bare word is a weak
signal (it sits close to every short turn), while a keyword match on it is exact; a long
question is the opposite. Focus is measured by the number of distinct content words left
(``lembrar.model.text.keywords``: stopwords of en/pt/es/fr removed): 1 at ``FOCUSED`` or fewer,
0 from ``NATURAL`` on, linear between. The ranker weighs the dense and keyword features times the
focus as features of their own (``lembrar.retrieval.features``).
"""

from __future__ import annotations

from lembrar.model.text import keywords

__all__ = ["focus"]

FOCUSED = 2
NATURAL = 6


def focus(text: str) -> float:
    """1 for a query of at most ``FOCUSED`` content words, 0 from ``NATURAL`` on, linear between."""
    words = len(keywords(text))
    if words == 0:
        return 0.0
    return min(1.0, max(0.0, (NATURAL - words) / (NATURAL - FOCUSED)))
