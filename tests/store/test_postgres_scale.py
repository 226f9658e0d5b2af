"""PostgreSQL's large-scope path: the pgvector HNSW index answers like exact search, honours
filters, never returns a deleted vector, and is rebuilt on demand."""

from __future__ import annotations

import os
import random
import threading
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from lembrar import Memory, ValidationError
from lembrar.embed.hashing import HashingEmbedder
from lembrar.model.query import Filters

pytestmark = pytest.mark.postgres
T0 = datetime(2024, 5, 1, 9, 0, tzinfo=UTC)
WORDS = (
    "river mountain coffee train letter garden piano winter doctor market violin bridge "
    "lantern harbor recipe camera island blanket ticket orchard candle meadow glacier"
).split()


def sentences(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return [" ".join(rng.sample(WORDS, 6)) + f" note {i}" for i in range(count)]


@pytest.fixture
def stores(pg_database, request, clock):
    from lembrar.store.postgres import PostgresStore

    tenant = f"pgscale-{os.getpid()}-{request.node.name}"
    exact = PostgresStore(pg_database, tenant, exact_search_limit=10**9)
    indexed = PostgresStore(pg_database, tenant, exact_search_limit=0)
    mem = Memory(indexed, embedder=HashingEmbedder(), clock=clock)
    mem.add_many(
        {
            "user_id": "ana",
            "content": text,
            "role": "user" if i % 2 else "assistant",
            "session_id": f"s{i // 20}",
            "at": T0 + timedelta(hours=i),
        }
        for i, text in enumerate(sentences(300, 3))
    )
    yield mem, indexed, exact
    exact.close()
    mem.close()


def vectors(count: int) -> np.ndarray:
    return HashingEmbedder().embed_batch(sentences(count, 11))


@pytest.mark.parametrize(
    "filters",
    [
        Filters(),
        Filters(roles=("user",)),
        Filters(session_id="s3"),
        Filters(since=T0 + timedelta(hours=50), until=T0 + timedelta(hours=200)),
    ],
)
def test_the_index_agrees_with_exact_search_under_filters(stores, filters):
    _, indexed, exact = stores
    hits = total = 0
    for vector in vectors(10):
        got = indexed.dense("ana", vector, 10, filters)
        want = exact.dense("ana", vector, 10, filters)
        rows = indexed.chunk_rows("ana", [r for r, _ in got])
        for ref, _ in got:
            episode = rows[ref].episode
            assert filters.session_id in (None, episode.session_id)
            assert not filters.roles or episode.role in filters.roles
            assert filters.since is None or filters.since <= episode.at < filters.until
        hits += len({r for r, _ in got} & {r for r, _ in want})
        total += len(want)
    assert total and hits / total >= 0.95


def test_a_deleted_vector_is_never_returned_by_the_index(stores):
    mem, indexed, _ = stores
    victims = mem.get_all("ana", limit=10).items
    for e in victims:
        mem.delete(e.id, "ana")
    for e in victims:
        vector = HashingEmbedder().embed_batch([e.content])[0]
        found = indexed.chunk_rows(
            "ana", [r for r, _ in indexed.dense("ana", vector, 20, Filters())]
        )
        assert e.id not in {row.episode.id for row in found.values()}


def test_the_index_is_rebuilt_on_demand(stores):
    _, indexed, exact = stores
    assert indexed.rebuild_indexes() == 1
    vector = vectors(1)[0]
    assert indexed.dense("ana", vector, 5, Filters()) == exact.dense("ana", vector, 5, Filters())
    with pytest.raises(ValidationError, match="approximate_above"):
        indexed.rebuild_indexes(approximate_above=10)


def test_the_search_settings_hold_for_the_search_alone(stores, monkeypatch):
    """The index search reads its settings from the statement itself: one candidate without
    iterative scans leaves one row, and the connection keeps the server's defaults after it."""
    from lembrar.store.postgres import PostgresStore
    from lembrar.store.postgres import store as postgres_store

    mem, _, exact = stores
    narrow = PostgresStore(mem.store.url, mem.store.tenant, exact_search_limit=0, pool_size=1)
    settings = "SELECT current_setting('hnsw.ef_search'), current_setting('hnsw.iterative_scan')"
    try:
        with narrow._db.connection() as conn:  # a scope this small is sorted otherwise
            conn.execute("SET enable_sort = off")
            conn.execute("SELECT '[1]'::vector")  # loads pgvector, which defines its settings
            before = conn.execute(settings).fetchone()
        vector = vectors(1)[0]
        assert len(narrow.dense("ana", vector, 5, Filters())) == 5
        monkeypatch.setattr(postgres_store, "_search_ef", lambda k: 1)
        monkeypatch.setattr(narrow._db, "iterative_scan", False)
        assert len(narrow.dense("ana", vector, 5, Filters())) == 1
        with narrow._db.connection() as conn:
            assert conn.execute(settings).fetchone() == before
        monkeypatch.undo()
        want = exact.dense("ana", vector, 10, Filters(roles=("user",)))
        assert narrow.dense("ana", vector, 10, Filters(roles=("user",))) == want
    finally:
        narrow.close()


def index_build(url: str) -> tuple[list[str], int]:
    """The HNSW index's storage parameters and the file that holds it (new on a rebuild)."""
    import psycopg

    with psycopg.connect(url) as conn:
        options, node = conn.execute(
            "SELECT reloptions, relfilenode FROM pg_class WHERE relname = 'chunks_by_embedding'"
        ).fetchone()
    return sorted(options or []), node


def test_the_index_is_built_with_more_candidates_than_the_default(stores):
    mem, _, _ = stores
    assert index_build(mem.store.url)[0] == ["ef_construction=128", "m=16"]


def test_an_index_built_before_is_rebuilt_once_with_the_new_settings(pg_server, clock):
    import psycopg

    from lembrar.store.postgres import PostgresStore, migrations

    url = pg_server.create_database()
    with Memory(PostgresStore(url, "old"), embedder=HashingEmbedder(), clock=clock) as old:
        old.add_many({"user_id": "ana", "content": t} for t in sentences(60, 5))
    with psycopg.connect(url, autocommit=True) as conn:  # as a database of the release before
        conn.execute("ALTER INDEX chunks_by_embedding RESET (m, ef_construction)")
        conn.execute("DELETE FROM migrations WHERE name = '0011_hnsw_build'")
    options, before = index_build(url)
    assert options == []
    exact = PostgresStore(url, "old", exact_search_limit=10**9)
    indexed = PostgresStore(url, "old", exact_search_limit=0)
    options, after = index_build(url)
    assert options == ["ef_construction=128", "m=16"] and after != before
    with psycopg.connect(url) as conn:
        assert "0011_hnsw_build" in migrations.applied(conn)
    PostgresStore(url, "old").close()
    assert index_build(url)[1] == after  # once
    for vector in vectors(5):
        assert indexed.dense("ana", vector, 5, Filters()) == exact.dense(
            "ana", vector, 5, Filters()
        )
    indexed.close()
    exact.close()


WIDE = 768  # 3 KB vectors: past the size where a row's values would be moved out of line


def out_of_line(url: str) -> list[bool]:
    """Whether each chunk's vector is stored out of its row (in the TOAST table)."""
    import psycopg

    with psycopg.connect(url) as conn:
        return [
            toasted
            for (toasted,) in conn.execute(
                "SELECT pg_column_toast_chunk_id(embedding) IS NOT NULL FROM chunks"
            )
        ]


def chunks_file(url: str) -> int:
    import psycopg

    with psycopg.connect(url) as conn:
        return conn.execute("SELECT relfilenode FROM pg_class WHERE relname = 'chunks'").fetchone()[
            0
        ]


def test_vectors_are_kept_in_their_rows_with_their_text(pg_server, clock):
    import psycopg

    from lembrar.store.postgres import PostgresStore, migrations

    url = pg_server.create_database()
    with Memory(PostgresStore(url, "wide"), embedder=HashingEmbedder(WIDE), clock=clock) as mem:
        mem.add_many({"user_id": "ana", "content": t} for t in sentences(40, 5))
        mem.saved.add("ana", "I am vegetarian")
    assert out_of_line(url) == [False] * 40
    with psycopg.connect(url) as conn:
        for table, column in migrations._VECTOR_COLUMNS:
            storage, options, toasted = conn.execute(
                "SELECT a.attstorage, c.reloptions, pg_relation_size(c.reltoastrelid)"
                " FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid"
                " WHERE c.oid = %s::regclass AND a.attname = %s",
                (table, column),
            ).fetchone()
            assert (storage, options, toasted) == ("m", ["toast_tuple_target=8160"], 0), table


def test_vectors_stored_out_of_line_before_are_moved_into_their_rows_once(pg_server, clock):
    import psycopg

    from lembrar.store.postgres import PostgresStore, migrations

    url = pg_server.create_database()
    PostgresStore(url, "old").close()
    with psycopg.connect(url, autocommit=True) as conn:  # as a database of the release before
        for table, column in migrations._VECTOR_COLUMNS:
            conn.execute(f"ALTER TABLE {table} ALTER COLUMN {column} SET STORAGE DEFAULT")
            conn.execute(f"ALTER TABLE {table} RESET (toast_tuple_target)")
    with Memory(PostgresStore(url, "old"), embedder=HashingEmbedder(WIDE), clock=clock) as old:
        old.add_many({"user_id": "ana", "content": t} for t in sentences(40, 5))
    with psycopg.connect(url, autocommit=True) as conn:  # the type's own storage, as before
        conn.execute("ALTER TABLE chunks ALTER COLUMN embedding SET STORAGE DEFAULT")
        conn.execute("UPDATE chunks SET embedding = embedding::text::vector")
    assert out_of_line(url) == [True] * 40
    queries = HashingEmbedder(WIDE).embed_batch(sentences(5, 11))
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("DELETE FROM migrations WHERE name = '0012_vectors_inline'")
    before_file = chunks_file(url)
    exact = PostgresStore(url, "old", exact_search_limit=10**9)
    assert out_of_line(url) == [False] * 40
    moved = chunks_file(url)
    assert moved != before_file
    PostgresStore(url, "old").close()
    assert chunks_file(url) == moved  # once
    indexed = PostgresStore(url, "old", exact_search_limit=0)
    found = [exact.dense("ana", q, 5, Filters()) for q in queries]
    assert [indexed.dense("ana", q, 5, Filters()) for q in queries] == found
    assert all(len(hits) == 5 for hits in found)
    indexed.close()
    exact.close()


def test_an_exact_search_holds_distances_not_vectors(pg_server, clock):
    import psycopg

    from lembrar.store.postgres import PostgresStore, sql

    url = pg_server.create_database()
    with psycopg.connect(url, autocommit=True) as conn:  # 64 kB: 20 vectors of 3 KB
        conn.execute(f"ALTER DATABASE {conn.info.dbname} SET work_mem = '64kB'")
    embedder = HashingEmbedder(WIDE)
    texts = sentences(120, 5)
    with Memory(PostgresStore(url, "x"), embedder=embedder, clock=clock) as mem:
        mem.add_many({"user_id": "ana", "content": t} for t in texts)
    query = embedder.embed_batch(["violin harbor candle"])[0]
    params = {"tenant": "x", "user": "ana", "k": 5, "vector": query}
    statement = sql.dense_exact(sql.chunks_in_scope(Filters()), "TRUE")
    store = PostgresStore(url, "x", exact_search_limit=10**9)
    with store._db.connection() as conn:
        plan = "\n".join(
            r[0] for r in conn.execute(f"EXPLAIN (ANALYZE, BUFFERS) {statement}", params)
        )
        refs = dict(conn.execute("SELECT ref, text FROM chunks").fetchall())
    assert "temp" not in plan.lower()  # nothing written past work_mem
    hits = store.dense("ana", query, 5, Filters())
    store.close()
    scores = embedder.embed_batch(texts) @ query
    want = sorted(scores, reverse=True)[:5]
    assert [round(s, 4) for _, s in hits] == [round(float(s), 4) for s in want]
    assert [texts.index(refs[r]) for r, _ in hits] == list(np.argsort(-scores, kind="stable")[:5])


QUESTIONS = (
    "what did we say about the violin in March or in May?",
    "coffee near the harbor",
    "glacier meadow candle ticket",
    "what happened on Monday and on Friday?",
)


def test_a_search_runs_its_queries_side_by_side_and_finds_what_one_at_a_time_finds(
    stores, monkeypatch
):
    from lembrar.store.postgres import PostgresStore

    mem, indexed, _ = stores
    threads: dict[str, set[int]] = {}
    for name in ("dense", "keyword"):
        call = getattr(PostgresStore, name)

        def recorded(self, *args, _call=call, _name=name, **kwargs):
            threads.setdefault(_name, set()).add(threading.get_ident())
            return _call(self, *args, **kwargs)

        monkeypatch.setattr(PostgresStore, name, recorded)
    now = T0 + timedelta(days=40)
    assert indexed.concurrent_reads > 1
    side_by_side = [mem.search(q, user_id="ana", k=8, now=now) for q in QUESTIONS]
    assert len(threads["dense"] | threads["keyword"]) > 1  # not all on the caller's thread
    monkeypatch.setattr(PostgresStore, "concurrent_reads", 1)
    threads.clear()
    one_at_a_time = [mem.search(q, user_id="ana", k=8, now=now) for q in QUESTIONS]
    assert threads["dense"] | threads["keyword"] == {threading.get_ident()}
    for got, want in zip(side_by_side, one_at_a_time):
        assert want
        assert [(h.episode.id, h.text, round(h.score, 9)) for h in got] == [
            (h.episode.id, h.text, round(h.score, 9)) for h in want
        ]
