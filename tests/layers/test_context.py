"""The context block: saved memories, insights, recent history, then retrieved turns and summaries."""

from datetime import timedelta

import pytest
from layerkit import NO_TIME_PARSING, NOW, add_conversation, add_topic_messages

from lembrar import ConfigurationError, Memory
from lembrar.context import ContextBudget
from lembrar.embed.hashing import HashingEmbedder
from lembrar.layers import LayerConfig
from lembrar.model.text import count_tokens
from lembrar.store.sqlite import SqliteStore


def filled(memory):
    add_topic_messages(memory, "ana", 15, NOW - timedelta(days=200))
    memory.refresh_insights("ana")
    memory.saved.add("I'm vegetarian", "ana")
    memory.saved.add("I live in Porto", "ana")
    add_conversation(memory, "ana", "s-feijoada", "feijoada", NOW - timedelta(days=30))
    memory.end_session("ana", "s-feijoada")
    add_conversation(memory, "ana", "s-run", "running", NOW - timedelta(hours=3))
    add_conversation(memory, "ana", "s-now", "paella", NOW - timedelta(minutes=5))


def test_sections_come_in_order(windowed):
    memory = windowed
    filled(memory)
    block = memory.context(
        "receita de feijoada com farofa",
        "ana",
        session_id="s-now",
        budget_tokens=3000,
        preset=NO_TIME_PARSING,
    )
    assert [s.name for s in block.sections] == [
        "saved",
        "insights",
        "recent",
        "retrieved",
        "summaries",
    ]
    saved, insights, recent = block.sections[:3]
    assert saved.lines == ("- I'm vegetarian", "- I live in Porto")
    assert (
        insights.lines[0].startswith("- Often talks about: ") and "confidence" in insights.lines[0]
    )
    assert (
        all("(s-run)" in line for line in recent.lines) and len(recent.lines) == 2
    )  # user turns of other sessions
    assert "Conversation s-feijoada" in block.sections[4].lines[0]
    assert (
        block.text.index("## What the user asked")
        < block.text.index("## About the user")
        < block.text.index("## Recent")
    )
    assert (
        memory.context(
            "receita de feijoada com farofa",
            "ana",
            session_id="s-now",
            budget_tokens=3000,
            preset=NO_TIME_PARSING,
        ).text
        == block.text
    )


def test_each_section_keeps_to_its_budget(memory):
    filled(memory)
    for i in range(30):
        memory.saved.add(
            f"My friend number {i} is called Friend{i}", "ana", on_conflict="keep_both"
        )
    budget = ContextBudget(total=600, saved=80, insights=60, recent=60)
    block = memory.context("feijoada", "ana", budget_tokens=budget, preset=NO_TIME_PARSING)
    tokens = {s.name: s.tokens for s in block.sections}
    assert tokens["saved"] <= 80 and tokens["insights"] <= 60 and tokens["recent"] <= 60
    assert block.tokens <= 600 + 2 * len(block.sections)
    assert len(block.sections[0].items) == len(block.sections[0].lines) < 31


def test_a_tiny_budget_still_starts_with_saved_memories(memory):
    filled(memory)
    block = memory.context("feijoada", "ana", budget_tokens=30, preset=NO_TIME_PARSING)
    assert block.sections[0].name == "saved" and block.tokens <= 34


def test_recent_history_leaves_out_the_current_session_and_old_messages(memory):
    add_conversation(memory, "ana", "yesterday", "running", NOW - timedelta(hours=30))
    add_conversation(memory, "ana", "morning", "jardin", NOW - timedelta(hours=4))
    add_conversation(memory, "ana", "current", "paella", NOW - timedelta(minutes=10))
    recent = memory.recent("ana", session_id="current")
    assert [e.session_id for e in recent] == ["morning", "morning"]
    assert recent[0].at > recent[1].at  # newest first
    assert len(memory.recent("ana")) == 4


def test_recent_history_size_and_window_are_configurable(db_path, clock):
    config = LayerConfig(recent_messages=1, recent_window=timedelta(days=3))
    with Memory(db_path, embedder=HashingEmbedder(), clock=clock, layers=config) as mem:
        add_conversation(mem, "ana", "a", "running", NOW - timedelta(hours=30))
        add_conversation(mem, "ana", "b", "jardin", NOW - timedelta(days=5))
        [only] = mem.recent("ana")
        assert only.session_id == "a" and "shoes" in only.content


def test_a_user_with_nothing_gets_only_retrieved_memories(memory):
    memory.add("a note about the dentist on Friday", user_id="bob", at=NOW - timedelta(days=40))
    block = memory.context("dentist", "bob", preset=NO_TIME_PARSING)
    assert [s.name for s in block.sections] == ["retrieved"] and count_tokens(
        block.text
    ) == block.tokens


def test_a_backend_without_layer_tables_still_gives_context_and_search(db_path, clock):
    class PlainStore(SqliteStore):  # a backend that keeps no memory layers
        def layer_store(self):
            return None

    with Memory(PlainStore(str(db_path)), embedder=HashingEmbedder(), clock=clock) as mem:
        add_conversation(mem, "ana", "a", "running", NOW - timedelta(hours=2))
        block = mem.context("running shoes", "ana", session_id="b", preset=NO_TIME_PARSING)
        layered = [s.name for s in block.sections if s.name != "facts"]  # facts: the graph's
        assert layered == ["recent", "retrieved"]
        mem.delete_all("ana", session_id="a")
        with pytest.raises(ConfigurationError, match="memory layers"):
            mem.saved.add("I like tea", "ana")
