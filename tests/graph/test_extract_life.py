"""What people tell about their lives, said in ways the rules were not written from, read
the same by both offline extractors: who their kin are, their pets' names, where they work and
live, allergies and habits; and what must not become a fact."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lembrar.graph.extract import offline_extractor
from lembrar.graph.extract.names import fold
from lembrar.graph.extract.spacy_names import spacy_available
from lembrar.model.episode import Episode

AT = datetime(2024, 3, 5, 12, tzinfo=UTC)
NAMES = [
    "rules",
    pytest.param(
        "spacy", marks=pytest.mark.skipif(not spacy_available(), reason="needs the [graph] extra")
    ),
]


def triples(text: str, names: str) -> set[tuple[str, str, str, bool]]:
    episode = Episode("e1", "u", "message", text, AT, AT, None, role="user", speaker="Rosa")
    found = offline_extractor(names).extract(episode)
    return {(f.subject, f.predicate, fold(f.object), f.negated) for f in found.facts}


def want(*facts: tuple[str, str, str]) -> set[tuple[str, str, str, bool]]:
    return {(s, p, fold(o), False) for s, p, o in facts}


SAID = [
    ("Vera is my best friend and Rita is my sister.", [("Rosa", "has_sibling", "Rita")]),
    ("A Rita é a minha irmã mais velha.", [("Rosa", "has_sibling", "Rita")]),
    ("Tomás (my husband) is a pilot.", [("Rosa", "has_partner", "Tomás")]),
    ("A Inês, a minha irmã, vive em Braga.", [("Rosa", "has_sibling", "Inês")]),
    ("We adopted a rabbit last month, his name is Tambor.", [("Rosa", "has_pet", "Tambor")]),
    ("Pusemos ao gato o nome de Fidalgo.", [("Rosa", "has_pet", "Fidalgo")]),
    ("The cat's name is Pimenta.", [("Rosa", "has_pet", "Pimenta")]),
    ("Our son, Duarte, starts school today.", [("Rosa", "has_child", "Duarte")]),
    ("Warning: I have a sesame allergy.", [("Rosa", "allergic_to", "sesame")]),
    ("I go swimming twice a week before work.", [("Rosa", "does", "swimming")]),
    ("Jogo padel aos sábados com amigos.", [("Rosa", "does", "padel")]),
    (
        "I'm employed at Galp as a chemist and I'm based in Sines.",
        [
            ("Rosa", "works_at", "Galp"),
            ("Rosa", "works_as", "chemist"),
            ("Rosa", "lives_in", "Sines"),
        ],
    ),
    ("Sou farmacêutica na Hovione.", [("Rosa", "works_at", "Hovione")]),
    ("My cousin Vasco lives way over in Tavira.", [("Vasco", "lives_in", "Tavira")]),
]


@pytest.mark.parametrize("names", NAMES)
@pytest.mark.parametrize("text, facts", SAID)
def test_what_is_said_is_read(text: str, facts: list[tuple[str, str, str]], names: str):
    assert want(*facts) <= triples(text, names)


@pytest.mark.parametrize("names", NAMES)
def test_a_pet_named_after_its_kind_is_one_pet(names: str):
    found = triples("We got a hamster yesterday, she's called Bolacha.", names)
    pets = {o for s, p, o, _ in found if p == "has_pet"}
    assert pets == {"bolacha"}


NOT_SAID = [
    ("My sister has a kitten, Tom.", ("Rosa", "has_pet")),
    ("I practise three times a week.", ("Rosa", "does")),
    ("I do the laundry every Sunday.", ("Rosa", "does")),
    ("I left the party early yesterday.", ("Rosa", "works_at")),
    ("If I ever moved to Oslo, I'd buy a boat.", ("Rosa", "lives_in")),
    ("Is Tomás your brother?", ("Rosa", "has_sibling")),
]


@pytest.mark.parametrize("names", NAMES)
@pytest.mark.parametrize("text, edge", NOT_SAID)
def test_what_is_not_said_is_not_read(text: str, edge: tuple[str, str], names: str):
    assert not {(s, p) for s, p, _, _ in triples(text, names)} & {edge}
