"""A scripted two-year life told in chat, with its facts known: the test of graph extraction on
text nobody wrote rules against.

One person (English turns, some Portuguese) tells an assistant about her job and city, a
boyfriend who becomes "my husband", a puppy adopted and then named, a kitten, a sister's job,
city and later move, her own move in several messages, a job change ("I left X, I'm starting at
Y next week"), a daughter's birth, an allergy and a hobby. Trap turns (questions about
someone, hypotheticals, a colleague's city, greetings, negations, requests) state nothing
about her. Every fact is said with one of several templates and every name is drawn from a
pool, both chosen by the seed, so rules cannot be written against one sentence.

``life_story(seed)`` returns the turns, the facts each states, the facts that hold at the end
(``current``), those that a later turn replaced (``replaced``: they must be closed) and the
names a graph of it may hold (anything else is junk).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from lembrar.evaluation.life_story_words import WORDS, Words

START = datetime(2024, 1, 8, 9, 30, tzinfo=UTC)


@dataclass(frozen=True)
class StoryFact:
    """``subject`` ``predicate`` one of ``objects`` (the names that say the same thing)."""

    subject: str
    predicate: str
    objects: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.subject} {self.predicate} {self.objects[0]}"


@dataclass(frozen=True)
class StoryTurn:
    """One message of the person. ``facts`` are what it states (any of them found is right);
    a ``trap`` states nothing about the person: only its ``allowed`` facts (about someone
    else) may come from it."""

    text: str
    at: datetime
    lang: str
    facts: tuple[StoryFact, ...] = ()
    trap: bool = False
    allowed: tuple[StoryFact, ...] = ()


@dataclass(frozen=True)
class LifeStory:
    seed: int
    person: str
    turns: tuple[StoryTurn, ...]
    current: tuple[StoryFact, ...]
    replaced: tuple[StoryFact, ...]
    names: tuple[str, ...]


POOLS: dict[str, tuple[str, ...]] = {
    "me": ("Joana", "Marta", "Inês", "Beatriz"),
    "partner": ("Miguel", "Tiago", "Duarte", "André"),
    "pet": ("Bolt", "Tobias", "Farol", "Pipoca"),
    "kitten": ("Mia", "Luna", "Nina", "Tareco"),
    "sister": ("Carla", "Sofia", "Rita", "Leonor"),
    "child": ("Laura", "Alice", "Matilde", "Clara"),
    "colleague": ("Rui", "Paulo", "Nuno", "Hugo"),
    "friend": ("Teresa", "Helena", "Vera", "Sara"),
    "company1": ("Feedzai", "Farfetch", "Sonae", "Critical Software"),
    "company2": ("Talkdesk", "Unbabel", "OutSystems", "Sword Health"),
    "city1": ("Lisbon", "Coimbra", "Braga", "Aveiro"),
    "city2": ("Porto", "Faro", "Évora", "Setúbal"),
    "sister_city1": ("Amsterdam", "Paris", "Lyon", "Ghent"),
    "sister_city2": ("Berlin", "Munich", "Vienna", "Zurich"),
    "colleague_city": ("Guimarães", "Viseu", "Leiria", "Sintra"),
    "dream_city": ("Madrid", "Barcelona", "London", "Dublin"),
}
ROLES = (("data engineer", "engenheira de dados"), ("data analyst", "analista de dados"))
SISTER_ROLES = (("nurse", "enfermeira"), ("architect", "arquiteta"), ("teacher", "professora"))
PET_KINDS = (("beagle", "beagle"), ("labrador", "labrador"), ("dachshund", "salsicha"))
ALLERGENS = (("peanuts", "amendoim"), ("shellfish", "marisco"), ("penicillin", "penicilina"))
HOBBIES = (("climbing", "escalada"), ("pottery", "cerâmica"), ("surfing", "surf"))


@dataclass(frozen=True)
class _Beat:
    """One thing said: its month, its templates per language, what it states."""

    month: float
    en: tuple[str, ...]
    pt: tuple[str, ...] = ()
    facts: tuple[tuple[str, str, str], ...] = ()  # subject key, predicate, object key
    trap: bool = False
    allowed: tuple[tuple[str, str, str], ...] = ()


BEATS: tuple[_Beat, ...] = (
    _Beat(
        0,
        ("Good morning!", "Hi there :)", "Hello again!"),
        ("Bom dia!", "Olá, tudo bem?"),
        trap=True,
    ),
    _Beat(
        0.1,
        (
            "A bit about me: I work as a {role} at {company1} and I live in {city1}.",
            "I'm a {role} at {company1}, here in {city1}.",
            "Context for you: I live in {city1} and work at {company1} as a {role}.",
        ),
        ("Sou {role_pt} na {company1} e moro em {city1}.",),
        (("me", "works_as", "role"), ("me", "works_at", "company1"), ("me", "lives_in", "city1")),
        allowed=(("me", "owns", "home"),),  # "…and my flat's in Lisbon"
    ),
    _Beat(
        1,
        (
            "My boyfriend {partner} is cooking tonight, any idea for dessert?",
            "{partner}, my boyfriend, wants to go hiking on Sunday.",
            "I've been dating {partner} for a year now, he's my boyfriend and best friend.",
        ),
        ("O meu namorado {partner} vai cozinhar hoje.",),
        (("me", "has_partner", "partner"),),
    ),
    _Beat(
        2,
        (
            "I'm allergic to {allergen}, so please keep that in mind for recipes.",
            "Heads up: I have a {allergen} allergy.",
            "Recipes without {allergen} please, I'm allergic.",
        ),
        ("Sou alérgica a {allergen_pt}, atenção às receitas.",),
        (("me", "allergic_to", "allergen"),),
    ),
    _Beat(
        3,
        (
            "I've been doing {hobby} twice a week, it's my favourite way to unwind.",
            "I do {hobby} every weekend now.",
            "Started {hobby} classes in January and I'm hooked.",
        ),
        ("Faço {hobby_pt} todos os fins de semana.",),
        (("me", "does", "hobby"),),
    ),
    _Beat(
        4,
        (
            "My sister {sister} is a {sister_role} in {sister_city1}.",
            "{sister}, my sister, works as a {sister_role} and lives in {sister_city1}.",
            "My sister {sister} lives in {sister_city1}, she works as a {sister_role} there.",
        ),
        ("A minha irmã {sister} é {sister_role_pt} e vive em {sister_city1}.",),
        (
            ("me", "has_sibling", "sister"),
            ("sister", "works_as", "sister_role"),
            ("sister", "lives_in", "sister_city1"),
        ),
    ),
    _Beat(
        4.5,
        (
            "Do you know where {friend} lives now?",
            "What do you think {partner} would like for his birthday?",
            "Does {friend} still work at the bank, do you remember?",
        ),
        ("Sabes onde a {friend} mora agora?",),
        trap=True,
    ),
    _Beat(
        5,
        (
            "We adopted a {pet_kind} puppy this weekend!",
            "Guess what, we just brought home a little {pet_kind}!",
            "We got a {pet_kind} puppy from the shelter today.",
        ),
        ("Adotámos um cachorrinho {pet_kind_pt} este fim de semana!",),
        (("me", "has_pet", "pet_kind"),),
    ),
    _Beat(
        5.2,
        (
            "We named the puppy {pet}.",
            "The puppy finally has a name: {pet}.",
            "We called our dog {pet}, after a cartoon.",
        ),
        ("O cão chama-se {pet}.",),
        (("me", "has_pet", "pet"),),
    ),
    _Beat(
        6,
        (
            "If I ever moved to {dream_city}, I'd miss the sea so much.",
            "Sometimes I wonder what life would be like if we lived in {dream_city}.",
            "I would never live in {dream_city}, too hot for me.",
        ),
        ("Se um dia me mudasse para {dream_city}, tinha saudades do mar.",),
        trap=True,
    ),
    _Beat(
        7,
        (
            "My colleague {colleague} lives in {colleague_city}, he commutes every day.",
            "{colleague} from work lives in {colleague_city}, poor guy drives two hours.",
        ),
        ("O meu colega {colleague} mora em {colleague_city}.",),
        trap=True,
        allowed=(("colleague", "lives_in", "colleague_city"),),
    ),
    _Beat(
        8,
        (
            "Can you help me write an email to my landlord about the heating?",
            "What's a good book for a long train ride?",
            "Remind me how to convert cups to grams?",
        ),
        trap=True,
    ),
    _Beat(
        9,
        (
            "{partner} and I got married last Saturday!",
            "Big news: {partner} and I are married now!",
            "We got married on Saturday, {partner} cried more than me.",
        ),
        ("Eu e o {partner} casámos no sábado!",),
        (("me", "has_partner", "partner"),),
    ),
    _Beat(
        10,
        (
            "My husband is making dinner tonight, I'm on dog duty.",
            "My husband thinks we need a bigger sofa.",
            "My husband and I are watching a series about chefs.",
        ),
        ("O meu marido está a fazer o jantar.",),
        (("me", "has_partner", "husband"),),
        allowed=(("me", "plans", "repainting"),),  # "…are repainting the hall this weekend"
    ),
    _Beat(
        11,
        (
            "I don't have a car, the trams here are good enough.",
            "No, we don't have kids yet.",
            "I never learned to drive, honestly.",
        ),
        ("Não temos carro, andamos de metro.",),
        trap=True,
    ),
    _Beat(
        12,
        (
            "{sister} got a job offer in {sister_city2}, she's moving there next month.",
            "My sister is moving to {sister_city2} in a few weeks!",
        ),
        ("A minha irmã vai mudar-se para {sister_city2} no próximo mês.",),
        (("sister", "plans", "sister_city2"),),
    ),
    _Beat(
        13,
        (
            "{sister} has settled in {sister_city2} now, she loves it.",
            "My sister moved to {sister_city2} last week.",
            "{sister} lives in {sister_city2} now.",
        ),
        ("A minha irmã já se mudou para {sister_city2}.",),
        (("sister", "lives_in", "sister_city2"),),
    ),
    _Beat(
        14,
        (
            "We're moving to {city2}!",
            "Big decision: we're moving to {city2} in the spring.",
            "We signed for a flat in {city2}, moving soon!",
        ),
        ("Vamos mudar-nos para {city2}!",),
        (("me", "plans", "city2"),),
    ),
    _Beat(
        14.5,
        ("Packing boxes all week, the truck comes on Friday.",),
        trap=True,
        allowed=(("me", "owns", "books"),),  # "Is it mad to throw out half our books?"
    ),
    _Beat(
        15,
        (
            "Settling into our new apartment in {city2}.",
            "We moved to {city2} last weekend, boxes everywhere.",
            "First week living in {city2}, I love the light here.",
        ),
        ("Já estamos a viver em {city2}, a casa nova é ótima.",),
        (("me", "lives_in", "city2"),),
    ),
    _Beat(
        16,
        (
            "I left {company1}, I'm starting at {company2} next week.",
            "Quit {company1} yesterday! I start at {company2} on Monday.",
            "Last day at {company1} today; on Monday I start my new job at {company2}.",
        ),
        ("Saí da {company1}, começo na {company2} na próxima semana.",),
        (
            ("me", "works_at", "company2"),
            ("me", "not:works_at", "company1"),
            ("me", "plans", "company2"),
        ),
    ),
    _Beat(
        16.5,
        (
            "First week at {company2} done, great team.",
            "Loving the new job at {company2} so far.",
        ),
        ("Comecei a trabalhar na {company2} e estou a gostar.",),
        (("me", "works_at", "company2"),),
    ),
    _Beat(
        20,
        (
            "Our daughter {child} was born on Tuesday!",
            "{child} arrived last night, our baby girl, we're over the moon.",
            "We had a baby girl, {child}, born yesterday.",
        ),
        ("A nossa filha {child} nasceu ontem!",),
        (("me", "has_child", "child"),),
    ),
    _Beat(
        21,
        (
            "We also got a kitten, {kitten}, and the dog is very confused.",
            "New family member: a kitten called {kitten}.",
        ),
        ("Temos uma gatinha nova, a {kitten}.",),
        (("me", "has_pet", "kitten"),),
    ),
    _Beat(
        22,
        (
            "Should I ask {sister} if she wants to visit at Christmas?",
            "Thanks, bye!",
            "Ok, talk tomorrow, good night!",
        ),
        ("Obrigada, até amanhã!",),
        trap=True,
    ),
)
CURRENT = (
    ("me", "works_as", "role"),
    ("me", "works_at", "company2"),
    ("me", "lives_in", "city2"),
    ("me", "has_partner", "partner"),
    ("me", "allergic_to", "allergen"),
    ("me", "does", "hobby"),
    ("me", "has_sibling", "sister"),
    ("sister", "works_as", "sister_role"),
    ("sister", "lives_in", "sister_city2"),
    ("me", "has_pet", "pet"),
    ("me", "has_pet", "kitten"),
    ("me", "has_child", "child"),
    ("colleague", "lives_in", "colleague_city"),
)
REPLACED = (
    ("me", "lives_in", "city1"),
    ("me", "works_at", "company1"),
    ("sister", "lives_in", "sister_city1"),
)
GENERIC = (
    "boyfriend",
    "husband",
    "sister",
    "daughter",
    "baby",
    "baby girl",
    "puppy",
    "kitten",
    "dog",
    "colleague",
)


def _names(rng: random.Random) -> dict[str, tuple[str, ...]]:
    """Each key's names: the first is how the English turns say it, the rest other forms."""
    names: dict[str, tuple[str, ...]] = {key: (rng.choice(pool),) for key, pool in POOLS.items()}
    for key, pool in (
        ("role", ROLES),
        ("sister_role", SISTER_ROLES),
        ("pet_kind", PET_KINDS),
        ("allergen", ALLERGENS),
        ("hobby", HOBBIES),
    ):
        names[key] = rng.choice(pool)
    names["husband"] = (names["partner"][0], "husband")  # the same man, another name
    names["home"] = ("flat", "apartment", "house")  # things some words call hers
    names["books"] = ("books",)
    names["repainting"] = ("repainting the hall",)
    return names


def _fact(triple: tuple[str, str, str], names: dict[str, tuple[str, ...]]) -> StoryFact:
    subject, predicate, obj = triple
    return StoryFact(names[subject][0], predicate, names[obj])


def _say(
    beat: _Beat, rng: random.Random, names: dict[str, tuple[str, ...]], words: Words | None
) -> tuple[str, str]:
    """One template of the beat (in ``words`` when given), Portuguese one time in four when it
    has one, filled in."""
    en, pt = words[beat.month] if words else (beat.en, beat.pt)
    lang = "pt" if pt and rng.random() < 0.25 else "en"
    template = rng.choice(pt if lang == "pt" else en)
    fill = {key: value[0] for key, value in names.items()}
    fill |= {f"{key}_pt": value[-1] for key, value in names.items()}
    return template.format(**fill), lang


def life_story(seed: int = 0) -> LifeStory:
    """The story for ``seed``: the same life, other names and other words per seed; seeds from
    100, from 200, from 300, from 400, from 500, from 600, from 700, from 800 and from 900 say it
    in other words only (``life_story_words``)."""
    rng = random.Random(seed)
    names = _names(rng)
    firsts = [first for first in WORDS if first <= seed]
    words = WORDS[max(firsts)] if firsts else None
    turns = []
    for beat in BEATS:
        text, lang = _say(beat, rng, names, words)
        at = START + timedelta(days=round(beat.month * 30.4), hours=rng.randrange(0, 10))
        facts = tuple(_fact(f, names) for f in beat.facts)
        allowed = tuple(_fact(f, names) for f in beat.allowed)
        turns.append(StoryTurn(text, at, lang, facts, beat.trap, allowed))
    current = tuple(
        StoryFact(f.subject, f.predicate, f.objects[:1]) if f.predicate == "has_partner" else f
        for f in (_fact(f, names) for f in CURRENT)
    )
    every = {name for value in names.values() for name in value} | set(GENERIC)
    return LifeStory(
        seed,
        names["me"][0],
        tuple(turns),
        current,
        tuple(_fact(f, names) for f in REPLACED),
        tuple(sorted(every)),
    )
