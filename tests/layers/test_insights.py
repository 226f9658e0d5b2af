"""User insights: clustering recovers topics, insights carry provenance, and forgetting reaches them."""

from collections import Counter
from datetime import timedelta

import numpy as np
import pytest
from layerkit import NOW, add_topic_messages

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder
from lembrar.errors import LLMError
from lembrar.layers import LayerConfig
from lembrar.layers.clustering import cluster

START = NOW - timedelta(days=150)


def blobs(rng, centres, per, spread):
    points = [c + spread * rng.standard_normal((per, c.shape[0])) for c in centres]
    x = np.concatenate(points)
    return x / np.linalg.norm(x, axis=1, keepdims=True), np.repeat(np.arange(len(centres)), per)


def purity(labels, truth):
    kept = labels >= 0
    return (
        sum(Counter(truth[kept & (labels == c)]).most_common(1)[0][1] for c in set(labels[kept]))
        / kept.sum()
    )


@pytest.mark.parametrize("groups", [2, 4, 7])
def test_clustering_recovers_synthetic_topic_groups(groups):
    rng = np.random.default_rng(groups)
    centres = rng.standard_normal((groups, 64))
    x, truth = blobs(rng, centres / np.linalg.norm(centres, axis=1, keepdims=True), 40, 0.08)
    found = cluster(x, min_size=5)
    assert found.k == groups
    assert purity(found.labels, truth) == 1.0 and (found.labels >= 0).mean() > 0.9


def test_noise_without_topics_gives_no_clusters():
    x = np.random.default_rng(0).standard_normal((200, 64))
    assert cluster(x, min_size=5).k == 0


def test_small_groups_are_dropped():
    rng = np.random.default_rng(3)
    centres = rng.standard_normal((3, 64))
    x, _ = blobs(rng, centres / np.linalg.norm(centres, axis=1, keepdims=True), 40, 0.08)
    x = np.concatenate(
        [x, np.tile(-centres[2] / np.linalg.norm(centres[2]), (3, 1))]
    )  # three stray points
    found = cluster(x, min_size=5)
    assert found.k == 3 and (found.labels[-3:] == -1).all()


def test_refresh_turns_each_topic_into_an_insight(memory):
    topic_of = add_topic_messages(memory, "ana", 15, START)
    insights = memory.refresh_insights("ana")
    assert len(insights) == 4
    seen = set()
    for insight in insights:
        topics = Counter(topic_of[s] for s in insight.sources)
        topic, count = topics.most_common(1)[0]
        assert count / len(insight.sources) >= 0.9 and insight.size == len(insight.sources) >= 10
        seen.add(topic)
        assert insight.statement.startswith("Often talks about: ")
        assert insight.first_at < insight.last_at and insight.label in ("low", "medium", "high")
    assert seen == {"rust", "cooking", "running", "garden"}
    rust = next(i for i in insights if topic_of[i.sources[0]] == "rust")
    assert any(word in rust.statement.lower() for word in ("rust", "tokio", "serde"))
    assert [i.confidence for i in insights] == sorted(
        (i.confidence for i in insights), reverse=True
    )


def test_too_few_messages_give_no_insights(memory):
    add_topic_messages(memory, "ana", 2, START)
    assert memory.refresh_insights("ana") == []


def test_an_insight_whose_messages_are_all_deleted_disappears(memory):
    topic_of = add_topic_messages(memory, "ana", 15, START)
    insights = memory.refresh_insights("ana")
    target = next(i for i in insights if topic_of[i.sources[0]] == "garden")
    for source in target.sources[:5]:
        memory.delete(source, "ana")
    redone = memory.insights.get(target.id, "ana")
    assert (
        not redone.stale
        and set(redone.sources) == set(target.sources[5:])
        and redone.size == len(target.sources) - 5
    )
    for source in target.sources[5:]:
        memory.delete(source, "ana")
    assert target.id not in [i.id for i in memory.insights.list("ana")]
    assert len(memory.insights.list("ana")) == 3


def test_deleting_a_session_reaches_the_insights_drawn_from_it(memory):
    add_topic_messages(memory, "ana", 15, START)
    insights = memory.refresh_insights("ana")
    for insight in insights:
        for source in insight.sources:
            memory.delete_all("ana", session_id=memory.get(source, "ana").session_id)
    assert memory.insights.list("ana") == []


def test_an_edited_insight_keeps_its_wording_across_refreshes(memory):
    add_topic_messages(memory, "ana", 15, START)
    first = memory.refresh_insights("ana")[0]
    memory.insights.edit(first.id, "Trains for a 10 km race in July", "ana")
    again = memory.refresh_insights("ana")
    kept = next(i for i in again if i.id == first.id)
    assert kept.statement == "Trains for a 10 km race in July" and kept.edited


def test_a_deleted_insight_is_not_drawn_again_from_the_same_messages(memory):
    add_topic_messages(memory, "ana", 15, START)
    first = memory.refresh_insights("ana")
    memory.insights.delete(first[0].id, "ana")
    again = memory.refresh_insights("ana")
    assert len(again) == 3 and not set(first[0].sources) & {s for i in again for s in i.sources}


class BrokenWriter:
    name = "llm"

    def write(self, cluster):
        raise LLMError("the model is down")


def test_a_failing_insight_writer_falls_back_to_keyphrases(db_path, clock):
    with Memory(
        db_path,
        embedder=HashingEmbedder(),
        clock=clock,
        layers=LayerConfig(insight_writer=BrokenWriter()),
    ) as mem:
        add_topic_messages(mem, "ana", 15, START)
        assert all(i.statement.startswith("Often talks about") for i in mem.refresh_insights("ana"))
