"""Facts people say in passing, in phrasings the rules were not written from: unnamed parents,
pets named by breed or after "named", apposed kin in both languages, jobs said with an adverb
or in Portuguese, notices and starts, things owned by kind and by model, pastimes, favourites,
and plans that are undertakings rather than errands."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lembrar.evaluation.graph_quality import episode_of, found_triples
from lembrar.graph.extract import offline_extractor
from lembrar.graph.extract.activities import activities
from lembrar.graph.extract.possessions import possessions
from lembrar.graph.extract.spacy_names import looks_portuguese
from lembrar.model.inputs import EpisodeIn

AT = datetime(2024, 5, 1, 10, tzinfo=UTC)


def facts(text: str, names: str = "rules") -> set[tuple[str, str, str]]:
    item = EpisodeIn(user_id="u", content=text, role="user", speaker="Ana", at=AT)
    return set(found_triples(offline_extractor(names).extract(episode_of(item))))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We're taking my dad to the airport tomorrow.", ("Ana", "has_parent", "dad")),
        ("My parents' house is full of books.", ("Ana", "has_parent", "parents")),
        ("O meu pai faz anos amanhã.", ("Ana", "has_parent", "pai")),
        ("Os meus pais vêm jantar.", ("Ana", "has_parent", "pais")),
        ("Last spring I rescued a greyhound called Pepper.", ("Ana", "has_pet", "Pepper")),
        ("Our poodle is named Biscuit.", ("Ana", "has_pet", "Biscuit")),
        ("Heads up: I'm seriously allergic to sesame.", ("Ana", "allergic_to", "sesame")),
        ("A Rita é muito alérgica a glúten.", ("Rita", "allergic_to", "glúten")),
        ("My younger brother, Hugo, lives in Leeds.", ("Hugo", "lives_in", "Leeds")),
        ("O meu irmão mais velho, o Rui, mora em Faro.", ("Rui", "lives_in", "Faro")),
        ("O meu irmão mais velho, o Rui, mora em Faro.", ("Ana", "has_sibling", "Rui")),
        ("My brother works part-time as a driver.", ("brother", "works_as", "driver")),
        (
            "Trabalho como enfermeira no Hospital de Santa Maria.",
            ("Ana", "works_at", "Hospital de Santa Maria"),
        ),
        ("I gave my notice to Initech yesterday.", ("Ana", "not:works_at", "Initech")),
        ("I join Globex next Tuesday.", ("Ana", "works_at", "Globex")),
        ("Officially moved to Porto!", ("Ana", "lives_in", "Porto")),
        ("Our little boy Tomás arrived on Sunday.", ("Ana", "has_child", "Tomás")),
        ("Pratico natação todas as semanas.", ("Ana", "does", "natação")),
        ("I already own an espresso machine.", ("Ana", "owns", "espresso machine")),
        ("My bike, a Brompton, folds in seconds.", ("Ana", "owns", "Brompton")),
        ("I've been practising piano and violin since spring.", ("Ana", "does", "violin")),
        ("My morning yoga routine keeps me sane.", ("Ana", "does", "yoga")),
        ("We volunteer at the food bank on Saturdays.", ("Ana", "does", "volunteering")),
        ("My favourite podcasts are about history.", ("Ana", "likes", "podcasts")),
        ("I'm planning to visit Kyoto in April.", ("Ana", "plans", "visit Kyoto (2025-04-01)")),
        ("We're planning a surprise party for Leo.", ("Ana", "plans", "surprise party")),
        ("I'm a 41-year-old accountant.", ("Ana", "age", "41")),
        ("I'm a 41-year-old accountant.", ("Ana", "works_as", "accountant")),
        ("I've been living in Canada for ten years.", ("Ana", "lives_in", "Canada")),
        ("Dad, can you pick me up after practice?", ("Ana", "has_parent", "dad")),
        ("I'm struggling with my Linear Algebra exam.", ("Ana", "studies", "Linear Algebra")),
        ("I only let my child watch cartoons on weekends.", ("Ana", "has_child", "child")),
        ("quick one: i'm a pharmacist at Boots, based in Leeds", ("Ana", "lives_in", "Leeds")),
        ("quick one: i'm a pharmacist at Boots, based in Leeds", ("Ana", "works_at", "Boots")),
        ("My cousin Eva, who works at Siemens, sent a card.", ("Eva", "works_at", "Siemens")),
        (
            "my brother Tom, who lives in Cork, hates his plumber job",
            ("Tom", "works_as", "plumber"),
        ),
        ("Marco's been my partner since 2019.", ("Ana", "has_partner", "Marco")),
        ("My wife's name is Inês.", ("Ana", "has_partner", "Inês")),
        ("O meu mano, o Zé, trabalha lá como cozinheiro.", ("Zé", "works_as", "cozinheiro")),
        ("Glasgow's been home for a decade now.", ("Ana", "lives_in", "Glasgow")),
        (
            "Our neighbour's cat sleeps here; Miso, a tabby we adopted, hides.",
            ("Ana", "has_pet", "Miso"),
        ),
        ("Ando na Jerónimo Martins como contabilista.", ("Ana", "works_at", "Jerónimo Martins")),
        ("O meu irmão já está instalado em Madrid.", ("irmão", "lives_in", "Madrid")),
        ("Eva wrote from her new apartment in Oslo.", ("Eva", "lives_in", "Oslo")),
        ("Já não estou na Galp! Agora é outra vida.", ("Ana", "not:works_at", "Galp")),
        ("Is the food good in Ghent? We only moved here in March.", ("Ana", "lives_in", "Ghent")),
        ("Tom found work in Oslo and lives there now.", ("Tom", "lives_in", "Oslo")),
        ("Tenho um irmão, o Vasco, que é médico em Faro.", ("Ana", "has_sibling", "Vasco")),
        ("We're parents now! Tiago was born at dawn.", ("Ana", "has_child", "Tiago")),
        ("My aunt Rosa loves her baker job.", ("Rosa", "works_as", "baker")),
        (
            "where is good for brunch in Leeds? my brother's lived there for years",
            ("brother", "lives_in", "Leeds"),
        ),
        ("We rent a tiny apartment in Bristol.", ("Ana", "lives_in", "Bristol")),
        ("background: nurse, home is Dundee, two kids.", ("Ana", "lives_in", "Dundee")),
        ("Priya from my team lives in Reading.", ("Priya", "lives_in", "Reading")),
        ("Cleared my desk on my last day at Acme.", ("Ana", "not:works_at", "Acme")),
        ("My allergy to latex flared up again.", ("Ana", "allergic_to", "latex")),
        ("A minha alergia a marisco piorou.", ("Ana", "allergic_to", "marisco")),
        ("A Joana mora cá em Setúbal desde 2020.", ("Joana", "lives_in", "Setúbal")),
        ("Ando a praticar ioga às terças.", ("Ana", "does", "ioga")),
        ("Ganho a vida como professora na Escola Azul.", ("Ana", "works_at", "Escola Azul")),
        ("Honestly I'm a huge fan of bouldering.", ("Ana", "likes", "bouldering")),
        ("We enrolled in a salsa class last month.", ("Ana", "does", "salsa")),
        ("It reminds me of my home country, Norway.", ("Ana", "from", "Norway")),
        ("I'm passionate about birdwatching.", ("Ana", "likes", "birdwatching")),
        ("We've officially moved to Leiria!", ("Ana", "lives_in", "Leiria")),
        (
            "I'll need a visa for our honeymoon to Japan.",
            ("Ana", "plans", "honeymoon to Japan"),
        ),
        ("I prefer board games to video games.", ("Ana", "likes", "board games")),
    ],
)
@pytest.mark.parametrize("names", ["rules", "spacy"])
def test_facts_said_in_passing(text: str, expected: tuple[str, str, str], names: str) -> None:
    if names == "spacy":
        pytest.importorskip("spacy")
    assert expected in facts(text, names)


def test_a_journey_keeps_where_it_goes_with_the_rules() -> None:
    assert ("Ana", "plans", "honeymoon to the Maldives") in facts(
        "We're still planning our honeymoon to the Maldives."
    )


@pytest.mark.parametrize(
    "text",
    [
        "It's my mother tongue, after all.",
        "A collie named Rex lives next door.",
        "There's a spider under my desk.",
        "My guitar teacher is great.",
        "We were playing chess all night.",
        "I don't enjoy playing golf.",
        "I stopped playing squash years ago.",
        "I'm planning to pick up groceries after work.",
        "I'm going to fix the sink.",
        "I'm planning to order more concert merchandise online.",
        "Your mom makes the best pie.",
        "My trip to Lisbon was a blast.",
        "Paris is home to the Louvre.",
        "Estou na praia com a Rita.",
        "Mozart was born in Salzburg.",
        "I handed back my old phone to the shop.",
    ],
)
def test_no_fact_where_none_is_said(text: str) -> None:
    assert not {
        f for f in facts(text) if f[1] in ("has_parent", "has_pet", "owns", "does", "plans")
    }


def test_a_model_named_beside_the_thing_is_what_is_owned() -> None:
    assert possessions("My camera, a Fujifilm X-T4, goes everywhere with me.") == ["Fujifilm X-T4"]
    assert possessions("I still use my trusty Casio F-91W.") == ["Casio F-91W"]
    assert possessions("I passed my Spanish 101 class.") == []


def test_the_longest_name_of_a_thing_stands_for_it() -> None:
    assert possessions("Is my Sony A7 camera waterproof, or is my camera doomed?") == [
        "Sony A7 camera"
    ]


def test_a_pastime_needs_the_speaker_and_a_bare_activity() -> None:
    assert activities("My son loves playing chess.") == []
    assert activities("I love playing the game.") == []
    assert activities("We've been playing badminton, squash and tennis.") == [
        "badminton",
        "squash",
        "tennis",
    ]


@pytest.mark.parametrize(
    ("text", "portuguese"),
    [
        ("Pratico cerâmica todas as semanas.", True),
        ("Chegou a gatinha Luna cá a casa.", True),
        ("I had a café latte with Ana.", False),
        ("No, I don't live in Lisbon anymore.", False),
    ],
)
def test_the_language_is_told_by_words_and_accents(text: str, portuguese: bool) -> None:
    assert looks_portuguese(text) is portuguese


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Honestly, I can't stand horror movies.", ("Ana", "dislikes", "horror movies")),
        ("My cousin Vera can't stand cilantro.", ("Vera", "dislikes", "cilantro")),
        ("I just can’t stand loud bars anymore.", ("Ana", "dislikes", "loud bars")),
    ],
)
def test_a_negation_inside_the_verb_of_a_dislike_is_read(
    text: str, expected: tuple[str, str, str]
) -> None:
    assert expected in facts(text)


@pytest.mark.parametrize(
    "text", ["I don't hate olives.", "I never said I can't stand opera.", "If I ever hated jazz…"]
)
def test_a_denied_or_reported_dislike_is_none(text: str) -> None:
    assert not {f for f in facts(text) if f[1] == "dislikes"}
