"""Saved memories: capture from messages, duplicates, conflicts, edit and delete (the
``remember`` tool that saves them: tests/tools/test_tool_catalogue.py)."""

import pytest

from lembrar import Memory, NotFoundError, ValidationError
from lembrar.embed.hashing import HashingEmbedder
from lembrar.layers import Conflict, Duplicate, Saved


def test_a_request_in_a_message_is_saved_and_linked_to_it(memory):
    [message] = memory.add(
        {"role": "user", "content": "Lembra que eu sou vegetariana, por favor."},
        user_id="ana",
        session_id="s1",
    )
    [saved] = memory.saved.list("ana")  # captured on add
    assert saved.text == "Eu sou vegetariana" and saved.source_episode_id == message.id
    outcome = memory.saved.capture(message)
    assert isinstance(outcome, Duplicate) and outcome.existing.id == saved.id


def test_messages_that_ask_nothing_save_nothing(memory):
    [question] = memory.add(
        {"role": "user", "content": "Do you remember the movie we talked about?"}, user_id="ana"
    )
    [reply] = memory.add(
        {"role": "assistant", "content": "Remember that you are vegetarian."}, user_id="ana"
    )
    assert memory.saved.capture(question) is None
    assert memory.saved.capture(reply) is None  # only the user's own requests count
    assert memory.saved.capture("não me lembro onde deixei as chaves", "ana") is None
    assert memory.saved.list("ana") == []


def test_exact_and_restated_duplicates_are_not_saved_twice(memory):
    first = memory.saved.add("I'm vegetarian", "ana")
    again = memory.saved.capture("Please remember that I am a vegetarian.", "ana")
    assert isinstance(again, Duplicate) and again.existing.id == first.memory.id
    named = memory.saved.add("My wife's name is Ana", "ana")
    assert isinstance(memory.saved.add("my wife is called Ana", "ana"), Duplicate)
    assert [m.id for m in memory.saved.list("ana")] == [first.memory.id, named.memory.id]


def test_related_facts_coexist(memory):
    memory.saved.add("I'm a software engineer", "ana")
    assert isinstance(memory.saved.add("I'm a developer", "ana"), Saved)
    assert isinstance(memory.saved.add("I have two cats", "ana"), Saved)
    assert isinstance(memory.saved.add("I have three cats", "ana"), Saved)
    assert len(memory.saved.list("ana")) == 4


@pytest.mark.parametrize(
    "old, new",
    [
        ("I'm an engineer", "I'm not an engineer"),
        ("I live in Lisbon", "I live in Porto"),
        ("Sou vegetariano", "Não sou vegetariano"),
        ("Vivo en Madrid", "Vivo en Sevilla"),
        ("Je suis végétarien", "Je ne suis pas végétarien"),
    ],
)
def test_a_contradiction_names_the_existing_fact_and_saves_nothing(memory, old, new):
    saved = memory.saved.add(old, "ana").memory
    outcome = memory.saved.add(new, "ana")
    assert isinstance(outcome, Conflict) and outcome.existing.id == saved.id and outcome.fact == new
    assert [m.text for m in memory.saved.list("ana")] == [old]


def test_replace_retires_the_old_fact_into_history(memory, clock):
    old = memory.saved.add("I live in Lisbon", "ana").memory
    outcome = memory.saved.add(
        "I live in Porto", "ana", on_conflict="replace", now="2024-06-01T10:00:00+00:00"
    )
    assert isinstance(outcome, Saved) and outcome.replaced.id == old.id
    assert [m.text for m in memory.saved.list("ana")] == ["I live in Porto"]
    history = memory.saved.list("ana", include_retired=True)
    retired = next(m for m in history if m.id == old.id)
    assert retired.replaced_by == outcome.memory.id and retired.retired_at.isoformat().startswith(
        "2024-06-01T10:00"
    )
    assert memory.saved.delete(outcome.memory.id, "ana") >= 1
    assert memory.saved.list("ana", include_retired=True) == []  # its history goes with it


def test_keep_both_saves_the_contradicting_fact_beside_the_old_one(memory):
    memory.saved.add("I live in Lisbon", "ana")
    assert isinstance(memory.saved.add("I live in Porto", "ana", on_conflict="keep_both"), Saved)
    assert [m.text for m in memory.saved.list("ana")] == ["I live in Lisbon", "I live in Porto"]


def test_edit_and_delete(memory):
    saved = memory.saved.add("I live in Lisbon", "ana").memory
    edited = memory.saved.edit(saved.id, "I live in Lisbon, in Alfama", "ana")
    assert edited.id == saved.id and edited.text == "I live in Lisbon, in Alfama"
    with pytest.raises(NotFoundError):
        memory.saved.edit(saved.id, "x", "bob")  # another user's fact is out of reach
    memory.saved.delete(saved.id, "ana")
    assert memory.saved.list("ana") == []
    with pytest.raises(NotFoundError):
        memory.saved.delete(saved.id, "ana")


def test_bad_input_is_refused(memory):
    with pytest.raises(ValidationError, match="fact"):
        memory.saved.add("   ", "ana")
    with pytest.raises(ValidationError, match="on_conflict"):
        memory.saved.add("I like tea", "ana", on_conflict="merge")
    with pytest.raises(ValidationError, match="fact"):
        memory.saved.add("x" * 600, "ana")


def test_saved_memories_are_per_user(memory):
    memory.saved.add("I live in Lisbon", "ana")
    assert isinstance(memory.saved.add("I live in Porto", "bob"), Saved)
    assert [m.text for m in memory.saved.list("bob")] == ["I live in Porto"]


def test_saved_memories_are_per_tenant(db_path, clock):
    with (
        Memory(db_path, embedder=HashingEmbedder(), clock=clock, tenant="acme") as acme,
        Memory(db_path, embedder=HashingEmbedder(), clock=clock, tenant="globex") as globex,
    ):
        saved = acme.saved.add("I live in Lisbon", "ana").memory
        assert globex.saved.list("ana") == []
        with pytest.raises(NotFoundError):
            globex.saved.delete(saved.id, "ana")
        assert isinstance(globex.saved.add("I live in Porto", "ana"), Saved)
