from __future__ import annotations

import typing
from datetime import UTC, date, datetime
from types import ModuleType

import pytest
from pydantic import BaseModel

from lembrar.llm import prompts
from lembrar.llm.prompts import (
    answer,
    date_ranges,
    graph_extract,
    hypothetical_memory,
    insight,
    memory_record,
    relevance_filter,
    session_summary,
)
from lembrar.model.timetags import PERIODS
from lembrar.testing import Reply

WHEN = datetime(2024, 5, 14, 13, 5, tzinfo=UTC)
TODAY = date(2024, 5, 14)

# module, rendered messages, a valid reply, what it parses to
CASES = [
    (
        memory_record,
        memory_record.render(
            "I had lunch with Ana at the harbour",
            "Sounds lovely!",
            when=WHEN,
            period="afternoon",
            season="spring",
        ),
        {
            "worth_remembering": True,
            "label": "Lunch",
            "description": "The user had lunch with Ana.",
        },
        memory_record.MemoryRecord(
            worth_remembering=True, label="lunch", description="The user had lunch with Ana."
        ),
    ),
    (
        hypothetical_memory,
        hypothetical_memory.render("where did I have lunch yesterday?", today=TODAY),
        {
            "date": "2024-05-13",
            "period": "afternoon",
            "label": "lunch",
            "description": "The user had lunch.",
        },
        hypothetical_memory.HypotheticalMemory(
            date=date(2024, 5, 13),
            period="afternoon",
            label="lunch",
            description="The user had lunch.",
        ),
    ),
    (
        date_ranges,
        date_ranges.render("what did I do last week?", today=TODAY),
        {"ranges": [{"start": "2024-05-06", "end": "2024-05-12"}]},
        date_ranges.DateRanges(
            ranges=[date_ranges.DateRange(start=date(2024, 5, 6), end=date(2024, 5, 12))]
        ),
    ),
    (
        relevance_filter,
        relevance_filter.render(
            "who is Ana?", ["Ana is the user's sister.", "The user likes tea."]
        ),
        {"ids": [1, 1]},
        relevance_filter.RelevantMemories(ids=[1]),
    ),
    (
        session_summary,
        session_summary.render(
            [{"role": "user", "content": "Plan my trip"}, {"role": "assistant", "content": "Sure"}]
        ),
        {"title": "Trip planning", "summary": "The user planned a trip."},
        session_summary.SessionSummary(title="Trip planning", summary="The user planned a trip."),
    ),
    (
        insight,
        insight.render(["I ran 10k today", "Running again tomorrow morning"]),
        {"statement": "The user runs regularly."},
        insight.Insight(statement="The user runs regularly."),
    ),
]
CASES.append(
    (
        graph_extract,
        graph_extract.render(
            "My sister Ana moved to Porto last June.",
            speaker="Maria (type user)",
            when=WHEN,
            known=["Ana Souza (also: my sister)"],
            current=["Ana Souza lives in Lisbon"],
        ),
        {
            "entities": [
                {"name": "Maria", "type": "user"},
                {"name": "Ana Souza", "type": "person", "aliases": ["Ana"]},
                {"name": "Porto", "type": "place"},
            ],
            "facts": [
                {
                    "subject": "Ana Souza",
                    "predicate": "lives_in",
                    "object": "Porto",
                    "valid_at": "2023-06-01",
                }
            ],
        },
        graph_extract.GraphReading(
            entities=[
                graph_extract.EntityReading(name="Maria", type="user"),
                graph_extract.EntityReading(name="Ana Souza", type="person", aliases=["Ana"]),
                graph_extract.EntityReading(name="Porto", type="place"),
            ],
            facts=[
                graph_extract.FactReading(
                    subject="Ana Souza",
                    predicate="lives_in",
                    object="Porto",
                    valid_at=date(2023, 6, 1),
                )
            ],
        ),
    )
)
IDS = [case[0].__name__.rsplit(".", 1)[-1] for case in CASES]


@pytest.mark.parametrize(("module", "rendered", "reply", "parsed"), CASES, ids=IDS)
def test_render_gives_system_then_user_messages(module, rendered, reply, parsed):
    assert [m["role"] for m in rendered] == ["system", "user"]
    assert all(
        isinstance(m["content"], str) and m["content"] == m["content"].strip() for m in rendered
    )
    assert "JSON" in rendered[0]["content"]
    assert "$" not in rendered[1]["content"]


@pytest.mark.parametrize(("module", "rendered", "reply", "parsed"), CASES, ids=IDS)
def test_schema_round_trip(module, rendered, reply, parsed):
    assert issubclass(module.RESPONSE, BaseModel)
    assert module.RESPONSE.model_validate(reply) == parsed
    assert module.RESPONSE.model_validate_json(parsed.model_dump_json()) == parsed


@pytest.mark.parametrize(("module", "rendered", "reply", "parsed"), CASES, ids=IDS)
def test_structured_call_through_the_fake_server(client, server, module, rendered, reply, parsed):
    server.script(Reply.json(reply))
    assert client.structured(rendered, module.RESPONSE) == parsed
    assert server.requests[0].messages == rendered


@pytest.mark.parametrize("module", [getattr(prompts, name) for name in prompts.__all__])
def test_every_prompt_has_a_version_a_renderer_and_a_response(module: ModuleType):
    assert isinstance(module.VERSION, str) and module.VERSION
    assert callable(module.render)
    assert module.RESPONSE is None or issubclass(module.RESPONSE, BaseModel)


def test_memory_record_shows_the_clock_but_does_not_ask_for_it():
    user = memory_record.render("hi", "hello", when=WHEN, period="afternoon", season="spring")[1][
        "content"
    ]
    assert "Tuesday 2024-05-14 13:05" in user and "afternoon" in user and "spring" in user
    assert set(memory_record.MemoryRecord.model_fields) == {
        "worth_remembering",
        "label",
        "description",
    }


def test_memory_record_needs_a_description_when_worth_remembering():
    with pytest.raises(ValueError, match="description"):
        memory_record.MemoryRecord(worth_remembering=True, label="lunch")
    assert memory_record.MemoryRecord(worth_remembering=False).label == ""


def test_memory_record_label_is_short_and_lowercase():
    record = memory_record.MemoryRecord(
        worth_remembering=True, label="Job Interview Prep", description="x"
    )
    assert record.label == "job interview"


def test_hypothetical_memory_periods_match_the_time_tags():
    period = hypothetical_memory.HypotheticalMemory.model_fields["period"].annotation
    literal = next(arg for arg in typing.get_args(period) if arg is not type(None))
    assert set(typing.get_args(literal)) == set(PERIODS)


def test_hypothetical_memory_without_a_date():
    reply = hypothetical_memory.HypotheticalMemory.model_validate(
        {"date": None, "period": None, "label": "tea", "description": "The user likes tea."}
    )
    assert reply.date is None and reply.period is None


def test_date_ranges_puts_a_backwards_range_in_order_and_allows_none():
    ranges = date_ranges.DateRanges.model_validate(
        {"ranges": [{"start": "2024-05-12", "end": "2024-05-06"}]}
    )
    assert (ranges.ranges[0].start, ranges.ranges[0].end) == (date(2024, 5, 6), date(2024, 5, 12))
    assert date_ranges.DateRanges.model_validate({"ranges": []}).ranges == []
    assert "Today is Tuesday 2024-05-14." in date_ranges.render("hi", today=TODAY)[1]["content"]


def test_relevance_filter_numbers_the_memories_and_picks_them():
    memories = ["Ana is the user's sister.", "The user likes tea.", "Rui moved to Porto."]
    user = relevance_filter.render("who?", memories)[1]["content"]
    assert "[1] Ana is the user's sister.\n[2] The user likes tea.\n[3] Rui moved to Porto." in user
    reply = relevance_filter.RelevantMemories(ids=[3, 9, 1, 0])
    assert relevance_filter.pick(reply, memories) == [
        "Rui moved to Porto.",
        "Ana is the user's sister.",
    ]


def test_session_summary_transcript_skips_messages_without_text():
    rendered = session_summary.render(
        [
            {"role": "user", "content": "hi"},
            {"role": "assistant", "content": None},
            {"role": "assistant", "content": "yo"},
        ]
    )
    assert rendered[1]["content"].endswith("user: hi\nassistant: yo")


def test_answer_puts_the_memories_in_the_system_prompt():
    history = [{"role": "user", "content": "earlier"}, {"role": "assistant", "content": "reply"}]
    rendered = answer.render(
        "where was lunch?", memories=["2024-05-13: lunch with Ana"], now=WHEN, history=history
    )
    assert [m["role"] for m in rendered] == ["system", "user", "assistant", "user"]
    assert "<memories>\n- 2024-05-13: lunch with Ana\n</memories>" in rendered[0]["content"]
    assert "Tuesday 2024-05-14 13:05" in rendered[0]["content"]
    assert rendered[-1] == {"role": "user", "content": "where was lunch?"}


def test_answer_without_memories():
    system = answer.render("hi", memories=[], now=WHEN)[0]["content"]
    assert "(no relevant memories)" in system


def test_user_text_with_template_syntax_is_kept_verbatim():
    text = "costs $5 and ${x} {not json}"
    assert text in insight.render([text])[1]["content"]


def test_the_graph_reading_schema_bounds_what_a_schema_enforcing_server_lets_a_model_write():
    from lembrar.model.graph import ENTITY_TYPES
    from lembrar.model.predicates import PREDICATES

    schema = graph_extract.RESPONSE.model_json_schema()
    entity, fact = schema["$defs"]["EntityReading"], schema["$defs"]["FactReading"]
    assert set(entity["properties"]["type"]["enum"]) == set(ENTITY_TYPES)
    assert set(fact["properties"]["predicate"]["enum"]) == set(PREDICATES)
    assert schema["properties"]["entities"]["maxItems"] == graph_extract.MAX_ENTITIES
    assert schema["properties"]["facts"]["maxItems"] == graph_extract.MAX_FACTS
    assert entity["properties"]["aliases"]["maxItems"] == graph_extract.MAX_ALIASES
    # a server that does not enforce the schema may send more: the reply is still read
    many = [{"name": f"thing {i}", "type": "thing"} for i in range(graph_extract.MAX_ENTITIES + 3)]
    reading = graph_extract.RESPONSE.model_validate({"entities": many, "facts": []})
    assert len(reading.entities) == graph_extract.MAX_ENTITIES + 3
    with pytest.raises(ValueError, match="predicate must be one of"):
        graph_extract.RESPONSE.model_validate(
            {
                "entities": [{"name": "Ana", "type": "user"}, {"name": "Porto", "type": "place"}],
                "facts": [{"subject": "Ana", "predicate": "resides", "object": "Porto"}],
            }
        )
