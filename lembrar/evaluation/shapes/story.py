"""A dated story with cue questions, after EpMemBench's design.

Sixty chapters, each an episode dated at its event (some dates hold several chapters). A chapter
tells one event at one place with one to three of the cast, in a paragraph of narration that
sometimes states its date and sometimes does not. Questions are cued by a date, a place, a
person, an event, or two of those together, and name every chapter that fits as gold (1–9).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta

from lembrar.evaluation.harness import Case, Probe
from lembrar.model.inputs import EpisodeIn

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
START = date(2024, 3, 4)
CHAPTERS = 60
DATES = 34

CAST = (
    "Marta Okafor",
    "Julian Reyes",
    "Priya Natarajan",
    "Tomás Lindqvist",
    "Hana Sato",
    "Oliver Brandt",
    "Leila Haddad",
    "Samuel Achebe",
    "Ines Carvalho",
    "Dmitri Volkov",
    "Grace Mwangi",
    "Felix Moreau",
)
PLACES = (
    "the old harbour",
    "Riverside Library",
    "the botanical garden",
    "Café Lumen",
    "the central station",
    "Mill Street market",
    "the hilltop observatory",
    "St. Agnes Hospital",
    "the community theatre",
    "Northgate Park",
)
EVENTS = (
    ("a surprise birthday party", "celebrated a surprise birthday"),
    ("a chess tournament", "played in a chess tournament"),
    ("a job interview", "went through a job interview"),
    ("a charity auction", "ran a charity auction"),
    ("a lost-dog search", "searched for a lost dog"),
    ("a poetry reading", "gave a poetry reading"),
    ("a power outage", "sat through a power outage"),
    ("a wedding rehearsal", "held a wedding rehearsal"),
    ("a science fair", "judged a science fair"),
    ("a flood cleanup", "helped with a flood cleanup"),
    ("a cooking class", "took a cooking class"),
    ("a marathon training run", "went on a marathon training run"),
)
_OPENINGS = (
    "{date_clause}{people} {verb} at {place}.",
    "At {place}, {people} {verb}{date_tail}.",
)
_MIDDLES = (
    "The air smelled of rain and coffee, and nobody seemed in a hurry.",
    "It started slowly, with small talk and a few awkward silences.",
    "Someone had brought a thermos and paper cups, which helped.",
    "There were more people around than anyone expected.",
    "A radio played somewhere in the background the whole time.",
    "The light changed twice before anyone noticed the hour.",
)
_CLOSINGS = (
    "By the end, {first} said it had been a day to remember.",
    "{first} walked home afterwards, replaying every moment.",
    "Later, {first} wrote a few lines about it in a notebook.",
    "Nobody expected how much {first} would talk about it for weeks.",
)

QUESTIONS: dict[str, dict[str, tuple[str, ...]]] = {
    "dev": {
        "date": (
            "Recall the events of {date}. Describe what happened.",
            "Describe all the key events of {date}.",
        ),
        "place_date": ("Recall the events at {place} on {date}; list the people involved.",),
        "person": ("What do you remember about {person}? List every event they took part in.",),
        "event": ("List every time there was {event}, with where it happened.",),
        "person_place": ("What did {person} do at {place}?",),
        "place": ("What happened at {place}? Recall every episode.",),
    },
    "heldout": {
        "date": (
            "Walk me through everything that happened on {date}.",
            "Summarise the day {date} for me: who was there and what went on?",
        ),
        "place_date": ("Who was at {place} on {date}, and what were they doing?",),
        "person": ("Tell me every episode that involves {person}.",),
        "event": ("When did {event} take place, and who was there?",),
        "person_place": ("Recall the times {person} was at {place}.",),
        "place": ("Give me all the events set at {place}.",),
    },
}


def _when(day: date) -> str:
    return f"{day.strftime('%B')} {day.day}, {day.year}"


def build_cases(style: str, seed: int) -> list[Case]:
    rng = random.Random(f"story-{seed}")
    scope = "story"
    dates = sorted(rng.sample([START + timedelta(days=i) for i in range(700)], DATES))
    chapters = []
    for n in range(CHAPTERS):
        day = dates[n] if n < DATES else rng.choice(dates)
        people = tuple(rng.sample(CAST, rng.choice((1, 2, 2, 3))))
        chapters.append(
            (f"chapter-{n + 1:02d}", day, rng.choice(PLACES), people, rng.choice(EVENTS))
        )
    items = [_chapter(scope, rng, *chapter) for chapter in chapters]
    probes = _probes(scope, chapters, style, rng)
    return [Case(scope, items, probes)]


def _chapter(  # type: ignore[no-untyped-def]
    scope: str, rng: random.Random, sid: str, day: date, place: str, people, event
) -> EpisodeIn:
    names = _join(people)
    stated = rng.random() < 0.5
    opening = rng.choice(_OPENINGS).format(
        date_clause=f"On {_when(day)}, " if stated else "",
        date_tail=f" on {_when(day)}" if stated else "",
        people=names,
        verb=event[1],
        place=place,
    )
    body = " ".join(rng.sample(_MIDDLES, 3))
    closing = rng.choice(_CLOSINGS).format(first=people[0].split()[0])
    at = datetime(day.year, day.month, day.day, rng.randrange(8, 21), tzinfo=UTC)
    text = f"{opening[0].upper()}{opening[1:]} {body} {closing}"
    return EpisodeIn(user_id=scope, content=text, session_id=sid, at=at, metadata={"chapter": sid})


def _join(people: tuple[str, ...]) -> str:
    return people[0] if len(people) == 1 else ", ".join(people[:-1]) + " and " + people[-1]


def _probes(scope, chapters, style, rng) -> list[Probe]:  # type: ignore[no-untyped-def]
    cues: dict[str, Callable[[tuple], tuple[dict[str, str], Callable[[tuple], bool]]]] = {  # type: ignore[type-arg]
        "date": lambda c: ({"date": _when(c[1])}, lambda o: o[1] == c[1]),
        "place_date": lambda c: (
            {"date": _when(c[1]), "place": c[2]},
            lambda o: o[1] == c[1] and o[2] == c[2],
        ),
        "person": lambda c: ({"person": c[3][0]}, lambda o: c[3][0] in o[3]),
        "event": lambda c: ({"event": c[4][0]}, lambda o: o[4] == c[4]),
        "person_place": lambda c: (
            {"person": c[3][0], "place": c[2]},
            lambda o: c[3][0] in o[3] and o[2] == c[2],
        ),
        "place": lambda c: ({"place": c[2]}, lambda o: o[2] == c[2]),
    }
    probes: dict[str, Probe] = {}
    for kind, cue in cues.items():
        for chapter in chapters:
            fields, fits = cue(chapter)
            gold = frozenset(o[0] for o in chapters if fits(o))
            if not 1 <= len(gold) <= 9:
                continue
            text = rng.choice(QUESTIONS[style][kind]).format(**fields)
            qid = f"{scope}-{kind}-" + "-".join(sorted(fields.values()))
            probes.setdefault(qid, Probe(qid, text, NOW, kind, gold))
    return sorted(probes.values(), key=lambda p: p.qid)
