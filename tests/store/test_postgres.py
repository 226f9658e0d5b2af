"""What only the PostgreSQL store has: URL opening, concurrent migration, text search languages,
the HNSW path, and agreement with the SQLite reference on the same data."""

from __future__ import annotations

import os
import sys
import threading
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from lembrar import ConfigurationError, Memory, MissingExtraError, StoreError
from lembrar.embed.hashing import HashingEmbedder
from lembrar.model.query import Filters
from lembrar.store import open_store
from lembrar.store.sqlite import SqliteStore

T0 = datetime(2024, 3, 1, 8, 0, tzinfo=UTC)
CORPUS = [
    "We hiked up the mountain trail before sunrise",
    "The dentist said my teeth look fine",
    "Booked flights to Lisbon for the conference",
    "Maria cooked feijoada for the whole family",
    "My laptop battery died during the meeting",
    "Planted tomatoes and basil in the garden",
    "The cat knocked the vase off the shelf",
    "Watched a documentary about deep sea fish",
    "Paid the electricity bill and the rent",
    "Rex the dog learned to fetch the newspaper",
    "Ran five kilometres along the river",
    "Meeting with the bank about the mortgage",
    "The garden needs watering every morning",
    "Bought new running shoes for the marathon",
    "Lisbon trams are yellow and very old",
    "Called grandma to wish her a happy birthday",
]
QUERIES = [
    "garden plants",
    "running",
    "Lisbon trip",
    "dog",
    "money bills bank",
    "meeting",
    "teeth doctor",
]

postgres = pytest.mark.postgres


@pytest.fixture
def tenant(request) -> str:
    return f"pg-{os.getpid()}-{request.node.name}"


def fill(mem: Memory) -> None:
    mem.add_many(
        {
            "user_id": "ana",
            "content": text,
            "session_id": f"s{i % 3}",
            "at": T0 + timedelta(hours=7 * i),
            "role": "user" if i % 2 else "assistant",
            "metadata": {"even": i % 2 == 0},
        }
        for i, text in enumerate(CORPUS)
    )


@postgres
def test_memory_opens_a_postgres_url(pg_database, tenant, clock):
    with Memory(pg_database, embedder=HashingEmbedder(), tenant=tenant, clock=clock) as mem:
        assert type(mem.store).__name__ == "PostgresStore" and mem.store.tenant == tenant
        [e] = mem.add("opened by URL", user_id="ana")
        assert mem.search("opened", user_id="ana", preset="keyword")[0].episode == e
    store = open_store(pg_database.replace("postgresql://", "postgres://", 1), tenant)
    assert store.get("ana", e.id) == e
    store.close()
    with pytest.raises(ConfigurationError, match="hash/256"):
        Memory(pg_database, embedder=HashingEmbedder(dim=32), tenant=tenant)


@postgres
def test_vector_dimension_is_fixed_once(pg_server, clock):
    from lembrar.store.postgres import PostgresStore

    url = pg_server.create_database()
    store = PostgresStore(url)
    with Memory(store, embedder=HashingEmbedder(dim=64), clock=clock) as mem:
        mem.add("sixty-four dimensions", user_id="ana")
        with pytest.raises(ConfigurationError, match="64-dimensional"):
            store.set_meta("embedder", "other/128")
        assert store.get_meta("embedder") == "hash/64"
    import psycopg

    with psycopg.connect(url) as conn:
        assert conn.execute(
            "SELECT format_type(atttypid, atttypmod) FROM pg_attribute"
            " WHERE attrelid = 'chunks'::regclass AND attname = 'embedding'"
        ).fetchone() == ("vector(64)",)
        assert conn.execute(
            "SELECT count(*) FROM pg_indexes WHERE indexname = 'chunks_by_embedding'"
        ).fetchone() == (1,)


@postgres
def test_concurrent_first_opens_migrate_once(pg_server):
    from lembrar.store.postgres import PostgresStore
    from lembrar.store.postgres.migrations import MIGRATIONS

    url = pg_server.create_database()
    errors, stores = [], []
    barrier = threading.Barrier(6)

    def open_one() -> None:
        barrier.wait()
        try:
            stores.append(PostgresStore(url, pool_size=1))
        except Exception as exc:
            errors.append(exc)

    threads = [threading.Thread(target=open_one) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for store in stores:
        store.close()
    assert errors == [] and len(stores) == 6
    import psycopg

    with psycopg.connect(url) as conn:
        assert conn.execute("SELECT name FROM migrations ORDER BY name").fetchall() == [
            (n,) for n, _ in MIGRATIONS
        ]


@postgres
def test_user_language_selects_stemming_and_reindexes(pg_database, tenant, clock):
    with Memory(pg_database, embedder=HashingEmbedder(), tenant=tenant, clock=clock) as mem:
        mem.add("She was running with two apples", user_id="ana")
        assert mem.search("runs apple", user_id="ana", preset="keyword") == []
        mem.set_user("ana", language="en-GB")
        assert len(mem.search("runs apple", user_id="ana", preset="keyword")) == 1
        mem.add("Another apple", user_id="ana")
        assert len(mem.search("apples", user_id="ana", preset="keyword")) == 2
        mem.set_user("ana", language="xx-unknown")
        assert len(mem.search("apples", user_id="ana", preset="keyword")) == 1


def ranked(pairs) -> list[tuple[float, str]]:
    """(score, text) best first, ties in text order: equal scores have no defined order."""
    return sorted(((round(score, 4), text) for score, text in pairs), key=lambda p: (-p[0], p[1]))


@postgres
def test_results_agree_with_sqlite(pg_database, tenant, tmp_path, clock):
    sqlite = Memory(SqliteStore(tmp_path / "ref.db"), embedder=HashingEmbedder(), clock=clock)
    postgres = Memory(pg_database, embedder=HashingEmbedder(), tenant=tenant, clock=clock)
    with sqlite, postgres:
        fill(sqlite)
        fill(postgres)
        for query in QUERIES:
            vector = HashingEmbedder().embed_batch([query])[0]
            for filters in (
                Filters(),
                Filters(roles=("user",), since=T0 + timedelta(days=1)),
                Filters(metadata={"even": True}),
            ):
                dense = [
                    ranked(
                        (score, m.store.chunk_rows("ana", [r])[r].text)
                        for r, score in m.store.dense("ana", vector, 20, filters)
                    )
                    for m in (sqlite, postgres)
                ]
                assert dense[0] == dense[1], query
                keyword = [
                    {
                        h.episode.content
                        for h in m.search(
                            query, user_id="ana", filters=filters, preset="keyword", k=20
                        )
                    }
                    for m in (sqlite, postgres)
                ]
                assert keyword[0] == keyword[1], query
            for preset in (
                "dense",
                "fast",
                "balanced",
                "thorough",
            ):  # fused ranks: ties may reorder the tail
                assert (
                    sqlite.search(query, user_id="ana", preset=preset)[0].episode.content
                    == postgres.search(query, user_id="ana", preset=preset)[0].episode.content
                ), (query, preset)
        for order in ("asc", "desc"):
            listed = [
                [
                    (e.content, e.at, e.tags, e.role, e.session_id, e.metadata)
                    for e in m.get_all("ana", order=order, limit=50).items
                ]
                for m in (sqlite, postgres)
            ]
            assert listed[0] == listed[1]
        assert sqlite.sessions("ana") == postgres.sessions("ana")


@postgres
def test_index_path_agrees_with_exact_search(pg_database, tenant, clock):
    from lembrar.store.postgres import PostgresStore

    exact = PostgresStore(pg_database, tenant)
    indexed = exact.for_tenant(tenant)
    indexed.exact_search_limit = 0
    with Memory(exact, embedder=HashingEmbedder(), clock=clock) as mem:
        fill(mem)
        for query in QUERIES:
            vector = HashingEmbedder().embed_batch([query])[0]
            for filters in (Filters(), Filters(session_id="s1")):
                got, expected = (
                    indexed.dense("ana", vector, 5, filters),
                    exact.dense("ana", vector, 5, filters),
                )
                assert [r for r, _ in got] == [r for r, _ in expected]
                assert np.allclose([s for _, s in got], [s for _, s in expected])


def test_unreachable_server_is_a_store_error():
    from lembrar.store.postgres import PostgresStore

    with pytest.raises(StoreError, match="cannot open"):
        PostgresStore("postgresql://nobody@/nowhere?host=/nonexistent-socket-dir&connect_timeout=2")


def test_missing_driver_names_the_extra(monkeypatch):
    from lembrar.store.postgres import PostgresStore

    monkeypatch.setitem(sys.modules, "psycopg_pool", None)
    with pytest.raises(MissingExtraError, match=r"lembrar\[postgres\]") as info:
        PostgresStore("postgresql://localhost/none")
    assert info.value.extra == "postgres"


SETTLED = ("chunk_postings", "chunk_scopes", "chunk_words", "chunks", "episodes")


@postgres
def test_settle_vacuums_and_analyzes_what_a_search_reads(pg_server, clock):
    import psycopg

    url = pg_server.create_database()
    with Memory(url, embedder=HashingEmbedder(), clock=clock) as mem:
        mem.add_many({"user_id": "ana", "content": f"letter {i} about rivers"} for i in range(50))
        mem.store.settle()
        assert len(mem.search("rivers", user_id="ana", preset="keyword")) == 10
    with psycopg.connect(url) as conn:
        rows = conn.execute(
            "SELECT relname, last_vacuum IS NOT NULL, last_analyze IS NOT NULL"
            " FROM pg_stat_user_tables WHERE relname = ANY(%s) ORDER BY relname",
            (list(SETTLED),),
        ).fetchall()
    assert rows == [(name, True, True) for name in sorted(SETTLED)]


def test_writes_of_one_user_wait_for_each_other_and_no_one_else(pg_database, tenant, clock):
    """A write of a user waits while another write of that user is open (their triggers and
    cascades would otherwise lock shared rows in clashing orders); other users' writes go on."""
    import time

    import psycopg

    from lembrar.store.postgres import PostgresStore

    holder = PostgresStore(pg_database, tenant)
    writer = Memory(PostgresStore(pg_database, tenant), embedder=HashingEmbedder(), clock=clock)
    added: list[str] = []
    try:
        with holder._db.transaction(tenant, ["ana"]):  # a write of ana's, still open
            second = threading.Thread(
                target=lambda: added.extend(e.id for e in writer.add("second", user_id="ana"))
            )
            second.start()
            with psycopg.connect(pg_database, autocommit=True) as watch:
                deadline = time.monotonic() + 30
                while (
                    time.monotonic() < deadline
                    and not watch.execute(
                        "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
                    ).fetchone()[0]
                ):
                    time.sleep(0.02)
            assert second.is_alive() and not added  # waiting for ana's lock
            assert writer.add("other", user_id="bob")  # bob's write does not wait
        second.join(30)
        assert len(added) == 1 and writer.get(added[0], "ana").content == "second"
    finally:
        holder.close()
        writer.close()
