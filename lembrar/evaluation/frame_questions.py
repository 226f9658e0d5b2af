"""Recollection questions about dated DailyDialog dialogues, in English, Portuguese, Spanish and
French: the topic cue and time phrase of :mod:`lembrar.evaluation.dialogue_questions`, wrapped in
the frames people use to ask whether something was discussed, to recall that someone said
something, or to ask what was said ("weren't we discussing X back in March?", "a gente falou de
X, né?").

Two template sets over the same dialogues: ``dev`` (the one the frame lexicons and fusion
weights were tuned on) and ``unseen`` (other phrasings, other draws, never used for tuning).
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import date, datetime

from lembrar.evaluation.dialogue_questions import DialogueQuestion, TimePhrase, generate_questions
from lembrar.importers.dailydialog import Dialogue
from lembrar.temporal import lexicon_es, lexicon_fr, lexicon_pt

LANGUAGES = ("en", "pt", "es", "fr")
STYLES = ("dev", "unseen")
_AND = {"en": " and ", "pt": " e ", "es": " y ", "fr": " et "}

_DEV = {
    "en": (
        "Weren't we discussing {cue} {time}?",
        "You told me about {cue} {time}, didn't you?",
        "{Time}, did we talk about {cue}?",
        "Did I mention {cue} to you {time}?",
        "What did you say about {cue} {time}?",
        "I think we chatted about {cue} {time}, right?",
        "Remind me what we said about {cue} {time}.",
        "Didn't you tell me something about {cue} {time}?",
        "Do you remember when we talked about {cue} {time}?",
        "What was it I told you about {cue} {time}?",
    ),
    "pt": (
        "A gente falou de {cue} {time}, né?",
        "Você me disse algo sobre {cue} {time}, não foi?",
        "O que eu te contei sobre {cue} {time}?",
        "Lembra quando conversamos sobre {cue} {time}?",
        "{Time} não falamos de {cue}?",
        "Eu te falei de {cue} {time}, certo?",
    ),
    "es": (
        "¿No hablamos de {cue} {time}?",
        "Me contaste algo sobre {cue} {time}, ¿verdad?",
        "¿Qué te dije de {cue} {time}?",
        "¿Te acuerdas de cuando hablamos de {cue} {time}?",
        "{Time} mencionaste {cue}, ¿no?",
    ),
    "fr": (
        "On a parlé de {cue} {time}, non ?",
        "Tu m'as dit quelque chose sur {cue} {time}, n'est-ce pas ?",
        "Qu'est-ce que je t'ai raconté à propos de {cue} {time} ?",
        "Tu te souviens quand on a discuté de {cue} {time} ?",
        "{Time}, j'ai mentionné {cue}, hein ?",
    ),
}
_UNSEEN = {
    "en": (
        "Wasn't there something you said about {cue} {time}?",
        "We went over {cue} {time}, if I remember correctly.",
        "{Time} I brought up {cue} with you, didn't I?",
        "Any idea what I said regarding {cue} {time}?",
        "Didn't we have a chat about {cue} {time}?",
        "Can you recall what you told me about {cue} {time}?",
        "Was it {time} that we were going on about {cue}?",
    ),
    "pt": (
        "{Time} a gente conversou sobre {cue}, não?",
        "Você tinha comentado de {cue} {time}, né?",
        "O que foi que falamos sobre {cue} {time}?",
        "Você se lembra da nossa conversa sobre {cue} {time}?",
    ),
    "es": (
        "{Time} charlamos sobre {cue}, ¿cierto?",
        "¿Qué fue lo que me comentaste acerca de {cue} {time}?",
        "¿Recuerdas la conversación sobre {cue} {time}?",
    ),
    "fr": (
        "{Time}, tu m'avais parlé de {cue}, c'est ça ?",
        "Vous vous souvenez de la discussion à propos de {cue} {time} ?",
        "Est-ce qu'on a évoqué {cue} {time} ?",
    ),
}
_MONTHS = {
    lexicon.code: lexicon.month_names()
    for lexicon in (lexicon_pt.LEXICON, lexicon_es.LEXICON, lexicon_fr.LEXICON)
}
_WEEKDAYS = {
    "pt": (
        "na segunda-feira passada",
        "na terça-feira passada",
        "na quarta-feira passada",
        "na quinta-feira passada",
        "na sexta-feira passada",
        "no sábado passado",
        "no domingo passado",
    ),
    "es": (
        "el lunes pasado",
        "el martes pasado",
        "el miércoles pasado",
        "el jueves pasado",
        "el viernes pasado",
        "el sábado pasado",
        "el domingo pasado",
    ),
    "fr": (
        "lundi dernier",
        "mardi dernier",
        "mercredi dernier",
        "jeudi dernier",
        "vendredi dernier",
        "samedi dernier",
        "dimanche dernier",
    ),
}
_FIXED = {
    "yesterday": {"pt": "ontem", "es": "ayer", "fr": "hier"},
    "last_week": {"pt": "na semana passada", "es": "la semana pasada", "fr": "la semaine dernière"},
    "last_month": {"pt": "no mês passado", "es": "el mes pasado", "fr": "le mois dernier"},
}
_AGO = {"pt": "há {n} {unit}", "es": "hace {n} {unit}", "fr": "il y a {n} {unit}"}
_UNITS = {
    "days_ago": {"pt": "dias", "es": "días", "fr": "jours"},
    "weeks_ago": {"pt": "semanas", "es": "semanas", "fr": "semaines"},
    "months_ago": {"pt": "meses", "es": "meses", "fr": "mois"},
}


def frame_questions(
    dialogues: Sequence[Dialogue],
    now: datetime,
    count: int = 200,
    seed: int = 0,
    style: str = "dev",
) -> list[DialogueQuestion]:
    """``count`` framed questions (kind: their language), the same for the same inputs."""
    if style not in STYLES:
        raise ValueError(f"style: use one of {STYLES}")
    offset = 0 if style == "dev" else 1000
    rng = random.Random(seed + offset)
    pool = [
        q
        for q in generate_questions(dialogues, now, 4 * count, seed + offset)
        if q.cue is not None and q.truthful
    ]
    templates = _DEV if style == "dev" else _UNSEEN
    out = []
    for n, base in enumerate(pool[:count]):
        language = LANGUAGES[n % len(LANGUAGES)]
        timed = base.phrase is not None and rng.random() < 0.7
        time_text = (
            _phrase(base.phrase, language, now.date()) if base.phrase is not None and timed else ""
        )
        assert base.cue is not None  # the pool holds questions with a cue only
        text = _render(
            rng.choice(templates[language]), base.cue.replace(" and ", _AND[language]), time_text
        )
        out.append(
            replace(
                base,
                qid=f"{style}-{n + 1:03d}",
                text=text,
                kind=language,
                phrase=base.phrase if timed else None,
            )
        )
    return out


def _render(template: str, cue: str, time_text: str) -> str:
    text = template.format(cue=cue, time=time_text, Time=time_text[:1].upper() + time_text[1:])
    text = re.sub(r"\s+([,?.])", r"\1", re.sub(r"\s+", " ", text)).strip(" ,")
    return text[:1].upper() + text[1:]


def _phrase(phrase: TimePhrase, language: str, today: date) -> str:
    if language == "en":
        return phrase.text
    if phrase.kind in _FIXED:
        return _FIXED[phrase.kind][language]
    if phrase.kind in _UNITS:
        number = re.search(
            r"\d+|[a-z]+(?= (?:days|weeks|months))", phrase.text.replace("about ", "")
        )
        if number is None:
            raise ValueError(f"no count in the time phrase {phrase.text!r}")
        words = "zero one two three four five six seven eight nine".split()
        n = int(number.group(0)) if number.group(0).isdigit() else words.index(number.group(0))
        return _AGO[language].format(n=n, unit=_UNITS[phrase.kind][language])
    if phrase.kind == "last_weekday":
        return _WEEKDAYS[language][phrase.day.weekday()]
    month = _MONTHS[language][phrase.day.month - 1]
    year = "" if str(phrase.day.year) not in phrase.text else str(phrase.day.year)
    if phrase.kind == "in_month":
        return {
            "pt": f"em {month}" + (f" de {year}" if year else ""),
            "es": f"en {month}" + (f" de {year}" if year else ""),
            "fr": f"en {month}" + (f" {year}" if year else ""),
        }[language]
    return {
        "pt": f"em {phrase.day.day} de {month}" + (f" de {year}" if year else ""),
        "es": f"el {phrase.day.day} de {month}" + (f" de {year}" if year else ""),
        "fr": f"le {phrase.day.day} {month}" + (f" {year}" if year else ""),
    }[language]
