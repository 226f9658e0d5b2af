"""The assistant end to end against the local protocol server: tools, recall by date, storage."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from lembrar import Memory
from lembrar.assistant import Assistant
from lembrar.embed.hashing import HashingEmbedder
from lembrar.llm import LLMAuthError, LLMClient
from lembrar.testing import Reply, ScriptedToolCall

NOW = datetime(2024, 5, 22, 9, 0, tzinfo=UTC)  # Wednesday
SUNDAY = [
    (
        "2024-05-19T13:00:00+00:00",
        "user",
        "I had lunch with Ana at the harbour, we ate grilled sardines",
    ),
    ("2024-05-19T13:01:00+00:00", "assistant", "Sardines by the sea sound perfect. How is Ana?"),
]
OTHER_DAYS = [
    ("2024-05-16T19:00:00+00:00", "user", "My guitar lesson was hard today"),
    ("2024-05-21T08:00:00+00:00", "user", "Remind me what a sardine tastes like"),
]


def call(name, arguments, ident="call_1"):
    return ScriptedToolCall(name, arguments, id=ident)


@pytest.fixture
def memory():
    with Memory(":memory:", embedder=HashingEmbedder(), clock=lambda: NOW) as mem:
        for at, role, text in SUNDAY:
            mem.add({"role": role, "content": text}, user_id="ana", session_id="sunday", at=at)
        for at, role, text in OTHER_DAYS:
            mem.add(
                {"role": role, "content": text}, user_id="ana", session_id=f"s-{at[:10]}", at=at
            )
        yield mem


@pytest.fixture
def assistant(memory, client):
    return Assistant(memory, client, "ana", "today")


def test_a_tool_call_saves_a_memory(assistant, server):
    server.script(
        Reply(tool_calls=[call("remember", {"fact": "I am vegetarian"})]),
        Reply(text="Noted, no meat!"),
    )
    reply = assistant.chat("Remember that I am vegetarian")
    assert reply.text == "Noted, no meat!"
    [run] = reply.tool_calls
    # the request was already captured when the user's message was stored
    assert run.name == "remember" and run.error is None and run.result["status"] == "duplicate"
    assert [fact.text for fact in assistant.saved.list()] == ["I am vegetarian"]
    first, second = server.requests
    assert {t["function"]["name"] for t in first.body["tools"]} == {
        "remember",
        "recall",
        "forget",
        "facts",
        "entities",
    }
    tool_message = second.messages[-1]
    assert tool_message["role"] == "tool" and tool_message["tool_call_id"] == "call_1"
    assert json.loads(tool_message["content"])["status"] == "duplicate"
    assert second.messages[-2]["tool_calls"][0]["function"]["name"] == "remember"


def test_recall_by_date_uses_the_stored_episodes(assistant, server):
    server.script(
        Reply(tool_calls=[call("recall", {"since": "2024-05-19", "until": "2024-05-19"})]),
        Reply(text="On Sunday you told me about lunch with Ana at the harbour."),
    )
    reply = assistant.chat("What did we talk about last Sunday?")
    [run] = reply.tool_calls
    recalled = run.result["memories"]
    assert [m["text"] for m in recalled] == [text for _, _, text in SUNDAY]
    assert all(
        m["when"].startswith("Sunday 2024-05-19") and m["session"] == "sunday" for m in recalled
    )
    system = server.requests[0].messages[0]["content"]
    assert "It is now Wednesday 2024-05-22 09:00" in system
    memories = system[system.index("<memories>") :]
    first_heading = memories[memories.index("###") :].splitlines()[0]
    assert "Conversation sunday — Sunday 2024-05-19" in first_heading
    assert memories.index("grilled sardines") < memories.index(
        "guitar"
    )  # "last Sunday" read by the parser
    assert {m.text for m in reply.memories if m.via == "recall"} == {text for _, _, text in SUNDAY}
    assert any(m.kind == "retrieved" and "sardines" in m.text for m in reply.memories)


def test_recall_with_a_query_searches_and_leaves_out_the_current_message(assistant, server):
    server.script(
        Reply(tool_calls=[call("recall", {"query": "sardines"})]), Reply(text="Grilled, on Sunday.")
    )
    reply = assistant.chat("how were the sardines?")
    texts = [m["text"] for m in reply.tool_calls[0].result["memories"]]
    assert "how were the sardines?" not in texts and any("grilled sardines" in t for t in texts)


def test_the_user_turn_and_the_reply_are_stored_as_episodes(assistant, server, memory):
    server.script(
        Reply(tool_calls=[call("recall", {"query": "guitar"})]), Reply(text="Keep practising!")
    )
    reply = assistant.chat("I practised the guitar again")
    user, answer = reply.episodes
    assert (user.role, user.content, user.session_id, user.at) == (
        "user",
        "I practised the guitar again",
        "today",
        NOW,
    )
    assert (answer.role, answer.content, answer.metadata) == (
        "assistant",
        "Keep practising!",
        {"tool_calls": ["recall"]},
    )
    stored = memory.get_all("ana", {"session_id": "today"}).items
    assert [e.id for e in stored] == [user.id, answer.id]
    server.script(Reply(text="You said you practised the guitar."))
    assistant.chat("what did I just say?")
    history = server.requests[-1].messages
    assert history[1:3] == [
        {"role": "user", "content": "I practised the guitar again"},
        {"role": "assistant", "content": "Keep practising!"},
    ]


def test_streaming_yields_tokens_and_stores_the_turn(assistant, server, memory):
    server.script(
        Reply(tool_calls=[call("recall", {"since": "2024-05-19"})]),
        Reply(text="We spoke about Ana."),
    )
    stream = assistant.stream("what did we talk about on Sunday?")
    tokens = list(stream)
    assert len(tokens) > 1 and "".join(tokens) == "We spoke about Ana."
    reply = stream.reply
    assert reply.text == "We spoke about Ana." and reply.tool_calls[0].name == "recall"
    assert all(r.stream for r in server.requests)
    assert [e.content for e in memory.get_all("ana", {"session_id": "today"}).items] == [
        "what did we talk about on Sunday?",
        "We spoke about Ana.",
    ]


def test_a_stream_closed_early_stores_nothing(assistant, server, memory):
    server.script(Reply(text="This will not be read to the end."))
    with assistant.stream("hello") as stream:
        next(stream)
    assert memory.get_all("ana", {"session_id": "today"}).items == []
    with pytest.raises(RuntimeError):
        _ = stream.reply


def test_the_tool_loop_is_bounded(memory, client, server):
    server.default = Reply(tool_calls=[call("recall", {"query": "anything"})])
    assistant = Assistant(memory, client, "ana", "today", max_tool_rounds=2)
    reply = assistant.chat("loop forever")
    assert len(server.requests) == 3 and len(reply.tool_calls) == 2
    assert (
        "tool_choice" not in server.requests[0].body
        and server.requests[-1].body["tool_choice"] == "none"
    )
    assert reply.text == "" and [e.role for e in reply.episodes] == ["user"]


def test_a_failing_model_raises_and_stores_nothing(assistant, server, memory):
    server.script(Reply(status=401, error="bad key"))
    with pytest.raises(LLMAuthError):
        assistant.chat("hello?")
    assert memory.get_all("ana", {"session_id": "today"}).items == []


def test_forget_deletes_a_saved_memory_or_an_episode(assistant, server, memory):
    saved = assistant.saved.save("I live in Porto")
    guitar = memory.get_all("ana", {"session_id": "s-2024-05-16"}).items[0]
    server.script(
        Reply(
            tool_calls=[
                call("forget", {"id": saved["id"]}, "a"),
                call("forget", {"id": guitar.id}, "b"),
                call("forget", {"id": "nope"}, "c"),
            ]
        ),
        Reply(text="Forgotten."),
    )
    reply = assistant.chat("forget where I live and the guitar lesson")
    kinds = [run.result.get("kind") for run in reply.tool_calls]
    assert kinds == ["saved memory", "episode", None]
    assert "not found" in reply.tool_calls[2].error
    assert assistant.saved.list() == []
    assert memory.get_all("ana", {"session_id": "s-2024-05-16"}).items == []


def test_bad_tool_calls_are_answered_with_an_error(assistant, server):
    server.script(
        Reply(
            tool_calls=[
                call("delete_everything", {}, "a"),
                call("recall", "[1, 2]", "b"),
                call("recall", {"since": "last week"}, "c"),
                call("remember", {"fact": " "}, "d"),
            ]
        ),
        Reply(text="Sorry."),
    )
    reply = assistant.chat("do something odd")
    errors = [run.error for run in reply.tool_calls]
    assert (
        all(errors) and "unknown tool" in errors[0] and "since" in errors[2] and "fact" in errors[3]
    )
    tool_messages = [m for m in server.requests[1].messages if m["role"] == "tool"]
    assert [json.loads(m["content"])["error"] for m in tool_messages] == errors


def test_a_resumed_session_starts_from_its_last_turns(memory, client, server):
    server.script(Reply(text="Hi again"))
    Assistant(memory, client, "ana", "sunday").chat("back again")
    sent = server.requests[0].messages
    assert [m["content"] for m in sent[1:3]] == [text for _, _, text in SUNDAY]


def test_with_capture_the_exchange_also_becomes_a_record(client, server):
    record = {"worth_remembering": True, "label": "diet", "description": "The user is vegetarian."}

    def answer(request):
        if "decide what an assistant should remember" in request.messages[0]["content"]:
            return Reply.json(record)
        return Reply(text="Good to know!")

    server.default = answer
    with Memory(
        ":memory:", embedder=HashingEmbedder(), clock=lambda: NOW, llm=client, llm_capture=True
    ) as memory:
        reply = Assistant(memory, client, "ana").chat("I stopped eating meat last month")
        user, answer_, captured = reply.episodes
        assert captured.kind == "record" and captured.metadata["derived_from"] == [
            user.id,
            answer_.id,
        ]
        assert captured.record["session"] == "diet" and captured.record["date"] == "2024-05-22"
        assert reply.episodes[0].session_id.startswith("chat-20240522-090000-")


def test_search_steps_run_for_the_context(memory, server):
    with LLMClient(server.config(timeout=0.3, max_retries=0)) as llm:
        memory.llm = llm
        server.script(Reply(text="{}", delay=1.0), Reply(text="Fine."))
        from lembrar.retrieval.config import SearchConfig

        reply = Assistant(memory, llm, "ana", search=SearchConfig(llm_time_extraction=True)).chat(
            "and on Sunday?"
        )
    assert reply.text == "Fine."  # the date step timed out and fell back; the chat went on


def test_saved_facts_are_shown_and_contradictions_come_back_to_the_model(assistant, server):
    assistant.saved.save("I live in Lisbon")
    server.script(
        Reply(tool_calls=[call("remember", {"fact": "I live in Porto"})]),
        Reply(
            tool_calls=[
                call("remember", {"fact": "I live in Porto", "on_conflict": "replace"}, "call_2")
            ]
        ),
        Reply(text="Updated: you live in Porto now."),
    )
    reply = assistant.chat("Remember that I live in Porto now")
    first, second = reply.tool_calls
    assert (
        first.result["status"] == "conflict"
        and first.result["existing"]["text"] == "I live in Lisbon"
    )
    assert second.result["status"] == "saved"
    assert [f.text for f in assistant.saved.list()] == ["I live in Porto"]
    assert any(m.kind == "saved" and m.text == "I live in Lisbon" for m in reply.memories)
    assert "I live in Lisbon" in server.requests[0].messages[0]["content"]


@pytest.mark.parametrize(
    "name", ["lembrar.assistant", "lembrar.retrieval.llm_steps", "lembrar.retrieval.hooks"]
)
def test_all_is_sorted_and_exported(name):
    import importlib

    module = importlib.import_module(name)
    order = [(0 if n.isupper() else 1 if n[:1].isupper() else 2, n) for n in module.__all__]
    assert order == sorted(order) and all(hasattr(module, n) for n in module.__all__)


def test_the_facts_tool_answers_from_the_graph_with_validity(memory, client, server):
    memory.add(
        {"role": "user", "content": "I live in Lisbon."},
        user_id="ana",
        at="2023-01-10T10:00:00+00:00",
    )
    memory.add(
        {"role": "user", "content": "I moved to Porto last month."},
        user_id="ana",
        at="2024-04-02T10:00:00+00:00",
    )
    server.script(
        Reply(
            tool_calls=[
                call("facts", {"query": "where do I live"}, "a"),
                call("facts", {"query": "where do I live", "as_of": "2023-06-01"}, "b"),
                call("facts", {"query": " "}, "c"),
                call("entities", {"type": "place"}, "d"),
            ]
        ),
        Reply(text="You live in Porto now; you lived in Lisbon before."),
    )
    reply = Assistant(memory, client, "ana", "today").chat("Where do I live?")
    now, then, bad, places = reply.tool_calls
    from lembrar.tools import openai_tool

    offered = server.requests[0].body["tools"]
    assert openai_tool("facts") in offered and openai_tool("entities") in offered
    assert sorted(e["name"] for e in places.result["entities"]) == ["Lisbon", "Porto"]
    assert now.result["facts"][0] == {
        **now.result["facts"][0],
        "fact": "User lives in Porto",
        "when": "since 2024-03-01",
    }
    [lisbon] = [f for f in now.result["facts"] if f["fact"] == "User lives in Lisbon"]
    assert lisbon["when"] == "2023-01-10 to 2024-03-01 (superseded)"  # after current facts
    assert [f["fact"] for f in then.result["facts"]][0] == "User lives in Lisbon"
    assert bad.error is not None and "query" in bad.result["error"]
