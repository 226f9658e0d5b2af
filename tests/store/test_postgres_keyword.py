"""PostgreSQL's keyword search on large scopes: common words are left out above the threshold
only, scopes rank exactly as the full BM25 query does (from their chunks, or from the ranks a
large scope keeps), and the scope's size and word counts kept by the database follow every
write, whichever store or connection makes it."""

from __future__ import annotations

import os
import random
from datetime import UTC, datetime, timedelta

import pytest
from pg_locks import wait_until_blocked

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder
from lembrar.model.query import Filters
from lembrar.model.text import keywords
from lembrar.model.users import UserSettings

pytestmark = pytest.mark.postgres
T0 = datetime(2024, 5, 1, 9, 0, tzinfo=UTC)
WORDS = (
    "river mountain coffee train letter garden piano winter doctor market violin bridge "
    "lantern harbor recipe camera island blanket ticket orchard candle meadow glacier"
).split()
SIZE = 300  # memories in the scope; every other one says "note", 6 say "escrow"

# The keyword query before word counts were kept and common words left out: every word's count
# and the scope's size counted by the query itself, every row holding any word ranked.
FULL_BM25 = """
    WITH terms AS MATERIALIZED (
        SELECT plainto_tsquery(%(config)s::regconfig, word) AS q
        FROM unnest(%(words)s::text[]) AS word
    ), weights AS (
        SELECT t.q, ln(1 + (n.total - d.df + 0.5) / (d.df + 0.5))::float8 AS idf
        FROM terms t
        CROSS JOIN (SELECT count(*) AS total FROM chunks
                    WHERE tenant_id = %(tenant)s AND user_id = %(user)s) n
        CROSS JOIN LATERAL (
            SELECT count(*) AS df FROM chunks
            WHERE tenant_id = %(tenant)s AND user_id = %(user)s AND fts @@ t.q
        ) d
        WHERE numnode(t.q) > 0
    ), hits AS MATERIALIZED (
        SELECT c.ref, c.fts FROM chunks c JOIN episodes e
            ON e.tenant_id = c.tenant_id AND e.user_id = c.user_id AND e.id = c.episode_id
        WHERE c.tenant_id = %(tenant)s AND c.user_id = %(user)s
        AND c.fts @@ websearch_to_tsquery(%(config)s::regconfig, %(any)s) AND {condition}
    )
    SELECT h.ref, sum(w.idf * ts_rank(h.fts, w.q, 1)) AS score
    FROM hits h CROSS JOIN weights w
    GROUP BY h.ref ORDER BY score DESC, h.ref LIMIT %(k)s
"""


def text(i: int, rng: random.Random) -> str:
    words = rng.sample(WORDS, 5)
    if i % 2 == 0:
        words.append("note")
    if i % 50 == 7:
        words.append("escrow")
    return " ".join(words) + f" item{i}"


@pytest.fixture
def scope(scope_database, request, clock):
    """A memory over one user's scope of ``SIZE`` memories, in a tenant of its own, that keeps
    its ranks per word or not."""
    from lembrar.store.postgres import PostgresStore

    url, _ = scope_database
    tenant = f"pgwords-{os.getpid()}-{request.node.name}"
    mem = Memory(PostgresStore(url, tenant), embedder=HashingEmbedder(), clock=clock)
    rng = random.Random(7)
    mem.add_many(
        {
            "user_id": "ana",
            "content": text(i, rng),
            "role": "user" if i % 2 else "assistant",
            "at": T0 + timedelta(hours=i),
        }
        for i in range(SIZE)
    )
    yield mem
    mem.close()


def other_store(mem: Memory):
    """Another store object on the same tenant, with its own pool."""
    from lembrar.store.postgres import PostgresStore

    return PostgresStore(mem.store.url, mem.store.tenant)


def full_bm25(store, query: str, k: int, filters: Filters) -> list[tuple[int, float]]:
    from lembrar.store.postgres import codec, sql

    terms = [w for w in (codec.fold(t).strip() for t in keywords(query)) if w]
    condition, params = sql.where(filters)
    rows = store._rows(
        FULL_BM25.format(condition=condition),
        store._scope("ana", config="simple", words=terms, any=" or ".join(terms), k=k, **params),
    )
    return [(int(r), float(s)) for r, s in rows]


def size_and_version(store) -> tuple[int, int]:
    rows = store._rows(
        "SELECT chunks, version FROM chunk_scopes WHERE tenant_id = %s AND user_id = %s",
        (store.tenant, "ana"),
    )
    return rows[0] if rows else (0, 0)


def texts_of(store, hits: list[tuple[int, float]]) -> list[str]:
    rows = store.chunk_rows("ana", [r for r, _ in hits])
    return [rows[r].text for r, _ in hits]


@pytest.mark.parametrize(
    "filters", [Filters(), Filters(roles=("user",)), Filters(since=T0 + timedelta(hours=90))]
)
def test_keyword_search_ranks_as_the_full_query(scope, filters):
    store = scope.store
    rng = random.Random(3)
    queries = [" ".join(rng.sample([*WORDS, "note", "escrow", "item12"], 4)) for _ in range(10)]
    for query in [*queries, "note", "escrow note", "the note of a river"]:
        got, want = store.keyword("ana", query, 20, filters), full_bm25(store, query, 20, filters)
        assert [s for _, s in got] == pytest.approx([s for _, s in want], rel=1e-12)
        scores = dict(full_bm25(store, query, 10_000, filters))  # rows tied in score may swap
        assert [scores[r] for r, _ in got] == pytest.approx([s for _, s in got], rel=1e-12)


def test_common_words_are_left_out_above_the_threshold_only(scope, monkeypatch):
    from lembrar.store import terms as words

    store = scope.store
    small = texts_of(store, store.keyword("ana", "note escrow", 50, Filters()))
    assert len(small) == 50 and any("escrow" not in t for t in small)  # "note" ranks too
    monkeypatch.setattr(words, "PRUNE_ABOVE", SIZE - 1)
    large = texts_of(store, store.keyword("ana", "note escrow", 50, Filters()))
    assert large and all("escrow" in t for t in large)  # "note", in half the scope, left out
    assert len(large) == SIZE // 50
    # both in over 5 %: the rarer, "river" (about a fifth), is matched alone
    common = texts_of(store, store.keyword("ana", "note river", 50, Filters()))
    assert len(common) == 50 and all("river" in t for t in common)
    assert any("note" not in t for t in common)


def test_the_rarest_words_are_kept(scope, monkeypatch):
    from lembrar.store import terms as words

    store = scope.store
    monkeypatch.setattr(words, "PRUNE_ABOVE", SIZE - 1)
    monkeypatch.setattr(words, "COMMON_SHARE", 0.5)
    monkeypatch.setattr(words, "MAX_TERMS", 2)
    # item3 and item4 in one memory each, escrow in six, river in about a fifth
    found = texts_of(store, store.keyword("ana", "river escrow item3 item4", 20, Filters()))
    assert sorted(t.rsplit(" ", 1)[1] for t in found) == ["item3", "item4"]


def test_the_scope_size_follows_every_write(scope):
    store = scope.store
    versions = [size_and_version(store)]

    def changed() -> None:
        size, version = size_and_version(store)
        [(count,)] = store._rows(
            "SELECT count(*) FROM chunks WHERE tenant_id = %s AND user_id = %s",
            (store.tenant, "ana"),
        )
        assert size == count and version not in [v for _, v in versions]
        versions.append((size, version))

    assert versions[0][0] == SIZE
    [added] = scope.add("a fresh escrow letter", user_id="ana")
    changed()
    scope.update(added.id, "an edited escrow letter, twice as long as it was before", "ana")
    changed()
    scope.delete(added.id, "ana")
    changed()
    store.delete_matching("ana", Filters(roles=("user",)))
    changed()
    store.put_user(UserSettings("ana", language="pt"))  # re-indexed for Portuguese
    changed()
    store.delete_user("ana")
    assert size_and_version(store) == (0, 0)


def test_word_counts_follow_writes_of_other_stores_and_connections(scope, monkeypatch):
    import psycopg

    from lembrar.store import terms as words

    monkeypatch.setattr(words, "PRUNE_ABOVE", SIZE - 1)
    store = scope.store
    query = "escrow candle"

    def agrees() -> list[tuple[int, float]]:
        fresh = other_store(scope)
        try:
            got, want = (
                store.keyword("ana", query, 20, Filters()),
                fresh.keyword("ana", query, 20, Filters()),
            )
        finally:
            fresh.close()
        assert got == want
        return got

    first = agrees()  # escrow in 6 chunks, candle about a fifth (over the 5 % cap)
    assert all("escrow" in t for t in texts_of(store, first))
    writer = other_store(scope)
    with Memory(writer, embedder=HashingEmbedder()) as mem:
        mem.add_many({"user_id": "ana", "content": f"escrow escrow {i}"} for i in range(30))
    second = agrees()  # escrow now over the cap, alone, with a lower idf
    assert second != first
    with psycopg.connect(store.url, autocommit=True) as conn:
        conn.execute(
            "DELETE FROM episodes WHERE tenant_id = %s AND content LIKE 'escrow escrow %%'",
            (store.tenant,),
        )
    assert agrees() == first


def test_writes_to_several_users_lock_their_scopes_in_one_order(scope):
    """A batch lists "zoe" before "ana"; another transaction locks "ana" then "zoe" (the one
    order): the batch waits for it instead of holding "zoe" and deadlocking."""
    import threading

    import psycopg

    store = scope.store
    scope.add("zoe's first note", user_id="zoe")
    with psycopg.connect(store.url, autocommit=True) as conn:
        lock = "SELECT 1 FROM chunk_scopes WHERE tenant_id = %s AND user_id = %s FOR UPDATE"
        conn.execute("BEGIN")
        conn.execute(lock, (store.tenant, "ana"))
        failed: list[BaseException] = []

        def write() -> None:
            try:
                scope.add_many(
                    [{"user_id": "zoe", "content": "z"}, {"user_id": "ana", "content": "a"}]
                )
            except BaseException as exc:  # noqa: BLE001 - reported by the assertion below
                failed.append(exc)

        writer = threading.Thread(target=write)
        writer.start()
        wait_until_blocked(conn, writer)
        conn.execute("SET LOCAL lock_timeout = '5s'")
        conn.execute(lock, (store.tenant, "zoe"))  # unordered, the batch would hold it: deadlock
        conn.execute("COMMIT")
        writer.join()
    assert not failed
    assert size_and_version(store)[0] == SIZE + 1
