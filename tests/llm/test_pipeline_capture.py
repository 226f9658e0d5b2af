"""``llm_capture``: a memory record beside the raw turns, written by the model, timed by the clock."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder
from lembrar.errors import ConfigurationError
from lembrar.layers.capture import capture_records, clock_fields, exchanges
from lembrar.llm import LLMClient
from lembrar.testing import Reply

NOW = datetime(2024, 5, 22, 9, 0, tzinfo=UTC)
LUNCH = [
    {"role": "user", "content": "I had lunch with Ana at the harbour today"},
    {"role": "assistant", "content": "That sounds lovely! How is Ana?"},
]
RECORD = {
    "worth_remembering": True,
    "label": "Lunch",
    "description": "The user had lunch with Ana at the harbour.",
}


@pytest.fixture
def capturing(client):
    with Memory(
        ":memory:", embedder=HashingEmbedder(), clock=lambda: NOW, llm=client, llm_capture=True
    ) as memory:
        memory.set_user("ana", timezone="America/Sao_Paulo", hemisphere="south")
        yield memory


def add_lunch(memory):
    return memory.add(LUNCH, user_id="ana", session_id="s1", at="2024-02-18T13:05:00-03:00")


def test_a_record_is_stored_beside_the_turns_with_clock_fields_and_provenance(capturing, server):
    server.script(Reply.json(RECORD))
    user, reply, record = add_lunch(capturing)
    assert record.kind == "record" and record.session_id == "s1" and record.at == user.at
    assert record.record == {
        "date": "2024-02-18",
        "time": "13:05",
        "period": "afternoon",
        "weekday": "sunday",
        "season": "summer",  # February, southern hemisphere
        "session": "lunch",
        "description": "The user had lunch with Ana at the harbour.",
    }
    assert record.metadata["source"] == "llm_capture"
    assert record.metadata["derived_from"] == [user.id, reply.id]
    assert record.metadata["model"] == "fake-model" and record.metadata["prompt"].startswith(
        "memory_record/"
    )
    assert [e.id for e in capturing.get_all("ana").items] == [user.id, reply.id, record.id]
    prompt = server.requests[0].messages[-1]["content"]
    assert "Sunday 2024-02-18 13:05" in prompt and "afternoon" in prompt and "summer" in prompt
    assert "I had lunch with Ana" in prompt and "How is Ana?" in prompt


def test_the_record_is_searchable(capturing, server):
    server.script(Reply.json(RECORD))
    add_lunch(capturing)
    hits = capturing.search("lunch harbour", "ana", k=3, filters={"kinds": ["record"]})
    assert hits[0].episode.record["session"] == "lunch"


def test_nothing_worth_remembering_stores_only_the_turns(capturing, server):
    server.script(Reply.json({"worth_remembering": False, "label": "", "description": ""}))
    stored = add_lunch(capturing)
    assert [e.kind for e in stored] == ["message", "message"]


def test_broken_json_is_repaired(capturing, server):
    server.script(
        Reply(
            text='Sure! {"worth_remembering": true, "label": "lunch", "description": "Lunch with Ana.",}'
        )
    )
    assert add_lunch(capturing)[-1].record["description"] == "Lunch with Ana."
    assert len(server.requests) == 1


def test_an_invalid_reply_is_asked_again(capturing, server):
    server.script(Reply.json({"worth_remembering": True, "label": "lunch"}), Reply.json(RECORD))
    assert add_lunch(capturing)[-1].kind == "record"
    retry = server.requests[1].messages
    assert retry[-1]["role"] == "user" and "description" in retry[-1]["content"]


def test_a_failing_model_falls_back_to_the_turns_alone(capturing, server, caplog):
    server.script(*[Reply(status=500, error="boom")] * 3)
    stored = add_lunch(capturing)
    assert [e.kind for e in stored] == ["message", "message"]
    assert capturing.stats().episodes == 2
    assert "llm_capture" in caplog.text


def test_capture_reports_each_exchange(client, server, memory):
    server.script(Reply.json(RECORD), Reply(status=401, error="bad key"))
    episodes = memory.add(
        LUNCH
        + [
            {"role": "user", "content": "And tomorrow I fly to Recife"},
            {"role": "assistant", "content": "Have a good flight!"},
        ],
        user_id="ana",
    )
    assert [(u.content[:5], r.content[:5]) for u, r in exchanges(episodes)] == [
        ("I had", "That "),
        ("And t", "Have "),
    ]
    capture = capture_records(client, episodes)
    assert len(capture.records) == 1
    assert [s.outcome for s in capture.steps] == ["used", "fallback"]
    assert "LLMAuthError" in capture.steps[1].detail


def test_a_reply_added_later_is_paired_with_the_stored_message(capturing, server):
    [user] = capturing.add(LUNCH[0], user_id="ana", session_id="s1")
    assert server.requests == []  # a message nobody answered yet is not read
    server.script(Reply.json(RECORD))
    reply, record = capturing.add(LUNCH[1], user_id="ana", session_id="s1")
    assert record.metadata["derived_from"] == [user.id, reply.id]
    capturing.add(
        {"role": "assistant", "content": "Anything else?"}, user_id="ana", session_id="s1"
    )
    assert len(server.requests) == 1  # the latest message is the assistant's own: no exchange


def test_without_a_model_capture_is_skipped_and_cannot_be_switched_on(memory):
    episodes = memory.add(LUNCH, user_id="ana")
    assert capture_records(None, episodes).steps[0].outcome == "skipped"
    with pytest.raises(ConfigurationError, match="llm_capture"):
        Memory(":memory:", embedder=HashingEmbedder(), llm_capture=True)


def test_clock_fields_come_from_the_time_tags(memory):
    [episode] = memory.add("x", user_id="ana", at="2024-07-05T23:30:00+00:00")
    assert clock_fields(episode.tags) == {
        "date": "2024-07-05",
        "time": "23:30",
        "period": "night",
        "weekday": "friday",
        "season": "summer",
    }


def test_records_and_texts_are_not_captured(client, server):
    with Memory(":memory:", embedder=HashingEmbedder(), llm=client, llm_capture=True) as memory:
        memory.add("a plain note", user_id="ana")
        memory.add({"kind": "note"}, user_id="ana")
    assert server.requests == []


def test_the_client_is_used_with_its_own_config(server):
    with (
        LLMClient(server.config(timeout=1.0, max_retries=0)) as llm,
        Memory(":memory:", embedder=HashingEmbedder(), llm=llm, llm_capture=True) as memory,
    ):
        server.script(Reply.json(RECORD))
        assert memory.add(LUNCH, user_id="ana")[-1].metadata["derived_from"]
