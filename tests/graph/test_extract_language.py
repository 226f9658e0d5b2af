"""The offline extractor on phrasings it was not written from: facts read from the clause's
subject, verb and object (English on spaCy's parse, Portuguese by rule), and the traps that
state no fact: questions, hypotheticals, negation, reported speech, greetings, markup, a
colleague's city."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lembrar.graph.extract import offline_extractor
from lembrar.graph.extract.names import fold
from lembrar.graph.extract.spacy_names import spacy_available
from lembrar.model.episode import Episode

AT = datetime(2024, 3, 1, 12, tzinfo=UTC)
needs_parser = pytest.mark.skipif(not spacy_available(), reason="needs the [graph] extra")

# (text, facts that must be read: (subject, predicate, object, negated))
ENGLISH = [
    ("Last spring we finally moved to Porto.", [("User", "lives_in", "Porto", False)]),
    ("We're settling into our new apartment in Porto.", [("User", "lives_in", "Porto", False)]),
    (
        "My husband Miguel works as a nurse at Hospital São João.",
        [
            ("User", "has_partner", "Miguel", False),
            ("Miguel", "works_as", "nurse", False),
            ("Miguel", "works_at", "Hospital São João", False),
        ],
    ),
    (
        "I left Farfetch last week and I'm starting at Feedzai next Monday.",
        [
            ("User", "works_at", "Farfetch", True),
            ("User", "plans", "start at Feedzai (2024-03-04)", False),
        ],
    ),
    (
        "My sister Joana moved to Berlin in January.",
        [("User", "has_sibling", "Joana", False), ("Joana", "lives_in", "Berlin", False)],
    ),
    ("Our beagle is called Biscuit.", [("User", "has_pet", "Biscuit", False)]),
    ("We adopted a kitten last weekend.", [("User", "has_pet", "kitten", False)]),
    ("I'm allergic to peanuts.", [("User", "allergic_to", "peanuts", False)]),
    ("I've been vegetarian for five years.", [("User", "diet", "vegetarian", False)]),
    ("Our daughter Inês was born on 3 March.", [("User", "has_child", "Inês", False)]),
    ("I play the cello in a community orchestra.", [("User", "does", "cello", False)]),
    (
        "My brother Tiago is a firefighter.",
        [("User", "has_sibling", "Tiago", False), ("Tiago", "works_as", "firefighter", False)],
    ),
    ("I can't stand horror movies.", [("User", "dislikes", "horror movies", False)]),
    ("Ana, my colleague, lives in Braga.", [("Ana", "lives_in", "Braga", False)]),
    (
        "I started working as a data engineer at Talkdesk in 2021.",
        [("User", "works_as", "data engineer", False), ("User", "works_at", "Talkdesk", False)],
    ),
    (
        "I'm doing a master's at the University of Porto.",
        [("User", "studies_at", "University of Porto", False)],
    ),
    (
        "My ex, Rui, still lives in Coimbra.",
        [("User", "has_ex", "Rui", False), ("Rui", "lives_in", "Coimbra", False)],
    ),
    (
        "We're planning a trip to Japan in October.",
        [("User", "plans", "trip to Japan (2024-10-01)", False)],
    ),
    ("My home country is Sweden.", [("User", "from", "Sweden", False)]),
    ("We're moving to Porto!", [("User", "plans", "move to Porto", False)]),
]

# (text, predicates that must not be read about anyone)
TRAPS = [
    ("Does your sister still live in Berlin?", {"lives_in"}),
    ("If I ever moved to Madrid, I'd learn to surf.", {"lives_in", "does"}),
    ("I don't have a dog.", {"has_pet"}),
    ("She said she moved to Lyon.", {"lives_in"}),
    ("Would you ever live in London?", {"lives_in"}),
    ("I wish I lived by the sea.", {"lives_in"}),
    ("I might move to Lisbon next year.", {"lives_in"}),
    ("We're moving to Porto!", {"lives_in"}),
    ("I never liked jazz.", {"likes"}),
    ("I didn't leave Google in the end.", {"works_at"}),
    ("Have you ever worked at a bakery?", {"works_at"}),
    ("Se eu me mudasse para Madrid, aprendia a surfar.", {"lives_in", "does"}),
    ("Você mora em Lisboa?", {"lives_in"}),
    ("Não moro em Faro.", {"lives_in"}),
]

PORTUGUESE = [
    ("A gente se mudou para Braga no ano passado.", [("User", "lives_in", "Braga", False)]),
    ("Me mudei para Curitiba em 2020.", [("User", "lives_in", "Curitiba", False)]),
    ("Comecei a trabalhar na Natura em março.", [("User", "works_at", "Natura", False)]),
    ("Nós moramos em Coimbra.", [("User", "lives_in", "Coimbra", False)]),
    ("O meu cãozinho chama-se Bolinha.", [("User", "has_pet", "Bolinha", False)]),
    ("Sou alérgica a camarão.", [("User", "allergic_to", "camarão", False)]),
    ("Já não moro em Faro.", [("User", "lives_in", "Faro", True)]),
]

# text, names that must not become entities
NOT_ENTITIES = [
    ("Woohoo Melanie, that's amazing!", {"woohoo melanie", "woohoo"}),
    ("Bye Caroline! See you Tues.", {"bye caroline", "bye", "tues"}),
    ("Fri works for me, 3 pm.", {"fri", "3", "3 pm"}),
    ('<br>Melanie: hi there</div> <img src="x.png">', {"br", "div", "img", "x.png", "src"}),
    ("Pottery is my favourite thing lately.", set()),
    ("Sounds fun! Gonna bring snacks for everyone.", {"sounds", "gonna"}),
    ("Surfing's my thing; I took up surfing in Peniche.", set()),
]


def read(text, names="auto", role="user", speaker=None):
    ep = Episode("e1", "u", "message", text, AT, AT, None, role=role, speaker=speaker)
    return offline_extractor(names).extract(ep)


def triples(extraction):
    return {(f.subject, f.predicate, fold(f.object), f.negated) for f in extraction.facts}


def _want(expected):
    return {(s, p, fold(o), n) for s, p, o, n in expected}


@needs_parser
@pytest.mark.parametrize("text, expected", ENGLISH)
def test_english_facts_from_the_parse(text, expected):
    assert _want(expected) <= triples(read(text, "spacy"))


@pytest.mark.parametrize("names", ["rules", pytest.param("spacy", marks=needs_parser)])
@pytest.mark.parametrize("text, predicates", TRAPS)
def test_traps_state_no_fact(text, predicates, names):
    found = {(s, p) for s, p, _, negated in triples(read(text, names)) if not negated}
    assert not {p for _, p in found} & predicates


@pytest.mark.parametrize("names", ["rules", pytest.param("spacy", marks=needs_parser)])
@pytest.mark.parametrize("text, expected", PORTUGUESE)
def test_portuguese_facts(text, expected, names):
    assert _want(expected) <= triples(read(text, names))


@pytest.mark.parametrize("names", ["rules", pytest.param("spacy", marks=needs_parser)])
@pytest.mark.parametrize("text, junk", NOT_ENTITIES)
def test_greetings_weekdays_numbers_and_markup_are_not_entities(text, junk, names):
    entities = {fold(e.name): e.type for e in read(text, names).entities}
    assert not junk & set(entities)
    assert entities.get("pottery") != "person" and entities.get("surfing") != "person"


@needs_parser
def test_a_negated_ending_ends_nothing():
    assert not triples(read("I didn't leave Google in the end.", "spacy"))


@pytest.mark.parametrize("names", ["rules", pytest.param("spacy", marks=needs_parser)])
def test_a_colleagues_city_is_not_the_users(names):
    found = triples(read("My colleague Pedro lives in Aveiro.", names))
    assert ("Pedro", "lives_in", "aveiro", False) in found
    assert not any(s == "User" and p == "lives_in" for s, p, _, _ in found)


@pytest.mark.parametrize("names", ["rules", pytest.param("spacy", marks=needs_parser)])
def test_a_list_after_a_comma_names_no_partner(names):
    found = triples(read("My boyfriend, Rex and I went hiking.", names))
    assert not any(p == "has_partner" and o == "rex" for _, p, o, _ in found)


@pytest.mark.parametrize("names", ["rules", pytest.param("spacy", marks=needs_parser)])
@pytest.mark.parametrize(
    "text", ["I borrowed my neighbour's ladder and car.", "I went to my local gym today."]
)
def test_what_is_someone_elses_or_only_nearby_is_not_owned(text, names):
    assert not [t for t in triples(read(text, names)) if t[1] == "owns"]


@pytest.mark.parametrize("names", ["rules", pytest.param("spacy", marks=needs_parser)])
def test_a_new_job_as_a_role_is_a_profession(names):
    found = triples(read("I just landed a new job as a pharmacist.", names))
    assert ("User", "works_as", "pharmacist", False) in found


@needs_parser
@pytest.mark.parametrize(
    "text",
    [
        "I'm considering getting a cat one day.",
        "We caught a few fish at the lake.",
        "I'll take a look at it tomorrow.",
        "We can enjoy the beach when you visit.",
    ],
)
def test_considering_a_catch_a_figure_of_speech_or_a_possibility_state_nothing(text):
    assert not [t for t in triples(read(text, "spacy")) if t[1] in ("has_pet", "plans", "likes")]


@needs_parser
@pytest.mark.parametrize(
    "text, expected",
    [
        ("We named our puppy Bolt.", ("User", "has_pet", "bolt", False)),
        ("We had a baby boy, Martim!", ("User", "has_child", "martim", False)),
        ("I work remotely for Canonical.", ("User", "works_at", "canonical", False)),
        ("I'm lactose intolerant.", ("User", "diet", "lactose intolerant", False)),
        pytest.param(
            "I'm gluten intolerant.",
            ("User", "diet", "gluten intolerant", False),
            marks=pytest.mark.xfail(
                strict=True, reason="the small parser reads 'gluten' as a verb"
            ),
        ),
        ("My grandparents live in Viseu.", ("my grandparents", "lives_in", "viseu", False)),
        ("I've been learning Korean since May.", ("User", "does", "learning korean", False)),
    ],
)
def test_more_ways_of_saying_it(text, expected):
    assert expected in triples(read(text, "spacy"))
