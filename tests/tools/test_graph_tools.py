"""The catalogue's knowledge-graph tools, ``facts`` and ``entities``, run by the shared
``ToolRunner`` on a real SQLite memory whose graph the offline extractor builds."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder
from lembrar.errors import ValidationError
from lembrar.tools import ToolRunner

NOW = datetime(2024, 5, 22, 9, 0, tzinfo=UTC)
STORY = [
    ("2023-02-10T10:00:00+00:00", "I live in Lisbon."),
    ("2023-02-11T10:00:00+00:00", "I play tennis every Sunday."),
    ("2023-09-14T18:30:00+00:00", "My sister Rita works at Google."),
    ("2023-10-10T10:00:00+00:00", "I stopped playing tennis."),
    ("2024-03-02T10:00:00+00:00", "I moved to Porto last month."),
]


@pytest.fixture
def memory(tmp_path):
    with Memory(str(tmp_path / "m.db"), embedder=HashingEmbedder(), clock=lambda: NOW) as mem:
        yield mem


@pytest.fixture
def said(memory):
    """The story's episode ids, by text."""
    return {
        text: memory.add({"role": "user", "content": text}, "ana", at=at)[0].id
        for at, text in STORY
    }


@pytest.fixture
def tools(memory, said):
    return ToolRunner(memory, "ana")


def texts(result):
    return [f["fact"] for f in result["facts"]]


def test_every_fact_current_ones_first_then_superseded_with_their_dates(tools, said):
    listed = tools.call("facts", {})
    assert [(f["fact"], f["when"]) for f in listed["facts"]] == [
        ("User lives in Porto", "since 2024-02-01"),
        ("Rita works at Google", "since 2023-09-14"),  # the same day: alphabetically
        ("User has a sibling: Rita", "since 2023-09-14"),
        ("User lives in Lisbon", "2023-02-10 to 2024-02-01 (superseded)"),
        ("User does tennis", "2023-02-11 to 2023-10-10 (superseded)"),
    ]
    assert [f["current"] for f in listed["facts"]] == [True, True, True, False, False]
    lisbon = listed["facts"][3]
    assert lisbon["episodes"] == [said["I live in Lisbon."]]
    assert lisbon["invalid_at"] == "2024-02-01T00:00:00+00:00" and listed["understood"] is None
    assert texts(tools.call("facts", {"limit": 2})) == texts(listed)[:2]


def test_a_search_puts_what_holds_now_before_what_held(tools):
    found = tools.call("facts", {"query": "where do I live"})
    assert texts(found)[0] == "User lives in Porto"
    assert texts(found).index("User lives in Lisbon") > 0
    assert all(0 < f["score"] <= 1 for f in found["facts"])


@pytest.mark.parametrize(
    ("as_of", "start"),
    [
        ("2023-06-01", "2023-06-01T00:00:00+00:00"),
        ("2023-06-01T12:00:00+00:00", "2023-06-01T12:00:00+00:00"),
        ("June 2023", "2023-06-01T00:00:00+00:00"),
    ],
)
def test_as_of_a_day_an_instant_or_a_phrase_keeps_what_held_then(tools, as_of, start):
    then = tools.call("facts", {"as_of": as_of})
    assert texts(then) == ["User lives in Lisbon", "User does tennis"]
    assert then["understood"]["as_of"] == {**then["understood"]["as_of"], "start": start}
    asked = texts(tools.call("facts", {"query": "where do I live", "as_of": as_of}))
    assert asked[0] == "User lives in Lisbon" and "User lives in Porto" not in asked


def test_a_time_phrase_in_the_query_selects_what_held_then(tools):
    assert texts(tools.call("facts", {"query": "where did I live in 2022"})) == []
    assert texts(tools.call("facts", {"query": "where did I live in May 2023"}))[0] == (
        "User lives in Lisbon"
    )


def test_facts_about_one_entity_by_name_or_alias(tools):
    about = tools.call("facts", {"entity": "my sister"})
    assert set(texts(about)) == {"User has a sibling: Rita", "Rita works at Google"}
    asked = texts(tools.call("facts", {"entity": "Rita", "query": "where does she work"}))
    assert asked[0] == "Rita works at Google" and "User lives in Porto" not in asked
    assert texts(tools.call("facts", {"entity": "Lisbon", "as_of": "2024-04-01"})) == []


def test_entities_most_mentioned_first_by_type_or_by_search(tools):
    listed = tools.call("entities", {})["entities"]
    assert listed[0]["name"] == "User" and listed[0]["mentions"] == 5
    assert "User lives in Porto (since 2024-02-01)" in listed[0]["facts"]
    assert not any("Lisbon" in fact for fact in listed[0]["facts"])  # only what holds now
    places = tools.call("entities", {"type": "place"})["entities"]
    assert sorted(p["name"] for p in places) == ["Lisbon", "Porto"]
    [sister] = tools.call("entities", {"query": "my sister", "limit": 1})["entities"]
    assert (sister["name"], sister["aliases"], sister["type"]) == ("Rita", ["my sister"], "person")
    assert 0 < sister["score"] <= 1


def test_a_user_with_no_graph_gets_empty_answers(memory, said):
    other = ToolRunner(memory, "bob")
    assert other.call("facts", {"query": "where do I live"})["facts"] == []
    assert other.call("entities", {})["entities"] == []


@pytest.mark.parametrize(
    ("name", "arguments", "field"),
    [
        ("facts", {"as_of": "2023-13-45"}, "as_of"),
        ("facts", {"as_of": "2023-06-01T25:00"}, "as_of"),
        ("facts", {"as_of": "purple"}, "as_of"),
        ("facts", {"as_of": 2023}, "as_of"),
        ("facts", {"entity": "Nobody"}, "entity"),
        ("facts", {"entity": " "}, "entity"),
        ("facts", {"query": ""}, "query"),
        ("facts", {"limit": 51}, "limit"),
        ("facts", {"when": "2023"}, "when"),
        ("entities", {"type": "planet"}, "type"),
        ("entities", {"limit": 0}, "limit"),
    ],
)
def test_bad_arguments_name_the_argument(tools, name, arguments, field):
    with pytest.raises(ValidationError) as error:
        tools.call(name, arguments)
    assert error.value.field == field
