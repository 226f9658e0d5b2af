"""Questions about dated DailyDialog dialogues, generated deterministically (pure functions).

Each question points at one dialogue through a topic cue (a word that is rare in the corpus and
frequent in the dialogue) and/or a time phrase relative to "now", in the style of the third
source paper ("I remember you said something about gasoline last Sunday"). Time phrases are
only used where they are unambiguous for the gold date, with these meanings:

- ``yesterday``; ``N days ago`` (2-13 days back, that exact day)
- ``N weeks ago`` (exactly 7N days back) or ``about N weeks ago`` (within a day of it, same
  Monday-Sunday week)
- ``N months ago`` (same day of month) or ``about N months ago`` (within 3 days), 2-24 months
- ``last <weekday>`` (the most recent past such day, 2-6 days back)
- ``last week`` / ``last month`` (the previous calendar week, Monday-Sunday, or month)
- ``in <Month>`` (a past month of the last eleven; ``in <Month> <year>`` further back)
- ``on <Month> <day>`` (``, <year>`` added beyond ten months back)

A share of questions state a deliberately wrong date (the right cue, a time phrase for another
day): they test whether a system over-trusts time.
"""

from __future__ import annotations

import calendar
import math
import random
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from lembrar.importers.dailydialog import Dialogue

KINDS = ("topic+time", "topic", "time", "wrong-date")
KIND_WEIGHTS = (0.55, 0.15, 0.15, 0.15)
PHRASES = (
    "yesterday",
    "days_ago",
    "weeks_ago",
    "months_ago",
    "last_weekday",
    "last_week",
    "last_month",
    "in_month",
    "on_date",
)
SINGLE_DAY = ("yesterday", "days_ago", "last_weekday", "on_date")
_NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_WORD = re.compile(r"[a-z]+")
_STOP = frozenset(
    """
about above after again against also although always another anything anyway around because been before being
below between both cannot could didn does doing done down during each either else enough even ever every
everything few first from further getting give going good great have having here hers herself himself just know
like little look make many maybe might more most much must myself need never next nothing okay once only other
ought ours ourselves over please pretty quite rather really right said same say says shall should since some
something soon still such sure take tell than thank thanks that thats their theirs them themselves then there
these they thing things think this those though through today together tomorrow too under until very want well
were what whatever when where whether which while will with within without would yeah year years yesterday your
yours yourself yourselves mean come came went goes gone told sorry hello okay fine time times people right
""".split()
)


@dataclass(frozen=True)
class TimePhrase:
    kind: str
    text: str
    day: date  # the day (or first day of the span) the phrase points at
    span_days: int  # how many days the phrase's meaning covers


@dataclass(frozen=True)
class DialogueQuestion:
    qid: str
    text: str
    dialogue: int  # the gold dialogue's number
    gold_at: datetime
    kind: str  # one of KINDS
    phrase: TimePhrase | None
    cue: str | None

    @property
    def truthful(self) -> bool:
        return self.kind != "wrong-date"


def topic_cues(dialogues: Sequence[Dialogue], per_dialogue: int = 2) -> dict[int, list[str]]:
    """Per dialogue, its most distinctive words: rare in the corpus (df <= 10) and repeated in the
    dialogue first, then by tf * idf."""
    words = {
        d.number: [w for w in _WORD.findall(d.text.lower()) if len(w) >= 4 and w not in _STOP]
        for d in dialogues
    }
    df = Counter(w for ws in words.values() for w in set(ws))
    total = len(dialogues)
    cues = {}
    for number, ws in words.items():
        tf = Counter(ws)
        ranked = sorted(
            tf, key=lambda w: (df[w] > 10, tf[w] < 2, -tf[w] * math.log(total / df[w]), w)
        )
        cues[number] = ranked[:per_dialogue]
    return cues


def phrase_for(kind: str, day: date, today: date) -> TimePhrase | None:
    """The phrase of ``kind`` that unambiguously covers ``day`` seen from ``today``, if any."""
    return _BUILDERS[kind](day, today)


def generate_questions(
    dialogues: Sequence[Dialogue], now: datetime, count: int = 200, seed: int = 0
) -> list[DialogueQuestion]:
    """``count`` questions, the same for the same inputs."""
    rng = random.Random(seed)
    cues = topic_cues(dialogues)
    today = now.date()
    fitting = {
        kind: [d for d in dialogues if phrase_for(kind, d.at.date(), today)] for kind in PHRASES
    }
    out: list[DialogueQuestion] = []
    used: set[tuple[str, int, str | None]] = set()
    for n in range(count):
        kind = rng.choices(KINDS, KIND_WEIGHTS)[0]
        for _ in range(20):  # avoid asking the same thing twice when another choice exists
            question = _question(f"dd-{n + 1:03d}", kind, fitting, cues, today, rng)
            key = (kind, question.dialogue, question.phrase.kind if question.phrase else None)
            if key not in used:
                break
        used.add(key)
        out.append(question)
    return out


def _question(
    qid: str,
    kind: str,
    fitting: dict[str, list[Dialogue]],
    cues: dict[int, list[str]],
    today: date,
    rng: random.Random,
) -> DialogueQuestion:
    while True:
        phrase_kind = rng.choice(SINGLE_DAY if kind == "time" else PHRASES)
        if not fitting[phrase_kind]:
            continue
        dialogue = rng.choice(fitting[phrase_kind])
        phrase = phrase_for(phrase_kind, dialogue.at.date(), today)
        if kind == "wrong-date":
            phrase = _wrong(phrase_kind, dialogue.at.date(), today, rng)
        if phrase is not None:
            break
    cue = _cue(cues[dialogue.number], rng.choice((1, 1, 2)))
    text = _render(kind, cue, phrase, rng)
    return DialogueQuestion(
        qid,
        text,
        dialogue.number,
        dialogue.at,
        kind,
        None if kind == "topic" else phrase,
        None if kind == "time" else cue,
    )


def _cue(words: list[str], count: int) -> str | None:
    """One or two cue words, never two forms of the same word."""
    chosen = words[:1]
    if count > 1 and len(words) > 1 and words[1][:4] != words[0][:4]:
        chosen.append(words[1])
    return " and ".join(chosen) or None


def _wrong(kind: str, day: date, today: date, rng: random.Random) -> TimePhrase | None:
    """A phrase of the same kind for a day clearly away from ``day`` (None if none fits)."""
    for _ in range(50):
        shift = rng.choice((-1, 1)) * rng.randint(21, 120)
        other = day + timedelta(days=shift)
        phrase = phrase_for(kind, other, today) if other < today else None
        if phrase and not phrase.day <= day < phrase.day + timedelta(days=phrase.span_days):
            return phrase
    return None


_TOPIC_TIME = (
    "I remember you said something about {cue} {time}.",
    "{Time} we talked about {cue}, right?",
    "What did I tell you about {cue} {time}?",
    "{Time} I mentioned {cue} to you. What was that about?",
    "Do you remember our conversation about {cue} {time}?",
)
_TOPIC = (
    "I remember you said something about {cue}.",
    "What did we say about {cue}?",
    "Do you remember when we talked about {cue}?",
)
_TIME = (
    "What did we talk about {time}?",
    "Remind me what we discussed {time}.",
    "{Time} we had a conversation. What was it about?",
)


def _render(kind: str, cue: str | None, phrase: TimePhrase | None, rng: random.Random) -> str:
    templates = {"topic": _TOPIC, "time": _TIME}.get(kind, _TOPIC_TIME)
    time_text = phrase.text if phrase else ""
    text = rng.choice(templates).format(
        cue=cue, time=time_text, Time=time_text[:1].upper() + time_text[1:]
    )
    return re.sub(r"\s+", " ", text).strip()


def _months_back(today: date, months: int) -> date | None:
    year, month = divmod(today.year * 12 + today.month - 1 - months, 12)
    last = calendar.monthrange(year, month + 1)[1]
    return date(year, month + 1, min(today.day, last))


def _yesterday(day: date, today: date) -> TimePhrase | None:
    return TimePhrase("yesterday", "yesterday", day, 1) if (today - day).days == 1 else None


def _days_ago(day: date, today: date) -> TimePhrase | None:
    back = (today - day).days
    return TimePhrase("days_ago", f"{_number(back)} days ago", day, 1) if 2 <= back <= 13 else None


def _weeks_ago(day: date, today: date) -> TimePhrase | None:
    back = (today - day).days
    weeks = round(back / 7)
    target = today - timedelta(days=7 * weeks)
    if not 2 <= weeks <= 8 or abs(back - 7 * weeks) > 1 or _monday(target) != _monday(day):
        return None
    exact = back == 7 * weeks
    return TimePhrase("weeks_ago", f"{'' if exact else 'about '}{_number(weeks)} weeks ago", day, 1)


def _months_ago(day: date, today: date) -> TimePhrase | None:
    for months in range(2, 25):
        target = _months_back(today, months)
        if target and abs((day - target).days) <= 3:
            exact = target == day
            return TimePhrase(
                "months_ago", f"{'' if exact else 'about '}{months} months ago", day, 1
            )
    return None


def _last_weekday(day: date, today: date) -> TimePhrase | None:
    back = (today - day).days
    return (
        TimePhrase("last_weekday", f"last {day.strftime('%A')}", day, 1) if 2 <= back <= 6 else None
    )


def _last_week(day: date, today: date) -> TimePhrase | None:
    start = _monday(today) - timedelta(days=7)
    return (
        TimePhrase("last_week", "last week", start, 7)
        if start <= day < start + timedelta(days=7)
        else None
    )


def _last_month(day: date, today: date) -> TimePhrase | None:
    first = (today.replace(day=1) - timedelta(days=1)).replace(day=1)
    if (day.year, day.month) != (first.year, first.month):
        return None
    return TimePhrase(
        "last_month", "last month", first, calendar.monthrange(first.year, first.month)[1]
    )


def _in_month(day: date, today: date) -> TimePhrase | None:
    back_months = (today.year - day.year) * 12 + today.month - day.month
    if back_months < 2:  # the current month and last month have their own phrases
        return None
    name = day.strftime("%B") + ("" if back_months <= 11 else f" {day.year}")
    first = day.replace(day=1)
    return TimePhrase("in_month", f"in {name}", first, calendar.monthrange(day.year, day.month)[1])


def _on_date(day: date, today: date) -> TimePhrase | None:
    if (today - day).days < 2:
        return None
    suffix = "" if (today - day).days <= 300 else f", {day.year}"
    return TimePhrase("on_date", f"on {day.strftime('%B')} {day.day}{suffix}", day, 1)


def _number(n: int) -> str:
    """Numbers in words up to nine, in digits from 10 (the usual English style)."""
    return _NUMBERS[n] if n < 10 else str(n)


def _monday(day: date) -> date:
    return day - timedelta(days=day.weekday())


_BUILDERS: dict[str, Callable[[date, date], TimePhrase | None]] = {
    "yesterday": _yesterday,
    "days_ago": _days_ago,
    "weeks_ago": _weeks_ago,
    "months_ago": _months_ago,
    "last_weekday": _last_weekday,
    "last_week": _last_week,
    "last_month": _last_month,
    "in_month": _in_month,
    "on_date": _on_date,
}
