"""PostgreSQL's per-user word counts (``chunk_words``): after every kind of chunk write, by this
store or another, they equal a fresh count of the chunks; a failed write leaves them as they
were; a forgotten word leaves the table; a database that predates them gets them on migration;
and a keyword search reads them instead of counting chunks."""

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


def text(i: int, rng: random.Random) -> str:
    words = rng.sample(WORDS, 3) + ["candle"] * (i % 3 == 0)
    if i % 2 == 0:
        words.append("note")
    if i % 50 == 7:
        words.append("escrow")
    return " ".join(words) + f" item{i}"


@pytest.fixture
def mem(pg_database, request, clock) -> Iterator[Memory]:
    from lembrar.store.postgres import PostgresStore

    tenant = f"pgwords-{os.getpid()}-{request.node.name}"
    memory = Memory(PostgresStore(pg_database, tenant), embedder=HashingEmbedder(), clock=clock)
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
    yield memory
    memory.close()


def counts(url: str, tenant: str, query: str) -> dict[tuple[str, str], int]:
    import psycopg

    with psycopg.connect(url) as conn:
        return {(u, w): int(n) for u, w, n in conn.execute(query, (tenant,)).fetchall()}


def assert_kept_as_counted(memory: Memory) -> dict[tuple[str, str], int]:
    store = memory.store
    kept = counts(store.url, store.tenant, KEPT)
    assert kept == counts(store.url, store.tenant, FRESH)
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


def test_concurrent_writers_of_one_user_keep_them_exact(mem):
    from lembrar.store.postgres import PostgresStore

    errors: list[BaseException] = []
    start = threading.Barrier(3)

    def write(n: int) -> None:
        store = PostgresStore(mem.store.url, mem.store.tenant)
        try:
            with Memory(store, embedder=HashingEmbedder()) as writer:
                start.wait()
                for i in range(15):
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
    assert assert_kept_as_counted(mem)[USER, "escrow"] == 6 + 3 * 10


def test_a_database_from_before_the_counts_gets_them_on_migration(pg_server, monkeypatch):
    from lembrar.store.postgres import PostgresStore, migrations

    url = pg_server.create_database()
    everything = migrations.MIGRATIONS
    monkeypatch.setattr(migrations, "MIGRATIONS", everything[:-1])
    assert everything[-1][0] == "0009_chunk_words"
    with Memory(PostgresStore(url, "old"), embedder=HashingEmbedder()) as old:
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
