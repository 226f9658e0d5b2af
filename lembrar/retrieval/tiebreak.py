"""The time score as a tie-breaker when the window a question names is crowded.

A window that holds many turns ("what did I say last month?" in a busy scope) says little about
which of them is meant: its own candidates (the time-window k-NN) then crowd out the topical
ones, and the time score lifts every turn of the window alike. With ``time_tiebreak_above`` set,
a search whose windows hold more turns than that drops the time candidates and keeps only a
small share of the time score, enough to order candidates of near-equal relevance.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from lembrar.model.query import Filters
from lembrar.retrieval.config import SearchConfig
from lembrar.store.base import Store

if TYPE_CHECKING:
    from lembrar.temporal import TimeQuery

__all__ = ["TIEBREAK_SHARE", "as_tiebreak", "window_crowded"]

TIEBREAK_SHARE = 0.1  # of the time weight kept when the window is crowded


def window_crowded(
    store: Store, user_id: str, filters: Filters, parsed: TimeQuery | None, config: SearchConfig
) -> bool:
    """Whether the parsed windows hold more than ``config.time_tiebreak_above`` turns together
    (never when that is 0, the default, or when no window was named)."""
    above = config.time_tiebreak_above
    if above <= 0 or parsed is None or not parsed.windows:
        return False
    seen: set[str] = set()
    for window in parsed.windows:
        since = max(window.start, filters.since or window.start)
        until = min(window.end, filters.until or window.end)
        if since >= until:
            continue
        scoped = replace(filters, since=since, until=until)
        page = store.list(user_id, scoped, newest_first=True, limit=above + 1, cursor=None)
        seen.update(episode.id for episode in page.items)
        if len(seen) > above:
            return True
    return False


def as_tiebreak(config: SearchConfig) -> SearchConfig:
    """``config`` without the time candidates and with ``TIEBREAK_SHARE`` of its time weight."""
    methods = tuple(m for m in config.methods if m != "time")
    return config.with_(methods=methods, time_weight=config.time_weight * TIEBREAK_SHARE)
