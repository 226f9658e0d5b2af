"""PostgreSQL's word tables: each user's count of chunks holding each word (``chunk_words``) and
each chunk's rank for each of its words (``chunk_postings``). After every kind of chunk write, by
this store or another, they equal a fresh computation from the chunks; a failed write leaves them
as they were; a forgotten word leaves them; a database that predates them gets them on
migration; a keyword search reads the counts instead of counting chunks, and its scores from the
ranks equal those of ranking the chunks themselves."""

from __future__ import annotations

import os
import random
import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder
from lembrar.errors import LembrarError
from lembrar.graph import GraphConfig
from lembrar.layers import LayerConfig
from lembrar.model.query import Filters

pytestmark = pytest.mark.postgres
T0 = datetime(2024, 5, 1, 9, 0, tzinfo=UTC)
WORDS = "river mountain coffee train letter garden piano winter doctor market violin".split()
SIZE = 300
USER = "ana"

# Every user's count of chunks holding each lexeme, counted afresh from the chunks.
FRESH = """
    SELECT c.user_id, w.word, count(*) FROM chunks c
    CROSS JOIN LATERAL unnest(tsvector_to_array(c.fts)) AS w(word)
    WHERE c.tenant_id = %s GROUP BY c.user_id, w.word
"""
KEPT = "SELECT user_id, word, chunks FROM chunk_words WHERE tenant_id = %s"
# Every chunk's rank for each of its lexemes, computed afresh, and as kept.
FRESH_RANKS = """
    SELECT c.user_id, w.lexeme, c.ref, ts_rank(c.fts, lexeme_query(w.lexeme), 1) FROM chunks c
    JOIN chunk_scopes s ON s.tenant_id = c.tenant_id AND s.user_id = c.user_id AND s.ranked
    CROSS JOIN LATERAL unnest(c.fts) AS w WHERE c.tenant_id = %s
"""
KEPT_RANKS = "SELECT user_id, word, ref, part FROM chunk_postings WHERE tenant_id = %s"
RANKED = "SELECT user_id, ranked FROM chunk_scopes WHERE tenant_id = %s"


def text(i: int, rng: random.Random) -> str:
    words = rng.sample(WORDS, 3) + ["candle"] * (i % 3 == 0)
    if i % 2 == 0:
        words.append("note")
    if i % 50 == 7:
        words.append("escrow")
    return " ".join(words) + f" item{i}"


@pytest.fixture
def mem(scope_database, request, clock) -> Iterator[Memory]:
    """The user's 300 chunks, in a scope that keeps its ranks per word or not."""
    from lembrar.store.postgres import PostgresStore

    url, ranked = scope_database
    tenant = f"pgwords-{os.getpid()}-{request.node.name}"
    memory = Memory(PostgresStore(url, tenant), embedder=HashingEmbedder(), clock=clock)
    rng = random.Random(7)
    memory.add_many(
        {
            "user_id": USER,
            "content": text(i, rng),
            "role": "user" if i % 2 else "assistant",
            "at": T0 + timedelta(hours=i),
        }
        for i in range(SIZE)
    )
    assert dict(rows(url, tenant, RANKED)) == {USER: ranked}
    yield memory
    memory.close()


def rows(url: str, tenant: str, query: str) -> list[tuple]:
    import psycopg

    with psycopg.connect(url) as conn:
        return conn.execute(query, (tenant,)).fetchall()


def counts(url: str, tenant: str, query: str) -> dict[tuple[str, str], int]:
    return {(u, w): int(n) for u, w, n in rows(url, tenant, query)}


def ranks(url: str, tenant: str, query: str) -> dict[tuple[str, str, int], float]:
    return {(u, w, int(r)): float(p) for u, w, r, p in rows(url, tenant, query)}


def assert_kept_as_counted(memory: Memory) -> dict[tuple[str, str], int]:
    """The word counts and the ranks of the ranked scopes, each as computed afresh; the counts."""
    store = memory.store
    kept = counts(store.url, store.tenant, KEPT)
    assert kept == counts(store.url, store.tenant, FRESH)
    kept_ranks = ranks(store.url, store.tenant, KEPT_RANKS)
    assert kept_ranks == ranks(store.url, store.tenant, FRESH_RANKS)
    assert all(0 < part <= 0.1 for part in kept_ranks.values())
    return kept


def test_counts_follow_every_kind_of_write(mem):
    kept = assert_kept_as_counted(mem)
    assert kept[USER, "note"] == SIZE // 2 and kept[USER, "escrow"] == 6
    added = mem.add_many(
        {"user_id": USER, "content": f"escrow candle note added{i}", "role": "user"}
        for i in range(5)
    )
    assert assert_kept_as_counted(mem)[USER, "escrow"] == 11
    mem.update(added[0].id, "an edited letter without the rare word", USER)
    assert assert_kept_as_counted(mem)[USER, "escrow"] == 10
    mem.delete(added[1].id, USER)
    assert assert_kept_as_counted(mem)[USER, "escrow"] == 9
    assert mem.store.delete_matching(USER, Filters(roles=("user",))) == SIZE // 2 + 4
    kept = assert_kept_as_counted(mem)
    assert (USER, "added2") not in kept  # no chunk holds it: its row is gone
    mem.add_many([{"user_id": "zoe", "content": "escrow"}, {"user_id": USER, "content": "zz"}])
    assert assert_kept_as_counted(mem)["zoe", "escrow"] == 1
    mem.set_user(USER, language="en")  # re-indexed with stemming: "running" is counted as "run"
    mem.add("she was running", user_id=USER)
    kept = assert_kept_as_counted(mem)
    assert kept[USER, "run"] == 1 and (USER, "running") not in kept
    mem.forget_user(USER)
    assert {u for u, _ in assert_kept_as_counted(mem)} == {"zoe"}


def test_another_stores_writes_are_counted_in_their_own_transaction(mem):
    from lembrar.store.postgres import PostgresStore

    other = PostgresStore(mem.store.url, mem.store.tenant)
    with Memory(other, embedder=HashingEmbedder()) as writer:
        writer.add_many({"user_id": USER, "content": f"escrow escrow {i}"} for i in range(30))
    assert assert_kept_as_counted(mem)[USER, "escrow"] == 36
    found = mem.store.keyword(USER, "escrow", 100, Filters())
    assert len(found) == 36


@pytest.fixture
def refused_at_commit(mem) -> Iterator[str]:
    """A word whose chunks this tenant's transactions cannot commit (a deferred check fails)."""
    import psycopg

    tenant = mem.store.tenant
    with psycopg.connect(mem.store.url, autocommit=True) as conn:
        conn.execute(
            "CREATE FUNCTION refuse_poison() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
            f" IF NEW.tenant_id = '{tenant}' AND NEW.text LIKE '%poison%' THEN"
            " RAISE EXCEPTION 'poison refused at commit'; END IF; RETURN NULL; END $$"
        )
        conn.execute(
            "CREATE CONSTRAINT TRIGGER refuse_poison AFTER INSERT ON chunks"
            " DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refuse_poison()"
        )
        try:
            yield "poison"
        finally:
            conn.execute("DROP TRIGGER refuse_poison ON chunks")
            conn.execute("DROP FUNCTION refuse_poison()")


def test_a_failed_write_leaves_the_counts_as_they_were(mem, refused_at_commit):
    before = assert_kept_as_counted(mem)
    with pytest.raises(LembrarError):  # refused after its chunks were written and counted
        mem.add(f"escrow candle note {refused_at_commit}", user_id=USER)
    with pytest.raises(LembrarError):
        mem.add("escrow and a NUL \x00", user_id=USER)
    first = mem.get_all(USER, limit=1).items[0]
    with pytest.raises(LembrarError):
        mem.store.delete(USER, [first.id, "no-such-episode"])
    assert assert_kept_as_counted(mem) == before


def three_writers(url: str, tenant: str, rounds: int, graph: bool = True) -> None:
    """Three stores adding ``rounds`` memories each to ``USER`` at once, one a write, each
    deleting every third it adds; ``graph``: with the knowledge graph's writes after each."""
    from lembrar.graph import GraphConfig
    from lembrar.store.postgres import PostgresStore

    errors: list[BaseException] = []
    start = threading.Barrier(3)

    def write(n: int) -> None:
        try:
            store = PostgresStore(url, tenant)
            config = GraphConfig(enabled=graph)
            with Memory(store, embedder=HashingEmbedder(), graph=config) as writer:
                start.wait()
                for i in range(rounds):
                    [added] = writer.add(f"escrow market writer{n} round{i}", user_id=USER)
                    if i % 3 == 0:
                        writer.delete(added.id, USER)
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=write, args=(n,)) for n in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not errors


def test_concurrent_writers_of_one_user_keep_them_exact(mem):
    three_writers(mem.store.url, mem.store.tenant, 15)
    assert assert_kept_as_counted(mem)[USER, "escrow"] == 6 + 3 * 10


def test_a_scope_taken_past_the_size_by_writers_at_once_is_ranked_exactly(ranked_database):
    """The write that takes the scope past the size ranks the chunks committed before it; the
    writers waiting on the scope's row then rank their own."""
    from lembrar.store.postgres import PostgresStore

    url = ranked_database(30)
    three_writers(url, "race", 24)  # 48 kept in the end, past 30 while they write
    assert dict(rows(url, "race", RANKED)) == {USER: True}
    with Memory(PostgresStore(url, "race"), embedder=HashingEmbedder()) as memory:
        assert assert_kept_as_counted(memory)[USER, "escrow"] == 48
    assert len({ref for _, _, ref in ranks(url, "race", KEPT_RANKS)}) == 48


@pytest.mark.parametrize("first", ["0009_chunk_words", "0010_chunk_postings"])
def test_a_database_from_before_the_tables_gets_them_on_migration(pg_server, monkeypatch, first):
    from lembrar.store.postgres import PostgresStore, migrations

    url = pg_server.create_database()
    everything = migrations.MIGRATIONS
    before = [name for name, _ in everything].index(first)
    monkeypatch.setattr(migrations, "MIGRATIONS", everything[:before])
    # today's code writes markers of derived work (graph, capture) that the old schema lacks
    unmarked = {"graph": GraphConfig(enabled=False), "layers": LayerConfig(capture_on_add=False)}
    with Memory(PostgresStore(url, "old"), embedder=HashingEmbedder(), **unmarked) as old:
        rng = random.Random(3)
        old.add_many({"user_id": USER, "content": text(i, rng)} for i in range(40))
        old.add("escrow for zoe", user_id="zoe")
    monkeypatch.setattr(migrations, "MIGRATIONS", everything)
    with Memory(PostgresStore(url, "old"), embedder=HashingEmbedder()) as new:
        kept = assert_kept_as_counted(new)
        assert kept["zoe", "escrow"] == 1 and kept[USER, "note"] == 20


def test_a_keyword_search_chooses_its_words_by_the_kept_counts(mem, monkeypatch):
    """A large scope's search leaves out words over the common share by their counts in
    ``chunk_words``: a count set past the share there leaves that word out."""
    import psycopg

    from lembrar.store import terms

    monkeypatch.setattr(terms, "PRUNE_ABOVE", SIZE - 1)
    store = mem.store

    def best_texts() -> list[str]:
        found = store.keyword(USER, "escrow candle", 6, Filters())
        rows = store.chunk_rows(USER, [r for r, _ in found])
        return [rows[r].text for r, _ in found]

    # "candle" is in a third of the chunks, over the 5 % share: only "escrow" is matched
    assert all("escrow" in t for t in best_texts())
    with psycopg.connect(store.url, autocommit=True) as conn:
        conn.execute(
            "UPDATE chunk_words SET chunks = %s WHERE tenant_id = %s AND word = 'escrow'",
            (SIZE, store.tenant),
        )
    # both over the share now: the rarer by its kept count, "candle", is matched alone
    assert all("candle" in t and "escrow" not in t for t in best_texts())


def test_a_lexeme_query_matches_that_lexeme_alone_whatever_its_characters(pg_database):
    import psycopg

    lexemes = ["it's", "a\\b", "x y", "q:*", "a&b|c", "(!)", "''", "ação"]
    with psycopg.connect(pg_database) as conn:
        for lexeme in lexemes:
            matched = conn.execute(
                "SELECT array_to_tsvector(ARRAY[%s]) @@ lexeme_query(%s),"
                " array_to_tsvector(ARRAY[%s || 'z', 'a', 'b', 'q']) @@ lexeme_query(%s),"
                " numnode(lexeme_query(%s))",
                (lexeme, lexeme, lexeme, lexeme, lexeme),
            ).fetchone()
            assert matched == (True, False, 1), lexeme


def reference_scores(memory: Memory, query_words: list[str], role: str | None) -> dict[int, float]:
    """Each chunk's keyword score ranked from the chunks themselves: the sum over the words of
    BM25's idf times ``ts_rank`` of the chunk for the word's query."""
    import math

    import psycopg

    store = memory.store
    with psycopg.connect(store.url) as conn:
        total = conn.execute(
            "SELECT count(*) FROM chunks WHERE tenant_id = %s AND user_id = %s",
            (store.tenant, USER),
        ).fetchone()[0]
        scores: dict[int, float] = {}
        for word in query_words:
            found = conn.execute(
                "SELECT c.ref, ts_rank(c.fts, plainto_tsquery(c.fts_config, %(w)s), 1)"
                " FROM chunks c JOIN episodes e ON e.tenant_id = c.tenant_id AND e.id = c.episode_id"
                " WHERE c.tenant_id = %(t)s AND c.user_id = %(u)s"
                " AND c.fts @@ plainto_tsquery(c.fts_config, %(w)s)"
                " AND (%(role)s::text IS NULL OR e.role = %(role)s)",
                {"w": word, "t": store.tenant, "u": USER, "role": role},
            ).fetchall()
            held = conn.execute(
                "SELECT count(*) FROM chunks c WHERE c.tenant_id = %(t)s AND c.user_id = %(u)s"
                " AND c.fts @@ plainto_tsquery(c.fts_config, %(w)s)",
                {"w": word, "t": store.tenant, "u": USER},
            ).fetchone()[0]
            idf = math.log(1 + (total - held + 0.5) / (held + 0.5))
            for ref, rank in found:
                scores[ref] = scores.get(ref, 0.0) + idf * rank
    return scores


@pytest.mark.parametrize("language", [None, "en"])
@pytest.mark.parametrize("role", [None, "user"])
def test_keyword_scores_from_the_kept_ranks_equal_ranking_the_chunks(mem, language, role):
    """Words of one lexeme are scored from ``chunk_postings``, a word the configuration splits
    into several (``snake_case``) from the chunks: together, with and without filters, they give
    the scores of ranking every chunk for every word."""
    from lembrar.model.text import keywords

    if language:
        mem.set_user(USER, language=language)  # re-indexed with stemming
    mem.add_many(
        {"user_id": USER, "content": text, "role": "user"}
        for text in ("a snake_case name in the escrow letters", "snake_case twice: snake_case")
    )
    query = "escrow candle snake_case letters the"
    filters = Filters(roles=(role,)) if role else Filters()
    found = mem.store.keyword(USER, query, 1000, filters)
    assert "snake_case" in keywords(query)
    expected = reference_scores(mem, keywords(query), role)
    assert len(found) == len(expected) > 40
    assert {ref for ref, _ in found} == set(expected)
    for ref, score in found:
        assert score == pytest.approx(expected[ref], rel=1e-6)
    assert [s for _, s in found] == sorted((s for _, s in found), reverse=True)


def test_a_scope_is_ranked_in_the_write_that_takes_it_past_the_size_and_stays_so(
    ranked_database,
):
    from lembrar.store.postgres import PostgresStore

    url = ranked_database(100)
    with Memory(PostgresStore(url, "grow"), embedder=HashingEmbedder()) as memory:
        rng = random.Random(5)
        memory.add_many({"user_id": USER, "content": text(i, rng)} for i in range(90))
        memory.add_many({"user_id": "zoe", "content": text(i, rng)} for i in range(30))
        assert dict(rows(url, "grow", RANKED)) == {USER: False, "zoe": False}
        assert not rows(url, "grow", KEPT_RANKS)
        added = memory.add_many({"user_id": USER, "content": f"escrow late{i}"} for i in range(20))
        assert dict(rows(url, "grow", RANKED)) == {USER: True, "zoe": False}
        kept = ranks(url, "grow", KEPT_RANKS)
        assert len({ref for _, _, ref in kept}) == 110  # the chunks from before, and the new
        assert_kept_as_counted(memory)
        memory.store.delete(USER, [a.id for a in added] + [memory.get_all(USER).items[0].id])
        assert dict(rows(url, "grow", RANKED))[USER]  # below the size again, still ranked
        memory.add("escrow once more", user_id=USER)
        assert_kept_as_counted(memory)
        assert len({ref for _, _, ref in ranks(url, "grow", KEPT_RANKS)}) == 90
