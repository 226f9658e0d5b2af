"""The memory layers on every backend: saved memories, session summaries and insights, with the
cascades that forgetting a message or a user carries into them."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

from lembrar import Memory, NotFoundError
from lembrar.embed.hashing import HashingEmbedder
from lembrar.layers import Conflict, Duplicate, Saved
from lembrar.store.base import LayerStore
from lembrar.tools import ToolRunner

NOW = datetime(2024, 5, 20, 12, 0, tzinfo=UTC)  # the root conftest's clock
LAYER_TABLES = (
    "saved_memories",
    "session_summaries",
    "summary_sources",
    "insights",
    "insight_sources",
    "insight_exclusions",
    "pending_memories",
)
RUNNING = [
    ("user", "Can you help me plan a 10 km running schedule? I want to race in July."),
    (
        "assistant",
        "Sure: three easy runs a week, one long run on Sundays and a tempo run on Wednesdays.",
    ),
    ("user", "My knees hurt after the long run, should I change my running shoes?"),
    ("assistant", "Worn running shoes are a common cause; replace them every 600 to 800 km."),
]
TOPICS = {
    "rust": [
        "async Rust",
        "tokio runtime",
        "serde derive",
        "trait objects",
        "borrow checker",
        "Rust lifetimes",
        "cargo workspaces",
        "Rust enums",
        "tokio channels",
        "serde_json errors",
    ],
    "cooking": [
        "feijoada",
        "black beans",
        "smoked sausage",
        "pão de queijo",
        "moqueca",
        "farofa",
        "coconut milk",
        "cassava flour",
        "collard greens",
        "pork ribs",
    ],
    "running": [
        "10 km race",
        "tempo run",
        "long run",
        "running shoes",
        "marathon pace",
        "interval training",
        "heart rate zones",
        "shin splints",
        "race day",
        "easy runs",
    ],
    "garden": [
        "tomato plants",
        "compost heap",
        "aphids",
        "raised beds",
        "watering schedule",
        "basil seedlings",
        "pruning roses",
        "mulch",
        "slugs",
        "seed trays",
    ],
}
JOINS = ["{a}, {b}, {c} and {d}", "{a} and {b}; also {c}, {d}?"]


@pytest.fixture
def store(backend):
    return backend.open()


@pytest.fixture
def mem(store, clock):
    with Memory(store, embedder=HashingEmbedder(), clock=clock) as memory:
        yield memory


def add_running(memory, user_id, session_id, at):
    return [
        memory.add(
            {"role": role, "content": text},
            user_id=user_id,
            session_id=session_id,
            at=at + i * timedelta(minutes=2),
        )[0]
        for i, (role, text) in enumerate(RUNNING)
    ]


def add_topics(memory, user_id, per_topic=15):
    """``per_topic`` user messages per topic over 120 days, one session each; returns {episode id: topic}."""
    rnd = random.Random(0)
    start = NOW - timedelta(days=150)
    items, topic_of = [], []
    for topic, terms in TOPICS.items():
        for i in range(per_topic):
            a, b, c, d = rnd.sample(terms, 4)
            at = start + timedelta(days=120 * i / per_topic, hours=rnd.randint(0, 10))
            text = rnd.choice(JOINS).format(a=a, b=b, c=c, d=d)
            items.append(
                {
                    "user_id": user_id,
                    "role": "user",
                    "content": text,
                    "at": at,
                    "session_id": f"t{len(items)}",
                }
            )
            topic_of.append(topic)
    return {e.id: topic for e, topic in zip(memory.add_many(items), topic_of)}


def layer_rows(backend) -> dict[str, int]:
    return {table: len(backend.rows(table)) for table in LAYER_TABLES}


def test_every_backend_keeps_the_layers(store):
    layers = store.layer_store()
    assert isinstance(layers, LayerStore) and layers.tenant == store.tenant


def test_saved_memories_add_duplicate_conflict_replace_list_delete(mem):
    first = mem.saved.add("I'm vegetarian", "ana")
    assert isinstance(first, Saved)
    again = mem.saved.capture("Please remember that I am a vegetarian.", "ana")
    assert isinstance(again, Duplicate) and again.existing.id == first.memory.id
    old = mem.saved.add("I live in Lisbon", "ana").memory
    conflict = mem.saved.add("I live in Porto", "ana")
    assert isinstance(conflict, Conflict) and conflict.existing.id == old.id
    assert [m.text for m in mem.saved.list("ana")] == ["I'm vegetarian", "I live in Lisbon"]
    replaced = mem.saved.add(
        "I live in Porto", "ana", on_conflict="replace", now="2024-06-01T10:00:00+00:00"
    )
    assert isinstance(replaced, Saved) and replaced.replaced.id == old.id
    assert [m.text for m in mem.saved.list("ana")] == ["I'm vegetarian", "I live in Porto"]
    retired = next(m for m in mem.saved.list("ana", include_retired=True) if m.id == old.id)
    assert retired.replaced_by == replaced.memory.id and retired.retired_at == datetime(
        2024, 6, 1, 10, tzinfo=UTC
    )
    edited = mem.saved.edit(first.memory.id, "I'm vegetarian, not vegan", "ana")
    assert (
        edited.text == "I'm vegetarian, not vegan"
        and mem.saved.get(first.memory.id, "ana").text == edited.text
    )
    with pytest.raises(NotFoundError):
        mem.saved.edit(first.memory.id, "x", "bob")
    assert mem.saved.delete(replaced.memory.id, "ana") == 2  # its history goes with it
    assert [m.id for m in mem.saved.list("ana", include_retired=True)] == [first.memory.id]
    with pytest.raises(NotFoundError):
        mem.saved.delete(replaced.memory.id, "ana")
    assert mem.saved.list("bob") == []


def test_the_tools_keep_saved_facts_in_the_layer(mem):
    mem.add({"role": "user", "content": "Took the kayak out on the Douro"}, "ana", at=NOW)
    tools = ToolRunner(mem, "ana")
    saved = tools.call("remember", {"fact": "My kayak is called Sardinha"})
    assert saved["status"] == "saved" and [m.id for m in mem.saved.list("ana")] == [saved["id"]]
    found = tools.call("recall", {"query": "kayak"})["memories"]
    assert [(m["id"], m.get("saved")) for m in found][0] == (saved["id"], True)
    assert [e.content for e in mem.get_all("ana").items] == ["Took the kayak out on the Douro"]
    assert tools.call("forget", {"id": saved["id"]})["kind"] == "saved memory"
    assert tools.call("saved_memories", {})["memories"] == []


def test_a_captured_fact_goes_with_its_message(mem):
    [message] = mem.add(
        {"role": "user", "content": "Lembra que eu sou vegetariana, por favor."},
        user_id="ana",
        session_id="s1",
    )
    [saved] = mem.saved.list("ana")
    assert saved.text == "Eu sou vegetariana" and saved.source_episode_id == message.id
    mem.delete(message.id, "ana")
    assert mem.saved.list("ana", include_retired=True) == []


def test_a_contradicting_capture_is_kept_pending_and_resolved(mem):
    lisbon = mem.saved.add("I live in Lisbon", "ana").memory
    [message] = mem.add(
        {"role": "user", "content": "Remember that I live in Porto."}, user_id="ana"
    )
    [pending] = mem.saved.pending("ana")
    assert (pending.text, pending.conflicts_with, pending.source_episode_id) == (
        "I live in Porto",
        lisbon.id,
        message.id,
    )
    assert [m.text for m in mem.saved.list("ana")] == ["I live in Lisbon"]
    outcome = mem.saved.resolve(pending.id, "ana", "replace")
    assert isinstance(outcome, Saved) and outcome.replaced.id == lisbon.id
    assert [m.text for m in mem.saved.list("ana")] == ["I live in Porto"] and mem.saved.pending(
        "ana"
    ) == []
    with pytest.raises(NotFoundError):
        mem.saved.resolve(pending.id, "ana", "discard")


def test_a_pending_fact_goes_with_its_message(mem):
    mem.saved.add("I live in Lisbon", "ana")
    [message] = mem.add(
        {"role": "user", "content": "Remember that I live in Porto."}, user_id="ana"
    )
    assert len(mem.saved.pending("ana")) == 1
    mem.delete(message.id, "ana")
    assert mem.saved.pending("ana") == []


def test_summaries_are_written_listed_and_deleted_with_their_session(backend, mem):
    turns = add_running(mem, "ana", "s-run", NOW - timedelta(days=3))
    add_running(mem, "ana", "s-later", NOW - timedelta(days=1))
    summary = mem.end_session("ana", "s-run")
    assert (
        summary.turns == 4 and summary.first_at == turns[0].at and summary.last_at == turns[-1].at
    )
    assert "10 km" in summary.summary and any(
        p.lower() == "running shoes" for p in summary.keyphrases
    )
    mem.end_session("ana", "s-later")
    assert [s.session_id for s in mem.summaries.list("ana")] == ["s-run", "s-later"]
    assert mem.summaries.get("ana", "s-run").id == summary.id
    assert mem.summaries.list("bob") == []
    with pytest.raises(NotFoundError):
        mem.end_session("ana", "no-such-session")
    mem.delete(turns[0].id, "ana")
    rewritten = mem.summaries.get("ana", "s-run")
    assert rewritten.turns == 3 and not rewritten.stale
    mem.delete_all("ana", session_id="s-run")
    assert [s.session_id for s in mem.summaries.list("ana")] == ["s-later"]
    assert mem.summaries.delete("ana", "s-later") == 1
    assert mem.summaries.list("ana") == [] and layer_rows(backend)["summary_sources"] == 0


def test_insights_refresh_edit_and_delete(mem):
    topic_of = add_topics(mem, "ana")
    insights = mem.refresh_insights("ana")
    assert len(insights) == 4 and {topic_of[i.sources[0]] for i in insights} == set(TOPICS)
    assert [i.confidence for i in insights] == sorted(
        (i.confidence for i in insights), reverse=True
    )
    assert [i.id for i in mem.insights.list("ana")] == [i.id for i in insights]
    kept = mem.insights.edit(insights[0].id, "Trains for a 10 km race in July", "ana")
    again = {i.id: i for i in mem.refresh_insights("ana")}
    assert again[kept.id].statement == "Trains for a 10 km race in July" and again[kept.id].edited
    target = insights[1]
    assert mem.insights.delete(target.id, "ana") == 1
    redone = mem.refresh_insights("ana")
    assert len(redone) == 3 and not set(target.sources) & {s for i in redone for s in i.sources}
    with pytest.raises(NotFoundError):
        mem.insights.delete(target.id, "ana")
    gone = redone[-1]
    for source in gone.sources:
        mem.delete(source, "ana")
    assert gone.id not in [i.id for i in mem.insights.list("ana")]


def test_forgetting_a_user_leaves_no_layer_rows(backend, mem):
    for user in ("ana", "bob"):
        add_running(mem, user, "s-run", NOW - timedelta(days=3))
        mem.end_session(user, "s-run")
        mem.saved.add("I live in Lisbon", user)
        mem.saved.add("I live in Porto", user, on_conflict="replace")
        mem.add(
            {"role": "user", "content": "Remember that I live in Madrid"}, user_id=user
        )  # kept pending
        add_topics(mem, user, per_topic=12)
        mem.insights.delete(mem.refresh_insights(user)[0].id, user)
    both = layer_rows(backend)
    assert all(both.values())
    mem.forget_user("ana")
    left = layer_rows(backend)
    assert all(left[t] * 2 == both[t] for t in LAYER_TABLES), (both, left)
    mem.forget_user("bob")
    assert layer_rows(backend) == dict.fromkeys(LAYER_TABLES, 0)
    assert mem.saved.list("ana", include_retired=True) == [] and mem.summaries.list("ana") == []
    assert (
        mem.insights.list("ana") == []
        and mem.store.layer_store().insight_exclusions("ana") == set()
    )
