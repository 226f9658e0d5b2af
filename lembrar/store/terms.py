"""Which query words a keyword search matches in a large scope; both backends choose alike.

In a scope over ``PRUNE_ABOVE`` chunks a search matches its rarest ``MAX_TERMS`` words, leaving
out those held by over ``COMMON_SHARE`` of the scope's chunks: they barely move the ranking but
make the search score most of the scope.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

MAX_TERMS = 8
COMMON_SHARE = 0.05
PRUNE_ABOVE = 5000


def common_cap(size: int) -> int | None:
    """The most chunks a word may be in and still be matched, in a scope of ``size`` chunks;
    None: no limit (a small scope)."""
    return int(COMMON_SHARE * size) if size > PRUNE_ABOVE else None


def selective(words: Sequence[str], counts: Mapping[str, int], size: int) -> list[str]:
    """The words worth matching, in query order: in a large scope the rarest ``MAX_TERMS`` of
    those held by at most ``common_cap(size)`` chunks (``counts``), else the rarest one."""
    cap = common_cap(size)
    if cap is None or len(words) <= 1:
        return list(words)
    ranked = sorted(words, key=lambda w: counts.get(w, 0))
    kept = set([w for w in ranked if counts.get(w, 0) <= cap][:MAX_TERMS] or ranked[:1])
    return [w for w in words if w in kept]
