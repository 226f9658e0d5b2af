"""The model as the layers' summarizer and insight writer, with the layers' own fallbacks."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder
from lembrar.errors import LLMError
from lembrar.layers import LayerConfig, TopicCluster
from lembrar.layers.llm_writers import LLMInsightWriter, LLMSummarizer
from lembrar.testing import Reply

NOW = datetime(2024, 5, 22, 9, 0, tzinfo=UTC)
TURNS = [
    {"role": "user", "content": "I'm planning a trip to Recife in July with Ana"},
    {"role": "assistant", "content": "July is a great time for Recife. Beaches or the old town?"},
    {"role": "user", "content": "Mostly the beaches, and we want to try tapioca"},
]


@pytest.fixture
def memory(client, tmp_path):
    layers = LayerConfig(summarizer=LLMSummarizer(client), insight_writer=LLMInsightWriter(client))
    with Memory(
        tmp_path / "m.db", embedder=HashingEmbedder(), clock=lambda: NOW, llm=client, layers=layers
    ) as mem:
        mem.add(TURNS, user_id="ana", session_id="trip", at="2024-05-20T10:00:00+00:00")
        yield mem


def test_session_summaries_are_written_by_the_model(memory, server):
    server.script(
        Reply.json(
            {
                "title": "Trip to Recife",
                "summary": "The user plans a July beach trip to Recife with Ana.",
            }
        )
    )
    summary = memory.end_session("ana", "trip")
    assert (summary.title, summary.method) == ("Trip to Recife", "llm:fake-model")
    assert summary.summary.startswith("The user plans") and summary.keyphrases
    assert "user: I'm planning a trip to Recife" in server.requests[0].messages[-1]["content"]


def test_a_failed_summary_falls_back_to_the_extractive_one(memory, server):
    server.script(Reply(status=401, error="bad key"))
    summary = memory.end_session("ana", "trip")
    assert summary.method == "extractive" and "Recife" in summary.summary


def test_insights_are_written_by_the_model(client, server):
    server.script(Reply.json({"statement": "The user is planning a trip to Recife."}))
    cluster = TopicCluster(("trip to Recife", "Recife beaches"), ("recife",), NOW, NOW)
    assert LLMInsightWriter(client).write(cluster) == "The user is planning a trip to Recife."
    assert "[2] Recife beaches" in server.requests[0].messages[-1]["content"]
    server.script(Reply(status=401, error="bad key"))
    with pytest.raises(LLMError):
        LLMInsightWriter(client).write(cluster)
