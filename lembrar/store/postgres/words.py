"""The counts behind PostgreSQL's choice of query words (``lembrar.store.terms``).

A word's count only has to be exact while it is under the common share, so counting stops one
row past it.

Counts are kept in memory per scope while the scope's version holds: ``chunk_scopes`` (migration
``0008_chunk_scopes``) gets a new version in the transaction of every chunk write, whichever
process makes it, so the next search after a write counts afresh.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field

from lembrar.store import terms

NO_LEXEME = -1  # the count of a word the text search configuration drops (a stopword)


@dataclass(frozen=True)
class Scope:
    """One user's chunks as a search sees them: how many, their version, their text config."""

    size: int
    version: int
    config: str

    @property
    def cap(self) -> int | None:
        """The most chunks a word may be in and still be matched; None: no limit."""
        return terms.common_cap(self.size)


@dataclass
class _Counts:
    version: int
    config: str
    holding: dict[str, int] = field(default_factory=dict)  # capped at ``cap + 1``
    exact: set[str] = field(default_factory=set)  # words counted past the cap


class TermCounts:
    """Chunks holding each word, per scope, kept while the scope's version and config hold."""

    def __init__(self, scopes: int = 256, words: int = 4096) -> None:
        self._scopes: OrderedDict[tuple[str, str], _Counts] = OrderedDict()
        self._max_scopes, self._max_words = scopes, words
        self._lock = threading.Lock()

    def known(
        self, key: tuple[str, str], scope: Scope, words: Sequence[str], *, exact: bool = False
    ) -> dict[str, int]:
        """The kept counts of these words (those known; with ``exact``, only uncapped ones)."""
        with self._lock:
            entry = self._entry(key, scope)
            found = {w: entry.holding[w] for w in words if w in entry.holding}
            if exact and scope.cap is not None:
                found = {w: n for w, n in found.items() if n <= scope.cap or w in entry.exact}
            return found

    def keep(
        self, key: tuple[str, str], scope: Scope, counts: dict[str, int], *, exact: bool = False
    ) -> None:
        with self._lock:
            entry = self._entry(key, scope)
            if len(entry.holding) + len(counts) > self._max_words:
                entry.holding.clear()
                entry.exact.clear()
            entry.holding.update(counts)
            if exact:
                entry.exact.update(counts)

    def _entry(self, key: tuple[str, str], scope: Scope) -> _Counts:
        entry = self._scopes.get(key)
        if entry is None or (entry.version, entry.config) != (scope.version, scope.config):
            entry = self._scopes[key] = _Counts(scope.version, scope.config)
        self._scopes.move_to_end(key)
        while len(self._scopes) > self._max_scopes:
            self._scopes.popitem(last=False)
        return entry


def selective(words: Sequence[str], counts: dict[str, int], scope: Scope) -> list[str]:
    """The words worth matching (``terms.selective``); words without a lexeme never (they match
    nothing)."""
    return terms.selective([w for w in words if counts[w] != NO_LEXEME], counts, scope.size)
