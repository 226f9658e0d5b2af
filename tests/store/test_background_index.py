"""Index builds that searches do not wait for: a large scope with no index is answered exactly
(dense and keyword) while its indexes are built in the background; they are used once built; a
build that the scope's deletion or a forgotten episode overtakes is thrown away, so no index
file holds what was forgotten."""

from __future__ import annotations

import contextlib
import random
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np
import pytest

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder
from lembrar.model.query import Filters
from lembrar.store.sqlite import SqliteStore
from lembrar.store.sqlite import ann as ann_module
from lembrar.store.sqlite.ann import ScopeAnn
from lembrar.store.sqlite.background import Builds, BuildStopped
from lembrar.store.sqlite.connection import Shared

pytest.importorskip("usearch")

T0 = datetime(2024, 5, 1, 9, 0, tzinfo=UTC)
WORDS = (
    "river mountain coffee train letter garden piano winter doctor market violin bridge "
    "lantern harbor recipe camera island blanket ticket orchard candle meadow glacier"
).split()
ABOVE = 100  # scopes from 100 chunks are large
INLINE = 50  # an index taking in more than 50 rows at once is built in the background


def sentences(count: int, seed: int = 5) -> list[str]:
    rng = random.Random(seed)
    return [" ".join(rng.sample(WORDS, 5)) + f" note {i}" for i in range(count)]


def fill(mem: Memory, count: int = 300) -> list[str]:
    added = mem.add_many(
        {"user_id": "ana", "content": text, "at": T0 + timedelta(hours=i)}
        for i, text in enumerate(sentences(count))
    )
    return [e.id for e in added]


@pytest.fixture
def filled(tmp_path: Path) -> Iterator[tuple[Memory, SqliteStore, Path, list[str]]]:
    path = tmp_path / "big.db"
    store = SqliteStore(path, approximate_above=ABOVE, inline_build=INLINE)
    with Memory(store, embedder=HashingEmbedder()) as mem:
        ids = fill(mem)
        yield mem, store, path, ids


@contextmanager
def builds_held(store: SqliteStore) -> Iterator[None]:
    """Background builds start by reading the whole scope on a connection of their own; such reads
    from other threads wait until the block ends (this thread's reads and writes go on)."""
    release, mine, original = threading.Event(), threading.get_ident(), Shared.snapshot

    @contextmanager
    def waiting(self: Shared) -> Iterator[sqlite3.Connection]:
        if threading.get_ident() != mine:
            release.wait(60)
        with original(self) as db:
            yield db

    Shared.snapshot = waiting  # type: ignore[method-assign]
    try:
        yield
    finally:
        Shared.snapshot = original  # type: ignore[method-assign]
        release.set()


def index_files(path: Path) -> list[Path]:
    return sorted(Path(f"{path}.ann").glob("*.usearch"))


def query_vectors() -> np.ndarray:
    return HashingEmbedder().embed_batch(sentences(12, seed=9))


def refs(pairs) -> list[int]:
    return [r for r, _ in pairs]


def test_first_search_answers_exactly_while_the_indexes_are_built(filled):
    _, store, path, _ = filled
    exact = SqliteStore(path, approximate_above=10**9)
    vectors = query_vectors()
    with builds_held(store):
        for vector in vectors:
            assert refs(store.dense("ana", vector, 10, Filters())) == refs(
                exact.dense("ana", vector, 10, Filters())
            )
        assert store.keyword("ana", "piano harbor", 10, Filters()) == exact.keyword(
            "ana", "piano harbor", 10, Filters()
        )
        assert not store.wait_for_indexes(timeout=0.2)  # still waiting on the rows
        assert not index_files(path)
    assert store.wait_for_indexes(timeout=60)
    assert len(index_files(path)) == 1  # the built index was published and written
    assert "ana" in {scope[1] for scope in store._s.words._items}
    found = [refs(store.dense("ana", v, 10, Filters())) for v in vectors]
    wanted = [refs(exact.dense("ana", v, 10, Filters())) for v in vectors]
    overlap = np.mean([len(set(f) & set(w)) / 10 for f, w in zip(found, wanted)])
    assert overlap >= 0.9
    assert store.keyword("ana", "piano harbor", 10, Filters()) == exact.keyword(
        "ana", "piano harbor", 10, Filters()
    )
    exact.close()


def test_small_catch_up_is_done_inline(filled):
    mem, store, path, _ = filled
    store.rebuild_indexes()  # built ahead of time: nothing left for the background
    mem.add("a brand new zeppelin sentence", "ana", at=T0 + timedelta(days=90))
    reopened = SqliteStore(path, approximate_above=ABOVE, inline_build=INLINE)
    vector = HashingEmbedder().embed_batch(["a brand new zeppelin sentence"])[0]
    exact = SqliteStore(path, approximate_above=10**9)
    with builds_held(reopened):  # the file's index lacks one row: synced while searching
        best = reopened.dense("ana", vector, 1, Filters())
        assert reopened.wait_for_indexes(timeout=0)  # no build was left to the background
    assert refs(best) == refs(exact.dense("ana", vector, 1, Filters()))
    reopened.close()
    exact.close()


def test_a_build_overtaken_by_forgetting_is_thrown_away(filled):
    mem, store, path, ids = filled
    vector = HashingEmbedder().embed_batch([sentences(300)[7]])[0]
    with builds_held(store):
        assert store.dense("ana", vector, 1, Filters())  # starts the build, answered exactly
        mem.delete(ids[7], "ana")  # the build read nothing yet but began before this
    assert store.wait_for_indexes(timeout=60)
    assert not index_files(path)  # not published: it may hold the forgotten vector
    best = store.dense("ana", vector, 5, Filters())
    exact = SqliteStore(path, approximate_above=10**9)
    assert refs(best) and refs(best)[0] == refs(exact.dense("ana", vector, 1, Filters()))[0]
    exact.close()


def test_a_build_overtaken_by_deleting_the_user_leaves_no_file(filled):
    mem, store, path, _ = filled
    with builds_held(store):
        store.dense("ana", query_vectors()[0], 5, Filters())
        store.keyword("ana", "river", 5, Filters())
        mem.forget_user("ana")
    assert store.wait_for_indexes(timeout=60)
    assert not index_files(path)
    assert store.dense("ana", query_vectors()[0], 5, Filters()) == []
    assert not any(scope[1] == "ana" for scope in store._s.words._items)


def test_reading_a_whole_large_scope_holds_up_no_other_call(filled):
    """Loading a scope's vectors takes seconds at a million rows: it runs on a connection of its
    own, so other calls on the file (another user's reads and writes) go on meanwhile."""
    mem, _, path, _ = filled
    [other] = mem.add("the rui note", user_id="rui")
    reopened = SqliteStore(path, approximate_above=ABOVE, inline_build=INLINE)
    reached, release = threading.Event(), threading.Event()
    original = Shared.snapshot

    @contextmanager
    def held(self: Shared) -> Iterator[sqlite3.Connection]:
        with original(self) as db:
            reached.set()
            release.wait(30)
            yield db

    Shared.snapshot = held  # type: ignore[method-assign]
    loading = threading.Thread(
        target=reopened.dense, args=("ana", query_vectors()[0], 5, Filters())
    )
    try:
        loading.start()
        assert reached.wait(30)  # ana's rows are being read
        done: list[str] = []
        meanwhile = threading.Thread(
            target=lambda: (
                done.append(reopened.get("rui", other.id).content)
                or Memory(reopened, embedder=HashingEmbedder()).add("a second note", user_id="rui")
            )
        )
        meanwhile.start()
        meanwhile.join(20)
        assert done == ["the rui note"] and not meanwhile.is_alive()
        assert loading.is_alive()  # the long read is still held
    finally:
        release.set()
        Shared.snapshot = original  # type: ignore[method-assign]
        loading.join(30)
    assert [e.content for e in reopened.list("rui", Filters()).items] == [
        "the rui note",
        "a second note",
    ]


def test_stop_waits_for_a_native_call_under_way_and_refuses_new_ones(recwarn):
    builds = Builds()
    inside, leave, done = threading.Event(), threading.Event(), []

    def work(token: object) -> None:
        with builds.native("k", token):
            inside.set()
            leave.wait(10)
        done.append("returned")
        with builds.native("k", token):  # refused: the builds were stopped meanwhile
            done.append("second call")

    builds.start("k", work)
    assert inside.wait(10)
    assert not builds.stop(timeout=0.2)  # the call is still under way
    leave.set()
    assert builds.stop(timeout=10) and builds.wait(10)
    builds.start("later", lambda token: done.append("started"))  # none starts once stopped
    assert builds.wait(10)
    assert done == ["returned"]
    assert not [w for w in recwarn if issubclass(w.category, RuntimeWarning)]  # not a failure


def test_a_sync_calls_the_index_inside_its_guard_and_ends_between_batches(monkeypatch):
    monkeypatch.setattr(ann_module, "ADD_BATCH", 10)
    rng = np.random.default_rng(3)
    entered = []

    def guard() -> contextlib.AbstractContextManager[object]:
        entered.append(len(entered))
        if len(entered) == 3:  # cancelled after the first batch of 10
            raise BuildStopped("ann")
        return contextlib.nullcontext()

    def vectors_of(refs: np.ndarray) -> np.ndarray:
        return rng.random((len(refs), 8)).astype(np.float32)

    index = ScopeAnn.empty(8, None)
    with pytest.raises(BuildStopped):
        index.sync(np.arange(1, 36, dtype=np.uint64), vectors_of, version=1, guard=guard)
    assert len(entered) == 3 and len(index.keys()) == 10 and index.version == -1
    whole = ScopeAnn.empty(8, None)
    calls = []
    whole.sync(
        np.arange(1, 36, dtype=np.uint64),
        vectors_of,
        version=1,
        guard=lambda: calls.append(1) or contextlib.nullcontext(),
    )
    assert len(calls) == 1 + 4 and len(whole.keys()) == 35 and whole.version == 1


def test_closing_the_store_ends_a_build_without_publishing_it(filled, recwarn):
    _, store, path, _ = filled
    with builds_held(store):  # the build waits on its rows while the store closes
        store.dense("ana", query_vectors()[0], 5, Filters())
        store.close()
    assert store.wait_for_indexes(timeout=60)  # it ended at its first call into the index
    assert not index_files(path)
    assert not [w for w in recwarn if issubclass(w.category, RuntimeWarning)]


EXITING = """
import atexit, sys, threading, time
from datetime import UTC, datetime, timedelta

atexit.register(lambda: print("interpreter shutting down", flush=True))  # runs after lembrar's

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder
from lembrar.model.query import Filters
from lembrar.store.sqlite import SqliteStore
from lembrar.store.sqlite.ann import ScopeAnn

inside = threading.Event()
original = ScopeAnn.add

def slow_add(self, keys, vectors):
    inside.set()
    time.sleep(1.0)
    original(self, keys, vectors)
    print("index call returned", flush=True)

ScopeAnn.add = slow_add
store = SqliteStore(sys.argv[1], approximate_above=100, inline_build=50)
memory = Memory(store, embedder=HashingEmbedder())
t0 = datetime(2024, 5, 1, tzinfo=UTC)
memory.add_many(
    {"user_id": "ana", "content": f"note {i} river piano", "at": t0 + timedelta(hours=i)}
    for i in range(300)
)
store.dense("ana", HashingEmbedder().embed_batch(["river"])[0], 5, Filters())
assert inside.wait(30)
print("exiting during an index call", flush=True)
"""


def test_the_interpreter_exits_only_once_a_build_left_the_index_library(tmp_path):
    """A daemon thread inside native code when the interpreter shuts down aborts the process
    (exit 134): the exit waits for the call under way, and no other starts."""
    script = tmp_path / "exiting.py"
    script.write_text(EXITING)
    done = subprocess.run(
        [sys.executable, str(script), str(tmp_path / "exiting.db")],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "exiting during an index call",
        "index call returned",
        "interpreter shutting down",
    ]
