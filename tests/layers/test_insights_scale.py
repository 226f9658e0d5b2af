"""How long an insight refresh takes for a user with 10,000 messages (measured and reported,
not asserted: ``pytest -m slow -s tests/layers/test_insights_scale.py``)."""

import time
from datetime import timedelta

import numpy as np
import pytest
from layerkit import NOW, TOPICS, topic_messages

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder
from lembrar.graph import GraphConfig
from lembrar.layers.clustering import cluster

MESSAGES = 10_000


@pytest.fixture
def memory(db_path, clock):
    # the graph is not what is measured here; its extraction would dominate adding 10,000 messages
    with Memory(
        db_path, embedder=HashingEmbedder(), clock=clock, graph=GraphConfig(enabled=False)
    ) as mem:
        yield mem


@pytest.mark.slow
def test_refresh_time_for_ten_thousand_messages(memory, record_property):
    per_topic = MESSAGES // len(TOPICS)
    items = [
        {"user_id": "ana", "role": "user", "content": text, "at": at, "session_id": f"s{i // 20}"}
        for i, (_, text, at) in enumerate(topic_messages(per_topic, NOW - timedelta(days=400)))
    ]
    memory.add_many(items)
    started = time.perf_counter()
    insights = memory.refresh_insights("ana")
    refresh = time.perf_counter() - started

    vectors = np.random.default_rng(0).standard_normal((MESSAGES, 512)).astype(np.float32)
    centres = np.random.default_rng(1).standard_normal((8, 512)).astype(np.float32)
    vectors = centres[np.arange(MESSAGES) % 8] + 0.8 * vectors
    started = time.perf_counter()
    found = cluster(vectors, min_size=100)
    clustering = time.perf_counter() - started

    record_property("refresh_seconds", round(refresh, 2))
    record_property("clustering_512d_seconds", round(clustering, 2))
    print(
        f"\nrefresh_insights, {MESSAGES} messages (hash, 256-d): {refresh:.2f} s, {len(insights)} insights;"
        f" clustering alone, {MESSAGES} x 512-d: {clustering:.2f} s, k={found.k}"
    )
    assert len(insights) == len(TOPICS) and found.k == 8
