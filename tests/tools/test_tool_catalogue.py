"""The shared tool catalogue and its runner, on a real SQLite memory: every tool, its
arguments checked by name, and the hints the catalogue states."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder
from lembrar.errors import NotFoundError, ValidationError
from lembrar.tools import CATALOGUE, ToolRunner, openai_tools, spec

NOW = datetime(2024, 5, 22, 9, 0, tzinfo=UTC)  # a Wednesday
TURNS = [
    (
        "2024-05-19T13:00:00+00:00",
        "sunday",
        "I had lunch with Ana at the harbour, grilled sardines",
    ),
    ("2024-05-19T13:05:00+00:00", "sunday", "Ana said she is moving to Berlin in June"),
    ("2024-05-16T19:00:00+00:00", "thursday", "My guitar lesson was hard today"),
    ("2024-04-02T10:00:00+00:00", "april", "Booked the flights to Tokyo"),
]


@pytest.fixture
def memory(tmp_path):
    with Memory(str(tmp_path / "m.db"), embedder=HashingEmbedder(), clock=lambda: NOW) as mem:
        for at, session, text in TURNS:
            mem.add({"role": "user", "content": text}, "ana", session_id=session, at=at)
        yield mem


@pytest.fixture
def tools(memory):
    return ToolRunner(memory, "ana")


def test_the_catalogue_is_one_set_of_schemas_for_every_surface():
    names = [t.name for t in CATALOGUE]
    assert names == [
        "remember",
        "recall",
        "context",
        "forget",
        "timeline",
        "saved_memories",
        "facts",
        "entities",
    ]
    for tool in CATALOGUE:
        schema = tool.input_schema
        assert schema["type"] == "object" and schema["additionalProperties"] is False
        assert set(schema["required"]) <= set(schema["properties"])
        assert all("type" in p or "enum" in p for p in schema["properties"].values())
        assert "{" in tool.description, f"{tool.name}: the description shows an example call"
        assert not (tool.read_only and tool.destructive)
        json.dumps(openai_tools())
    assert [t.name for t in CATALOGUE if t.read_only] == [
        "recall",
        "context",
        "timeline",
        "facts",
        "entities",
    ]
    assert [t.name for t in CATALOGUE if t.destructive] == ["forget", "saved_memories"]


def test_recall_reads_a_time_phrase_and_returns_dated_scored_memories(tools):
    found = tools.call("recall", {"query": "what did Ana say last Sunday"})
    assert found["understood"]["windows"][0]["start"].startswith("2024-05-19T00:00")
    first, second = found["memories"][:2]
    assert "2024-05-19" in first["when"] and "2024-05-19" in second["when"]
    assert "Berlin" in first["text"] + second["text"]
    assert all(0 <= m["score"] <= 1 for m in found["memories"])


def test_recall_by_dates_or_phrase_alone_lists_what_is_in_them(tools):
    by_day = tools.call("recall", {"since": "2024-05-19", "until": "2024-05-19"})
    assert [m["session"] for m in by_day["memories"]] == ["sunday", "sunday"]
    by_phrase = tools.call("recall", {"query": "guitar", "when": "last week", "k": 1})
    assert [m["text"] for m in by_phrase["memories"]] == ["My guitar lesson was hard today"]
    assert by_phrase["understood"]["when"]["start"].startswith("2024-05-13")


def test_remember_a_fact_then_an_event_with_its_time(tools, memory):
    saved = tools.call("remember", {"fact": "I'm vegetarian"})
    assert saved["status"] == "saved"
    assert tools.call("remember", {"fact": "I'm vegetarian"})["status"] == "duplicate"
    event = tools.call(
        "remember",
        {
            "fact": "Ran 10 km by the river",
            "kind": "event",
            "at": "2024-05-21T07:00:00+00:00",
            "session_id": "run",
        },
    )
    assert event["status"] == "stored" and event["when"].startswith("Tuesday 2024-05-21")
    found = tools.call("recall", {"query": "running", "when": "yesterday"})
    assert [m["text"] for m in found["memories"]] == ["Ran 10 km by the river"]
    listed = tools.call("saved_memories", {})
    assert [m["text"] for m in listed["memories"]] == ["I'm vegetarian"]


def test_remember_reports_a_conflict_until_told_how_to_settle_it(tools):
    schema = openai_tools(("remember",))[0]["function"]
    assert schema["name"] == "remember" and schema["parameters"]["required"] == ["fact"]
    first = tools.call("remember", '{"fact": "I live in Lisbon"}')  # JSON text, as a model sends
    assert first["status"] == "saved"
    conflict = tools.call("remember", {"fact": "I live in Porto"})
    assert conflict["status"] == "conflict" and conflict["existing"]["id"] == first["id"]
    replaced = tools.call("remember", {"fact": "I live in Porto", "on_conflict": "replace"})
    assert replaced["status"] == "saved" and replaced["replaced"]["id"] == first["id"]
    assert tools.call("remember", {"fact": "I live in Porto"})["status"] == "duplicate"
    listed = tools.call("saved_memories", {})["memories"]
    assert [m["text"] for m in listed] == ["I live in Porto"]


def test_context_is_the_prompt_block(tools):
    tools.call("remember", {"fact": "I live in Porto"})
    block = tools.call(
        "context", {"query": "where should Ana and I have lunch?", "budget_tokens": 400}
    )
    assert "I live in Porto" in block["text"] and "sardines" in block["text"]
    assert 0 < block["tokens"] <= 400


def test_timeline_groups_a_period_by_conversation(tools):
    week = tools.call("timeline", {"when": "last week", "per_session": 1})
    assert [(s["session_id"], s["count"]) for s in week["sessions"]] == [
        ("thursday", 1),
        ("sunday", 2),
    ]
    assert len(week["sessions"][1]["messages"]) == 1 and week["messages"] == 3
    day = tools.call("timeline", {"when": "2024-04-02"})
    assert [s["session_id"] for s in day["sessions"]] == ["april"]


def test_forget_one_memory_a_session_or_everything_with_confirmation(tools, memory):
    guitar = tools.call("recall", {"query": "guitar", "k": 1})["memories"][0]
    assert tools.call("forget", {"id": guitar["id"]})["kind"] == "episode"
    with pytest.raises(NotFoundError):
        tools.call("forget", {"id": guitar["id"]})
    assert tools.call("forget", {"session_id": "sunday"})["deleted"] == 2
    assert [e.session_id for e in memory.get_all("ana").items] == ["april"]
    with pytest.raises(ValidationError) as refused:
        tools.call("forget", {"everything": True})
    assert refused.value.field == "confirm" and memory.get_all("ana").items
    tools.call("forget", {"everything": True, "confirm": True})
    assert memory.get_all("ana").items == []


def test_saved_memories_edit_and_delete(tools):
    fact = tools.call("remember", {"fact": "I live in Lisbon"})
    edited = tools.call(
        "saved_memories", {"action": "edit", "id": fact["id"], "text": "I live in Braga"}
    )
    assert edited["text"] == "I live in Braga"
    assert (
        tools.call("saved_memories", {"action": "delete", "id": fact["id"]})["status"] == "deleted"
    )
    assert tools.call("saved_memories", {"action": "list"})["memories"] == []
    with pytest.raises(NotFoundError):
        tools.call("saved_memories", {"action": "delete", "id": fact["id"]})


@pytest.mark.parametrize(
    ("name", "arguments", "field"),
    [
        ("recall", {"k": 0}, "k"),
        ("recall", {"k": "five"}, "k"),
        ("recall", {"since": "last week"}, "since"),
        ("recall", {"colour": "red"}, "colour"),
        ("recall", "[1, 2]", "arguments"),
        ("remember", {}, "fact"),
        ("remember", {"fact": "   "}, "fact"),
        ("remember", {"fact": "x", "kind": "dream"}, "kind"),
        ("remember", {"fact": "x", "at": "2024-05-01"}, "at"),
        ("context", {"query": "x", "budget_tokens": 1}, "budget_tokens"),
        ("forget", {}, "id"),
        ("forget", {"id": "a", "session_id": "b"}, "id"),
        ("timeline", {}, "when"),
        ("timeline", {"when": "purple"}, "when"),
        ("saved_memories", {"action": "edit"}, "id"),
        ("teleport", {}, "name"),
    ],
)
def test_bad_arguments_name_the_argument_and_store_nothing(tools, memory, name, arguments, field):
    before = memory.get_all("ana").items
    with pytest.raises(ValidationError) as error:
        tools.call(name, arguments)
    assert error.value.field == field
    assert memory.get_all("ana").items == before


def test_the_hints_tell_the_truth(tools, memory):
    """Read-only tools leave the stored episodes and saved facts exactly as they were."""
    tools.call("remember", {"fact": "I'm vegetarian"})
    before = (memory.get_all("ana").items, memory.saved.list("ana"))
    graph_before = memory.graph.load("ana")
    for tool in CATALOGUE:
        if tool.read_only:
            args = (
                {"when": "last week"}
                if "when" in tool.input_schema["properties"]
                else {"query": "Ana and sardines"}
            )
            tools.call(tool.name, args)
    assert (memory.get_all("ana").items, memory.saved.list("ana")) == before
    assert memory.graph.load("ana") == graph_before
    assert spec("forget").destructive and spec("forget").idempotent
