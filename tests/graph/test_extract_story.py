"""A life told in chat, read by the offline extractor through ``Memory``: moves and job changes
close the old value, one partner under three names stays one person, and the traps (a question,
a hypothetical, a colleague's move, a greeting) add nothing."""

from __future__ import annotations

import pytest

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder
from lembrar.graph import GraphConfig
from lembrar.graph.extract.spacy_names import spacy_available

STORY = [
    ("2023-01-10T09:00:00+00:00", "Hi! I work as a designer at Critical Software."),
    ("2023-01-12T09:00:00+00:00", "I live in Coimbra with my boyfriend Tomás."),
    ("2023-02-03T09:00:00+00:00", "My brother Duarte lives in Aveiro and works at Bosch."),
    ("2023-03-15T09:00:00+00:00", "Does your team have any openings in Lisbon?"),
    ("2023-04-02T09:00:00+00:00", "We adopted a kitten named Pipoca last weekend!"),
    ("2023-05-20T09:00:00+00:00", "If I ever moved to Berlin, I'd miss the sea."),
    ("2023-06-01T09:00:00+00:00", "My colleague Rita just moved to Braga."),
    ("2023-08-11T09:00:00+00:00", "Tomás and I got married on Saturday!"),
    ("2023-09-01T09:00:00+00:00", "My husband loves surfing."),
    ("2023-10-05T09:00:00+00:00", "Duarte moved to Munich last month."),
    ("2023-11-20T09:00:00+00:00", "We're moving to Lisbon!"),
    ("2024-01-08T09:00:00+00:00", "We finally settled into our new flat in Lisbon."),
    (
        "2024-02-01T09:00:00+00:00",
        "I left Critical Software and I'm starting at Feedzai next week.",
    ),
    ("2024-02-20T09:00:00+00:00", "Loving my new job at Feedzai so far."),
    ("2024-04-10T09:00:00+00:00", "Our daughter Leonor was born yesterday!"),
    ("2024-05-02T09:00:00+00:00", "I'm allergic to penicillin, it turns out."),
    ("2024-06-15T09:00:00+00:00", "Do you know if Rita still lives in Braga?"),
    ("2024-07-01T09:00:00+00:00", "Woohoo Tomás, happy birthday!"),
]


@pytest.fixture(
    params=[
        "rules",
        pytest.param(
            "spacy",
            marks=pytest.mark.skipif(not spacy_available(), reason="needs the [graph] extra"),
        ),
    ]
)
def told(request, db_path, clock):
    config = GraphConfig(names=request.param)
    with Memory(db_path, embedder=HashingEmbedder(), clock=clock, graph=config) as memory:
        for at, text in STORY:
            memory.add({"role": "user", "content": text, "name": "Sofia"}, user_id="s", at=at)
        yield memory


def _lines(memory):
    return {
        f.text: "now" if f.invalid_at is None else f.invalid_at.date().isoformat()
        for f in memory.graph.facts("s")
    }


def test_moves_and_job_changes_close_the_old_value(told):
    lines = _lines(told)
    assert lines["Sofia lives in Lisbon"] == "now"
    assert lines["Sofia lives in Coimbra"] != "now"
    assert lines["Duarte lives in Munich"] == "now"
    assert lines["Duarte lives in Aveiro"] != "now"
    assert lines["Sofia works at Critical Software"] != "now"
    assert lines["Sofia works at Feedzai"] == "now"


def test_people_pets_children_and_allergies_are_read(told):
    lines = _lines(told)
    for fact in (
        "Sofia has a sibling: Duarte",
        "Sofia has a pet: Pipoca",
        "Sofia has a child: Leonor",
        "Sofia is allergic to penicillin",
        "Rita lives in Braga",
    ):
        assert lines.get(fact) == "now", fact


def test_one_partner_under_three_names_stays_one_person_and_one_fact(told):
    partners = [t for t in _lines(told) if t.startswith("Sofia has a partner")]
    assert partners == ["Sofia has a partner: Tomás"]
    [tomas] = [e for e in told.graph.entities("s") if e.name == "Tomás"]
    assert {"my boyfriend", "my husband"} <= set(tomas.aliases)
    assert "Tomás likes surfing" in _lines(told)


def test_traps_add_no_fact_and_no_entity(told):
    lines = _lines(told)
    assert not [t for t in lines if "Berlin" in t or ("Sofia lives" in t and "Braga" in t)]
    assert not [
        t
        for t in lines
        if "Sofia" in t
        and "Lisbon" in t
        and "Sofia lives in" not in t
        and "move to Lisbon" not in t
    ]
    names = {e.name for e in told.graph.entities("s")}
    assert not {"Woohoo Tomás", "Woohoo", "Hi"} & names
