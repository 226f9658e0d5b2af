"""``recall`` and the saved-memory layer through the runner: a saved fact the query is about
comes first, marked saved; a listing by time holds the episodes only. The same through the MCP
client, with the default embedder: tests/mcp/test_mcp_recall_saved.py. A backend that keeps no
memory layers has no saved facts, and the other tools work as before."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder
from lembrar.errors import ConfigurationError
from lembrar.store.sqlite import SqliteStore
from lembrar.tools import ToolRunner

NOW = datetime(2024, 5, 22, 9, 0, tzinfo=UTC)
DOURO = "Took the kayak out on the Douro, kayak kayak"


def test_a_saved_fact_comes_first_in_recall_and_a_listing_by_time_holds_the_episodes(tmp_path):
    with Memory(str(tmp_path / "m.db"), embedder=HashingEmbedder(), clock=lambda: NOW) as memory:
        memory.add({"role": "user", "content": DOURO}, "ana", at="2024-05-20T08:00:00+00:00")
        tools = ToolRunner(memory, "ana")
        saved = tools.call("remember", {"fact": "My kayak is called Sardinha"})
        by_query = tools.call("recall", {"query": "kayak"})["memories"]
        latest = tools.call("recall", {"since": "2024-05-01"})["memories"]
        [kept] = memory.saved.list("ana")
        episodes = [e.content for e in memory.get_all("ana").items]
    assert [(m["text"], m.get("saved")) for m in by_query] == [
        ("My kayak is called Sardinha", True),
        (DOURO, None),
    ]
    assert by_query[0]["id"] == saved["id"] == kept.id and by_query[0]["who"] == "saved memory"
    assert [m["text"] for m in latest] == [DOURO]
    assert episodes == [DOURO]  # the fact is kept in the layer, not as an episode


def test_a_backend_without_memory_layers_has_no_saved_facts(tmp_path):
    class PlainStore(SqliteStore):  # a backend that keeps no memory layers
        def layer_store(self) -> None:
            return None

    store = PlainStore(str(tmp_path / "m.db"))
    with Memory(store, embedder=HashingEmbedder(), clock=lambda: NOW) as memory:
        [episode] = memory.add(
            {"role": "user", "content": DOURO}, "ana", at="2024-05-20T08:00:00+00:00"
        )
        tools = ToolRunner(memory, "ana")
        with pytest.raises(ConfigurationError, match="memory layers"):
            tools.call("remember", {"fact": "My kayak is called Sardinha"})
        assert tools.call("saved_memories", {})["memories"] == []
        found = tools.call("recall", {"query": "kayak"})["memories"]
        assert [m["text"] for m in found] == [DOURO]
        assert tools.call("forget", {"id": episode.id})["kind"] == "episode"
        assert memory.get_all("ana").items == []
