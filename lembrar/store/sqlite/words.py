"""BM25 in memory for large scopes, scoring as FTS5's ``bm25()`` does.

FTS5 scores a match by scanning every row holding a query term, which grows with the scope. A
scope's words are instead kept as compressed postings (term → rows, term frequency) in a few
segments: the first built from the scope's chunks, later ones from rows added since; deleted rows
are marked dead. Collection statistics (rows, average length, rows per term) come from FTS5
itself, so the scores are those of ``bm25(chunks_fts)``: k1 = 1.2, b = 0.75,
idf = ln((N - n + 0.5) / (n + 0.5)), floored at 1e-6. Texts are split as the FTS5 ``unicode61``
tokenizer (``remove_diacritics 2``) splits them: runs of letters and digits, folded.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import numpy as np
from numpy.typing import NDArray

from lembrar.store.sqlite.background import Builds

Array = NDArray[Any]  # postings arrays: int32 rows, float32 counts, int64 refs
K1 = 1.2
B = 0.75
MAX_SEGMENTS = 8
BATCH = 50_000  # rows tokenized into one segment at a time
_TOKEN = re.compile(r"[^\W_]+")


def fold(term: str) -> str:
    """A term as the FTS5 unicode61 tokenizer stores it (lowercase, diacritics removed)."""
    if term.isascii():
        return term.lower()
    decomposed = unicodedata.normalize("NFKD", term.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def tokens(text: str) -> list[str]:
    return [fold(t) for t in _TOKEN.findall(text)]


@dataclass(frozen=True)
class Collection:
    """FTS5's statistics: rows, average tokens per row, and rows holding each term."""

    rows: int
    average_length: float
    holding: dict[str, int]

    def idf(self, term: str) -> float:
        n = self.holding.get(term, 0)
        value = float(np.log((self.rows - n + 0.5) / (n + 0.5)))
        return value if value > 0 else 1e-6


class Segment:
    """Postings of some rows: for term id t, rows ``docs[starts[t]:starts[t + 1]]``."""

    def __init__(
        self,
        keys: NDArray[np.uint64],
        refs: Array,
        lengths: Array,
        triples: tuple[Array, Array, Array],
        terms: int,
    ) -> None:
        docs, term_ids, counts = triples
        order = np.argsort(term_ids, kind="stable")
        self.keys, self.refs, self.lengths = keys, refs, lengths
        self.alive = np.ones(len(keys), dtype=bool)
        self.docs = docs[order].astype(np.int32)
        self.counts = counts[order].astype(np.float32)
        self.starts = np.concatenate([[0], np.cumsum(np.bincount(term_ids, minlength=terms))])

    def triples(self) -> tuple[Array, Array, Array]:
        term_ids = np.repeat(np.arange(len(self.starts) - 1), np.diff(self.starts))
        return self.docs.astype(np.int64), term_ids, self.counts.astype(np.float64)

    def scores(
        self, weighted: Sequence[tuple[int, float]], average_length: float
    ) -> tuple[Array, Array]:
        """Refs of live rows holding a term, with their BM25 scores."""
        docs, parts = [], []
        for term_id, idf in weighted:
            if term_id + 1 >= len(self.starts):
                continue
            start, end = self.starts[term_id], self.starts[term_id + 1]
            rows, tf = self.docs[start:end], self.counts[start:end].astype(np.float64)
            norm = K1 * (1 - B + B * self.lengths[rows] / average_length)  # only rows holding it
            docs.append(rows)
            parts.append(idf * tf * (K1 + 1) / (tf + norm))
        if not docs:
            return np.zeros(0, np.int64), np.zeros(0)
        summed = np.bincount(np.concatenate(docs), np.concatenate(parts), len(self.refs))
        hit = np.flatnonzero((summed > 0) & self.alive)
        return self.refs[hit], summed[hit]


class ScopeWords:
    """One scope's segments, the vocabulary they share and the scope version they reflect."""

    def __init__(self) -> None:
        self.vocabulary: dict[str, int] = {}
        self.segments: list[Segment] = []
        self.version = -1
        self.lock = threading.Lock()
        self._rows: int | None = None

    def keys(self) -> NDArray[np.uint64]:
        live = [s.keys[s.alive] for s in self.segments]
        return np.sort(np.concatenate(live)) if live else np.zeros(0, np.uint64)

    def add(self, keys: NDArray[np.uint64], refs: Array, texts: Sequence[str]) -> None:
        if not len(keys):
            return
        docs: list[int] = []
        term_ids: list[int] = []
        lengths = np.zeros(len(texts))
        ids = self.vocabulary
        for i, text in enumerate(texts):
            words = tokens(text)
            lengths[i] = len(words)
            docs.extend([i] * len(words))
            term_ids.extend(ids.setdefault(w, len(ids)) for w in words)
        pairs = np.array(docs, np.int64) * len(ids) + np.array(term_ids, np.int64)
        unique, counts = np.unique(pairs, return_counts=True)
        triples = (unique // len(ids), unique % len(ids), counts.astype(np.float64))
        self.segments.append(Segment(keys, refs, lengths, triples, len(ids)))
        self._rows = None
        if len(self.segments) > MAX_SEGMENTS:
            self._merge()

    def remove(self, keys: NDArray[np.uint64]) -> None:
        for segment in self.segments:
            segment.alive &= ~np.isin(segment.keys, keys)
        self._rows = None

    def _merge(self) -> None:
        """One segment of the live rows of all."""
        keys: list[Array] = []
        refs: list[Array] = []
        lengths: list[Array] = []
        docs: list[Array] = []
        term_ids: list[Array] = []
        counts: list[Array] = []
        offset = 0
        for segment in self.segments:
            local = np.cumsum(segment.alive) - 1 + offset
            d, t, c = segment.triples()
            keep = segment.alive[d]
            docs.append(local[d[keep]])
            term_ids.append(t[keep])
            counts.append(c[keep])
            keys.append(segment.keys[segment.alive])
            refs.append(segment.refs[segment.alive])
            lengths.append(segment.lengths[segment.alive])
            offset += int(segment.alive.sum())
        triples = (np.concatenate(docs), np.concatenate(term_ids), np.concatenate(counts))
        merged = [np.concatenate(x) for x in (keys, refs, lengths)]
        self.segments = [Segment(merged[0], merged[1], merged[2], triples, len(self.vocabulary))]

    def sync(
        self,
        wanted: NDArray[np.uint64],
        texts_of: Callable[[Array], list[str]],
        version: int,
        ref_mask: int,
        between: Callable[[], None] = lambda: None,
    ) -> None:
        """Make the rows equal ``wanted``, tokenizing the new ones by batches; ``between()`` runs
        before each batch (a background build's check, which may end the sync there)."""
        held = self.keys()
        self.remove(np.setdiff1d(held, wanted, assume_unique=True))
        new = np.setdiff1d(wanted, held, assume_unique=True)
        refs = (new & np.uint64(ref_mask)).astype(np.int64)
        for start in range(0, len(new), BATCH):
            between()
            part = refs[start : start + BATCH]
            self.add(new[start : start + BATCH], part, texts_of(part))
        if len(new) > BATCH:
            self._merge()
        self.version = version

    def rows(self) -> int:
        """Live rows (counted once per change of the segments)."""
        if self._rows is None:
            self._rows = sum(int(s.alive.sum()) for s in self.segments)
        return self._rows

    def holding(self, terms: Sequence[str]) -> dict[str, int]:
        """Live rows holding each term."""
        counts = dict.fromkeys(terms, 0)
        for term in counts:
            term_id = self.vocabulary.get(term, -1)
            for s in self.segments:
                if 0 <= term_id < len(s.starts) - 1:
                    held = s.docs[s.starts[term_id] : s.starts[term_id + 1]]
                    counts[term] += int(np.count_nonzero(s.alive[held]))
        return counts

    def search(self, terms: Sequence[str], collection: Collection) -> tuple[Array, Array]:
        """Refs of live rows holding any term, with their BM25 scores (unsorted)."""
        weighted = [(self.vocabulary[t], collection.idf(t)) for t in terms if t in self.vocabulary]
        found = [s.scores(weighted, collection.average_length) for s in self.segments]
        if not found:
            return np.zeros(0, np.int64), np.zeros(0)
        return np.concatenate([r for r, _ in found]), np.concatenate([s for _, s in found])


@dataclass(frozen=True)
class ScopeTexts:
    """Where a scope's word index reads from: its current keys, the texts of some rows, the
    scope version they reflect, and the mask that takes a row ref out of a key."""

    keys: Callable[[], NDArray[np.uint64]]
    texts_of: Callable[[Array], list[str]]
    version: int
    ref_mask: int


class WordIndexes:
    """The in-memory word indexes of one SQLite file's large scopes. A scope whose index would
    take in more than ``builds.inline_limit`` rows is indexed in the background; until then
    ``current`` returns None and FTS5 answers."""

    def __init__(self, builds: Builds | None = None) -> None:
        self.builds = builds or Builds()
        self._items: dict[tuple[str, str], ScopeWords] = {}
        self._lock = threading.Lock()

    def current(self, scope: tuple[str, str], rows: ScopeTexts, size: int) -> ScopeWords | None:
        """The scope's index synced to ``rows.version`` (``size`` rows), or None while built."""
        key = ("words", scope)
        if self.builds.running(key):
            return None
        with self._lock:
            words = self._items.get(scope)
        if words is None:
            if size > self.builds.inline_limit:
                self.builds.start(key, lambda token: self._build(scope, rows, token))
                return None
            with self._lock:
                words = self._items.setdefault(scope, ScopeWords())
        with words.lock:
            if words.version != rows.version:
                words.sync(rows.keys(), rows.texts_of, rows.version, rows.ref_mask)
        return words

    def _build(self, scope: tuple[str, str], rows: ScopeTexts, token: object) -> None:
        """Background: index the scope's rows, then publish."""
        key = ("words", scope)
        words = ScopeWords()
        check = partial(self.builds.check, key, token)
        words.sync(rows.keys(), rows.texts_of, rows.version, rows.ref_mask, check)

        def publish() -> None:
            with self._lock:
                self._items[scope] = words

        self.builds.finish(key, token, publish)

    def added(
        self,
        scope: tuple[str, str],
        old: int,
        new: int,
        keys: NDArray[np.uint64],
        refs: Array,
        texts: Sequence[str],
    ) -> None:
        """This process added rows: extend a loaded index that was current."""
        words = self._items.get(scope)
        if words is None:
            return
        with words.lock:
            if words.version == old:
                words.add(keys, refs, texts)
                words.version = new

    def drop(self, scope: tuple[str, str]) -> None:
        self.builds.cancel(("words", scope))
        with self._lock:
            self._items.pop(scope, None)


def averages(block: bytes) -> tuple[int, int]:
    """Rows and total tokens from FTS5's averages record (SQLite varints)."""
    values, value, count = [], 0, 0
    for byte in block:
        count += 1
        if count == 9:
            values.append((value << 8) | byte)
            value, count = 0, 0
        elif byte & 0x80:
            value = (value << 7) | (byte & 0x7F)
        else:
            values.append((value << 7) | byte)
            value, count = 0, 0
        if len(values) == 2:
            break
    return (values[0], values[1]) if len(values) == 2 else (0, 0)  # empty: no row written yet
