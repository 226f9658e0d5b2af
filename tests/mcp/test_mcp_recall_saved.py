"""``recall`` finds what the user asked to keep: facts saved with ``remember`` are searched with
the episodes, shown first and marked ``saved``. Driven by the official ``mcp`` client over stdio,
with the default embedder (use-m3, what a user runs) and with the hashing one (words only)."""

from __future__ import annotations

import sys
from typing import Any

import pytest

pytest.importorskip("mcp", reason="needs the [mcp] extra")
from mcp import Client, StdioServerParameters  # noqa: E402
from mcp_session import environment, payload, run  # noqa: E402

pytestmark = pytest.mark.server

SAVED = [
    "My kayak is called Sardinha",
    "I'm vegetarian",
    "I live in Porto",
    "A minha irmã Rita é enfermeira no hospital de Braga",
]


def server(db, embedder: str) -> StdioServerParameters:
    args = ["-m", "lembrar", "--db", str(db), "--embedder", embedder, "mcp", "--user", "ana"]
    return StdioServerParameters(command=sys.executable, args=args, env=environment())


def saved_then_recalled(db, embedder: str, queries: list[str]) -> dict[str, list[dict]]:
    """Save the facts, store two ordinary messages, then recall each query (k=3)."""

    async def session(client: Client) -> Any:
        for fact in SAVED:
            assert payload(await client.call_tool("remember", {"fact": fact}))["status"] == "saved"
        for text in ("Paddled up the Douro with Rui this morning", "The budget meeting ran late"):
            await client.call_tool("remember", {"fact": text, "kind": "event"})
        return {
            q: payload(await client.call_tool("recall", {"query": q, "k": 3}))["memories"]
            for q in queries
        }

    return run(session, server(db, embedder))


def saved_texts(memories: list[dict]) -> list[str]:
    return [m["text"] for m in memories if m.get("saved")]


def test_recall_finds_a_saved_fact_by_meaning_in_english_and_portuguese(tmp_path):
    kayak = [
        "what is my kayak called?",
        "what's the name of my boat?",
        "como se chama o meu caiaque?",
        "qual é o nome do meu barco?",
    ]
    sister = ["what does my sister do for a living?", "onde trabalha a Rita?"]
    found = saved_then_recalled(tmp_path / "m.db", "use-m3", [*kayak, *sister, "where do I live?"])
    for query in kayak:
        assert saved_texts(found[query]) == ["My kayak is called Sardinha"], query
    for query in sister:
        assert saved_texts(found[query]) == [SAVED[3]], query
    assert saved_texts(found["where do I live?"]) == ["I live in Porto"]


def test_saved_facts_come_first_marked_and_unrelated_ones_stay_out(tmp_path):
    found = saved_then_recalled(
        tmp_path / "m.db",
        "use-m3",
        ["what is my kayak called?", "how did the budget meeting go?"],
    )
    first, *rest = found["what is my kayak called?"]
    assert first["text"] == "My kayak is called Sardinha"
    assert first["saved"] is True and first["who"] == "saved memory"
    assert first["when"].startswith("saved ") and 0 < first["score"] <= 1
    assert all(not m.get("saved") for m in rest) and rest  # the episodes follow
    meeting = found["how did the budget meeting go?"]
    assert saved_texts(meeting) == []
    assert meeting[0]["text"] == "The budget meeting ran late"


def test_with_the_hashing_embedder_a_shared_word_is_enough(tmp_path):
    found = saved_then_recalled(
        tmp_path / "m.db", "hash", ["Kayak name?", "o que faz a minha irmã?", "any plans?"]
    )
    assert saved_texts(found["Kayak name?"]) == ["My kayak is called Sardinha"]
    assert saved_texts(found["o que faz a minha irmã?"]) == [SAVED[3]]
    assert saved_texts(found["any plans?"]) == []


def test_a_forgotten_or_corrected_saved_fact_is_recalled_as_it_is_now(tmp_path):
    async def session(client: Client) -> Any:
        saved = payload(await client.call_tool("remember", {"fact": "My kayak is called Sardinha"}))
        before = payload(await client.call_tool("recall", {"query": "kayak"}))["memories"]
        await client.call_tool(
            "saved_memories",
            {"action": "edit", "id": saved["id"], "text": "My kayak is called Carapau"},
        )
        edited = payload(await client.call_tool("recall", {"query": "kayak"}))["memories"]
        await client.call_tool("forget", {"id": saved["id"]})
        after = payload(await client.call_tool("recall", {"query": "kayak"}))["memories"]
        return saved, before, edited, after

    saved, before, edited, after = run(session, server(tmp_path / "m.db", "hash"))
    assert [(m["id"], m["text"]) for m in before] == [(saved["id"], "My kayak is called Sardinha")]
    assert [m["text"] for m in edited] == ["My kayak is called Carapau"]
    assert after == []


def test_a_search_of_one_conversation_leaves_saved_facts_out(tmp_path):
    async def session(client: Client) -> Any:
        await client.call_tool("remember", {"fact": "My kayak is called Sardinha"})
        await client.call_tool(
            "remember", {"fact": "Took the kayak out at dawn", "kind": "event", "session_id": "s1"}
        )
        return payload(await client.call_tool("recall", {"query": "kayak", "session_id": "s1"}))[
            "memories"
        ]

    found = run(session, server(tmp_path / "m.db", "hash"))
    assert [m["text"] for m in found] == ["Took the kayak out at dawn"]
