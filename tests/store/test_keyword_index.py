"""The in-memory BM25 of large SQLite scopes against FTS5's ``bm25()``: same scores, same ranking,
on real dialogue text, through writes, deletes and filters, and across stores on one file."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder
from lembrar.evaluation.data import FILES, data_root
from lembrar.model.query import Filters
from lembrar.model.text import keywords
from lembrar.store.sqlite import SqliteStore
from lembrar.store.sqlite.words import averages, tokens

T0 = datetime(2024, 5, 1, 9, 0, tzinfo=UTC)
HANDMADE = [
    "Café com leite no café da manhã, às 8h",
    "CAFE au lait; résumé — naïve coöperation",
    "don't stop: e-mail me at 10:30, ok?",
    "São Paulo é grande; Ação e reação",
    "x_y snake_case and ID42 numbers 2024",
    "the the the the cafe",
]


def dialogue_turns(limit: int) -> list[str]:
    root = data_root(Path(__file__).resolve().parent)
    source = None if root is None else root / FILES["dailydialog"]
    if source is None or not source.exists():
        return []
    turns = []
    for line in source.read_text(encoding="utf-8").splitlines():
        turns.extend(t.strip() for t in line.split("__eou__") if t.strip())
    return turns[:limit]


def load(path: Path, texts: list[str]) -> None:
    with Memory(SqliteStore(path), embedder=HashingEmbedder()) as mem:
        mem.add_many(
            {
                "user_id": "ana",
                "content": text,
                "role": "user" if i % 2 else "assistant",
                "session_id": f"s{i // 8}",
                "at": T0 + timedelta(hours=i),
            }
            for i, text in enumerate(texts)
        )


def compare(fast: SqliteStore, fts: SqliteStore, query: str, filters: Filters) -> None:
    got = fast.keyword("ana", query, 20, filters)
    want = fts.keyword("ana", query, 20, filters)
    assert [s for _, s in got] == pytest.approx([s for _, s in want], rel=1e-9, abs=1e-12)
    if want:
        last = want[-1][1]  # rows tied with the last score may be cut differently
        assert {r for r, s in got if s > last + 1e-9} == {r for r, s in want if s > last + 1e-9}
        assert [r for r, s in got if s > last + 1e-9] == [r for r, s in want if s > last + 1e-9]


def stores(path: Path) -> tuple[SqliteStore, SqliteStore]:
    return SqliteStore(path, approximate_above=1), SqliteStore(path, approximate_above=10**9)


def queries(texts: list[str], count: int) -> list[str]:
    rng = random.Random(5)
    picked = [" ".join(rng.choice(texts).split()[:8]) for _ in range(count)]
    return [q for q in picked if keywords(q)] + ["café", "Acao", "cafe lait", "numbers"]


def test_tokens_are_those_of_fts5(tmp_path):
    path = tmp_path / "w.db"
    load(path, HANDMADE)
    fast, fts = stores(path)
    vocabulary = {term for (term,) in fts._read("SELECT term FROM chunks_vocab")}
    assert {t for text in HANDMADE for t in tokens(text)} == vocabulary
    rows, total = averages(fts._read("SELECT block FROM chunks_fts_data WHERE id = 1")[0][0])
    assert (rows, total) == (len(HANDMADE), sum(len(tokens(t)) for t in HANDMADE))
    for query in ["café manhã", "cafe", "résumé naive", "stop mail", "grande reação", "the"]:
        compare(fast, fts, query, Filters())
    assert fast._s.words._items  # the in-memory path answered


@pytest.mark.parametrize(
    "filters",
    [Filters(), Filters(roles=("user",)), Filters(since=T0, until=T0 + timedelta(hours=900))],
)
def test_real_dialogue_ranking_matches_fts5(tmp_path, filters):
    texts = dialogue_turns(3000)
    if not texts:
        pytest.skip("DailyDialog data not found (set LEMBRAR_BENCH_DATA)")
    path = tmp_path / "dd.db"
    load(path, texts)
    fast, fts = stores(path)
    for query in queries(texts, 60):
        compare(fast, fts, query, filters)


def test_parity_holds_through_writes_deletes_and_other_stores(tmp_path):
    texts = dialogue_turns(1500) or [f"{a} {b} note" for a in HANDMADE for b in HANDMADE]
    path = tmp_path / "dd.db"
    load(path, texts)
    fast, fts = stores(path)
    probe = queries(texts, 15)
    for query in probe:
        compare(fast, fts, query, Filters())
    mem = Memory(fast, embedder=HashingEmbedder())  # not closed: ``fast`` stays open
    mem.add("the escrow papers are ready, café included", "ana")
    for e in mem.get_all("ana", limit=30).items[::3]:
        mem.delete(e.id, "ana")
    other = SqliteStore(path)  # another connection: its writes reach ``fast`` by the version
    with Memory(other, embedder=HashingEmbedder()) as mem:
        [edited] = mem.get_all("ana", limit=1).items
        mem.update(edited.id, "escrow escrow paperwork overwhelmed", "ana")
        mem.add("a brand new escrow question", "ana")
    for query in [*probe, "escrow papers", "café"]:
        compare(fast, fts, query, Filters())


def test_term_counts_follow_each_write_at_once(tmp_path):
    """Rows holding a term are kept between searches; this store's write and another
    connection's write each change them before the next search."""
    path = tmp_path / "w.db"
    load(path, [f"{a} {b} note" for a in HANDMADE for b in HANDMADE])
    fast, fts = stores(path)
    compare(fast, fts, "escrow café", Filters())  # counts kept: escrow 0
    mine = Memory(fast, embedder=HashingEmbedder())  # not closed: ``fast`` stays open
    mine.add("escrow papers, escrow again", "ana")
    compare(fast, fts, "escrow café", Filters())
    assert fast.keyword("ana", "escrow", 5, Filters())
    with Memory(SqliteStore(path), embedder=HashingEmbedder()) as theirs:
        theirs.add("another escrow note", "bea")  # another user: only the counts change
    compare(fast, fts, "escrow café", Filters())


def vocabulary_reads(store: SqliteStore, query: str) -> int:
    """How many statements a keyword search sends to FTS5's term counts."""
    sent: list[str] = []
    store._s.db.set_trace_callback(sent.append)
    try:
        store.keyword("ana", query, 20, Filters())
    finally:
        store._s.db.set_trace_callback(None)
    return sum("chunks_vocab" in s for s in sent)


def test_a_scope_holding_the_whole_file_counts_terms_itself(tmp_path):
    """Its word index holds every row FTS5 does, so FTS5's doclists are not walked for counts."""
    path = tmp_path / "w.db"
    load(path, [f"{a} {b} note" for a in HANDMADE for b in HANDMADE])
    fast, fts = stores(path)
    compare(fast, fts, "grande café numbers", Filters())
    assert vocabulary_reads(fast, "stop résumé cafe") == 0
    compare(fast, fts, "stop résumé cafe", Filters())


def test_with_other_users_in_the_file_the_counts_are_fts5s(tmp_path):
    """Another user's rows count in FTS5's statistics: the scope's index alone would miss them."""
    path = tmp_path / "w.db"
    load(path, [f"{a} {b} note" for a in HANDMADE for b in HANDMADE])
    with Memory(SqliteStore(path), embedder=HashingEmbedder()) as mem:
        mem.add_many({"user_id": "rui", "content": f"cafe grande {i}"} for i in range(40))
    fast, fts = stores(path)
    for query in ["grande café numbers", "cafe", "stop résumé cafe"]:
        compare(fast, fts, query, Filters())
    assert vocabulary_reads(fast, "leite manhã") > 0  # words not counted before
    assert fast._s.words._items  # the in-memory path answered


def test_a_keyword_search_of_a_fresh_file_finds_nothing(tmp_path):
    """FTS5's record of its totals is empty until the first row: read as no rows."""
    store = SqliteStore(tmp_path / "fresh.db")
    assert averages(b"") == (0, 0)
    assert store.keyword("ana", "café numbers", 5, Filters()) == []
