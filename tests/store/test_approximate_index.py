"""The approximate (HNSW) index of large SQLite scopes: same answers as exact search, filters
honoured, deletions gone from memory and from the index file, several stores on one file
consistent, rebuilt on demand, and exact search when the ``ann`` extra is missing."""

from __future__ import annotations

import random
import sys
import warnings
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np
import pytest

from lembrar import Memory
from lembrar.cli import main
from lembrar.embed.hashing import HashingEmbedder
from lembrar.errors import NotFoundError
from lembrar.model.query import Filters
from lembrar.store.sqlite import SqliteStore
from lembrar.store.sqlite import ann as ann_module
from lembrar.store.sqlite.approximate import _rescored
from lembrar.store.sqlite.scope_rows import ScopeRows

pytest.importorskip("usearch")

T0 = datetime(2024, 5, 1, 9, 0, tzinfo=UTC)
WORDS = (
    "river mountain coffee train letter garden piano winter doctor market violin bridge "
    "lantern harbor recipe camera island blanket ticket orchard candle meadow glacier "
    "festival library engine tomato whistle compass saddle pepper canyon"
).split()
ABOVE = 200


def sentences(count: int, seed: int = 3) -> list[str]:
    rng = random.Random(seed)
    return [" ".join(rng.sample(WORDS, 6)) + f" note {i}" for i in range(count)]


def fill(mem: Memory, count: int = 400) -> None:
    mem.add_many(
        {
            "user_id": "ana",
            "content": text,
            "role": "user" if i % 2 else "assistant",
            "session_id": f"s{i // 20}",
            "at": T0 + timedelta(hours=i),
        }
        for i, text in enumerate(sentences(count))
    )


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "big.db"


@pytest.fixture
def big(path: Path, monkeypatch: pytest.MonkeyPatch):
    # one inserting thread: the graph, and so the recall asserted below, is the same every run
    monkeypatch.setattr(ann_module, "BUILD_THREADS", 1)
    store = SqliteStore(path, approximate_above=ABOVE)
    with Memory(store, embedder=HashingEmbedder()) as mem:
        fill(mem)
        yield mem, store


def queries(count: int = 25) -> np.ndarray:
    return HashingEmbedder().embed_batch(sentences(count, seed=11))


def index_files(path: Path) -> list[Path]:
    return sorted(Path(f"{path}.ann").glob("*.usearch"))


def exact(path: Path) -> SqliteStore:
    return SqliteStore(path, approximate_above=10**9)


def test_large_scope_is_searched_through_an_index_file_with_exact_scores(big, path):
    _, store = big
    assert not index_files(path)
    reference = exact(path)
    hits = total = 0
    for q in queries():
        got = store.dense("ana", q, 10, Filters())
        want = reference.dense("ana", q, 10, Filters())
        scores = dict(want)
        tenth = min(
            scores.values()
        )  # rows tied with the exact tenth are as good (hashed words tie)
        hits += sum(1 for r, s in got if r in scores or s >= tenth - 1e-6)
        total += len(want)
        for ref, score in got:
            if ref in scores:
                assert score == pytest.approx(scores[ref], abs=1e-6)
        assert [s for _, s in got] == sorted((s for _, s in got), reverse=True)
    assert hits / total >= 0.98
    assert len(index_files(path)) == 1
    reference.close()


def cached_matrix(store: SqliteStore, user_id: str = "ana"):
    return store._s.index.get((store.tenant, user_id), store._version(user_id))


def test_a_reopened_large_scope_is_searched_without_reading_its_vectors(big, path):
    _, store = big
    store.dense("ana", queries(1)[0], 10, Filters())  # builds and writes the index file
    store.close()
    reopened, reference = SqliteStore(path, approximate_above=ABOVE), exact(path)
    for q in queries(10):
        got = reopened.dense("ana", q, 10, Filters())
        want = dict(reference.dense("ana", q, 10, Filters()))
        assert len(got) == 10 and len(set(dict(got)) & set(want)) >= 8
        for ref, score in got:  # re-scored exactly from the vectors read by ref
            assert score == pytest.approx(float(reference.chunk_vectors("ana", [ref])[0] @ q))
    assert cached_matrix(reopened).vectors is None
    refs = [r for r, _ in got]
    assert np.array_equal(reopened.chunk_vectors("ana", refs), reference.chunk_vectors("ana", refs))
    with pytest.raises(NotFoundError):
        reopened.chunk_vectors("ana", [max(refs) + 10_000])
    # ten rows pass: exact search over them, their vectors read by ref
    selective = Filters(since=T0 + timedelta(hours=100), until=T0 + timedelta(hours=110))
    assert reopened.dense("ana", q, 5, selective) == reference.dense("ana", q, 5, selective)
    assert cached_matrix(reopened).vectors is None
    reopened.close()
    reference.close()


def test_a_row_deleted_after_the_matrix_was_read_is_not_rescored(big, path):
    mem, store = big
    q = queries(1)[0]
    store.dense("ana", q, 10, Filters())
    store.close()
    reopened = SqliteStore(path, approximate_above=ABOVE)
    [(best, _), *_] = reopened.dense("ana", q, 10, Filters())
    stale = cached_matrix(reopened)
    other = SqliteStore(path, approximate_above=ABOVE)  # another process, say
    other.delete("ana", [other.chunk_rows("ana", [best])[best].episode.id])
    other.close()
    rows = reopened._rows("ana", stale)
    kept = int(stale.refs[0] if stale.refs[0] != best else stale.refs[1])
    found, vectors = rows.present(np.array(sorted([kept, best]), np.int64))
    assert found.tolist() == [kept] and len(vectors) == 1
    rescored = _rescored(stale, rows, stale.refs.copy(), q, None, 10)
    assert best not in dict(rescored) and len(rescored) == 10
    with pytest.raises(NotFoundError):
        rows.vectors(np.array([best], np.int64))
    reopened.close()


def test_an_index_file_at_the_scope_version_is_used_without_reading_the_keys(
    big, path, monkeypatch
):
    _, store = big
    q = queries(1)[0]
    want = store.dense("ana", q, 10, Filters())  # writes the file at the scope's version
    store.close()
    reads = []
    keys = ScopeRows.keys
    monkeypatch.setattr(ScopeRows, "keys", lambda rows: reads.append(1) or keys(rows))
    reopened = SqliteStore(path, approximate_above=ABOVE)
    assert reopened.dense("ana", q, 10, Filters()) == want
    assert reads == []
    other = SqliteStore(path, approximate_above=ABOVE)  # another process writes: a new version
    gone = other.chunk_rows("ana", [want[0][0]])[want[0][0]].episode.id
    other.delete("ana", [gone])  # its forgetting reads the keys to sync the file
    other.close()
    reads.clear()
    got = reopened.dense("ana", q, 10, Filters())
    assert reads == [1] and want[0][0] not in dict(got)
    reopened.close()
    reads.clear()
    again = SqliteStore(path, approximate_above=ABOVE)  # the file says which version it holds
    assert again.dense("ana", q, 10, Filters()) == got and reads == []
    again.close()


def test_a_file_without_its_version_is_marked_when_the_store_closes(big, path, monkeypatch):
    _, store = big
    q = queries(1)[0]
    want = store.dense("ana", q, 10, Filters())
    store.close()
    [file] = index_files(path)
    legacy = ann_module.usearch_index().restore(str(file))  # as written before the marker
    held = np.asarray(legacy.keys, dtype=np.uint64)
    legacy.remove(held[(held & ann_module.VERSION_MARK) == ann_module.VERSION_MARK])
    legacy.save(str(file))
    reads = []
    keys = ScopeRows.keys
    monkeypatch.setattr(ScopeRows, "keys", lambda rows: reads.append(1) or keys(rows))
    for expected in ([1], []):  # diffed against the rows once, then trusted
        reads.clear()
        reopened = SqliteStore(path, approximate_above=ABOVE)
        assert reopened.dense("ana", q, 10, Filters()) == want
        reopened.close()
        assert reads == expected


def test_small_scopes_write_no_index(path):
    store = SqliteStore(path, approximate_above=ABOVE)
    with Memory(store, embedder=HashingEmbedder()) as mem:
        fill(mem, ABOVE - 1)
        assert store.dense("ana", queries(1)[0], 5, Filters())
    assert not index_files(path)


@pytest.mark.parametrize(
    "filters",
    [
        Filters(roles=("user",)),  # half the rows: the index, over-fetched
        Filters(session_id="s3"),  # 20 rows: exact over them
        Filters(since=T0 + timedelta(hours=100), until=T0 + timedelta(hours=300)),
    ],
)
def test_filters_are_honoured(big, path, filters):
    mem, store = big
    reference = exact(path)
    found = 0
    for q in queries(10):
        got = store.dense("ana", q, 10, filters)
        assert len(got) == 10
        rows = store.chunk_rows("ana", [r for r, _ in got])
        assert all(passes(filters, rows[r].episode) for r, _ in got)
        want = dict(reference.dense("ana", q, 10, filters))
        tenth = min(want.values())  # rows tied with the exact tenth are as good (hashed words tie)
        found += sum(1 for r, s in got if r in want or s >= tenth - 1e-6)
    assert found >= 90  # of 100
    reference.close()


def passes(filters: Filters, episode) -> bool:
    return (
        (not filters.roles or episode.role in filters.roles)
        and (filters.session_id is None or episode.session_id == filters.session_id)
        and (filters.since is None or episode.at >= filters.since)
        and (filters.until is None or episode.at < filters.until)
    )


def stored_bytes(store: SqliteStore, text: str) -> bytes:
    vector = HashingEmbedder().embed_batch([text])[0]
    return vector.astype(np.float16).tobytes()


def test_forgotten_vectors_leave_the_index_and_its_file(big, path):
    mem, store = big
    store.dense("ana", queries(1)[0], 10, Filters())  # builds and writes the index
    victims = mem.get_all("ana", limit=5).items
    needles = [stored_bytes(store, e.content) for e in victims]
    [file] = index_files(path)
    assert all(n in file.read_bytes() for n in needles)
    for e in victims:
        mem.delete(e.id, "ana")
    data = file.read_bytes()
    assert not any(n in data for n in needles)
    for e in victims:
        vector = HashingEmbedder().embed_batch([e.content])[0]
        found = store.chunk_rows("ana", [r for r, _ in store.dense("ana", vector, 20, Filters())])
        assert e.id not in {row.episode.id for row in found.values()}


def test_an_edit_replaces_the_vector_in_the_file(big, path):
    mem, store = big
    store.dense("ana", queries(1)[0], 10, Filters())
    [victim] = mem.get_all("ana", limit=1).items
    needle = stored_bytes(store, victim.content)
    mem.update(victim.id, "a completely different sentence about zebras", "ana")
    assert needle not in index_files(path)[0].read_bytes()
    vector = HashingEmbedder().embed_batch(["completely different sentence about zebras"])[0]
    best = store.dense("ana", vector, 1, Filters())[0][0]
    assert store.chunk_rows("ana", [best])[best].episode.id == victim.id


def test_forgetting_a_user_removes_the_file(big, path):
    mem, store = big
    store.dense("ana", queries(1)[0], 10, Filters())
    assert index_files(path)
    mem.forget_user("ana")
    assert not index_files(path)


def test_two_stores_on_one_file_see_each_others_writes(big, path):
    mem, store = big
    q = queries(1)[0]
    store.dense("ana", q, 10, Filters())
    other = SqliteStore(path, approximate_above=ABOVE)  # its own connection and caches
    with Memory(other, embedder=HashingEmbedder()) as second:
        assert other.dense("ana", q, 10, Filters()) == store.dense("ana", q, 10, Filters())
        [gone] = second.get_all("ana", limit=1).items
        second.delete(gone.id, "ana")
        [added] = second.add("zebras graze beside the glacier at dawn", "ana")
    vector = HashingEmbedder().embed_batch(["zebras graze beside the glacier at dawn"])[0]
    refs = [r for r, _ in store.dense("ana", vector, 400, Filters())]
    ids = [row.episode.id for row in store.chunk_rows("ana", refs).values()]
    assert added.id in ids and gone.id not in ids
    gone_vector = HashingEmbedder().embed_batch([gone.content])[0]
    assert gone_vector.astype(np.float16).tobytes() not in index_files(path)[0].read_bytes()


def test_a_stale_file_is_brought_up_to_date_when_loaded(big, path):
    mem, store = big
    store.dense("ana", queries(1)[0], 10, Filters())
    stale = index_files(path)[0].read_bytes()
    [gone] = mem.get_all("ana", limit=1).items
    mem.delete(gone.id, "ana")
    [added] = mem.add("zebras graze beside the glacier at dawn", "ana")
    store.close()
    index_files(path)[0].write_bytes(stale)  # an index written before both changes
    fresh = SqliteStore(path, approximate_above=ABOVE)
    vector = HashingEmbedder().embed_batch(["zebras graze beside the glacier at dawn"])[0]
    refs = [r for r, _ in fresh.dense("ana", vector, 400, Filters())]
    ids = {row.episode.id for row in fresh.chunk_rows("ana", refs).values()}
    assert added.id in ids and gone.id not in ids
    fresh.close()


def test_rebuild_on_demand_from_the_cli(big, path, capsys):
    mem, store = big
    store.close()
    command = ["--db", str(path), "--embedder", "hash", "maintenance", "reindex"]
    assert main(command) == 0
    assert "rebuilt the index of 0 scope(s)" in capsys.readouterr().out  # 400 < 50,000
    assert main([*command, "--approximate-above", "200"]) == 0
    assert "rebuilt the index of 1 scope(s)" in capsys.readouterr().out
    [file] = index_files(path)
    reopened = SqliteStore(path)  # the threshold was saved in the file
    assert reopened.dense("ana", queries(1)[0], 3, Filters())
    assert reopened._s.ann.above == 200
    reopened.close()


def test_a_bad_threshold_is_refused_and_nothing_changes(big, path, capsys):
    _, store = big
    store.close()
    command = ["--db", str(path), "--embedder", "hash", "maintenance", "reindex"]
    try:
        code = main([*command, "--approximate-above", "0"])
    except SystemExit as stop:  # refused while the arguments are read
        code = stop.code
    assert code != 0
    err = capsys.readouterr().err
    assert "approximate-above" in err and "Traceback" not in err
    assert SqliteStore(path).get_meta("approximate_above") is None
    assert not index_files(path)


def test_without_the_extra_large_scopes_are_searched_exactly(big, path, monkeypatch):
    _, store = big
    monkeypatch.setitem(sys.modules, "usearch.index", None)  # import now fails
    monkeypatch.setattr(ann_module, "_warned", set())
    reference = exact(path)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for q in queries(3):
            assert store.dense("ana", q, 10, Filters()) == reference.dense("ana", q, 10, Filters())
    assert [str(w.message).count("lembrar[ann]") for w in caught] == [1]
    assert not index_files(path)
    reference.close()


def test_larger_indexes_are_searched_wider(big):
    _, store = big
    assert [ann_module.expansion_for(n) for n in (400, 100_000, 600_000, 10**7)] == [
        128,
        128,
        300,
        512,
    ]
    assert store.dense("ana", queries(1)[0], 10, Filters())
    [ann] = store._s.ann._items.values()
    assert ann.index.expansion_search == ann_module.expansion_for(len(ann.index)) == 128
