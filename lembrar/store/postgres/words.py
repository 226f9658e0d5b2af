"""The counts behind PostgreSQL's choice of query words (``lembrar.store.terms``).

A word's count only has to be exact while it is under the common share, so counting stops a
little past it (``Scope.counted_to``).

Counts are kept in memory per scope while the scope's version holds: ``chunk_scopes`` (migration
``0008_chunk_scopes``) gets a new version in the transaction of every chunk write, whichever
process makes it, so the next search after another process's write counts afresh. This
process's own writes move the kept counts to the new version instead (``advance``, with the
chunks each write added and removed, counted in its transaction by ``own_writes``).
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

    @property
    def counted_to(self) -> int | None:
        """Where counting a word stops (None: it does not): one row past the cap and a fiftieth
        of the cap further, so that a count past the cap stays known to be past it while this
        process's own writes grow the scope (the cap grows by one every twenty chunks)."""
        cap = self.cap
        return None if cap is None else cap + 1 + cap // 50


@dataclass
class _Counts:
    version: int
    config: str
    holding: dict[str, int] = field(default_factory=dict)  # past the cap: at least this many
    exact: set[str] = field(default_factory=set)  # words whose count is exact past the cap too


@dataclass(frozen=True)
class Written:
    """One transaction's chunk writes to a scope: the scope before and after, and for each kept
    word the chunks holding it that the transaction added, less those it removed."""

    before: Scope
    after: Scope
    delta: dict[str, int]


@dataclass(frozen=True)
class Kept:
    """A scope's kept counts as a writer sees them: their version, config and words."""

    version: int
    config: str
    words: list[str]


class TermCounts:
    """Chunks holding each word, per scope, kept while the scope's version and config hold."""

    def __init__(self, scopes: int = 256, words: int = 4096) -> None:
        self._scopes: OrderedDict[tuple[str, str], _Counts] = OrderedDict()
        self._max_scopes, self._max_words = scopes, words
        self._lock = threading.Lock()

    def known(
        self, key: tuple[str, str], scope: Scope, words: Sequence[str], *, exact: bool = False
    ) -> dict[str, int]:
        """The kept counts of these words (those known), capped one past ``scope.cap`` as a
        count is; with ``exact``, only the exact ones."""
        with self._lock:
            entry = self._entry(key, scope)
            found = {w: entry.holding[w] for w in words if w in entry.holding}
            cap = scope.cap
            if cap is None:
                return found
            if exact:
                return {w: n for w, n in found.items() if n <= cap or w in entry.exact}
            return {w: n if w in entry.exact else min(n, cap + 1) for w, n in found.items()}

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

    def kept(self, key: tuple[str, str]) -> Kept | None:
        """The version, config and words (those with a lexeme) of the scope's kept counts."""
        with self._lock:
            entry = self._scopes.get(key)
            if entry is None:
                return None
            words = [w for w, n in entry.holding.items() if n != NO_LEXEME]
            return Kept(entry.version, entry.config, words)

    def advance(self, key: tuple[str, str], written: Written) -> None:
        """Move the kept counts over a committed write of this process: each word's count plus
        the write's delta, capped for the scope's new size; a word whose count cannot be known
        so is left out, and counts of any other version than the write's are dropped."""
        before, after = written.before, written.after
        with self._lock:
            entry = self._scopes.get(key)
            if entry is None or (entry.version, entry.config) == (after.version, after.config):
                return
            if (entry.version, entry.config) != (before.version, before.config) or (
                after.config != before.config
            ):
                del self._scopes[key]
                return
            for word, count in list(entry.holding.items()):
                moved = _moved(count, word in entry.exact, written.delta.get(word), before, after)
                if moved is None:
                    del entry.holding[word]
                    entry.exact.discard(word)
                else:
                    entry.holding[word] = moved
            entry.version = after.version

    def _entry(self, key: tuple[str, str], scope: Scope) -> _Counts:
        entry = self._scopes.get(key)
        if entry is None or (entry.version, entry.config) != (scope.version, scope.config):
            entry = self._scopes[key] = _Counts(scope.version, scope.config)
        self._scopes.move_to_end(key)
        while len(self._scopes) > self._max_scopes:
            self._scopes.popitem(last=False)
        return entry


def _moved(count: int, exact: bool, delta: int | None, before: Scope, after: Scope) -> int | None:
    """A kept count after a write that changed its word's holding chunks by ``delta``: the new
    count, or for a count past the cap the least it can be; None when that is not known to be
    past the new cap."""
    if count == NO_LEXEME:
        return NO_LEXEME
    if delta is None:
        return None
    total = count + delta
    if exact or before.cap is None or count <= before.cap:
        return total
    return total if after.cap is not None and total > after.cap else None


def selective(words: Sequence[str], counts: dict[str, int], scope: Scope) -> list[str]:
    """The words worth matching (``terms.selective``); words without a lexeme never (they match
    nothing)."""
    return terms.selective([w for w in words if counts[w] != NO_LEXEME], counts, scope.size)
