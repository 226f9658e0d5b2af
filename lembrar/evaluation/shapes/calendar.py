"""A dense calendar: one dated conversation a day for thirteen months, in English and Portuguese.

Each day's conversation is about one topic and mentions a second in passing, so every topic word
appears in many conversations across the months. A question names a month ("didn't we talk about
the gearbox in March?") or a fuzzy distance ("about 7 months ago you mentioned the gearbox,
right?") and a topic that 3–10 conversations of other months also mention: only the time tells
the gold conversation apart.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from datetime import UTC, date, datetime, timedelta

from lembrar.evaluation.harness import Case, Probe
from lembrar.model.inputs import EpisodeIn
from lembrar.temporal import lexicon_en, lexicon_pt

START = date(2025, 1, 1)
DAYS = 396  # 2025-01-01 .. 2026-01-31
NOW = datetime(2026, 2, 1, 12, 0, tzinfo=UTC)
ASIDE_SHARE = 0.3

TOPICS = (
    ("gearbox", "câmbio"),
    ("mortgage", "financiamento"),
    ("dentist", "dentista"),
    ("violin", "violino"),
    ("sourdough", "fermentação"),
    ("passport", "passaporte"),
    ("treadmill", "esteira"),
    ("chess", "xadrez"),
    ("insurance", "seguro"),
    ("balcony", "varanda"),
    ("tomatoes", "tomates"),
    ("kayak", "caiaque"),
    ("thesis", "tese"),
    ("landlord", "senhorio"),
    ("vaccine", "vacina"),
    ("spreadsheet", "planilha"),
    ("wedding", "casamento"),
    ("headphones", "fones"),
    ("aquarium", "aquário"),
    ("pottery", "cerâmica"),
    ("marathon", "maratona"),
    ("printer", "impressora"),
    ("orchids", "orquídeas"),
    ("taxes", "impostos"),
    ("camping", "acampamento"),
    ("piano", "piano"),
    ("bicycle", "bicicleta"),
    ("allergy", "alergia"),
    ("podcast", "podcast"),
    ("furniture", "móveis"),
    ("interview", "entrevista"),
    ("knitting", "tricô"),
    ("telescope", "telescópio"),
    ("vinyl", "vinil"),
    ("yoga", "ioga"),
    ("scooter", "patinete"),
    ("pension", "aposentadoria"),
    ("lasagna", "lasanha"),
    ("beehive", "colmeia"),
    ("skateboard", "skate"),
    ("roof", "telhado"),
    ("novel", "romance"),
    ("puppy", "filhote"),
    ("surfboard", "prancha"),
)

_USER = {
    "en": (
        "I've been dealing with the {t} all week and I'm a bit tired of it.",
        "Can you help me think through the {t} situation?",
        "So the {t} thing came up again today.",
        "I finally made some progress with the {t}.",
        "My sister asked me about the {t} and I didn't know what to say.",
    ),
    "pt": (
        "Passei a semana toda resolvendo a questão do {t} e estou cansada.",
        "Você me ajuda a pensar sobre o {t}?",
        "Hoje o assunto do {t} apareceu de novo.",
        "Finalmente avancei um pouco com o {t}.",
        "Minha irmã perguntou do {t} e eu não soube o que dizer.",
    ),
}
_ASSISTANT = {
    "en": (
        "That sounds like a lot. What part of the {t} worries you most?",
        "Let's break the {t} down into smaller steps.",
        "Good to hear. Keep notes on the {t} so it's easier next time.",
    ),
    "pt": (
        "Parece muita coisa. O que mais te preocupa no {t}?",
        "Vamos dividir o {t} em passos menores.",
        "Que bom. Anota tudo sobre o {t} para a próxima vez.",
    ),
}
_ASIDE = {
    "en": "By the way, I still need to look into the {t} at some point.",
    "pt": "Aliás, ainda preciso ver a história do {t} qualquer hora.",
}
_FILLER = {
    "en": (
        "The weather was lovely this morning.",
        "I slept badly, so the day felt long.",
        "Work was quiet, for once.",
        "I had lunch with a friend near the office.",
    ),
    "pt": (
        "O tempo estava lindo hoje de manhã.",
        "Dormi mal, então o dia pareceu longo.",
        "O trabalho estava tranquilo, para variar.",
        "Almocei com uma amiga perto do escritório.",
    ),
}

MONTHS = {
    "en": tuple(name.capitalize() for name in lexicon_en.LEXICON.month_names()),
    "pt": lexicon_pt.LEXICON.month_names(),
}
_NUMBERS = {
    "en": ("", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"),
    "pt": ("", "um", "dois", "três", "quatro", "cinco", "seis", "sete", "oito", "nove", "dez"),
}
QUESTIONS: dict[str, dict[str, dict[str, tuple[str, ...]]]] = {  # style, language, kind
    "dev": {
        "en": {
            "month": (
                "Didn't we talk about the {t} in {m}?",
                "In {m} I told you something about the {t}, right?",
                "What did we say about the {t} in {m}?",
            ),
            "fuzzy": (
                "About {n} months ago you mentioned the {t}, right?",
                "Roughly {n} months ago we discussed the {t}, didn't we?",
            ),
        },
        "pt": {
            "month": (
                "A gente não falou sobre o {t} em {m}?",
                "Em {m} eu te contei algo sobre o {t}, né?",
            ),
            "fuzzy": ("Uns {n} meses atrás você mencionou o {t}, né?",),
        },
    },
    "heldout": {
        "en": {
            "month": (
                "Back in {m}, wasn't there a chat about the {t}?",
                "Remind me what came up about the {t} in {m}.",
            ),
            "fuzzy": ("Some {n} months back I brought up the {t} with you, didn't I?",),
        },
        "pt": {
            "month": ("Lá em {m} a gente conversou do {t}, não foi?",),
            "fuzzy": ("Faz uns {n} meses que eu comentei do {t} contigo, não?",),
        },
    },
}

Plan = list[tuple[date, str, str | None]]  # per day: its topic and an aside


def build_cases(style: str, seed: int) -> list[Case]:
    return [_case(language, style, seed) for language in ("en", "pt")]


def _case(language: str, style: str, seed: int) -> Case:
    rng = random.Random(f"calendar-{language}-{seed}")
    scope = f"calendar-{language}"
    index = 0 if language == "en" else 1
    topics = [pair[index] for pair in TOPICS]
    days = [START + timedelta(days=i) for i in range(DAYS)]
    plan = [(day, rng.choice(topics), _aside(rng, topics)) for day in days]
    items = [
        item
        for day, main, aside in plan
        for item in _conversation(scope, day, main, aside, language, rng)
    ]
    mentions: dict[str, list[date]] = {}
    for day, main, aside in plan:
        for topic in {t for t in (main, aside) if t is not None}:
            mentions.setdefault(topic, []).append(day)
    probes = _month_probes(scope, plan, mentions, language, style, rng)
    probes += _fuzzy_probes(scope, plan, mentions, language, style, rng)
    return Case(scope, items, probes)


def _aside(rng: random.Random, topics: list[str]) -> str | None:
    """A second topic mentioned in passing, in about a third of the conversations."""
    return rng.choice(topics) if rng.random() < ASIDE_SHARE else None


def _session(day: date) -> str:
    return f"day-{day.isoformat()}"


def _conversation(
    scope: str, day: date, topic: str, aside: str | None, language: str, rng: random.Random
) -> list[EpisodeIn]:
    at = datetime(day.year, day.month, day.day, rng.randrange(7, 22), rng.randrange(60), tzinfo=UTC)
    user = rng.sample(_USER[language], 2)
    texts = [
        ("user", user[0].format(t=topic) + " " + rng.choice(_FILLER[language])),
        ("assistant", rng.choice(_ASSISTANT[language]).format(t=topic)),
        (
            "user",
            user[1].format(t=topic) + (" " + _ASIDE[language].format(t=aside) if aside else ""),
        ),
        ("assistant", rng.choice(_ASSISTANT[language]).format(t=topic)),
    ]
    return [
        EpisodeIn(
            user_id=scope,
            content=text,
            role=role,
            session_id=_session(day),
            at=at + timedelta(minutes=2 * i),
        )
        for i, (role, text) in enumerate(texts)
    ]


def _month_start(day: date) -> date:
    return day.replace(day=1)


def _last_named_month(month: int) -> tuple[int, int]:
    """(year, month) that "in <month>" means from NOW: the latest such month before NOW's."""
    year = NOW.year if month < NOW.month else NOW.year - 1
    return year, month


def _month_probes(
    scope: str,
    plan: Plan,
    mentions: Mapping[str, list[date]],
    language: str,
    style: str,
    rng: random.Random,
) -> list[Probe]:
    probes = []
    templates = QUESTIONS[style][language]["month"]
    for day, topic, _ in plan:
        if _last_named_month(day.month) != (day.year, day.month):
            continue
        same_month = [d for d in mentions[topic] if (d.year, d.month) == (day.year, day.month)]
        others = len(mentions[topic]) - len(same_month)
        if len(same_month) != 1 or not 3 <= others <= 10:
            continue
        month = MONTHS[language][day.month - 1]
        text = rng.choice(templates).format(t=topic, m=month)
        probes.append(Probe(f"{scope}-month-{day}", text, NOW, "month", frozenset({_session(day)})))
    return _sample(probes, 60, rng)


def _months_between(day: date) -> int:
    return (NOW.year - day.year) * 12 + NOW.month - day.month


def _fuzzy_probes(
    scope: str,
    plan: Plan,
    mentions: Mapping[str, list[date]],
    language: str,
    style: str,
    rng: random.Random,
) -> list[Probe]:
    probes = []
    templates = QUESTIONS[style][language]["fuzzy"]
    for day, topic, _ in plan:
        n = _months_between(day)
        if not 2 <= n <= 10:
            continue
        near = [d for d in mentions[topic] if abs((d - day).days) <= 45]
        others = len(mentions[topic]) - len(near)
        if len(near) != 1 or not 3 <= others <= 10:
            continue
        text = rng.choice(templates).format(t=topic, n=_NUMBERS[language][n])
        probes.append(Probe(f"{scope}-fuzzy-{day}", text, NOW, "fuzzy", frozenset({_session(day)})))
    return _sample(probes, 40, rng)


def _sample(probes: list[Probe], k: int, rng: random.Random) -> list[Probe]:
    return sorted(rng.sample(probes, min(k, len(probes))), key=lambda p: p.qid)
