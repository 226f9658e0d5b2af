"""The backends compared side by side, and the synthetic scaling of the speed benchmark."""

from __future__ import annotations

from datetime import UTC, datetime

import numpy as np
import pytest

from lembrar.embed.hashing import HashingEmbedder
from lembrar.evaluation.speed import (
    ComposedEmbedder,
    episodes,
    recall,
    scaled_texts,
    search_latencies,
)
from lembrar.evaluation.systems import ChromaBackend, EngineBackend, chroma_available
from lembrar.model.inputs import EpisodeIn

NOW = datetime(2024, 6, 1, tzinfo=UTC)
TEXTS = [
    "The gasoline price went up again.",
    "My cat likes to sleep on the piano.",
    "We booked a flight to Lisbon for May.",
    "The escrow papers need a signature.",
]


def _items():
    return [
        EpisodeIn(
            user_id="u",
            content=t,
            role="user",
            session_id=f"s{n}",
            at=datetime(2024, 5, n + 1, tzinfo=UTC),
            metadata={"unit": f"u{n}"},
        )
        for n, t in enumerate(TEXTS)
    ]


def test_engine_backend_answers_for_each_preset():
    backend = EngineBackend(
        HashingEmbedder(),
        {"ours": "balanced", "dense": "dense", "keyword": "keyword"},
        query_embedder=HashingEmbedder(),
    )
    backend.load("u", _items())
    for system in backend.systems:
        found = backend.search(system, "u", "price of gasoline", 3, NOW)
        assert found and found[0].metadata["unit"] == "u0" and found[0].session_id == "s0"
        assert len({f.metadata["unit"] for f in found}) == len(found)
    backend.reset()
    backend.load("u", _items()[:1])
    assert len(backend.search("dense", "u", "piano", 5, NOW)) == 1


@pytest.mark.skipif(not chroma_available(), reason="chromadb not installed")
def test_chroma_backend_is_plain_dense_knn():
    backend = ChromaBackend(HashingEmbedder())
    backend.load("u", _items())
    found = backend.search("chroma", "u", "price of gasoline", 2, NOW)
    assert [f.metadata["unit"] for f in found][0] == "u0" and len(found) == 2
    assert all(0.0 <= f.score <= 1.0 for f in found)
    backend.close()


def test_scaled_texts_are_real_first_then_distinct_pairs():
    reals = ["a b", "c d", "e f"]
    texts, parts = scaled_texts(reals, 8)
    assert texts[:3] == reals and len(set(texts)) == 8
    assert set(parts) == set(texts[3:])
    assert texts[3] == "a b c d" and parts["a b c d"] == ("a b", "c d")


def test_composed_vectors_are_the_normalized_sum_of_their_parts():
    inner = HashingEmbedder()
    texts, parts = scaled_texts(TEXTS, 6)
    composed = ComposedEmbedder(inner, parts).embed_batch(texts)
    a, b = parts[texts[4]]
    expected = inner.embed_batch([a])[0] + inner.embed_batch([b])[0]
    assert np.allclose(composed[4], expected / np.linalg.norm(expected), atol=1e-6)
    assert np.allclose(composed[0], inner.embed_batch([TEXTS[0]])[0], atol=1e-6)


def test_speed_episodes_share_one_scope():
    items = episodes(["x", "y", "z"])
    assert {i.user_id for i in items} == {"speed"} and items[1].role == "assistant"


def test_speed_latencies_ask_every_system_each_query_in_turns():
    calls: list[tuple[str, str]] = []

    class Recording:
        def search(self, system, scope, query, k, now):
            calls.append((system, query))
            return []

    shared, other = Recording(), Recording()
    systems = {"lembrar": (shared, "lembrar"), "dense": (shared, "dense"), "chroma": (other, "c")}
    queries = [f"q{i}" for i in range(6)]
    latencies = search_latencies(systems, queries)
    timed = [c for c in calls if c[1] != "warm up"]
    assert [q for _, q in timed] == [q for q in queries for _ in range(3)]  # query by query
    firsts = [timed[3 * i][0] for i in range(len(queries))]
    assert firsts == ["lembrar", "dense", "c", "lembrar", "dense", "c"]  # who goes first rotates
    assert sorted(latencies) == ["chroma", "dense", "lembrar"]
    assert all(0 <= v["p50"] <= v["p95"] for v in latencies.values())


def test_speed_recall_counts_the_exact_hits_found_query_by_query():
    assert recall([{1, 2}, {3}], [{1, 2, 4}, {3}]) == 0.75
    assert recall([{5}], [{6}]) == 0.0
    with pytest.raises(ValueError):
        recall([{1}], [{1}, {2}])  # one set of hits a query
