"""PostgreSQL's kept word counts through this process's own chunk writes: they move to the
scope's new version with each insert, edit and delete, equal to a fresh count, so the next search
counts nothing again; another store's write, or a write that fails, never leaves one stale."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from pg_locks import wait_until_blocked

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder
from lembrar.errors import LembrarError
from lembrar.model.query import Filters

pytestmark = pytest.mark.postgres
T0 = datetime(2024, 5, 1, 9, 0, tzinfo=UTC)
WORDS = "river mountain coffee train letter garden piano winter doctor market violin".split()
SIZE = 300  # memories; every other one says "note" (the assistant's), 6 say "escrow"
# kept: escrow and item12 exactly, candle capped past 5 %, note exactly past it (matched alone)
QUERIES = ("escrow candle item12", "note")
USER = "ana"


def text(i: int, rng: random.Random) -> str:
    words = rng.sample(WORDS, 3) + ["candle"] * (i % 3 == 0)
    if i % 2 == 0:
        words.append("note")
    if i % 50 == 7:
        words.append("escrow")
    return " ".join(words) + f" item{i}"


@pytest.fixture
def mem(pg_database, request, clock, monkeypatch) -> Iterator[Memory]:
    """One user's scope of ``SIZE`` memories, large enough for common words to be left out."""
    from lembrar.store import terms
    from lembrar.store.postgres import PostgresStore

    monkeypatch.setattr(terms, "PRUNE_ABOVE", SIZE - 1)
    tenant = f"pgcounts-{os.getpid()}-{request.node.name}"
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


@pytest.fixture
def counted(monkeypatch) -> list[list[str]]:
    """The words of every counting statement (``sql.HOLDING``) issued from now on."""
    import psycopg

    from lembrar.store.postgres import sql

    issued: list[list[str]] = []
    execute = psycopg.Connection.execute

    def recording(self, query, params=None, **kwargs):
        if query is sql.HOLDING:
            issued.append(list(params["words"]))
        return execute(self, query, params, **kwargs)

    monkeypatch.setattr(psycopg.Connection, "execute", recording)
    return issued


def fresh_store(memory: Memory):
    """Another store object on the same tenant: its own pool, nothing kept."""
    from lembrar.store.postgres import PostgresStore

    return PostgresStore(memory.store.url, memory.store.tenant)


def search_all(store) -> list[list[tuple[int, float]]]:
    return [store.keyword(USER, q, 20, Filters()) for q in QUERIES]


def capped(counts: dict[str, int], cap: int | None) -> dict[str, int]:
    """Counts as a search ranks them: those past the cap alike (some may be kept exactly)."""
    return counts if cap is None else {w: min(n, cap + 1) for w, n in counts.items()}


def kept_agree_with_a_fresh_count(memory: Memory, counted: list[list[str]]) -> set[str]:
    """Assert that the scope's counts are kept at its version, and that the store gives them,
    counting nothing, as a fresh store counts them (capped one past the cap, and exact); the
    kept words."""
    store = memory.store
    key = (store.tenant, USER)
    kept = store._db.term_counts.kept(key)
    assert kept is not None
    with store._db.connection() as conn:
        scope = store._scope_of(conn, USER)
        assert kept.version == scope.version  # moved along, not dropped
        exact = list(store._db.term_counts.known(key, scope, kept.words, exact=True))
        counted.clear()
        mine = (
            capped(store._holding(conn, USER, scope, kept.words), scope.cap),
            store._holding(conn, USER, scope, exact, exact=True),
        )
        assert not counted
    fresh = fresh_store(memory)
    try:
        with fresh._db.connection() as conn:
            assert mine == (
                capped(fresh._holding(conn, USER, scope, kept.words), scope.cap),
                fresh._holding(conn, USER, scope, exact, exact=True),
            )
    finally:
        fresh.close()
    return set(kept.words)


def searches_agree_with_a_fresh_store(
    memory: Memory, counted: list[list[str]]
) -> tuple[list[list[tuple[int, float]]], set[str]]:
    """This store's results (equal to a fresh store's) and the words it counted for them."""
    counted.clear()
    got = search_all(memory.store)
    recounted = {w for words in counted for w in words}
    fresh = fresh_store(memory)
    try:
        assert got == search_all(fresh)
    finally:
        fresh.close()
    return got, recounted


def test_own_writes_move_the_kept_counts_along(mem, counted):
    store = mem.store
    search_all(store)
    assert counted  # counted once
    words = kept_agree_with_a_fresh_count(mem, counted)
    assert words == {"escrow", "candle", "item12", "note"}

    def written(expected: set[str]) -> None:
        assert kept_agree_with_a_fresh_count(mem, counted) == expected
        _, recounted = searches_agree_with_a_fresh_store(mem, counted)
        assert not recounted & expected  # no kept word counted again

    added = mem.add_many(
        {"user_id": USER, "content": f"escrow candle note item12 added{i}", "role": "user"}
        for i in range(5)
    )
    written(words)
    mem.update(added[0].id, "an edited letter without the rare word", USER)
    written(words)
    mem.delete(added[1].id, USER)
    written(words)
    assert store.delete_matching(USER, Filters(roles=("user",))) == SIZE // 2 + 4
    # 160 memories: no word is left out any more, and capped counts cannot be known uncounted
    written({"escrow", "item12", "note"})  # candle counted again, exactly
    mem.add_many({"user_id": USER, "content": f"escrow filler {i}"} for i in range(150))
    written(words)  # 300 again: words counted exactly since are kept past the cap


def test_a_write_of_another_store_still_drops_the_kept_counts(mem, counted):
    first, _ = searches_agree_with_a_fresh_store(mem, counted)
    other = fresh_store(mem)
    with Memory(other, embedder=HashingEmbedder()) as writer:
        writer.add_many({"user_id": USER, "content": f"escrow escrow {i}"} for i in range(30))
    mem.add("an escrow of my own", user_id=USER)  # its version is not the kept one
    second, recounted = searches_agree_with_a_fresh_store(mem, counted)
    assert "escrow" in recounted  # counted again: 37 chunks, over the cap now
    assert second != first


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


def test_a_failed_write_leaves_the_kept_counts_as_they_were(mem, counted, refused_at_commit):
    store = mem.store
    before, _ = searches_agree_with_a_fresh_store(mem, counted)
    [kept] = mem.add("escrow kept", user_id=USER)
    with pytest.raises(LembrarError):  # refused after its chunks were written and counted
        mem.add(f"escrow candle note {refused_at_commit}", user_id=USER)
    with pytest.raises(LembrarError):
        mem.add("escrow and a NUL \x00", user_id=USER)
    with pytest.raises(LembrarError):
        store.delete(USER, [kept.id, "no-such-episode"])
    after, recounted = searches_agree_with_a_fresh_store(mem, counted)
    assert not recounted & {"escrow", "candle", "item12", "note"}
    assert after != before  # the memory that was stored counts
    kept_agree_with_a_fresh_count(mem, counted)


def test_a_write_that_waits_for_another_writer_follows_nothing(mem, counted):
    """Another connection deletes most "escrow" memories and holds the scope until it commits;
    a write of this store meanwhile waits for it, so it sees the other's version, not the kept
    one, and the kept counts are counted again instead of moved past a change they miss."""
    import threading

    import psycopg

    store = mem.store
    first, _ = searches_agree_with_a_fresh_store(mem, counted)
    with psycopg.connect(store.url, autocommit=True) as conn:
        conn.execute("BEGIN")
        conn.execute(
            "DELETE FROM episodes WHERE tenant_id = %s AND content LIKE '%%escrow%% item7'",
            (store.tenant,),
        )
        conn.execute(
            "DELETE FROM episodes WHERE tenant_id = %s AND content LIKE '%%escrow%% item_57'",
            (store.tenant,),
        )
        writer = threading.Thread(target=lambda: mem.add("escrow of my own", user_id=USER))
        writer.start()
        wait_until_blocked(conn, writer)
        conn.execute("COMMIT")
        writer.join()
    second, recounted = searches_agree_with_a_fresh_store(mem, counted)
    assert "escrow" in recounted
    assert second != first


def test_a_batch_for_several_users_drops_the_kept_counts(mem, counted):
    """Several users' scopes are locked by the write's triggers, in their order: such a batch
    follows none, and the next search counts again."""
    first, _ = searches_agree_with_a_fresh_store(mem, counted)
    mem.add_many(
        [{"user_id": "zoe", "content": "escrow"}, {"user_id": USER, "content": "escrow note"}]
    )
    assert mem.store._db.term_counts.kept((mem.store.tenant, USER)).version < size_version(mem)
    second, recounted = searches_agree_with_a_fresh_store(mem, counted)
    assert "escrow" in recounted and second != first


def size_version(memory: Memory) -> int:
    store = memory.store
    with store._db.connection() as conn:
        return store._scope_of(conn, USER).version
