"""What one tenant stores cannot be sensed by another: not through the embedding cache (a cache
hit is faster, so it would tell that the text exists), not through an id that conflicts."""

from __future__ import annotations

import pytest

from lembrar import ConflictError, Memory
from lembrar.embed.hashing import HashingEmbedder
from lembrar.ingest import chunk_episode, chunk_hashes


def _memory(backend, tenant: str, clock) -> Memory:
    return Memory(backend.open(tenant), embedder=HashingEmbedder(), clock=clock)


def test_embedding_cache_lookups_stay_within_a_tenant(backend, clock):
    with _memory(backend, backend.tenant, clock) as one:
        [episode] = one.add("a long text only the first tenant holds", user_id="ana")
        [text_hash] = chunk_hashes(chunk_episode(episode, one.config))
        assert list(one.store.cached_vectors("hash", [text_hash])) == [text_hash]
    embedder = HashingEmbedder()
    with Memory(backend.open(backend.tenant + "-other"), embedder=embedder, clock=clock) as two:
        assert two.store.cached_vectors("hash", [text_hash]) == {}
        two.add("a long text only the first tenant holds", user_id="ana")
    assert embedder.texts_embedded == 1


def test_episode_ids_are_unique_per_tenant_not_per_store(backend, clock):
    with (
        _memory(backend, backend.tenant, clock) as one,
        _memory(backend, backend.tenant + "-b", clock) as two,
    ):
        [mine] = one.add_many([{"user_id": "ana", "content": "tenant one's turn", "id": "turn-1"}])
        [theirs] = two.add_many(
            [{"user_id": "ana", "content": "tenant two's turn", "id": "turn-1"}]
        )
        assert one.get("turn-1", "ana") == mine and two.get("turn-1", "ana") == theirs
        assert [h.text for h in two.search("turn", user_id="ana", preset="keyword")] == [
            "tenant two's turn"
        ]
        two.update("turn-1", "tenant two's edited turn", "ana")
        assert [h.content for h in two.history("turn-1", "ana")] == [
            "tenant two's turn",
            "tenant two's edited turn",
        ]
        assert [h.content for h in one.history("turn-1", "ana")] == ["tenant one's turn"]
        two.delete("turn-1", "ana")
        assert one.get("turn-1", "ana") == mine
        with pytest.raises(ConflictError):
            one.add_many([{"user_id": "bob", "content": "same tenant, same id", "id": "turn-1"}])
        assert one.forget_user("ana") == 1 and two.users() == ["ana"]
