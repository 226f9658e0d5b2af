"""English facts read from spaCy's dependency parse: each clause's subject, verb and object.

A clause is a verb (or a copula) with its dependents. Its subject is the user for "I" / "we",
the person last named for "he" / "she", "my sister (Joana)" for kin, a name; anything else
("you", "it", "the company") states nothing about anyone the graph keeps. The verb's lemma and
its prepositions choose the predicate (``lexicon.readings``). The clause's stance decides
whether it is a fact at all:

* a question, an "if" / "unless" clause, a modal ("would", "could", "might"), or a clause
  reported by a verb of saying, thinking or wishing ("she said she moved to Lyon") is none;
* a negation is none ("I don't have a dog"), unless it ends something ("I don't live in
  Lisbon anymore", "I no longer work at…"): then it is an ending that closes the old fact;
* "will", "going to", "plan to", or a change verb in the present progressive ("we're moving
  to Porto") is a plan: ``plans`` with the verb phrase as its object, dated by the clause's
  future time phrase ("move to Porto (2024-06-01)");
* otherwise a fact, dated by the sentence's past time phrase ("moved to Porto last June").
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any

from lembrar.graph.extract.kinship import named_before
from lembrar.graph.extract.lexicon import (
    ENDING_HEADS,
    FUTURE,
    MODALS,
    PLAN_HEADS,
    REPORTING,
    readings,
    verb_phrase,
)
from lembrar.graph.extract.names import fold, is_name
from lembrar.graph.extract.patterns import EVENTS, KIN_WORDS_EN, UNDERTAKINGS
from lembrar.graph.extract.patterns import PET_WORDS as PET_KINDS
from lembrar.graph.extract.scope import Scope
from lembrar.graph.extract.tokens import DATES, Reading
from lembrar.model.graph import ExtractedFact
from lembrar.model.predicates import PREDICATES
from lembrar.temporal import TimeQuery, parse_time

__all__ = [
    "HELD_FROM_ITS_DATE",
    "PLANNED",
    "plain_forms",
    "plan_date",
    "plan_object",
    "read_sentence",
]

PLANNED = {"lives_in": "move to", "works_at": "start at", "studies_at": "start at"}
"""Predicates whose change can be planned, and the verb a plan of it reads with."""
HELD_FROM_ITS_DATE = frozenset({"works_at", "studies_at"})
"""Planned changes that are the fact itself from their date: a job or a school accepted ("I
start at Sonae on Monday"). A move ahead is a plan only: no one lives where they have not moved
yet ("we're moving to Nelson in August" says nothing of August's home until it is told)."""
CLAUSE_DEPS = frozenset({"ROOT", "conj", "ccomp", "xcomp", "advcl", "relcl", "pcomp", "acl"})
CONSIDERING = frozenset("consider contemplate imagine dream debate weigh".split())
CONDITIONS = frozenset({"if", "unless", "whether", "until"})
CHANGE_VERBS = frozenset(
    "move relocate start begin join leave quit switch adopt get marry retire transfer".split()
)
KIN = frozenset(KIN_WORDS_EN.split("|")) | {
    "ex",
    "colleague",
    "friend",
    "parents",
    "grandparents",
    "kids",
    "children",
    "family",
}
PET_WORDS = frozenset(PET_KINDS)
STARTS = frozenset({"start", "begin", "join"})
PAST_WORDS = re.compile(r"\b(?:last|ago|yesterday|earlier|passad[oa]|há|ontem)\b", re.IGNORECASE)


SEEING = re.compile(r"^(?:see|watch|seeing|watching)\s+(?=[A-ZÀ-Þ])")
"""Going to see a named show is the show: "see Riverdance" plans Riverdance."""


def plan_object(predicate: str, phrase: str, date: datetime | None) -> str:
    """A plan's object: "move to Porto (2024-06-01)"; the date only when the text gives one."""
    if predicate == "plans":
        phrase = SEEING.sub("", phrase)
    text = f"{PLANNED.get(predicate, '')} {phrase}".strip()
    return f"{text} ({date.date().isoformat()})" if date else text


def plain_forms(plan: str) -> set[str]:
    """ "moving to Porto" → "move to Porto" (among "mov…", "move…"): the plan with its first
    word's forms before "-ing" ("getting": "gett", "gette", "get"); none when it has no "-ing"."""
    first, _, rest = plan.partition(" ")
    if not first.endswith("ing") or len(first) < 6 or not rest:
        return set()
    stem = first[:-3]
    stems = {stem, stem + "e"} | ({stem[:-1]} if stem[-1] == stem[-2] else set())
    return {f"{s} {rest}" for s in stems}


def is_undertaking(plan: str) -> bool:
    """A plan of an event, a journey, an undertaking or a named place or thing ("trip to
    Miami", "open a studio", "the Tsukiji Fish Market"), not an errand ("pack light",
    "plant out my seedlings", "buy a new TV": an acronym names no place)."""
    words = plan.split()
    folded = [fold(w.strip("(),.!?")) for w in words]
    for lead in GOING_INTO:  # "participate in a hackathon", "take part in a regatta"
        if len(folded) > len(lead) and tuple(folded[: len(lead)]) == lead:
            return is_undertaking(" ".join(words[len(lead) :]))
    head = next((i for i, w in enumerate(folded) if w in PLAN_PREPOSITIONS), len(folded)) - 1
    while head > 0 and folded[head] in PLAN_TIMES:
        head -= 1
    return bool(words) and (
        folded[0] in UNDERTAKINGS
        or any(tuple(folded[: len(event)]) == event for event in LIFE_EVENTS)
        or (head >= 0 and is_event(folded[head]))
        or any(w[:1].isupper() and not w.strip("(),.!?").isupper() for w in words)
    )


def is_event(word: str) -> bool:
    """Whether ``word`` (folded) names an event, singular or plural ("trip", "concerts")."""
    return word in EVENTS or word.rstrip("s") in EVENTS


LIFE_EVENTS = (
    ("get", "married"),
    ("get", "engaged"),
    ("have", "a", "baby"),
    ("tie", "the", "knot"),
    ("renew", "our", "vows"),
)
"""The words that open a plan of a life event: "get married", "have a baby", "tie the knot"."""
GOING_INTO = (
    ("participate", "in"),
    ("take", "part", "in"),
    ("compete", "in"),
    ("sign", "up", "for"),
    ("enter",),
)
"""Verbs whose plan is the event after them: "take part in a regatta"."""
PLAN_TIMES = frozenset(
    "soon later today tomorrow tonight again too also now someday sometime eventually".split()
)
"""Time words a plan's phrase may end on ("a family gathering soon")."""
PLAN_PREPOSITIONS = frozenset("to for at in on with from of into para em com de".split())
"""Where a plan's noun phrase ends: its head is the word before ("a trip to Miami", "concert
merchandise online")."""


def read_sentence(scope: Scope, sentence: Any, tz: str) -> None:
    """The facts of one parsed sentence (a spaCy ``Span``), added to ``scope``."""
    quote = " ".join(sentence.text.split())
    said: list[tuple[str, Reading, str]] = []
    for head in sentence:
        if head.dep_ not in CLAUSE_DEPS or head.pos_ not in ("VERB", "AUX"):
            continue
        mood = _mood(head)
        if mood is None:
            continue
        if mood == "fact" and head.tag_ in ("VBP", "VBZ") and head.lemma_.lower() in STARTS:
            mood = "plan"  # "I start at Hooli on Monday": dated ahead (undated, a plan only)
        found = readings(head)
        if mood == "plan":
            found = _planned(head, found)
        subjects = _subjects(scope, head) if any(not r.of_speaker for r in found) else []
        for reading in found:
            for subject in [scope.speaker] if reading.of_speaker else subjects:
                if subject is not None:
                    said.append((subject, reading, mood))
        _wedding(scope, head, subjects, mood, quote)
    if said:  # the time phrase is read only where there is a fact to date
        when = parse_time(sentence.text, scope.episode.at, tz)
        for subject, reading, mood in said:
            _add(scope, subject, reading, mood, when, quote)


def _planned(head: Any, found: list[Reading]) -> list[Reading]:
    """A plan's readings: a move or a start as such ("move to Porto"), anything else as the
    verb phrase ("adopt a dog")."""
    kept = [r for r in found if r.predicate in PLANNED or r.predicate == "plans"]
    if len(kept) == len(found) and kept:
        return kept
    phrase = verb_phrase(head)
    return kept + [Reading("plans", phrase)] if phrase else kept


def _wedding(scope: Scope, head: Any, subjects: list[str], mood: str, quote: str) -> None:
    """ "Miguel and I got married": the two are partners."""
    if mood != "fact" or head.lemma_.lower() not in ("marry", "wed", "engage"):
        return
    if scope.speaker in subjects and len(subjects) == 2:
        other = next(s for s in subjects if s != scope.speaker)
        scope.facts.append(
            ExtractedFact(scope.speaker, "has_partner", other, quote, origin="parse_wedding")
        )


def _add(
    scope: Scope, subject: str, reading: Reading, mood: str, when: TimeQuery, quote: str
) -> None:
    at = scope.episode.at
    if mood == "negated":
        return  # "I don't have a dog", "I didn't leave Google": nothing is so, nothing ended
    ending = reading.ending or mood == "ending"
    if mood == "plan" or reading.predicate == "plans":
        if ending:
            return
        date = _date(when, at, True)
        if not is_undertaking(plan_object(reading.predicate, reading.text, None)):
            return
        obj = scope.entity(plan_object(reading.predicate, reading.text, date), "activity")
        scope.facts.append(ExtractedFact(subject, "plans", obj, quote, origin="parse_plan"))
        if date is not None and reading.predicate in HELD_FROM_ITS_DATE:
            _fact(scope, subject, reading, quote, date, False)  # the fact, from its date
        return
    _fact(scope, subject, reading, quote, _date(when, at, False), ending)


def _fact(
    scope: Scope,
    subject: str,
    reading: Reading,
    quote: str,
    valid_at: datetime | None,
    ending: bool,
) -> None:
    default = PREDICATES[reading.predicate].object_type
    type_ = reading.type or scope.type_of(reading.text, default)
    if default in ("place", "organization") and type_ in ("thing", "activity", "person"):
        type_ = default
    obj = scope.entity(reading.text, type_, reading.aliases, retype=reading.type is not None)
    if fold(obj) == fold(subject):
        return
    scope.facts.append(
        ExtractedFact(subject, reading.predicate, obj, quote, valid_at, ending, "parse")
    )
    scope.last_subject = subject


def _date(when: TimeQuery, at: datetime, future: bool) -> datetime | None:
    """The earliest start among the phrase's past windows (a fact) or future ones (a plan)."""
    if future:
        return plan_date(when, at)
    starts = [w.start for w in when.windows if w.start <= at]
    return min(starts) if starts else None


def plan_date(when: TimeQuery, at: datetime) -> datetime | None:
    """The date a plan is for: the earliest window ahead of ``at``. A bare date is read ahead:
    "on Monday" is the next Monday, "in October" the next October, not the last."""
    starts = [w.start for w in when.windows if w.start > at]
    starts = starts or [w.start for w in when.windows if w.end > at]  # "today": now
    if not starts:
        starts = [
            _ahead(w.start, at, w.phrase) for w in when.windows if not PAST_WORDS.search(w.phrase)
        ]
    starts = [s for s in starts if s > at - timedelta(days=1)]
    return min(starts) if starts else None


DAY_OF_MONTH = re.compile(r"^(?:on\s+)?the\s+\d{1,2}(?:st|nd|rd|th)$", re.IGNORECASE)
"""A day named by its number only: "on the 10th" is this month's or the next's."""


def _ahead(moment: datetime, at: datetime, phrase: str = "") -> datetime:
    """A bare date read as the next one: a weekday within the last week moves a week on, a day
    of the month a month, anything else a year."""
    if at - moment < timedelta(days=7):
        return moment + timedelta(days=7)
    if DAY_OF_MONTH.match(phrase.strip()):
        for months in range(1, 4):  # the next month that has that day
            year, month = divmod(moment.month - 1 + months, 12)
            try:
                later = moment.replace(year=moment.year + year, month=month + 1)
            except ValueError:  # the 31st of a shorter month
                continue
            if later > at:
                return later
    return _next_year(moment)


def _next_year(moment: datetime) -> datetime:
    try:
        return moment.replace(year=moment.year + 1)
    except ValueError:  # 29 February
        return moment.replace(year=moment.year + 1, day=28)


def _mood(head: Any) -> str | None:
    """'fact', 'plan', 'ending', 'negated', or None for a clause that states nothing."""
    chain = [head]
    while chain[-1].dep_ in CLAUSE_DEPS - {"ROOT"} and chain[-1].head.i != chain[-1].i:
        chain.append(chain[-1].head)
    for lower, upper in zip(chain, chain[1:]):
        if lower.dep_ == "ccomp" and upper.lemma_.lower() in REPORTING:
            return None
    for clause in chain:
        kids = list(clause.children)
        if any(k.dep_ == "mark" and k.lower_ in CONDITIONS for k in kids):
            return None
        if clause.tag_ in ("VBP", "VBZ", "VB") and any(
            k.dep_ == "mark" and k.lower_ in ("when", "once", "whenever") for k in kids
        ):
            return None  # "for when I have kids": a time that has not come
        if any(k.dep_ == "aux" and k.lower_ in MODALS for k in kids) and not _cannot_stand(clause):
            return None
    kids = list(head.children)
    negated = any(k.dep_ == "neg" or k.lower_ == "never" for k in kids)
    ends = any(k.lower_ in ("anymore", "longer") for k in kids)
    if negated and _cannot_stand(head):
        return "fact"
    if negated or ends:
        return "ending" if ends else "negated"
    up = head.head
    if head.dep_ == "xcomp" and up.lemma_.lower() in ENDING_HEADS:
        return "ending"
    if any(k.dep_ == "aux" and k.lower_ in FUTURE for k in kids):
        return "plan"
    if head.dep_ in ("xcomp", "pcomp") and up.lemma_.lower() in CONSIDERING:
        return None  # "I'm considering getting a dog": not yet even a plan
    if head.dep_ == "xcomp" and _going(up):
        return "plan"
    if head.dep_ == "xcomp" and up.lemma_.lower() in PLAN_HEADS:
        return "plan" if up.tag_ not in ("VBD", "VBN") else None  # "I wanted to…": no plan now
    if _going(head):
        return None  # "going to" itself: its complement is the plan
    if head.tag_ == "VBG" and head.lemma_.lower() in CHANGE_VERBS and _present_be(head):
        return "plan"
    return "fact"


def _cannot_stand(head: Any) -> bool:
    return head.lemma_.lower() == "stand" and any(k.lower_ in ("ca", "can") for k in head.children)


def _going(head: Any) -> bool:
    return (
        head.lemma_.lower() == "go"
        and head.tag_ == "VBG"
        and any(k.dep_ == "xcomp" for k in head.children)
    )


def _present_be(head: Any) -> bool:
    return any(
        k.dep_ == "aux" and k.lemma_.lower() == "be" and k.tag_ in ("VBP", "VBZ")
        for k in head.children
    )


def _subjects(scope: Scope, head: Any) -> list[str]:
    """The entities the clause speaks of: its subject and the names joined to it by "and"."""
    clause = head
    while True:
        found = [k for k in clause.children if k.dep_ in ("nsubj", "nsubjpass")]
        if found or clause.dep_ not in ("conj", "xcomp", "advcl") or clause.head.i == clause.i:
            break
        clause = clause.head
    if not found:
        return []
    first = found[0]
    tokens = [first, *(k for k in first.conjuncts)]
    names = [_who(scope, t) for t in tokens]
    return [n for n in dict.fromkeys(names) if n]


def _who(scope: Scope, token: Any) -> str | None:
    lower = token.lower_
    if lower in ("who", "that") and token.head.dep_ == "relcl":  # "Eva, who works at X"
        token = token.head.head
        lower = token.lower_
    if lower in ("i", "we", "me", "us"):
        return scope.speaker
    if lower in ("he", "she"):
        return scope.last_person or named_before(scope, token.doc.text[: token.idx])
    if token.pos_ == "NOUN" and not _name_as_noun(token):
        return _kin(scope, token)
    if token.pos_ not in ("PROPN", "NOUN"):
        return None
    span = name_span(token)
    if span is None or span.label_ not in ("", "PERSON"):
        return None
    name = span.text
    if not is_name(name.split()[0]):
        return None
    appos = next((k for k in token.children if k.dep_ == "appos" and k.pos_ == "NOUN"), None)
    if appos is not None and _possessed(appos) and appos.lower_ in KIN:
        return scope.kin(appos.lower_, name, f"my {appos.lower_}")
    return scope.entity(name, "person", retype=scope.type_of(name, "person") != "user")


LIFE_VERBS = frozenset("move relocate live settle marry work join quit leave start".split())
"""Verbs whose subject is someone: a name the small parser tags as a noun ("Leonor moved to
Berlin") is still that person's."""


def _name_as_noun(token: Any) -> bool:
    return (
        token.text[:1].isupper()
        and is_name(token.text)
        and token.head.lemma_.lower() in LIFE_VERBS
        and not any(k.dep_ in ("det", "poss") for k in token.children)
    )


def _kin(scope: Scope, token: Any) -> str | None:
    """ "my sister", "my sister Joana", "our beagle": a possessed kin or pet noun."""
    word = token.lower_
    if not _possessed(token):
        return None
    named = next(
        (k for k in token.children if k.dep_ in ("appos", "compound") and k.pos_ == "PROPN"),
        None,
    )
    name = None if named is None else (name_span(named) or named).text
    if name is not None and not is_name(name.split()[0]):
        name = None
    if word in PET_WORDS or token.lemma_.lower() in PET_WORDS:
        return None  # a pet is an object of the user's, read by the kinship rules
    if word in KIN or token.lemma_.lower() in KIN:
        return scope.kin(word, name, f"my {word}")
    return None


def _possessed(token: Any) -> bool:
    return any(k.dep_ == "poss" and k.lower_ in ("my", "our") for k in token.children)


def name_span(token: Any) -> Any:
    """The named-entity span holding ``token``, or its run of proper nouns as a span."""
    for ent in token.doc.ents:
        if ent.start <= token.i < ent.end and ent.label_ not in DATES:
            start = ent.start + (1 if ent[0].lower_ == "the" else 0)
            return ent.doc[start : ent.end] if start < ent.end else None
    left = token.i
    while (
        left > 0 and token.doc[left - 1].pos_ == "PROPN" and token.doc[left - 1].dep_ == "compound"
    ):
        left -= 1
    return token.doc[left : token.i + 1]
