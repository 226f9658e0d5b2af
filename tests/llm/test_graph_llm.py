"""The language-model extractor against the local protocol server: one call per episode, names
resolved against the graph, and the offline extractor when replies are malformed."""

from __future__ import annotations

from datetime import UTC, datetime

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder
from lembrar.graph import GraphConfig
from lembrar.graph.extract import LLMExtractor
from lembrar.testing import Reply

NOW = datetime(2024, 5, 22, 9, 0, tzinfo=UTC)
LISBON = {
    "entities": [
        {"name": "Maria", "type": "user"},
        {"name": "Ana Souza", "type": "person", "aliases": ["my sister"]},
        {"name": "Lisbon", "type": "place"},
    ],
    "facts": [
        {"subject": "Ana Souza", "predicate": "lives_in", "object": "Lisbon"},
        {"subject": "Maria", "predicate": "has_sibling", "object": "Ana Souza"},
    ],
}
PORTO = {
    "entities": [{"name": "Ana Souza", "type": "person"}, {"name": "Porto", "type": "place"}],
    "facts": [
        {
            "subject": "Ana Souza",
            "predicate": "lives_in",
            "object": "Porto",
            "valid_at": "2023-08-01",
        }
    ],
}


def memory_with(client):
    extractor = LLMExtractor(client)
    return Memory(
        ":memory:",
        embedder=HashingEmbedder(),
        clock=lambda: NOW,
        graph=GraphConfig(extractor=extractor),
    ), extractor


def say(memory, text, at):
    memory.add({"role": "user", "content": text, "name": "Maria"}, user_id="maria", at=at)


def test_the_model_reads_facts_in_one_call_per_episode(client, server):
    server.script(Reply.json(LISBON), Reply.json(PORTO))
    memory, extractor = memory_with(client)
    say(memory, "My sister lives in Lisbon.", "2023-01-10T10:00:00+00:00")
    say(memory, "She moved to Porto last month.", "2023-09-10T10:00:00+00:00")
    names = memory.graph.names("maria")
    timeline = [
        (
            names[f.subject_id],
            names[f.object_id],
            f.valid_at.date().isoformat(),
            f.invalid_at and f.invalid_at.date().isoformat(),
        )
        for f in memory.graph.facts("maria")
    ]
    assert ("Ana Souza", "Porto", "2023-08-01", None) in timeline
    assert ("Ana Souza", "Lisbon", "2023-01-10", "2023-08-01") in timeline
    assert extractor.calls == 2 and len(server.requests) == 2 and extractor.fallbacks == 0
    second = server.requests[1].messages[-1]["content"]
    assert "Ana Souza (also: my sister)" in second and "Ana Souza lives in Lisbon" in second


def test_a_malformed_reply_falls_back_to_the_offline_extractor(client, server):
    broken = Reply(text='{"entities": [{"name": "Ana", "type": "alien"}], "facts": [')
    server.script(broken, broken)
    memory, extractor = memory_with(client)
    say(memory, "My sister Ana lives in Lisbon.", "2023-01-10T10:00:00+00:00")
    assert {f.text for f in memory.graph.facts("maria")} == {
        "Ana lives in Lisbon",
        "Maria has a sibling: Ana",
    }
    assert extractor.fallbacks == 1 and extractor.calls == 2 == len(server.requests)


def test_facts_naming_unlisted_entities_are_refused_then_fall_back(client, server):
    wrong = Reply.json(
        {"entities": [], "facts": [{"subject": "X", "predicate": "lives_in", "object": "Y"}]}
    )
    server.script(wrong, wrong)
    memory, extractor = memory_with(client)
    say(memory, "I work at Sonae.", "2024-01-10T10:00:00+00:00")
    assert [f.text for f in memory.graph.facts("maria")] == ["Maria works at Sonae"]
    assert extractor.fallbacks == 1


def test_a_server_error_falls_back_too(client, server):
    server.script(*[Reply(status=500, error="down")] * 3)
    memory, extractor = memory_with(client)
    say(memory, "I live in Braga.", "2024-01-10T10:00:00+00:00")
    assert [f.text for f in memory.graph.facts("maria")] == ["Maria lives in Braga"]
    assert extractor.fallbacks == 1
