"""Facts read from what a message is about (``lembrar.graph.extract.topical``) and the job and
home readings added beside them, in phrasings none of the labelled sets or life stories use:
an allergy said apart from its allergen, a pet named beside its kind, a pastime told by how
often, a wedding's partner — and the messages that must give none (someone else's allergy, a
topic talked about, a wish, a thing named after a pet word)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lembrar.evaluation.graph_quality import episode_of, found_triples
from lembrar.graph.extract import offline_extractor
from lembrar.graph.extract.topical import (
    allergies,
    births,
    employers,
    parts,
    pastimes,
    pet_names,
    roles_said,
    weddings,
)
from lembrar.model.inputs import EpisodeIn

AT = datetime(2024, 5, 1, 10, tzinfo=UTC)


def facts(text: str, names: str = "rules") -> set[tuple[str, str, str]]:
    item = EpisodeIn(user_id="u", content=text, role="user", speaker="Ana", at=AT)
    return set(found_triples(offline_extractor(names).extract(episode_of(item))))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Is there sesame in hummus? Asking because I'm allergic.", ["sesame"]),
        ("Turns out I have a mild latex allergy, the dentist noticed.", ["latex"]),
        ("Eggs are off the menu for me. Allergic since I was a kid.", ["Eggs"]),
        ("Tem glúten? É que sou alérgica e não posso arriscar.", ["glúten"]),
        ("Dinner rule for my guests: no prawns (allergy).", ["prawns"]),
        ("I'm allergic to penicillin, and I've been eating lots of eggs.", ["penicillin"]),
    ],
)
def test_an_allergy_said_apart_from_its_allergen(text: str, expected: list[str]) -> None:
    assert allergies(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "I'm writing an article about peanut allergies.",
        "My son is allergic to eggs, any breakfast ideas?",
        "Is she allergic to penicillin?",
        "I'm not allergic to anything, cook whatever.",
        "No allergies here, I eat everything including shellfish.",
        "If I were allergic to cats I'd cry.",
        "My friend has a nut allergy, any cake ideas?",
        "Eggs or milk? I'm allergic.",  # two allergens before: which one is not said
    ],
)
def test_no_allergy_of_the_speaker(text: str) -> None:
    assert allergies(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We're naming the bunny Clover; what do rabbits eat?", [("Clover", "bunny")]),
        ("We have a hamster now: Peanut. He never sleeps.", [("Peanut", "hamster")]),
        ("Biscuit, our new puppy, chewed my shoe.", [("Biscuit", "puppy")]),
        ("Our rescue cat is officially named Pickles!", [("Pickles", "cat")]),
        ("A gente adotou um gato e chama-se Tobias.", [("Tobias", "gato")]),
        ("Long week. anyway the bunny has a name now, it's Clover", [("Clover", "bunny")]),
        ("Nome da gatinha: Amora. Decidido!", [("Amora", "gatinha")]),
    ],
)
def test_a_pet_named_beside_its_kind(text: str, expected: list[tuple[str, str]]) -> None:
    assert pet_names(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "I'm planning to visit the Tsukiji Fish Market.",
        "I got a puppy for Christmas.",
        "My dog and Tom went to Porto.",
        "Tom walked our dog today.",
        "The dog is a Golden Retriever, we think.",
        "my neighbour's cat Tigger keeps visiting us",
        "the neighbours' puppy Rex barks at us all night",
        "If we got a dog we'd call him Max.",
        "Should we name the kitten Luna?",
        "I'll buy Whisker Wonders cat litter this week.",
        "Our puppy, Ana says, is too loud.",
        "My boss has a cat. her name is Greta.",
        "We have a dog. Long week at work. Her name is Greta, my new manager.",
        "My brother got a kitten, Milo.",
    ],
)
def test_no_pet_name(text: str) -> None:
    assert pet_names(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Is padel hard on the knees? I go every Sunday now.", ["padel"]),
        (
            "I was dragged into bouldering by a colleague and now I'm there twice a week.",
            ["bouldering"],
        ),
        ("Pilates daily, it keeps my back happy", ["Pilates"]),
        ("Faço natação duas vezes por semana.", ["natação"]),
        ("I've been going to salsa classes on Fridays for a year.", ["salsa"]),
    ],
)
def test_a_pastime_told_by_how_often(text: str, expected: list[str]) -> None:
    assert pastimes(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "My new flat makes my daily commute easy. Any volleyball leagues nearby?",
        "I've been painting the hall every weekend, it never ends.",
        "I used to go climbing every week.",
        "I watch football every Sunday.",
        "My daughter does ballet twice a week.",
        "I want to start running every morning.",
        "I work at a climbing gym every day.",
        "I read accounts that post about food and photography every day.",
        "I'm planning to start yoga classes on Mondays.",
    ],
)
def test_no_pastime(text: str) -> None:
    assert pastimes(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Work is hectic, so I've been cycling a lot to clear my head.", ["cycling"]),
        ("We have been really into kayaking since the spring.", ["kayaking"]),
        ("Honestly chess is my escape these days.", ["chess"]),
        ("I'm taking up fencing, of all things!", ["fencing"]),
        ("I'm now learning to play the violin, slowly.", ["violin"]),
        ("My two hobbies are gardening and sewing.", ["gardening", "sewing"]),
        ("My hobby - birdwatching, obviously.", ["birdwatching"]),
        ("Ando a fazer surf com uns amigos.", ["surf"]),
        ("A cerâmica é mesmo a minha terapia.", ["cerâmica"]),
        ("Estamos a aprender a tocar guitarra!", ["guitarra"]),
    ],
)
def test_a_pastime_taken_up(text: str, expected: list[str]) -> None:
    assert pastimes(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Have you been swimming much lately?",
        "I've been painting the fence since breakfast.",
        "I've been cycling all morning and I'm beat.",
        "I haven't been running since my knee went.",
        "My brother is really into rowing.",
        "I used to be into skating as a teen.",
        "If I were into golf I'd join the club.",
        "Photography is his thing, not mine.",
        "I'm thinking of taking up archery.",
        "Is drawing your passion?",
    ],
)
def test_no_pastime_taken_up(text: str) -> None:
    assert pastimes(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("me and Lucas tied the knot in June lol", ["Lucas"]),
        ("Eu e o Pedro casámos em maio.", ["Pedro"]),
        ("Which thank-you cards? Nadia and I had our wedding on Saturday.", ["Nadia"]),
        ("Can we file taxes jointly now that Omar and I are married?", ["Omar"]),
        ("Tom and I went to Rui's wedding.", []),
        ("Should Tom and I get married?", []),
        ("Ana and I never married, we just live together.", []),
    ],
)
def test_a_wedding_names_the_partner(text: str, expected: list[str]) -> None:
    assert weddings(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Line cook at Nando's here, quick one about knives.", [("me", "Line cook", "Nando's")]),
        (
            "(background: accountant at Deloitte) is this deductible?",
            [("me", "accountant", "Deloitte")],
        ),
        ("My cousin Leo lives in Cork; plumber is what he does.", [("he", "plumber", "")]),
        ("O Hugo é canalizador de profissão.", [("she", "canalizador", "")]),
        ("I met a nurse at St Mary's yesterday.", []),
        ("What does a data engineer at Google earn?", []),
        ("If I were a pilot at Ryanair I'd travel more.", []),
    ],
)
def test_a_role_said_without_a_verb(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert roles_said(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Globex starts me on the 3rd, any onboarding tips?", ["Globex"]),
        ("Can I expense this? My manager at Initech approved it.", ["Initech"]),
        ("Adoro a equipa na Farfetch, onde trabalho há um ano.", ["Farfetch"]),
        ("My friend's boss at Globex is awful.", []),
        ("If my boss at Globex finds out, I'm done.", []),
    ],
)
def test_the_speakers_employer(text: str, expected: list[str]) -> None:
    assert employers(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("He's here!! Our son Noah was born at dawn.", [("Noah", "son")]),
        ("Já nasceu o nosso menino, o Duarte!", [("Duarte", "menino")]),
        ("We flew to Lisbon the week our son was born.", []),
        ("My sister's baby Tom was born yesterday!", []),
        ("A baby-themed basket for my colleague Michael's newborn daughter Sophia?", []),
        ("Gifts for Rui's newborn son Tomás, who was born on Friday.", []),
        ("Was your daughter Eva born in May?", []),
        ("Nasceu o nosso menino! O Vicente chegou de madrugada.", [("Vicente", "menino")]),
        ("Our son was born! Lisbon is cold though.", []),
    ],
)
def test_a_birth_names_the_child(text: str, expected: list[tuple[str, str]]) -> None:
    assert births(text) == expected


def test_a_shown_photo_is_not_said() -> None:
    assert parts("We go a lot. [shared a photo: a kid on a swing] It's fun.") == (
        "We go a lot.",
        "It's fun.",
    )


@pytest.mark.parametrize("names", ["rules", "spacy"])
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Is there sesame in hummus? Asking because I'm allergic.",
            ("Ana", "allergic_to", "sesame"),
        ),
        ("We're naming the bunny Clover; what do rabbits eat?", ("Ana", "has_pet", "Clover")),
        ("Is padel hard on the knees? I go every Sunday now.", ("Ana", "does", "padel")),
        ("me and Lucas tied the knot in June lol", ("Ana", "has_partner", "Lucas")),
        (
            "I was recruited by Globex as a data scientist last year.",
            ("Ana", "works_as", "data scientist"),
        ),
        ("I was recruited by Globex as a data scientist last year.", ("Ana", "works_at", "Globex")),
        (
            "Fui admitida pela Jerónimo Martins como contabilista.",
            ("Ana", "works_as", "contabilista"),
        ),
        (
            "My official job title at Initech is systems analyst.",
            ("Ana", "works_as", "systems analyst"),
        ),
        ("O meu cargo é de gestora de projeto.", ("Ana", "works_as", "gestora de projeto")),
        ("Where's a good bakery in Ghent? We moved in here in May.", ("Ana", "lives_in", "Ghent")),
        ("O Tiago anda a morar em Leiria desde março.", ("Tiago", "lives_in", "Leiria")),
        ("Estamos a morar em Braga, finalmente.", ("Ana", "lives_in", "Braga")),
        ("My aunt Rosa has been in Dublin for decades.", ("Rosa", "lives_in", "Dublin")),
        ("We adopted a cat, Miso; any tips for the first week?", ("Ana", "has_pet", "Miso")),
        ("Our son Noah was born at dawn.", ("Ana", "has_child", "Noah")),
        ("Globex starts me on the 3rd, any onboarding tips?", ("Ana", "works_at", "Globex")),
        ("my gf Priya is learning the drums, send help", ("Ana", "has_partner", "Priya")),
        ("my bro Sam works as a plumber out in Cork", ("Sam", "works_as", "plumber")),
        (
            "The person who keeps me sane, Omar, has been my husband for ten years.",
            ("Ana", "has_partner", "Omar"),
        ),
        ("wed Lucas on friday at the town hall!!", ("Ana", "has_partner", "Lucas")),
        ("Já vivemos cá em Setúbal, que alegria.", ("Ana", "lives_in", "Setúbal")),
        ("ugh, being a paralegal at Dewey means no lunch breaks", ("Ana", "works_as", "paralegal")),
        ("keep walnuts out of it pls, im alergic", ("Ana", "allergic_to", "walnuts")),
        ("Alergia a camarão, é o que eu tenho.", ("Ana", "allergic_to", "camarão")),
        ("We got a hamster too 🐹 Nibbles. the cat is intrigued", ("Ana", "has_pet", "Nibbles")),
        (
            "Exhausted because Iris, our newborn daughter, hates her cot.",
            ("Ana", "has_child", "Iris"),
        ),
        ("Sou mãe! A Benedita, a nossa pequenina, nasceu hoje.", ("Ana", "has_child", "Benedita")),
        (
            "so I work at Initech as a tester and need a new laptop bag",
            ("Ana", "works_as", "tester"),
        ),
        ("Background, since you asked: sommelier, at Tavares.", ("Ana", "works_as", "sommelier")),
        ("My judo coach says I'm ready for the brown belt.", ("Ana", "does", "judo")),
        ("girlfriend's name is Anja, by the way", ("Ana", "has_partner", "Anja")),
        ("The kitten's called Miso, she's tiny.", ("Ana", "has_pet", "Miso")),
        ("Tenho namorado, o Vasco, desde o verão.", ("Ana", "has_partner", "Vasco")),
        ("Casei-me! Eu e o Vasco demos o nó ontem.", ("Ana", "has_partner", "Vasco")),
        (
            "The dermatologist says it's latex, so I'm officially allergic.",
            ("Ana", "allergic_to", "latex"),
        ),
        (
            "Copying what I posted: 'Nadia and I got married today!' Too much?",
            ("Ana", "has_partner", "Nadia"),
        ),
        ("My boss at Hooli is great. I've worked there since May.", ("Ana", "works_at", "Hooli")),
        (
            "Help with this visa form? Profession: pharmacist. Employer: Boots. City of residence: Leeds.",
            ("Ana", "works_as", "pharmacist"),
        ),
        (
            "Help with this visa form? Profession: pharmacist. Employer: Boots. City of residence: Leeds.",
            ("Ana", "lives_in", "Leeds"),
        ),
        ("I told my dad we'd moved to Braga last spring.", ("Ana", "lives_in", "Braga")),
        (
            "No, Vera's not in Rome any more, she lives in Turin now, remember?",
            ("Vera", "lives_in", "Turin"),
        ),
        (
            "I've just married Pedro and I can't decide on a surname.",
            ("Ana", "has_partner", "Pedro"),
        ),
        (
            "No no, I'm not retired 😅 I'm a baker at Gail's and I live in Bath, so what budget?",
            ("Ana", "lives_in", "Bath"),
        ),
        (
            "Cá na Unbabel a malta é simpática, gosto de trabalhar aqui.",
            ("Ana", "works_at", "Unbabel"),
        ),
        ("A tag for our puppy? Just his name, Bruno, please.", ("Ana", "has_pet", "Bruno")),
        ("I commute every day on my e-bike, rain or shine.", ("Ana", "owns", "e-bike")),
        ("The app won't pair with my new TV at all.", ("Ana", "owns", "TV")),
        (
            "I just bought a blender and a stand mixer for the new flat.",
            ("Ana", "owns", "stand mixer"),
        ),
        ("I dusted my old stamp collection yesterday.", ("Ana", "owns", "old stamp collection")),
        ("Any tips for my bouldering gear before the trip?", ("Ana", "does", "bouldering")),
        ("Logging this for my birdwatching trips: saw a hoopoe!", ("Ana", "does", "birdwatching")),
    ],
)
def test_read_by_the_extractor(names: str, text: str, expected: tuple[str, str, str]) -> None:
    assert expected in facts(text, names)


@pytest.mark.parametrize(
    "text",
    [
        "Museum trip with Lena from her flat in Porto today.",  # "Museum" is no one
        "We have been in Paris for a week, lovely trip.",  # a stay, not a home
        "Is she a nurse; or a doctor?",
        "Tom forwarded me his notes: 'I moved to Paris and work as a nurse there'.",
        'My cousin texted: "living in Oslo now, working as a nurse".',
        "My aunt lives in Bern and works there as a nurse.",
        "Filling in a form for my mum: Occupation: teacher. Employer: Escola Azul.",
        "I went to Zara in Lisbon. She lives in Porto.",
        "I'm also planning to buy a new TV, can you show me options?",
        "I used to love my climbing gear, but I quit last year.",
    ],
)
def test_nothing_about_anyone_named(text: str) -> None:
    found = facts(text)
    assert not {f for f in found if f[1] in ("lives_in", "works_as") and f[0] == "Ana"}
    assert not {f for f in found if f[1] in ("works_at", "plans")}
    assert not {f for f in found if f[1] == "does" and f[0] == "Ana"}
    assert not {f for f in found if f[1] == "lives_in" and f[0] in ("Zara", "Lisbon")}


def test_she_is_the_name_before_her() -> None:
    """Rules only: the parse's name finder may take a lone name for a place."""
    found = facts("Could you draft a card to Inês? She lives in Oslo now, so in English.")
    assert ("Inês", "lives_in", "Oslo") in found


def test_the_named_pet_replaces_its_kind() -> None:
    found = facts("We have a hamster now: Peanut. He never sleeps.")
    assert ("Ana", "has_pet", "Peanut") in found
    assert ("Ana", "has_pet", "hamster") not in found


def test_a_named_second_speaker_speaks_of_themselves() -> None:
    """A conversation's second person (stored with the assistant's role, but named) is read as
    its speaker: "Her name's Coco" is Maria's puppy."""
    item = EpisodeIn(
        user_id="u",
        content="Guess what - I got a puppy two weeks ago! Her name's Coco and she's adorable.",
        role="assistant",
        speaker="Maria",
        at=AT,
    )
    assert ("Maria", "has_pet", "Coco") in set(
        found_triples(offline_extractor().extract(episode_of(item)))
    )


def test_an_assistant_states_no_allergy_of_its_own() -> None:
    item = EpisodeIn(
        user_id="u",
        content="Is there sesame in it? I'm allergic, so check.",
        role="assistant",
        at=AT,
    )
    assert not any(
        p == "allergic_to"
        for _, p, _ in found_triples(offline_extractor().extract(episode_of(item)))
    )
