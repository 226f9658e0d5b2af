"""The offline extractor: facts people state in English and Portuguese, dates read against the
episode's time, names from spaCy when installed and from rules without it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lembrar.graph.extract import offline_extractor
from lembrar.graph.extract.rules import RuleExtractor
from lembrar.graph.extract.spacy_names import spacy_available
from lembrar.model.episode import Episode

AT = datetime(2024, 3, 1, 12, tzinfo=UTC)


def episode(text, role="user", speaker=None):
    return Episode("e1", "u", "message", text, AT, AT, None, role=role, speaker=speaker)


def facts(text, extractor=None, **kw):
    found = (extractor or RuleExtractor()).extract(episode(text, **kw))
    return [
        (f.subject, f.predicate, f.object, f.valid_at and f.valid_at.date().isoformat(), f.negated)
        for f in found.facts
    ]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("I moved to Porto last June.", [("User", "lives_in", "Porto", "2023-06-01", False)]),
        (
            "I'm 34 years old and I work as a teacher.",
            [("User", "age", "34", None, False), ("User", "works_as", "teacher", None, False)],
        ),
        (
            "I quit my job at Microsoft last month.",
            [("User", "works_at", "Microsoft", "2024-02-01", True)],
        ),
        (
            "I stopped playing tennis two years ago.",
            [("User", "does", "tennis", "2022-01-01", True)],
        ),
        ("We adopted a cat called Luna.", [("User", "has_pet", "Luna", None, False)]),
        ("I'm a bit tired today.", []),
        (
            "Mudei-me para o Porto há dois anos.",
            [("User", "lives_in", "Porto", "2022-01-01", False)],
        ),
        ("Trabalho na Sonae.", [("User", "works_at", "Sonae", None, False)]),
        (
            "Tenho 34 anos e gosto de surf.",
            [("User", "age", "34", None, False), ("User", "likes", "surf", None, False)],
        ),
        ("Já não moro em Lisboa.", [("User", "lives_in", "Lisboa", None, True)]),
    ],
)
def test_first_person_facts(text, expected):
    assert facts(text) == expected


def test_facts_about_others_follow_names_kinship_pronouns_and_conjunctions():
    found = facts(
        "My sister Ana lives in Lisbon and works at Google. She has a dog named Max.",
        speaker="Maria",
    )
    assert found == [
        ("Maria", "has_sibling", "Ana", None, False),
        ("Ana", "lives_in", "Lisbon", None, False),
        ("Ana", "works_at", "Google", None, False),
        ("Ana", "has_pet", "Max", None, False),
    ]
    assert facts("A minha irmã Ana mora em Lisboa.")[1] == (
        "Ana",
        "lives_in",
        "Lisboa",
        None,
        False,
    )


def test_an_ai_assistant_speaks_of_no_self():
    assert facts("I live in the cloud.", role="assistant") == []
    assert facts("I live in Boston.", role="assistant", speaker="Melanie") == [
        ("Melanie", "lives_in", "Boston", None, False)
    ]


def test_entities_are_typed_and_aliased():
    found = RuleExtractor().extract(episode("My sister Ana lives in Lisbon and works at Google."))
    kinds = {e.name: (e.type, e.aliases) for e in found.entities}
    assert kinds["Ana"] == ("person", ("my sister",)) and kinds["Lisbon"][0] == "place"
    assert kinds["Google"][0] == "organization" and kinds["User"][0] == "user"


def test_without_spacy_the_rules_still_name_things():
    found = RuleExtractor().extract(episode("We flew to Japan with Carlos yesterday."))
    assert {"Japan", "Carlos"} <= {e.name for e in found.entities}


@pytest.mark.skipif(not spacy_available(), reason="needs the [graph] extra (spaCy)")
def test_spacy_types_the_names_it_finds():
    extractor = offline_extractor("spacy")
    found = extractor.extract(episode("Caroline went to a support group in Boston with Melanie."))
    kinds = {e.name: e.type for e in found.entities}
    assert kinds.get("Boston") == "place" and kinds.get("Melanie") == "person"
    assert offline_extractor("rules").recognizer is None
