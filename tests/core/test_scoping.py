"""User A can never see user B's data, through any call."""

import pytest

from lembrar import NotFoundError


@pytest.fixture
def two_users(memory):
    [a] = memory.add(
        {"role": "user", "content": "alice secret: the vault code is 1234"},
        user_id="alice",
        session_id="sa",
    )
    [b] = memory.add(
        {"role": "user", "content": "bob secret: the vault code is 9876"},
        user_id="bob",
        session_id="sb",
    )
    return a, b


def test_search_only_returns_the_callers_episodes(memory, two_users):
    for preset in ("dense", "keyword", "balanced", "thorough"):
        hits = memory.search("vault code secret", user_id="alice", preset=preset, k=10)
        assert hits and {h.episode.user_id for h in hits} == {"alice"}


def test_reads_by_id_are_scoped(memory, two_users):
    a, b = two_users
    with pytest.raises(NotFoundError):
        memory.get(b.id, "alice")
    with pytest.raises(NotFoundError):
        memory.history(b.id, "alice")
    assert [e.id for e in memory.get_all("alice").items] == [a.id]
    assert [s.session_id for s in memory.sessions("alice")] == ["sa"]
    assert memory.get_all("alice", {"session_id": "sb"}).items == []


def test_writes_by_id_are_scoped(memory, two_users):
    a, b = two_users
    with pytest.raises(NotFoundError):
        memory.update(b.id, "overwritten", "alice")
    with pytest.raises(NotFoundError):
        memory.delete(b.id, "alice")
    assert memory.delete_all("alice", session_id="sb") == 0
    assert memory.get(b.id, "bob").content.startswith("bob secret")


def test_forgetting_one_user_keeps_the_other(memory, two_users):
    a, b = two_users
    assert memory.forget_user("alice") == 1
    assert memory.users() == ["bob"]
    assert memory.get(b.id, "bob")
    assert memory.search("vault", user_id="alice", preset="dense") == []


def test_tenants_are_isolated(db_path, clock):
    from lembrar import Memory
    from lembrar.embed.hashing import HashingEmbedder
    from lembrar.store.sqlite import SqliteStore

    store = SqliteStore(db_path)
    one = Memory(store, embedder=HashingEmbedder(), clock=clock)
    two = Memory(store.for_tenant("acme"), embedder=HashingEmbedder(), clock=clock)
    [e] = one.add("tenant one private note", user_id="same-user")
    assert two.get_all("same-user").items == []
    assert two.search("private note", user_id="same-user", preset="keyword") == []
    with pytest.raises(NotFoundError):
        two.get(e.id, "same-user")
    assert two.users() == [] and one.users() == ["same-user"]
