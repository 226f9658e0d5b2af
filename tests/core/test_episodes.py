from datetime import UTC, datetime, timedelta

import pytest

from lembrar import ConfigurationError, Memory, NotFoundError
from lembrar.embed.hashing import HashingEmbedder


def test_message_round_trip(memory):
    [e] = memory.add(
        {"role": "user", "content": "I adopted a dog named Rex", "name": "Ana"},
        user_id="ana",
        session_id="s1",
        at="2024-05-02T10:00:00-03:00",
        metadata={"source": "chat"},
    )
    got = memory.get(e.id, "ana")
    assert (got.kind, got.role, got.speaker, got.content) == (
        "message",
        "user",
        "Ana",
        "I adopted a dog named Rex",
    )
    assert got.session_id == "s1" and got.metadata == {"source": "chat"}
    assert got.at == datetime(2024, 5, 2, 13, 0, tzinfo=UTC)
    assert got.recorded_at == memory.now()


def test_text_round_trip(memory):
    [e] = memory.add("Plain note about the trip to Lisbon.", user_id="ana")
    got = memory.get(e.id, "ana")
    assert (
        got.kind == "text"
        and got.role is None
        and got.content == "Plain note about the trip to Lisbon."
    )
    assert got.at == memory.now()


def test_record_round_trip(memory):
    record = {
        "label": "lunch",
        "description": "ate feijoada with Maria",
        "people": ["Maria"],
        "place": {"city": "Vitória"},
    }
    [e] = memory.add(record, user_id="ana", at="2024-02-10T12:30:00+00:00")
    got = memory.get(e.id, "ana")
    assert got.kind == "record" and got.record == record
    assert "label: lunch" in got.content and "place.city: Vitória" in got.content
    assert memory.search("feijoada", user_id="ana", preset="keyword")[0].episode.id == e.id


def test_list_of_messages_keeps_order_and_session(memory):
    turns = [{"role": "user", "content": f"turn number {i}"} for i in range(5)]
    created = memory.add(turns, user_id="ana", session_id="s", at="2024-05-01T09:00:00+00:00")
    page = memory.get_all("ana", {"session_id": "s"})
    assert [e.id for e in page.items] == [e.id for e in created]


def test_update_keeps_history_and_reindexes(memory):
    [e] = memory.add("I live in Lisbon", user_id="ana")
    memory.update(e.id, "I live in Porto", "ana")
    assert memory.get(e.id, "ana").content == "I live in Porto"
    assert memory.get(e.id, "ana").version == 2
    assert [(h.version, h.event, h.content) for h in memory.history(e.id, "ana")] == [
        (1, "ADD", "I live in Lisbon"),
        (2, "UPDATE", "I live in Porto"),
    ]
    assert memory.search("Porto", user_id="ana", preset="keyword")[0].episode.id == e.id
    assert memory.search("Lisbon", user_id="ana", preset="keyword") == []


def test_pagination_with_cursor_covers_everything_once(memory):
    start = datetime(2024, 1, 1, tzinfo=UTC)
    memory.add_many(
        {"user_id": "ana", "content": f"note {i}", "at": start + timedelta(hours=i)}
        for i in range(23)
    )
    seen, cursor = [], None
    while True:
        page = memory.get_all("ana", limit=5, cursor=cursor, order="desc")
        seen += [e.content for e in page.items]
        if page.next_cursor is None:
            break
        cursor = page.next_cursor
    assert seen == [f"note {i}" for i in reversed(range(23))]


def test_filters_by_role_period_weekday_time_and_metadata(memory):
    memory.add(
        {"role": "user", "content": "morning run"},
        user_id="ana",
        at="2024-05-04T07:00:00+00:00",
        metadata={"topic": "sport"},
    )
    memory.add(
        {"role": "assistant", "content": "evening tea"},
        user_id="ana",
        at="2024-05-06T19:00:00+00:00",
        metadata={"topic": "food"},
    )
    assert [e.content for e in memory.get_all("ana", {"roles": "assistant"}).items] == [
        "evening tea"
    ]
    assert [e.content for e in memory.get_all("ana", {"periods": ("morning",)}).items] == [
        "morning run"
    ]
    assert [e.content for e in memory.get_all("ana", {"weekdays": ("monday",)}).items] == [
        "evening tea"
    ]
    assert [e.content for e in memory.get_all("ana", {"metadata": {"topic": "sport"}}).items] == [
        "morning run"
    ]
    memory.add(
        "nested", user_id="ana", at="2024-05-01T00:00:00+00:00", metadata={"source": {"app": "web"}}
    )
    assert [
        e.content for e in memory.get_all("ana", {"metadata": {"source.app": "web"}}).items
    ] == ["nested"]
    since = datetime(2024, 5, 5, tzinfo=UTC)
    assert [e.content for e in memory.get_all("ana", {"since": since}).items] == ["evening tea"]
    hits = memory.search(
        "tea run", user_id="ana", filters={"metadata": {"topic": "food"}}, preset="dense"
    )
    assert [h.episode.content for h in hits] == ["evening tea"]


def test_search_scores_are_in_unit_interval_and_ordered(memory):
    memory.add_many(
        {"user_id": "ana", "content": t}
        for t in ["red apples", "green apples and pears", "a car engine", "apples apples"]
    )
    for preset in ("dense", "keyword", "fast", "balanced", "thorough"):
        hits = memory.search("apples", user_id="ana", preset=preset)
        assert hits, preset
        scores = [h.score for h in hits]
        assert all(0.0 <= s <= 1.0 for s in scores) and scores == sorted(scores, reverse=True), (
            preset
        )
        assert [h.rank for h in hits] == list(range(1, len(hits) + 1))


def test_sessions_and_users(memory):
    memory.add("a", user_id="ana", session_id="s1", at="2024-05-01T10:00:00+00:00")
    memory.add("b", user_id="ana", session_id="s1", at="2024-05-01T11:00:00+00:00")
    memory.add("c", user_id="bob", session_id="s2")
    [s1] = memory.sessions("ana")
    assert (s1.session_id, s1.episodes, s1.last_at - s1.first_at) == ("s1", 2, timedelta(hours=1))
    assert memory.users() == ["ana", "bob"]


def test_embedding_cache_never_embeds_the_same_text_twice(db_path, clock):
    embedder = HashingEmbedder()
    with Memory(db_path, embedder=embedder, clock=clock) as mem:
        mem.add("the same sentence", user_id="ana")
        mem.add("the same sentence", user_id="bob")
    with Memory(db_path, embedder=embedder, clock=clock) as mem:
        mem.add("the same sentence", user_id="carl")
    assert embedder.texts_embedded == 1


def test_store_remembers_its_embedder(db_path):
    Memory(db_path, embedder=HashingEmbedder(dim=64)).close()
    with pytest.raises(ConfigurationError, match="hash/64"):
        Memory(db_path, embedder=HashingEmbedder(dim=32))


def test_unknown_id_is_not_found(memory):
    with pytest.raises(NotFoundError):
        memory.get("nope", "ana")
    with pytest.raises(KeyError):
        memory.delete("nope", "ana")


def test_long_text_is_chunked_and_each_chunk_is_searchable(memory):
    sentences = [
        f"Sentence {i} talks about topic{i} in some detail for the reader." for i in range(80)
    ]
    [e] = memory.add(" ".join(sentences), user_id="ana")
    hits = memory.search("topic77", user_id="ana", preset="keyword")
    assert (
        hits[0].episode.id == e.id
        and "topic77" in hits[0].text
        and len(hits[0].text) < len(e.content)
    )


def test_large_index_searches_with_its_selective_terms(memory, monkeypatch):
    from lembrar.store import terms
    from lembrar.store.sqlite import keyword_search

    monkeypatch.setattr(terms, "PRUNE_ABOVE", 50)
    memory.add_many(
        {"user_id": "ana", "content": f"the common words are here, note {i}"} for i in range(120)
    )
    [target] = memory.add("the café in Lisboa serves pastéis de nata", user_id="ana")
    rows, _ = keyword_search.fts_totals(memory.store._s)
    assert keyword_search.selective_terms(
        memory.store._s, ["common", "words", "cafe", "pastéis"], None, rows
    ) == [
        "cafe",
        "pastéis",
    ]
    assert keyword_search.selective_terms(memory.store._s, ["common", "words"], None, rows) in (
        ["common"],
        ["words"],
    )
    hits = memory.search("which common café serves pastéis", user_id="ana", preset="keyword")
    assert [h.episode.id for h in hits] == [target.id]
