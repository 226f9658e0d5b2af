"""The Store contract, run on every backend: through ``Memory`` and through the store directly."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest
from scan import SECRET, add_secret

from lembrar import (
    ConfigurationError,
    ConflictError,
    Memory,
    NotFoundError,
    SearchConfig,
    ValidationError,
)
from lembrar.embed.hashing import HashingEmbedder
from lembrar.ingest import chunk_episode, chunk_hashes
from lembrar.model.query import Filters
from lembrar.store import IndexedEpisode, Store

T0 = datetime(2024, 5, 1, 9, 0, tzinfo=UTC)


@pytest.fixture
def store(backend):
    return backend.open()


@pytest.fixture
def mem(store, clock):
    with Memory(store, embedder=HashingEmbedder(), clock=clock) as memory:
        yield memory


def contents(items) -> list[str]:
    return [getattr(i, "episode", i).content for i in items]


def snapshot(backend) -> dict[str, int]:
    return {table: len(backend.rows(table)) for table in backend.tables()}


# -- round trips -----------------------------------------------------------------------------
def test_every_episode_kind_round_trips(mem):
    record = {
        "label": "lunch",
        "people": ["Maria"],
        "place": {"city": "Vitória"},
        "cost": 12.5,
        "paid": True,
    }
    created = [
        *mem.add(
            {"role": "user", "content": "I adopted a dog named Rex", "name": "Ana"},
            user_id="ana",
            session_id="s1",
            at="2024-05-02T10:00:00-03:00",
            metadata={"source": "chat", "n": 3, "tags": ["a"]},
        ),
        *mem.add("Plain note about the trip to Lisbon.", user_id="ana"),
        *mem.add(record, user_id="ana", at="2024-02-10T12:30:00+00:00"),
        *mem.add(
            [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello ✨"}],
            user_id="ana",
            session_id="s2",
        ),
    ]
    for episode in created:
        assert mem.get(episode.id, "ana") == episode
    assert mem.get(created[2].id, "ana").record == record
    assert sorted(mem.get_all("ana").items, key=lambda e: e.id) == sorted(
        created, key=lambda e: e.id
    )


def test_time_tags_are_kept_in_the_users_zone(mem):
    mem.set_user("ana", timezone="America/Sao_Paulo", hemisphere="south")
    [e] = mem.add("late dinner", user_id="ana", at=datetime(2024, 1, 5, 21, 30))
    got = mem.get(e.id, "ana")
    assert got.tags == e.tags and got.at == e.at and got.at.utcoffset() == timedelta(hours=-3)
    assert (got.tags.period, got.tags.season, got.tags.weekday, got.tags.iso_week) == (
        "evening",
        "summer",
        "friday",
        "2024-W01",
    )
    assert (
        got.tags.local_date.isoformat() == "2024-01-05"
        and got.tags.utc.date().isoformat() == "2024-01-06"
    )


def test_users_and_meta_round_trip(mem, store):
    assert isinstance(store, Store)
    for name in ("zoe", "Bob", "ana"):
        mem.set_user(name, timezone="Europe/Lisbon", hemisphere="north", language="pt-BR")
    assert mem.users() == ["Bob", "ana", "zoe"]
    assert (
        mem.user_settings("ana") == store.get_user("ana")
        and store.get_user("ana").language == "pt-BR"
    )
    assert store.get_user("nobody") is None
    assert store.get_meta("embedder") == "hash/256" and store.get_meta("missing") is None
    store.set_meta("note", "one")
    store.set_meta("note", "two")
    assert store.get_meta("note") == "two"


# -- filters -------------------------------------------------------------------------------------
@pytest.fixture
def varied(mem):
    add = mem.add
    add(
        {"role": "user", "content": "note one morning run"},
        user_id="ana",
        session_id="s1",
        at="2024-05-04T07:00:00+00:00",
        metadata={"topic": "sport", "n": 1, "ok": True},
    )
    add(
        {"role": "assistant", "content": "note two evening tea"},
        user_id="ana",
        session_id="s1",
        at="2024-05-06T19:00:00+00:00",
        metadata={"topic": "food", "n": 2},
    )
    add(
        "note three afternoon plan",
        user_id="ana",
        session_id="s2",
        at="2024-05-07T14:00:00+00:00",
        metadata={"topic": "work", "tags": ["a", "b"]},
    )
    add(
        {"label": "note four", "what": "night snack"}, user_id="ana", at="2024-05-08T23:30:00+00:00"
    )
    add(
        "note from another user",
        user_id="bob",
        session_id="s1",
        at="2024-05-06T19:00:00+00:00",
        metadata={"topic": "food"},
    )
    return mem


FILTER_CASES = [
    ({}, [1, 2, 3, 4]),
    ({"session_id": "s1"}, [1, 2]),
    ({"roles": "assistant"}, [2]),
    ({"kinds": ("text", "record")}, [3, 4]),
    ({"since": datetime(2024, 5, 6, tzinfo=UTC)}, [2, 3, 4]),
    ({"until": datetime(2024, 5, 6, 19, tzinfo=UTC)}, [1]),
    (
        {
            "since": datetime(2024, 5, 6, 19, tzinfo=UTC),
            "until": datetime(2024, 5, 8, tzinfo=UTC),
        },
        [2, 3],
    ),
    ({"periods": ("morning", "night")}, [1, 4]),
    ({"weekdays": ("monday", "tuesday")}, [2, 3]),
    ({"metadata": {"topic": "food"}}, [2]),
    ({"metadata": {"n": 1}}, [1]),
    ({"metadata": {"ok": True}}, [1]),
    ({"metadata": {"tags": ["a", "b"]}}, [3]),
    ({"metadata": {"topic": "sport", "n": 1}}, [1]),
    ({"metadata": {"topic": "nope"}}, []),
    ({"session_id": "s1", "roles": "user"}, [1]),
]
NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four"}


@pytest.mark.parametrize(
    "filters, expected", FILTER_CASES, ids=[str(i) for i in range(len(FILTER_CASES))]
)
def test_filters_select_the_same_episodes_everywhere(varied, filters, expected):
    def numbers(items) -> list[int]:
        return sorted(
            n for n, word in NUMBERS.items() for text in contents(items) if f"note {word}" in text
        )

    assert numbers(varied.get_all("ana", filters).items) == expected
    for preset in ("dense", "keyword"):
        assert (
            numbers(varied.search("note", user_id="ana", k=10, filters=filters, preset=preset))
            == expected
        ), preset
    assert varied.delete_all("ana", filters=filters) == len(expected)
    assert numbers(varied.get_all("ana").items) == [n for n in NUMBERS if n not in expected]


# -- search primitives -------------------------------------------------------------------------
@pytest.mark.parametrize("preset", ["dense", "keyword", "fast"])
def test_search_scores_are_in_unit_interval_and_ordered(mem, preset):
    mem.add_many(
        {"user_id": "ana", "content": t}
        for t in ["red apples", "green apples and pears", "a car engine", "apples apples"]
    )
    hits = mem.search("apples", user_id="ana", preset=preset)
    assert hits and contents(hits)[0] == "apples apples"
    scores = [h.score for h in hits]
    assert all(0.0 <= s <= 1.0 for s in scores) and scores == sorted(scores, reverse=True)
    assert [h.rank for h in hits] == list(range(1, len(hits) + 1))


def test_dense_scores_are_raw_cosine_best_first(mem, store):
    texts = [
        "red apples",
        "green apples and pears",
        "a car engine",
        "apples apples",
        "a bicycle",
        "pear tart",
    ]
    episodes = mem.add_many(
        {"user_id": "ana", "content": t, "at": T0 + timedelta(hours=i)} for i, t in enumerate(texts)
    )
    embedder = HashingEmbedder()
    query = embedder.embed_batch(["apple pears"])[0]
    expected = sorted(zip(embedder.embed_batch(texts) @ query, texts), key=lambda p: -p[0])
    got = store.dense("ana", query, 4, Filters())
    rows = store.chunk_rows("ana", [r for r, _ in got])
    assert [rows[r].text for r, _ in got] == [t for _, t in expected[:4]]
    assert np.allclose([s for _, s in got], [s for s, _ in expected[:4]], atol=1e-5)
    since = Filters(since=episodes[3].at)
    assert {
        store.chunk_rows("ana", [r])[r].text for r, _ in store.dense("ana", query, 10, since)
    } == set(texts[3:])
    assert (
        store.dense("ana", query, 0, Filters()) == []
        and store.dense("nobody", query, 5, Filters()) == []
    )


def test_keyword_scores_are_positive_and_favour_rare_words(mem, store):
    mem.add_many(
        {"user_id": "ana", "content": t}
        for t in [
            *(f"meeting notes {i}" for i in range(6)),
            "dentist appointment",
            "meeting the dentist at noon",
        ]
    )
    hits = store.keyword("ana", "dentist meeting", 20, Filters())
    rows = store.chunk_rows("ana", [r for r, _ in hits])
    texts = [rows[r].text for r, _ in hits]
    assert (
        set(texts[:2]) == {"meeting the dentist at noon", "dentist appointment"} and len(texts) == 8
    )
    scores = [s for _, s in hits]
    assert all(s > 0 for s in scores) and scores == sorted(scores, reverse=True)
    assert len(store.keyword("ana", "dentist meeting", 3, Filters())) == 3
    assert (
        store.keyword("ana", "the and of", 5, Filters()) == []
        and store.keyword("ana", "zebra", 5, Filters()) == []
    )


def test_keyword_folds_case_accents_and_punctuation(mem):
    mem.add({"label": "lunch", "place": {"city": "Vitória"}}, user_id="ana")
    mem.add("Send the e-mail to ANA_MARIA about São Paulo.", user_id="ana")
    for query, expected in [
        ("vitoria", "Vitória"),
        ("VITÓRIA", "Vitória"),
        ("city", "Vitória"),
        ("mail", "e-mail"),
        ("sao paulo", "São Paulo"),
        ("maria", "ANA_MARIA"),
    ]:
        hits = mem.search(query, user_id="ana", preset="keyword")
        assert hits and expected in hits[0].text, query


def test_long_episodes_are_chunked_and_chunks_come_back(mem, store):
    sentences = [
        f"Sentence {i} talks about topic{i} in some detail for the reader." for i in range(80)
    ]
    [e] = mem.add(" ".join(sentences), user_id="ana")
    [hit] = mem.search("topic77", user_id="ana", preset="keyword", k=1)
    assert hit.episode.id == e.id and "topic77" in hit.text and len(hit.text) < len(e.content)
    refs = [
        r
        for r, _ in store.dense("ana", HashingEmbedder().embed_batch(["detail"])[0], 50, Filters())
    ]
    rows = store.chunk_rows("ana", refs)
    assert len(rows) == len(refs) > 1 and sorted(r.position for r in rows.values()) == list(
        range(len(refs))
    )
    vectors = store.chunk_vectors("ana", refs[::-1])
    assert np.allclose(
        vectors, HashingEmbedder().embed_batch([rows[r].text for r in refs[::-1]]), atol=1e-6
    )
    with pytest.raises(NotFoundError):
        store.chunk_vectors("ana", [refs[0], 10**12])


def test_stored_chunks_are_the_embedding_cache(backend, clock):
    embedder = HashingEmbedder()
    with Memory(backend.open(), embedder=embedder, clock=clock) as mem:
        mem.add("the same sentence", user_id="ana")
        mem.add("the same sentence", user_id="bob")
    with Memory(backend.open(), embedder=embedder, clock=clock) as mem:
        [e] = mem.add("the same sentence", user_id="carl")
        [h] = chunk_hashes(chunk_episode(e, mem.config))
        cached = mem.store.cached_vectors("hash", [h, "unknown"])
    assert embedder.texts_embedded == 1 and list(cached) == [h]
    assert np.allclose(cached[h], embedder.embed_batch(["the same sentence"])[0], atol=1e-6)


# -- scoping -------------------------------------------------------------------------------------
def test_users_are_isolated_through_every_method(mem, store, backend):
    [a] = mem.add(
        {"role": "user", "content": "alice secret: the vault code is 1234"},
        user_id="alice",
        session_id="sa",
    )
    [b] = mem.add(
        {"role": "user", "content": "bob secret: the vault code is 9876"},
        user_id="bob",
        session_id="sb",
    )
    query = HashingEmbedder().embed_batch(["vault code secret"])[0]
    bob_refs = [r for r, _ in store.dense("bob", query, 5, Filters())]
    for call in (
        lambda: store.get("alice", b.id),
        lambda: store.history("alice", b.id),
        lambda: store.neighbours("alice", b.id, 1, 1),
        lambda: store.delete("alice", [b.id]),
        lambda: mem.update(b.id, "overwritten", "alice"),
        lambda: store.chunk_vectors("alice", bob_refs),
    ):
        with pytest.raises(NotFoundError):
            call()
    store.touch("alice", [b.id], T0)
    assert backend.access(b.id) == (None, 0)
    assert store.delete_matching("alice", Filters(session_id="sb")) == 0
    assert store.chunk_rows("alice", bob_refs) == {}
    assert [e.id for e in store.list("alice", Filters()).items] == [a.id]
    assert [s.session_id for s in store.sessions("alice")] == ["sa"]
    for preset in ("dense", "keyword", "fast"):
        assert {
            h.episode.user_id
            for h in mem.search("vault code secret", user_id="alice", preset=preset)
        } == {"alice"}
    assert store.delete_user("alice") == 1 and store.users() == ["bob"]
    assert (
        mem.get(b.id, "bob").content.startswith("bob secret")
        and mem.search("vault", user_id="alice", preset="dense") == []
    )


def test_tenants_are_isolated_through_every_method(store, backend, clock):
    other = store.for_tenant(backend.tenant + "-other")
    one = Memory(store, embedder=HashingEmbedder(), clock=clock)
    two = Memory(other, embedder=HashingEmbedder(), clock=clock)
    [e] = one.add("tenant one private note", user_id="same-user", session_id="s")
    [f] = two.add("tenant two other words", user_id="same-user", session_id="s")
    assert [x.id for x in two.get_all("same-user").items] == [
        f.id
    ] and one.users() == two.users() == ["same-user"]
    for preset in ("dense", "keyword"):
        assert contents(two.search("private note", user_id="same-user", preset=preset)) in (
            [],
            [f.content],
        )
    for call in (
        lambda: two.get(e.id, "same-user"),
        lambda: two.history(e.id, "same-user"),
        lambda: other.neighbours("same-user", e.id, 1, 1),
        lambda: two.delete(e.id, "same-user"),
    ):
        with pytest.raises(NotFoundError):
            call()
    refs = [r for r, _ in store.keyword("same-user", "private", 5, Filters())]
    assert refs and other.chunk_rows("same-user", refs) == {}
    with pytest.raises(NotFoundError):
        other.chunk_vectors("same-user", refs)
    other.touch("same-user", [e.id], T0)
    assert backend.access(e.id) == (None, 0) and other.sessions("same-user")[0].episodes == 1
    assert (other.stats().users, other.stats().episodes, other.stats().sessions) == (1, 1, 1)
    assert (
        other.delete_matching("same-user", Filters(session_id="s")) == 1
        and one.get(e.id, "same-user") == e
    )
    assert two.forget_user("same-user") == 0 and two.users() == [] and one.users() == ["same-user"]


# -- updates and history ----------------------------------------------------------------------------
def test_history_starts_at_the_first_update(mem, store, backend, clock):
    [e] = mem.add("I live in Lisbon", user_id="ana")
    old_refs = [r for r, _ in store.keyword("ana", "Lisbon", 5, Filters())]
    assert [(h.version, h.event, h.content, h.changed_at) for h in mem.history(e.id, "ana")] == [
        (1, "ADD", "I live in Lisbon", clock())
    ]
    assert backend.rows("episode_history") == []
    mem.update(e.id, "I live in Porto", "ana")
    mem.update(e.id, "I live in Braga", "ana")
    assert [(h.version, h.event, h.content) for h in mem.history(e.id, "ana")] == [
        (1, "ADD", "I live in Lisbon"),
        (2, "UPDATE", "I live in Porto"),
        (3, "UPDATE", "I live in Braga"),
    ]
    assert all(h.changed_at == clock() for h in mem.history(e.id, "ana"))
    query = HashingEmbedder().embed_batch(["live"])[0]
    assert mem.get(e.id, "ana").version == 3 and old_refs
    assert [
        row.text
        for row in store.chunk_rows(
            "ana", [r for r, _ in store.dense("ana", query, 10, Filters())]
        ).values()
    ] == ["I live in Braga"]
    assert contents(mem.search("Braga", user_id="ana", preset="keyword")) == ["I live in Braga"]
    assert mem.search("Lisbon", user_id="ana", preset="keyword") == []


def test_replacing_an_unknown_episode_changes_nothing(mem, store, backend):
    [e] = mem.add("existing", user_id="ana")
    before = snapshot(backend)
    ghost = replace(e, id="ghost", version=2)
    chunks = chunk_episode(ghost, mem.config)
    item = IndexedEpisode(
        ghost, chunks, HashingEmbedder().embed_batch([c.text for c in chunks]), chunk_hashes(chunks)
    )
    with pytest.raises(NotFoundError):
        store.replace(item, T0)
    assert snapshot(backend) == before


# -- listing, sessions, neighbours, access ------------------------------------------------------------
@pytest.mark.parametrize("order", ["asc", "desc"])
def test_pagination_covers_everything_once(mem, order):
    # three notes per hour: ties in time keep insertion order
    mem.add_many(
        {"user_id": "ana", "content": f"note {i}", "at": T0 + timedelta(hours=i // 3)}
        for i in range(23)
    )
    mem.add("someone else", user_id="bob")
    seen, cursor = [], None
    while True:
        page = mem.get_all("ana", limit=5, cursor=cursor, order=order)
        seen += contents(page.items)
        if page.next_cursor is None:
            break
        cursor = page.next_cursor
    expected = [f"note {i}" for i in range(23)]
    assert seen == (expected if order == "asc" else expected[::-1])
    assert contents(mem.get_all("ana", {"since": T0 + timedelta(hours=7)}, limit=1).items) == [
        "note 21"
    ]


def test_bad_pages_are_rejected(mem):
    mem.add("x", user_id="ana")
    for kwargs, field in (({"cursor": "garbage!"}, "cursor"), ({"limit": 0}, "limit")):
        with pytest.raises(ValidationError) as info:
            mem.get_all("ana", **kwargs)
        assert info.value.field == field


def test_sessions_neighbours_and_stats(mem, store):
    turns = mem.add(
        [{"role": "user", "content": f"turn {i}"} for i in range(5)],
        user_id="ana",
        session_id="s1",
        at=T0,
    )
    mem.add("later", user_id="ana", session_id="s2", at=T0 + timedelta(hours=2))
    [loose] = mem.add("no session", user_id="ana")
    mem.add("other user", user_id="bob", session_id="s1")
    assert [(s.session_id, s.episodes, s.first_at) for s in mem.sessions("ana")] == [
        ("s1", 5, T0),
        ("s2", 1, T0 + timedelta(hours=2)),
    ]
    assert contents(store.neighbours("ana", turns[2].id, 1, 1)) == ["turn 1", "turn 2", "turn 3"]
    assert contents(store.neighbours("ana", turns[0].id, 2, 1)) == ["turn 0", "turn 1"]
    assert contents(store.neighbours("ana", turns[4].id, 2, 3)) == ["turn 2", "turn 3", "turn 4"]
    assert store.neighbours("ana", loose.id, 2, 2) == [loose]
    stats = mem.stats()
    assert (stats.users, stats.episodes, stats.chunks, stats.sessions) == (
        2,
        8,
        8,
        3,
    ) and stats.bytes > 0


def test_touch_and_recorded_access(mem, store, backend):
    [e] = mem.add("remember the milk", user_id="ana")
    store.touch("ana", [e.id], T0)
    store.touch("ana", [e.id, "unknown"], T0 + timedelta(days=1))
    assert backend.access(e.id) == (T0 + timedelta(days=1), 2)
    mem.search(
        "milk",
        user_id="ana",
        preset=SearchConfig(methods=("keyword",), parse_time=False, record_access=True),
    )
    assert backend.access(e.id)[1] == 3


# -- deletion ----------------------------------------------------------------------------------------
def test_delete_episode_leaves_no_trace(mem, backend):
    add_secret(mem)
    [target] = [e for e in mem.get_all("ana").items if SECRET in e.content]
    mem.update(target.id, f"Actually {SECRET} is my dog.", "ana")
    assert {"episodes", "chunks", "episode_history"} <= set(backend.rows_containing(SECRET))
    mem.delete(target.id, "ana")
    assert backend.rows_containing(SECRET) == []
    assert mem.search(SECRET, user_id="ana", preset="keyword") == []


def test_delete_session_leaves_no_trace(mem, backend):
    kept = add_secret(mem)
    assert mem.delete_all("ana", session_id="s1") == 1
    assert backend.rows_containing(SECRET) == [] and [e.id for e in mem.get_all("ana").items] == [
        kept.id
    ]


def test_forget_user_leaves_zero_rows(mem, backend):
    add_secret(mem)
    [bob] = mem.add("bob's unrelated note", user_id="bob")
    assert mem.forget_user("ana") == 2
    assert set(backend.counts("ana").values()) == {0} and backend.rows_containing(SECRET) == []
    assert mem.users() == ["bob"] and mem.get(bob.id, "bob") == bob


def test_delete_counts_and_unknown_ids(mem, store):
    [a, _] = mem.add_many(
        [{"user_id": "ana", "content": "first"}, {"user_id": "ana", "content": "second"}]
    )
    with pytest.raises(NotFoundError):
        store.delete("ana", [a.id, "nope"])
    assert mem.get(a.id, "ana") == a
    assert store.delete("ana", [a.id, a.id]) == 1 and store.delete_user("nobody") == 0
    assert contents(store.list("ana", Filters()).items) == ["second"]


# -- failed writes ----------------------------------------------------------------------------------
def test_duplicate_ids_conflict_and_write_nothing(mem, backend):
    mem.add_many([{"user_id": "ana", "content": "first", "id": "fixed-id"}])
    before = snapshot(backend)
    for batch in (
        [
            {"user_id": "ana", "content": "new one"},
            {"user_id": "bob", "content": "dup", "id": "fixed-id"},
        ],
        [
            {"user_id": "carl", "content": "a", "id": "twice"},
            {"user_id": "carl", "content": "b", "id": "twice"},
        ],
    ):
        with pytest.raises(ConflictError):
            mem.add_many(batch)
        assert snapshot(backend) == before
    assert mem.users() == ["ana"]


def test_failed_batch_write_is_rolled_back(backend, clock):
    class Exploding(HashingEmbedder):
        def embed_batch(self, texts):
            if any("boom" in t for t in texts):
                raise RuntimeError("embedder crashed")
            return super().embed_batch(texts)

    with Memory(backend.open(), embedder=Exploding(), clock=clock) as mem:
        mem.add("before", user_id="ana")
        before = snapshot(backend)
        with pytest.raises(RuntimeError):
            mem.add_many(
                [{"user_id": "ana", "content": "fine"}, {"user_id": "ana", "content": "boom"}]
            )
        assert snapshot(backend) == before


# -- schema -----------------------------------------------------------------------------------------
def test_migrations_build_an_empty_database_and_reopen_cleanly(empty_backend, clock):
    with Memory(empty_backend.open(), embedder=HashingEmbedder(), clock=clock) as mem:
        [e] = mem.add("kept across reopen", user_id="ana")
    assert empty_backend.migrations() == sorted(empty_backend.migration_names)
    with Memory(empty_backend.open(), embedder=HashingEmbedder(), clock=clock) as mem:
        assert mem.get(e.id, "ana") == e
    assert empty_backend.migrations() == sorted(empty_backend.migration_names)
    with pytest.raises(ConfigurationError, match="hash/256"):
        Memory(empty_backend.open(), embedder=HashingEmbedder(dim=32))


# -- presets that read time phrases (need lembrar.temporal) ---------------------------------------------
def _temporal_missing() -> str | None:
    try:
        from lembrar.temporal import parse_time  # noqa: F401
    except ImportError as exc:
        return f"lembrar.temporal is not importable yet ({exc})"
    return None


@pytest.mark.skipif(_temporal_missing() is not None, reason=str(_temporal_missing()))
@pytest.mark.parametrize("preset", ["balanced", "thorough"])
def test_time_aware_presets_score_in_unit_interval(mem, preset):
    mem.add_many(
        {"user_id": "ana", "content": t, "at": T0 + timedelta(days=i)}
        for i, t in enumerate(
            ["red apples", "green apples and pears", "a car engine", "apples apples"]
        )
    )
    for query in ("apples", "apples on May 2nd 2024"):
        hits = mem.search(query, user_id="ana", preset=preset)
        assert hits and all(0.0 <= h.score <= 1.0 for h in hits), query
        assert [h.rank for h in hits] == list(range(1, len(hits) + 1)) and {
            h.episode.user_id for h in hits
        } == {"ana"}
    scores = [h.score for h in mem.search("apples", user_id="ana", preset=preset)]
    assert scores == sorted(scores, reverse=True)
