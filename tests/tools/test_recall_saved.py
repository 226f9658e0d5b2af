"""``recall`` and saved facts kept as episodes (``EpisodeSavedFacts``, what a backend without
memory layers uses): the episode search finds them, and they come first, marked saved. The
layer's path is tested through the MCP client (tests/mcp/test_mcp_recall_saved.py)."""

from __future__ import annotations

from datetime import UTC, datetime

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder
from lembrar.tools import EpisodeSavedFacts, ToolRunner

NOW = datetime(2024, 5, 22, 9, 0, tzinfo=UTC)


def test_saved_facts_kept_as_episodes_come_first_in_recall_and_keep_time_order_without_query(
    tmp_path,
):
    with Memory(str(tmp_path / "m.db"), embedder=HashingEmbedder(), clock=lambda: NOW) as memory:
        memory.add(
            {"role": "user", "content": "Took the kayak out on the Douro, kayak kayak"},
            "ana",
            at="2024-05-20T08:00:00+00:00",
        )
        tools = ToolRunner(memory, "ana", saved=EpisodeSavedFacts(memory, "ana"))
        saved = tools.call("remember", {"fact": "My kayak is called Sardinha"})
        by_query = tools.call("recall", {"query": "kayak"})["memories"]
        latest = tools.call("recall", {"since": "2024-05-01"})["memories"]
    assert [(m["text"], m.get("saved")) for m in by_query] == [
        ("My kayak is called Sardinha", True),
        ("Took the kayak out on the Douro, kayak kayak", None),
    ]
    assert by_query[0]["id"] == saved["id"] and by_query[0]["who"] == "saved memory"
    assert [m["text"] for m in latest] == [  # a listing by time stays in time order
        "Took the kayak out on the Douro, kayak kayak",
        "My kayak is called Sardinha",
    ]
