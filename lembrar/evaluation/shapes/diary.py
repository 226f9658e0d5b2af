"""A sparse diary over four years, written in English and Portuguese mixed, with long gaps.

About eighty short entries, a few months apart at times, each on one subject that comes back in
other years (the bees, the chess club, grandmother's recipes). A question, in either language
whatever the entries' language, names a subject and a season, a year, or a distance in years; the
gold entries are those on that subject inside the named time.
"""

from __future__ import annotations

import random
from datetime import UTC, date, datetime, timedelta

from lembrar.evaluation.harness import Case, Probe
from lembrar.model.inputs import EpisodeIn

NOW = datetime(2026, 2, 15, 12, 0, tzinfo=UTC)
START = date(2022, 3, 1)
ENTRIES = 80

SUBJECTS = (
    ("the bees", "as abelhas", "bees", "abelhas"),
    ("the chess club", "o clube de xadrez", "chess", "xadrez"),
    ("grandmother's recipes", "as receitas da avó", "recipes", "receitas"),
    ("the vegetable garden", "a horta", "garden", "horta"),
    ("my knee injury", "minha lesão no joelho", "knee", "joelho"),
    ("the choir", "o coral", "choir", "coral"),
    ("the old sailboat", "o veleiro velho", "sailboat", "veleiro"),
    ("learning Japanese", "aprender japonês", "Japanese", "japonês"),
    ("the neighbours' renovation", "a reforma dos vizinhos", "renovation", "reforma"),
    ("night photography", "fotografia noturna", "photography", "fotografia"),
    ("the book club", "o clube do livro", "book club", "clube do livro"),
    ("my brother's band", "a banda do meu irmão", "band", "banda"),
)
_ENTRY = {
    "en": (
        "Spent the afternoon on {s} again. It felt good to get back to it.",
        "Quick note: {s} took most of my weekend, and I don't regret it.",
        "Today was mostly about {s}. Slow progress, but progress.",
        "I keep thinking about {s}; tomorrow I'll give it another go.",
    ),
    "pt": (
        "Passei a tarde de novo com {s}. Foi bom voltar a isso.",
        "Anotação rápida: {s} ocupou meu fim de semana, e não me arrependo.",
        "Hoje foi basicamente {s}. Devagar, mas andou.",
        "Não paro de pensar em {s}; amanhã tento de novo.",
    ),
}
SEASONS = {"spring": (3, 4, 5), "summer": (6, 7, 8), "autumn": (9, 10, 11), "winter": (12, 1, 2)}
_SEASON_NAMES = {
    "en": {"spring": "spring", "summer": "summer", "autumn": "autumn", "winter": "winter"},
    "pt": {"spring": "primavera", "summer": "verão", "autumn": "outono", "winter": "inverno"},
}
_YEARS_AGO = {
    "en": ("", "one year ago", "two years ago", "three years ago"),
    "pt": ("", "há um ano", "há dois anos", "há três anos"),
}
QUESTIONS = {
    "dev": {
        "en": {
            "season": ("What did I write about {w} in the {season} of {year}?",),
            "year": ("In {year}, what did I note about {w}?",),
            "ago": ("{ago} I wrote about {w}, right?",),
        },
        "pt": {
            "season": ("O que eu escrevi sobre {w} na {season} de {year}?",),
            "year": ("Em {year}, o que anotei sobre {w}?",),
            "ago": ("{ago} eu escrevi sobre {w}, né?",),
        },
    },
    "heldout": {
        "en": {
            "season": ("Find my {season} {year} entries about {w}.",),
            "year": ("Show me what I jotted down about {w} during {year}.",),
            "ago": ("Didn't I mention {w} in my diary {ago}?",),
        },
        "pt": {
            "season": ("Me mostra o que escrevi de {w} na {season} de {year}.",),
            "year": ("Durante {year}, o que eu registrei sobre {w}?",),
            "ago": ("{ago} eu anotei alguma coisa sobre {w}?",),
        },
    },
}


def _season_of(day: date) -> tuple[str, int]:
    """(season, the year it is named by): winter is named by the year it starts in."""
    for name, months in SEASONS.items():
        if day.month in months:
            year = day.year - 1 if name == "winter" and day.month <= 2 else day.year
            return name, year
    raise AssertionError(day)


def build_cases(style: str, seed: int) -> list[Case]:
    rng = random.Random(f"diary-{seed}")
    scope = "diary"
    span = (NOW.date() - START).days
    days = sorted(rng.sample(range(span - 10), ENTRIES))
    entries = []
    for n, offset in enumerate(days):
        day = START + timedelta(days=offset)
        subject = rng.randrange(len(SUBJECTS))
        language = rng.choice(("en", "pt"))
        entries.append((f"entry-{n + 1:02d}", day, subject, language))
    items = [_entry(scope, rng, *entry) for entry in entries]
    return [Case(scope, items, _probes(scope, entries, style, rng))]


def _entry(
    scope: str, rng: random.Random, sid: str, day: date, subject: int, language: str
) -> EpisodeIn:
    name = SUBJECTS[subject][0 if language == "en" else 1]
    text = rng.choice(_ENTRY[language]).format(s=name)
    at = datetime(day.year, day.month, day.day, rng.randrange(18, 23), tzinfo=UTC)
    return EpisodeIn(user_id=scope, content=text, role="user", session_id=sid, at=at)


def _probes(scope, entries, style, rng) -> list[Probe]:  # type: ignore[no-untyped-def]
    probes: dict[str, Probe] = {}
    for _, day, subject, _ in entries:
        language = rng.choice(("en", "pt"))
        word = SUBJECTS[subject][2 if language == "en" else 3]
        season, season_year = _season_of(day)
        same = [e for e in entries if e[2] == subject]
        asks = {
            "season": (
                {"season": _SEASON_NAMES[language][season], "year": str(season_year)},
                [e for e in same if _season_of(e[1]) == (season, season_year)],
            ),
            "year": ({"year": str(day.year)}, [e for e in same if e[1].year == day.year]),
        }
        ago = NOW.year - day.year
        if 1 <= ago <= 3:
            asks["ago"] = ({"ago": _YEARS_AGO[language][ago]}, asks["year"][1])
        for kind, (fields, gold) in asks.items():
            if len(gold) == len(same):  # the time must tell them apart
                continue
            template = rng.choice(QUESTIONS[style][language][kind])
            text = template.format(w=word, **fields)
            text = text[0].upper() + text[1:]
            qid = f"{scope}-{kind}-{language}-{subject}-" + "-".join(fields.values())
            probes.setdefault(qid, Probe(qid, text, NOW, kind, frozenset(e[0] for e in gold)))
    return sorted(probes.values(), key=lambda p: p.qid)
