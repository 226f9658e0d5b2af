"""The layers with the default embedder (use-m3): the duplicate threshold it was calibrated for,
cross-language duplicates, and insights from topic clusters."""

from collections import Counter
from datetime import timedelta

import pytest
from layerkit import DIFFERENT, NOW, PARAPHRASES, add_topic_messages, merged_pairs

from lembrar import Memory
from lembrar.layers import Duplicate, Saved


@pytest.mark.slow
def test_layers_with_the_default_embedder(db_path, clock):
    with Memory(db_path, embedder="use-m3", clock=clock) as memory:
        assert sum(merged_pairs(memory.embedder, PARAPHRASES)) >= len(PARAPHRASES) - 1
        assert not any(merged_pairs(memory.embedder, DIFFERENT))

        assert isinstance(memory.saved.add("I am vegetarian", "ana"), Saved)
        again = memory.saved.capture("Lembra que eu sou vegetariano", "ana")
        assert isinstance(again, Duplicate) and again.reason == "same meaning"
        assert isinstance(memory.saved.add("I'm a software engineer", "ana"), Saved)
        assert isinstance(memory.saved.add("I'm a developer", "ana"), Saved)

        topic_of = add_topic_messages(memory, "ana", 20, NOW - timedelta(days=150))
        insights = memory.refresh_insights("ana")
        assert len(insights) == 4
        assert {
            Counter(topic_of[s] for s in i.sources).most_common(1)[0][0] for i in insights
        } == set(Counter(topic_of.values()))
