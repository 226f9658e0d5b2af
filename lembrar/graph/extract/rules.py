"""The offline extractor: patterns over each sentence, names by rule or by spaCy when installed.

Sentences are matched against ``patterns.PATTERNS``; a time phrase in the sentence ("last
June", "há dois anos") is read by ``lembrar.temporal`` against the episode's time and sets the
fact's ``valid_at``; without one the fact holds from the episode's time.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime
from functools import cache
from typing import TYPE_CHECKING, Any

from lembrar.graph.extract.activities import (
    MEMBER_WORDS,
    activities,
    courses,
    favourites,
    memberships,
    role_jobs,
    studied_at,
    teaches,
    trips_ahead,
)
from lembrar.graph.extract.amounts import amounts
from lembrar.graph.extract.homes import home_countries, homes, homes_given, homes_of
from lembrar.graph.extract.kinship import (
    ANY_KIN,
    APPOSED,
    KIN_APPOSED,
    NAME,
    NAMED_AFTER,
    UNNAMED_PREDICATE,
    called,
    ended_by_death,
    named_before,
    one_per_kind,
    pet_named_last,
    pets_shared,
    qualifies_another,
    read_kinship,
    with_names_apposed,
)
from lembrar.graph.extract.names import (
    AFTER_A_PREPOSITION,
    fold,
    gerund,
    is_acronym,
    is_kin_name,
    is_name,
    leading_name,
    plural,
    trim_object,
    without_how,
)
from lembrar.graph.extract.needles import Look, Looks, Sentence
from lembrar.graph.extract.parsed import (
    HELD_FROM_ITS_DATE,
    PLAN_TIMES,
    PLANNED,
    is_undertaking,
    plain_forms,
    plan_date,
    plan_object,
    read_sentence,
)
from lembrar.graph.extract.patterns import (
    ADVERBS_EN,
    ADVERBS_PT,
    CHILDREN,
    DIETS,
    HOW_MANY,
    KIN_EN,
    KIN_PLURAL,
    KIN_PT,
    PATTERNS,
    PETS,
    ROLES,
    Pattern,
    alternation,
)
from lembrar.graph.extract.plausible import implausible
from lembrar.graph.extract.possessions import (
    BUSINESSES,
    OWNED_WORD,
    others_possessions,
    possessions,
)
from lembrar.graph.extract.scope import KIN_PREDICATE, Scope, kin_alias, message_before, speaker_of
from lembrar.graph.extract.spacy_names import looks_portuguese
from lembrar.graph.extract.stance import (
    PAST_PARTICIPLE,
    is_plan,
    is_question,
    unstated,
    without_others_words,
)
from lembrar.graph.extract.tastes import tastes
from lembrar.graph.extract.topical import (
    PASTIMES,
    VERB_AFTER,
    allergies,
    back_from_leave,
    births,
    employers,
    employers_after_role,
    farewells,
    form_fields,
    kin_named_next,
    lived_in,
    pastimes,
    pet_names,
    roles_said,
    weddings,
)
from lembrar.graph.extract.trust import fitted, trusted
from lembrar.graph.extract.upcoming import upcoming
from lembrar.model.episode import Episode
from lembrar.model.graph import ExtractedFact, Extraction
from lembrar.model.predicates import PREDICATES
from lembrar.model.text import sentence_spans
from lembrar.temporal import TimeQuery, parse_time

if TYPE_CHECKING:
    from lembrar.graph.extract.spacy_names import SpacyNames

SUBJECT_EN = (
    rf"(?P<subj>\bI\b|\b[Ww]e\b|\b(?:[Mm]y|[Oo]ur)\s+(?:(?:little|big|older|younger|best|new|old)\s+)?"
    rf"(?P<kin>{KIN_EN}|{KIN_PLURAL})\b(?:\s*,?\s*(?P<kname>{NAME}))?|\b[Ss]he\b|\b[Hh]e\b"
    r"|(?P<conj>\band\b)"
    rf"|(?P<name>{NAME})(?:\s*,\s*(?:my|our)\s+(?:[\w-]+\s+)?(?:{KIN_EN})\s*,"
    rf"|\s+(?:from|at|on)\s+(?:(?:my|our|the)\s+)?(?:work|team|office|school|college|uni|gym))?)"
)
SUBJECT_PT = (
    rf"(?P<subj>\b[Aa] gente\b|\b[Nn]ós\b|\b[Ee]la\b|\b[Ee]le\b|\b(?:[Aa]|[Oo])\s+(?:minha|meu)\s+(?P<kin>{KIN_PT})\b"
    rf"(?:\s+(?P<kname>{NAME}))?|(?P<conj>\be\b)|(?:\b[AaOo]\s+)?(?P<name>{NAME}))"
)
FIRST_PT = r"(?P<subj>(?<![\w-])(?:(?:[Ee]u|[Nn]ós|[Aa] gente)\s+)?)"
BARE = (  # a clause that opens on its verb, or on an adverb before it ("Finally settled in…")
    r"(?P<subj>^[\s\"'“(]*)(?:(?:[Ff]inally|[Jj]ust|[Nn]ow|[Aa]lready|[Oo]fficially|[Hh]appily)\s+)?"
)
POSSESSIVE = r"(?P<subj>\b(?:[Mm]y|[Oo]ur|[Oo]\s+meu|[Aa]\s+minha|[Mm]eu|[Mm]inha))\s+"
BREED = (
    r"(?!(?:few|couple|lot|lots|bunch|pair|couple|some|many|several|more|other|my|our|your|his"
    r"|her|their|the|this|that)\b)[a-z][\w-]*"
)
"""A word before a pet's kind that says its breed ("a beagle puppy"), not how many or whose."""
CALLED = (  # "a kitten called Mia", "a kitten, Mia", "uma gatinha nova, a Mia"
    rf"(?:\s+(?:nov[oa]|new))?(?:\s*,?\s*(?:named|called|chamad[oa]|que se chama)\s+"
    rf"|\s*,\s*(?:[ao]\s+)?)?(?P<obj>(?<=\s){NAME})?"
)
WEEKDAY = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
OFTEN = (
    r"(?:(?:about|around|like|roughly|at least)\s+)?"
    r"(?:every|each|twice|once|three times|\d+ times|\d+\s*x\s+(?:a|per)\s+(?:week|day|month)"
    r"|(?:\d|two|three|four|five|six)\s+(?:days|mornings|evenings|nights)\s+(?:a|per)\s+week|most"
    rf"|on (?:the )?(?:weekends|(?i:{WEEKDAY})s|(?i:{WEEKDAY}) (?:nights|mornings|evenings"
    r"|afternoons))"
    r"|todos|todas|duas vezes|uma vez|três vezes|aos (?:sábados|domingos|fins de semana))\b"
)
"""How often a thing is done: what is done so often is a habit ("I do yoga every morning")."""
NOT_ACTIVITY = (
    r"(?:a|an|the|my|our|his|her|it|this|that|to|at|in|with|working|work|job|nothing|some"
    r"|o|a|os|as|um|uma|isso|isto|nada)\b"
)
"""Words that start no activity's name: "I do the dishes every day", "started a new job"."""
EMOJI = r"\U0001F300-\U0001FAFF\u2600-\u27BF"
"""The emoji, as a character class's ranges."""
PHRASE = rf"\s+(?P<obj>[^,.;!?:()\n{EMOJI}]+)"
"""An object up to the end of its clause, or an emoji ("i hate mondays 😩 anyway…")."""
AGE_IN_WORDS = (
    r"(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[\s-](?:one|two|three|four"
    r"|five|six|seven|eight|nine)\b)?|(?:ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen"
    r"|seventeen|eighteen|nineteen)\b"
)
"""An age in words: "he's fourteen", "ninety two"."""
OBJECTS = {
    "phrase": PHRASE,
    "local": rf"\s+(?:an?|the)(?:\s+(?:true|proper|real))?\s+(?P<obj>{NAME})\s+locals?\b",
    "role": PHRASE,
    "bare_role": PHRASE,  # "I am mechanic": a role without its article
    "name": rf"\s+(?:[ao]\s+(?=[A-ZÀ-Þ]))?(?P<obj>{NAME})",  # "casei com o André"
    "org": rf"\s+(?P<obj>{NAME}(?:\s+&\s+{NAME})?)",  # "Ink & Iron", "McKinsey & Company"
    "org_of_role": rf"\s+(?P<obj>{NAME}(?:\s+&\s+{NAME})?)",  # after a role word said
    # "a peanut allergy": the allergen before the word
    "allergen": r"\s+(?:an?\s+)?(?P<obj>[\w-]+(?:\s+[\w-]+)?)\s+(?:allergy|allergies|intolerance)\b",
    # "climbing twice a week", "surf todos os fins de semana": an activity done as a habit
    "habit": rf"\s+(?!{NOT_ACTIVITY})(?P<obj>[\w-]+(?:\s+[\w-]+)??)\s+{OFTEN}",
    "activity": rf"\s+(?!{NOT_ACTIVITY})(?P<obj>[^,.;!?:()\n]+)",
    "diet": rf"\s+(?P<obj>{DIETS})\b",
    "age": (  # "34", "34 years old", "a 32-year-old engineer", "3 weeks old", "61 and retired"
        r"\s+(?:an?\s+(?=\d{1,3}[\s-]years?[\s-]old\b))?"
        rf"(?P<obj>\d{{1,3}}(?:\s+(?:weeks|months|days)(?=\s+old\b))?|{AGE_IN_WORDS})"
        r"(?:\s*(?:years? old|yrs? old|[\s-]years?[\s-]old|y/?o\b|old\b|anos(?: de idade)?"
        r"|years?(?=\s*(?:[,.!;]|$)))"
        r"|(?=\s*(?:[.,!;](?!\d)|$)|\s+and\b(?!\s+a\s+half)"
        r"|\s+(?:now|today|yesterday|(?:last|this|on)\s+(?:week|month|year|[A-Za-z]+day))\b"
        r"|\s+(?:with|but|so|too|already|btw|lol|haha)\b))"  # "I'm 74 with high cholesterol"
    ),
    "pet": (
        rf"\s+(?:(?:a|an|one|{HOW_MANY}|this|another|um|uma|dois|duas)\s+)?(?:(?:new|little"
        rf"|young|cute|sweet|adorable|tiny|rescue|novo|nova|pequeno|pequena)\s+)?(?P<kind>(?:{BREED}\s+)?"
        rf"(?:{PETS}))s?\b"
        rf"{CALLED}"
    ),
    "child": (
        rf"\s+(?:(?:a|an|one|{HOW_MANY}|um|uma)\s+)?(?:(?:new|little|young|baby|novo"
        rf"|nova|pequeno|pequena)\s+)?(?P<kind>children|{CHILDREN})s?\b(?!['’])"
        r"(?:\s+(?:girl|boy|menina|menino))?"
        rf"{CALLED}"
    ),
    "sibling": (  # "I have two sisters", "she has three older brothers", "I have an older sister"
        rf"\s+(?:{HOW_MANY}|several|a\s+few|an?|one)\s+(?:(?:older|younger|big|little|twin)\s+)?"
        r"(?P<kind>sister|brother|sibling)s?\b(?![-'’])"
        rf"{CALLED}"
    ),
}
PLACE_SPELT_OUT = re.compile(
    r"\b(?P<away>abroad|overseas|lá fora|fora|no estrangeiro)\s*,\s*(?P<prep>in|em)\s+(?=[A-ZÀ-Þ])"
)
"""A place said after "abroad" ("vive lá fora, em Lyon"): one clause with it, not two."""
SPELT_OUT_WORDS = ("abroad", "overseas", "fora", "estrangeiro")
CLAUSE = re.compile(r"(?<!\d)[,:](?!\d)\s*|[,:]\s+|;\s*|\s+(?:but|mas|although|embora)\s+|\s+-+\s+")
"""Where a clause ends: a comma, a semicolon, a colon, "but" or a dash; not a comma or colon
inside a number or a time ("1,000 miles", "at 7:30")."""
AND_THEN = re.compile(r"\s+and\s+(?=(?:I|we|she|he|they)\s)")


APPOSITION_HOST = re.compile(
    rf"\b(?:[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir)\s+(?:[\w-]+\s+)?(?:{KIN_EN}|{KIN_PLURAL})"
    rf"(?:\s+{NAME})?\s*$"
)
"""A clause that ends on someone the speaker names as kin: the clause after it, said without a
subject, is about them ("my husband, born in Goa, …", "my friend Tom, originally from Leeds,
…"); after "I'm Ana," or "Hi Sam," it is the speaker's."""


def _clauses(text: str) -> list[str]:
    """The clauses of ``text``; "and" before a new subject ends one after three words or more
    ("I have just married Duarte and I cannot decide…"), not in "Tom and I got married" nor
    "My husband Kenji and I live in Düsseldorf"."""
    found: list[str] = []
    for clause in CLAUSE.split(text):
        start = 0
        for match in AND_THEN.finditer(clause):
            before = clause[start : match.start()]
            if len(before.split()) >= 3 and not APPOSITION_HOST.match(before.lstrip()):
                found.append(clause[start : match.start()])
                start = match.end()
        found.append(clause[start:])
    return [c for c in found if c.strip()]


PRONOUNS = frozenset({"she", "he", "ela", "ele"})
WHO = re.compile(
    rf"(?P<name>{NAME}),\s+(?:(?P<appos>(?:the|an?|o|a)\s+[^,;()]{{1,40}}?),\s+)?"
    r"(?:who|que)\s+(?P<said>(?:\w+s|[a-zà-ú]+a|é|is|was)\s+[^,;]*),?\s*"
)
"""A relative clause on a name, between commas: what it says is said of that person, and so is
what follows it ("Rita, who lives in Paris, loves her job"); the verb has words after it
("Setúbal, que alegria." is no relative clause)."""


def _relative_clause(match: re.Match[str]) -> str:
    """ "Rita, the only architect here, who lives in Ghent, …" reads as "Rita lives in Ghent;
    Rita is the only architect here; Rita …"."""
    name, appos = match.group("name"), match.group("appos")
    described = f"{name} is {appos}; " if appos else ""
    return f"{name} {match.group('said')}; {described}{name} "


PAST_PERFECT = re.compile(r"\b(I|[Ww]e|[Ss]he|[Hh]e|[Tt]hey) had (?=(?:just |already )?\w+ed\b)")
"""'We had moved to Faro' reads as 'We moved to Faro'."""
INNER_ADVERB = re.compile(
    r"\b(am|is|are|have|has|have been|has been|will|will be)\s+(?:still|now|also|really|just|already"
    r"|currently|finally|actually|definitely|even|officially|recently)\s+"
    rf"(?=(?:\w+(?:ing|ed)|{PAST_PARTICIPLE}|bought|gotten|built|sold|won|grown|brought)\b)"
)
"""An adverb inside a verb phrase, before its participle: "I'm still planning", "we've finally
moved", "I've just bought"."""
LOWER_I = re.compile(r"(?<![\w'’-])i(?=['’](?:m|ve|d|ll)\b|\s+(?!\.)|$)")
"""The pronoun typed in lower case: "i'm", "i go", "and i"."""
SAID_DONE = (
    "got|proposed|started|moved|adopted|bought|quit|joined|landed|began|became|finished|left|booked|took"
    "|found|switched|graduated|enrolled|rescued|welcomed|sold|passed|accepted|signed|resigned"
    "|relocated|settled|bagged|picked|visited|went|had|lost|married|learned|learnt|completed"
    "|changed|stopped|opened|launched|gave|spent|made|won|tried|turned|hired|applied|decided"
)
SAID_DOING = (
    "moving|starting|joining|leaving|quitting|heading|flying|going|travelling|traveling|visiting"
    "|studying|teaching|learning|getting|buying|selling|adopting|taking|having|doing"
    "|volunteering|renting|living|working|staying|expecting|training|playing|looking"
)
GERUND_SUBJECT_OF = (
    "is|was|are|were|has|have|had|will|would|can|could|makes|made|helps|keeps|takes|sounds|seems"
)
"""A verb a gerund opening a sentence is the subject of: "Learning German has been tough"."""
GERUND_PREDICATE = rf"[^,.;!?]*\b(?:{GERUND_SUBJECT_OF})\b"
"""What follows a gerund that is its clause's subject: "… has its perks"."""
GERUND_SUBJECT = re.compile(
    rf"\W*(?:\w+\s+)?[A-Za-z]+ing\b{GERUND_PREDICATE}(?!\s+(?:been|\w+ing)\b)"
)
"""A clause whose subject is a gerund: "Living in Leeds has its perks"; not "been working"."""
SUBJECT_DROPPED = re.compile(
    r"(?P<lead>[\"'“(]*(?:[A-Z][a-z]+:\s+)?)"
    r"(?P<adverb>(?i:just|finally|also|already|officially|recently|then|so)\s+)?"
    rf"(?:(?P<done>(?i:{SAID_DONE}))|(?P<doing>(?i:{SAID_DOING}))"
    rf"(?!{GERUND_PREDICATE}))\b",
)
"""A sentence that opens on its verb in the past or the progressive speaks of the speaker, as
chat leaves "I" out: "Got a job at Lidl!", "Moving to Leeds in June"; not "Moving is hard"."""
SENTENCE_OPENS = re.compile(r"(?<=[.!?…\n])\s+")
"""Where a sentence after the first opens."""
SAID_NOW = "live|work|love|hate|study|play|have|own|teach|rent|share|run|do"
SUBJECT_CARRIED = re.compile(
    r"(?P<adverb>(?:also|still|now|currently|just)\s+)?"
    rf"(?:(?P<done>{SAID_NOW}|{SAID_DONE})|(?P<doing>{SAID_DOING}))\b"
)
"""A clause after a comma that opens on its verb shares the subject said before it: "I'm
Jade, 24, live in Leeds", "I am from Poland, living in Dublin"."""
TOLD_PAST = re.compile(rf"\b(?:was|were|had|did|met|saw|knew|{SAID_DONE}|\w+ed)\b")
"""A clause told in the past: what "while" adds to it was so then, not now."""
COMMA = re.compile(r",\s+")
"""Where a clause, or an item of a list said with commas, may open."""
WHILE_DOING = re.compile(r"\b(?:while|whilst)\s+(?=\w+ing\b)")
"""Where a progressive after "while" opens a clause that shares the subject said before it ("I
study at NOVA while working at Santa Maria")."""
SUBJECT_PRONOUN = re.compile(r"\b(?:I|[Ww]e|[Yy]ou|[Hh]e|[Ss]he|[Tt]hey)\b")
"""A pronoun that may be a clause's subject ("it" is an object as often: "accepted it")."""
WISHED = re.compile(
    r"\b(?:want|wanna|need|would|hope|wish|plan|going to|gonna|will|can|could|should|might"
    r"|thinking|if)\b"
)
"""A clause that asks, wishes or supposes: what its subject carries over is not said done ("I
want to get online, play games")."""


DOING_AFTER_AND = (
    r"(?:now\s+|also\s+|currently\s+)?(?:studying|working|living|doing|learning|training"
    r"|teaching|moving|starting|retiring)\b"
)
BE_CARRIED = re.compile(
    r"(?:\b(?P<be>am|is|are)\b|(?<=\w)(?P<short>['’]m|['’]re|['’]s(?=\s+\d))(?!\w))"
    rf"(?P<between>[^,.;!?]{{1,40}}?\s)and\s+(?={DOING_AFTER_AND})"
)
"""A progressive after "and" that shares the verb "be" said before it: "my brother is 24 and
studying medicine in Rabat" ("and is studying"), "I'm 60 next month and retiring"."""
BE_SPELT = {"'m": "am", "’m": "am", "'re": "are", "’re": "are", "'s": "is", "’s": "is"}
"""The verb "be" a contraction stands for."""


AND_DOING = re.compile(rf"\band\s+{DOING_AFTER_AND}")
"""A first look for ``BE_CARRIED``."""


def with_be_carried(text: str) -> str:
    """``text`` with "be" said again after "and" (``BE_CARRIED``)."""
    if AND_DOING.search(text) is None:
        return text
    return BE_CARRIED.sub(_be_again, text)


def _be_again(match: re.Match[str]) -> str:
    said = match.group("be") or match.group("short")
    be = match.group("be") or BE_SPELT[match.group("short")]
    return f"{said}{match.group('between')}and {be} "


ME_AND = re.compile(
    r"(?<![\w'’])[Mm]e\s+(?:and|&|n)\s+(?P<other>(?:my|our)\s+[a-z]+(?:\s+[A-ZÀ-Þ][\w'’-]*)?"
    r"|[A-ZÀ-Þ][\w'’-]*)\s+(?=(?:now\s+|just\s+|both\s+|finally\s+|still\s+)?(?:live|lived"
    r"|are|have|work|moved|got|share|rent|own|bought)\b)"
)
"""A subject said "me and Diego", as chat says it: read as "Diego and I"."""


ROLE_ITEM = re.compile(
    r"(?!(?:a|an|the|my|our|his|her|their|your|its|this|that|and|but|so)\b)"
    r"(?P<role>[A-Za-z][\w-]*(?:\s+[a-z][\w-]*){0,2})"
    r"(?=\s*(?:[,.!;]|$|\s+(?:at|with|for|in|on)\b))"
)
"""A role said alone as an item of a self-introduction: "I'm Emre, 31, backend developer, …"."""
AGE_ITEM = r"\d{1,2}(?:\s*(?:yo|y/o|years?\s+old))?\s*,\s*"
BIO_ITEM = rf"(?:[A-ZÀ-Þ][\w'’-]*\s*,\s*|{AGE_ITEM})"
BIO_BEFORE = re.compile(
    rf"(?:\bI(?:['’]m|\s+am)\s+{BIO_ITEM}+"
    rf"|^\W*(?:[A-ZÀ-Þ][\w'’-]*\s+here\s*,\s*|(?:[A-ZÀ-Þ][\w'’-]*\s*,\s*)?{AGE_ITEM}))$"
)
"""What a self-introduction says before its role: "I'm Emre, 31, ", "Tolga here, ", "Luis, 38, "."""


INTRODUCED_AS_I = re.compile(
    r"\bI(?:['’]m|\s+am)\s+(?:[A-ZÀ-Þ][\w'’-]*|\d{1,2}|an?\s+[\w-]+(?:\s+[\w-]+){0,2})\s*,"
)
"""A first look for a self-introduction's items after "I'm": "I'm Emre, …", "I'm a dev, 23, …"."""
OPENING_ITEM = re.compile(
    r"\W*(?:[A-ZÀ-Þ][\w'’-]*\s+here|(?:[A-ZÀ-Þ][\w'’-]*\s*,\s*)?\d{1,2}(?:\s+years\s+old)?)\s*,"
)
"""A sentence that opens on an item of a self-introduction: "Tolga here, …", "Luis, …", "28, …"."""


def _sentence_start(text: str, at: int) -> int:
    """Where the sentence holding ``at`` begins."""
    return max(text.rfind(point, 0, at) for point in ".!?\n") + 1


def _role_said(match: re.Match[str]) -> str:
    """ "I am a" before a role said alone in a self-introduction (``ROLE_ITEM``)."""
    text = match.string
    start = _sentence_start(text, match.start())
    if not _is_role(match.group("role")) or not BIO_BEFORE.search(text[start : match.start()]):
        return match.group(0)
    return f"I am a {match.group(0)}"


FROM_ITEM = re.compile(r"from\s+(?=[A-ZÀ-Þ])")
"""Where one is from, said as an item of a self-introduction: "I'm 31, from Mendoza, …"."""


def _from_said(match: re.Match[str]) -> str:
    """ "I am" before where one is from, said as an item of a self-introduction (``FROM_ITEM``)."""
    text = match.string
    start = _sentence_start(text, match.start())
    if not BIO_BEFORE.search(text[start : match.start()]):
        return match.group(0)
    return f"I am {match.group(0)}"


AGE_ALONE = re.compile(r"(?P<age>[1-9]\d)(?:\s*(?P<unit>years?\s+old|yo|y/o))?(?=\s*(?:[,.!;]|$))")
"""An age said alone as an item of a self-introduction: "Luis, 38, …", "29 years old, renting…"."""
AGE_BEFORE = re.compile(
    r"(?:\bI(?:['’]m|\s+am)\s+(?:an?\s+)?[\w'’-]+(?:\s+[\w'’-]+){0,2}\s*,\s*"
    r"|^\W*[A-ZÀ-Þ][\w'’-]*\s*,\s*|^\W*)$"
)
"""What a self-introduction says before its age: "I'm a self-taught dev, ", "Luis, ", nothing."""
INTRODUCED = re.compile(
    r"\s*(?:[.!]|$|,\s+(?:from|living|based|married|single|divorced|retired|mum|mom|dad|father"
    r"|mother|student)\b|,\s+[A-ZÀ-Þ][\w'’-]*\s*(?:[.!]|$))"
)
"""What may follow an age in a self-introduction besides a role: its end, where one is from or
lives, one's state ("Andrei, 28, Cluj.", "Luis, 38, married, …")."""


def _age_said(match: re.Match[str]) -> str:
    """ "I am" before an age said alone in a self-introduction (``AGE_ALONE``): after "I'm …," or
    a name opening the sentence; opening it, only with "years old" or a role after it."""
    text = match.string
    start = _sentence_start(text, match.start())
    before = AGE_BEFORE.search(text[start : match.start()])
    if before is None or int(match.group("age")) < 13:
        return match.group(0)
    after = text[match.end() :]
    role = ROLE_ITEM.match(after, 2) if after.startswith(", ") else None
    if "I" in before.group(0) or (role is not None and _is_role(role.group("role"))):
        introduced = True
    elif before.group(0).strip(" \"'“("):  # "Luis, 38, …": a name, then the age
        introduced = INTRODUCED.match(after) is not None
    else:  # the age opens the sentence: "29 years old, renting…"; not "15 years old." alone
        introduced = match.group("unit") is not None and after.startswith(", ")
    return f"I am {match.group(0)}" if introduced else match.group(0)


HOME_ITEM = re.compile(
    r"(?<=\bI am )(?P<age>[1-9]\d),\s+(?P<place>[A-ZÀ-Þ][\w'’-]*)(?=\s*(?:[.!]|$))", re.M
)
"""A place that closes a self-introduction after the age: "Birgit, 47, Hamburg." is at home
there."""
NOT_A_HOME = frozenset("male female man woman single married divorced widowed retired".split())
"""Words a self-introduction may close on that name no place ("Tom, 34, Male.")."""


def _home_said(match: re.Match[str]) -> str:
    """ "I live in" before the place that closes a self-introduction (``HOME_ITEM``)."""
    place = match.group("place")
    if not is_name(place) or fold(place) in NOT_A_HOME:
        return match.group(0)
    return f"{match.group('age')}, I live in {place}"


def with_subject_said(text: str) -> str:
    """``text`` with "I" before each verb that opens a sentence (``SUBJECT_DROPPED``) or, after a
    comma, a clause of a sentence whose last subject was "I" (``SUBJECT_CARRIED``) and did not
    wish or suppose (``WISHED``); and "I am" before an age or a role said alone in a
    self-introduction (``AGE_ALONE``, ``ROLE_ITEM``)."""
    opens = [0, *(m.end() for m in SENTENCE_OPENS.finditer(text))]
    said = _said_at(text, opens, SUBJECT_DROPPED, _subject_said)
    if said != text:
        text, opens = said, [0, *(m.end() for m in SENTENCE_OPENS.finditer(said))]
    if ", " in text and (
        INTRODUCED_AS_I.search(text) or any(OPENING_ITEM.match(text, at) for at in opens)
    ):
        items = sorted({*opens, *(m.end() for m in COMMA.finditer(text))})
        text = _said_at(text, items, AGE_ALONE, _age_said)
        if "I am " in text:
            text = HOME_ITEM.sub(_home_said, text)
        text = _said_at(text, [m.end() for m in COMMA.finditer(text)], ROLE_ITEM, _role_said)
        text = _said_at(text, [m.end() for m in COMMA.finditer(text)], FROM_ITEM, _from_said)
    if "I" not in text or (", " not in text and "whil" not in text):
        return text
    starts = [m.end() for m in COMMA.finditer(text)]
    if "whil" in text:
        starts = sorted([*starts, *(m.end() for m in WHILE_DOING.finditer(text))])
    return _said_at(text, starts, SUBJECT_CARRIED, _subject_carried)


def _said_at(
    text: str,
    starts: list[int],
    verb: re.Pattern[str],
    said: Callable[[re.Match[str]], str],
) -> str:
    """``text`` with ``said(match)`` in place of each ``verb`` found right at one of ``starts``."""
    parts, last = [], 0
    for start in starts:
        match = verb.match(text, start)
        if match is not None:
            parts += [text[last:start], said(match)]
            last = match.end()
    return "".join(parts) + text[last:] if parts else text


def _subject_said(match: re.Match[str]) -> str:
    said = "I " if match.group("done") else "I am "
    rest = match.group(0)[len(match.group("lead")) :]
    return f"{match.group('lead')}{said}{rest[0].lower()}{rest[1:]}"


def _subject_carried(match: re.Match[str]) -> str:
    text = match.string
    start = _sentence_start(text, match.start())
    pronouns = list(SUBJECT_PRONOUN.finditer(text, start, match.start()))
    if not pronouns or pronouns[-1].group(0) != "I":
        return match.group(0)  # the sentence's last subject is not the speaker
    if WISHED.search(text, pronouns[-1].end(), match.start()):
        return match.group(0)
    after_while = text[: match.start()].rstrip().endswith(("while", "whilst"))
    if after_while and TOLD_PAST.search(text, pronouns[-1].end(), match.start()):
        return match.group(0)  # "I met Tom while living in Leeds": a time gone by
    said = "I " if match.group("done") else "I am "
    return f"{said}{match.group(0)}"


UNMARKED_IM = re.compile(
    r"\b[Ii]m(?=\s+(?:\d+|an?|from|in|living|working|studying|moving|not|so|also|still|now"
    r"|currently|based|married|single|divorced|retired|the)\b)"
)
"""An "I'm" that chat types without its apostrophe ("Im 29", "im from Leeds")."""
CONTRACTIONS = tuple(
    (needles, re.compile(pattern), replacement)
    for needles, pattern, replacement in (
        (("I'm",), r"\bI'm\b", "I am"),
        (("I’m",), r"\bI’m\b", "I am"),
        (("I've",), r"\bI've\b", "I have"),
        (("I’ve",), r"\bI’ve\b", "I have"),
        (("e's",), r"\b([Ss]he|[Hh]e)'s\b", r"\1 is"),
        (  # "we'd moved", "I'd been": "had" before a past participle
            ("'d ", "’d "),
            rf"(?<=\w)['’]d(?= (?:just |already )?{PAST_PARTICIPLE}\b)",
            " had",
        ),
        (("I'd",), r"\bI'd\b", "I would"),
        (("'ve", "’ve"), r"\b([Ww]e|[Tt]hey)['’]ve\b", r"\1 have"),
        (("'ll", "’ll"), r"\b([Ii]|[Ww]e|[Ss]he|[Hh]e|[Tt]hey)['’]ll\b", r"\1 will"),
        (("'re", "’re"), r"\b([Ww]e|[Tt]hey)['’]re\b", r"\1 are"),
        (("'s ", "’s "), r"(?<=\w)['’]s (?=(?:been|lived|moved|gone|left|got)\b)", " has "),
        (("ome's", "ome’s"), r"\b([Hh]ome)['’]s\b", r"\1 is"),  # "and home's Aveiro"
        (
            ("'s ", "’s "),
            r"(?<=\w)['’]s (?=(?:moving|going|taking|living|working|starting|leaving|getting)\b)",
            " is ",
        ),
        (  # "my sister's a Munich local", "my brother's an engineer now", "my partner's from Lagos"
            ("'s ", "’s "),
            rf"\b((?:[Mm]y|[Oo]ur)\s+(?:(?:older|younger|little|big)\s+)?(?:{KIN_EN}))['’]s"
            r"(?= (?:a|an|the|from|allergic|living|working|studying|married|engaged) )",
            r"\1 is",
        ),
    )
)
"""Each needs an apostrophe, and one of its needles: a text without them is left as it is. A
pattern that can open at its apostrophe does ("we'd moved": "'d" to " had"): a search finds an
apostrophe at once, and tries a word's beginning at every letter."""
SHORTHAND = re.compile(
    r"\b(?:bf|gf|sis|bro|hubby|hubs|wifey|im|ive|teh|hte|adn|taht|jsut|wiht|waht|tmrw|tmr|2moro"
    r"|2morrow|n|r)\b"
)
SPELT_OUT = {
    "bf": "boyfriend",
    "gf": "girlfriend",
    "sis": "sister",
    "bro": "brother",
    "hubby": "husband",
    "hubs": "husband",
    "wifey": "wife",
    "im": "I am",
    "ive": "I have",
    "teh": "the",
    "hte": "the",
    "adn": "and",
    "taht": "that",
    "jsut": "just",
    "wiht": "with",
    "waht": "what",
    "tmrw": "tomorrow",
    "tmr": "tomorrow",
    "2moro": "tomorrow",
    "2morrow": "tomorrow",
    "n": "and",
    "r": "are",
}
"""Chat shorthand and slips of the keys, lower-case as typed: "my bf Miguel", "my sis Rita", "im
allergic", "teh puppy", "me n my gf", "we r going" ("r" only after "we" or "they"), "tmrw"."""
WITH_SHORT = re.compile(r"\bw/?(?=\s+(?:my|our|his|her|their|the|a|an|me|us|him|them)\b)")
""""with" as chat shortens it before whom or what: "w my parents", "w/ the kids"."""
PLURAL_SUBJECT = re.compile(r"\b(?:[Ww]e|[Tt]hey)\s$")


def spelt_out(match: re.Match[str]) -> str:
    """The word a ``SHORTHAND`` match stands for."""
    word = match.group(0)
    if word == "r" and not PLURAL_SUBJECT.search(match.string, 0, match.start()):
        return word
    return SPELT_OUT[word]


@cache
def _compile(pattern: Pattern) -> re.Pattern[str]:
    """A pattern's regex, compiled when a sentence first passes its first look (most patterns
    are never needed in a short session, and compiling them all took a second)."""
    adverbs = ADVERBS_EN if pattern.language == "en" else ADVERBS_PT
    if pattern.person == "possessive":
        return re.compile(rf"{POSSESSIVE}(?i:{pattern.verb}){OBJECTS[pattern.object_kind]}")
    if pattern.person == "bare":
        return re.compile(rf"{BARE}(?i:{pattern.verb}){OBJECTS[pattern.object_kind]}")
    if pattern.language == "en":
        subject = SUBJECT_EN
    else:
        subject = FIRST_PT if pattern.person == "first" else SUBJECT_PT
    return re.compile(
        rf"{subject}\s*(?i:{adverbs})\b(?i:{pattern.verb}){OBJECTS[pattern.object_kind]}"
    )


CLOSED_OBJECTS = {
    "pet": PETS,
    "child": CHILDREN,
    "sibling": "sister|brother|sibling",
    "diet": DIETS,
    "age": rf"\d|{AGE_IN_WORDS}",
    "allergen": "allerg|intoleran",
    "habit": OFTEN,
    "local": "local",
    "bare_role": alternation(sorted(ROLES)),
}
"""Objects from a closed list, each beginning a word: where none is, no such pattern matches."""


def _first_look(pattern: Pattern) -> Look:
    """A cheap first look: a pattern runs only where its verb phrase occurs, or, for objects
    from a closed list (pets, children, diets, ages), where such an object does."""
    closed = CLOSED_OBJECTS.get(pattern.object_kind, pattern.verb)
    return Look.of(re.compile(rf"(?i:\b(?:{closed}))"))


Compiled = tuple[Pattern, Look]
COMPILED: dict[str, tuple[Compiled, ...]] = {
    language: tuple((p, _first_look(p)) for p in PATTERNS if p.language in (language, "any"))
    for language in ("en", "pt")
}
"""The patterns of each language, each with its first look."""
PARSE_GAPS = tuple(
    c
    for c in COMPILED["en"]
    if c[0].person in ("bare", "possessive")
    or c[0].object_kind in ("org", "org_of_role", "allergen", "habit")
    or c[0].predicate in ("allergic_to", "age", "lives_in")
)
"""What a parse does not read as a clause's object: a clause with no subject ("Quit Acme
yesterday!", "…, here in Coimbra"), a noun phrase ("our new flat in Faro", "my new job at X"),
a company after a role or a leaving ("a nurse at X", "left X"), an allergen before its noun ("a
peanut allergy"), an age said as an adjective ("a 32-year-old"), a habit told by how often, and
a home said in the shapes the patterns know ("rent a flat in X", "moved there")."""
PRESUPPOSED = tuple(c for c in COMPILED["en"] + COMPILED["pt"] if c[0].person == "possessive")
"""What a question takes as given: the speaker's own "my new team at Talkdesk", "a minha
alergia a marisco" ("Is it normal that my new team at Talkdesk takes long lunches?")."""
LOOKS = {
    id(c): Looks([look for _, look in c])
    for c in (COMPILED["en"], COMPILED["pt"], PARSE_GAPS, PRESUPPOSED)
}
"""Each set of patterns' first looks, indexed by the beginnings they need."""


class RuleExtractor:
    """Patterns in English and Portuguese; with spaCy (``recognizer``), English is read from
    its dependency parse (``parsed``) and its names, Portuguese still by the patterns."""

    name = "rules"

    def __init__(self, recognizer: SpacyNames | None = None, trusted: bool = False) -> None:
        self.recognizer = recognizer  # spaCy's parse of English, or None
        self.trusted = trusted  # keep only facts whose confidence reaches the fitted threshold

    def extract(
        self,
        episode: Episode,
        tz: str = "UTC",
        known: Sequence[str] = (),
        current: Sequence[str] = (),
    ) -> Extraction:
        """Every fact read, or with ``trusted`` those whose extraction confidence
        (``trust``) reaches the fitted threshold, and the entities left."""
        found, scope = self.read(episode, tz)
        if not self.trusted:
            return Extraction(tuple(scope.entities.values()), tuple(f for f, _ in found))
        facts, entities = trusted(found, scope.entities, scope.speaker, fitted().threshold)
        return Extraction(tuple(entities), tuple(facts))

    def read(
        self, episode: Episode, tz: str = "UTC"
    ) -> tuple[list[tuple[ExtractedFact, str]], Scope]:
        """Every fact read, each with the sentence it was read from, and the scope (its
        entities and speaker), before any is weighed."""
        text = without_handed_over(without_markup(episode.content))
        text = LOWER_I.sub("I", text)  # "i'm a nurse", as typed
        if "Im " in text or "im " in text:
            text = UNMARKED_IM.sub("I am", text)  # "Im 29", "im from Leeds"
        if self.recognizer is None:  # a parse reads a clause without its subject by itself
            text = with_subject_said(text)
        text = with_be_carried(text)
        if "e and " in text or "e n " in text or "e & " in text:
            text = ME_AND.sub(r"\g<other> and I ", text)
        text = SALUTATION.sub("", text)
        text = EMOJI_THEN_OPENING.sub(r"\1. ", without_others_words(text))
        if "- " in text:
            text = GLUED_DASH.sub(" - ", text)
        if "'" in text or "’" in text:
            for needles, pattern, replacement in CONTRACTIONS:
                if any(needle in text for needle in needles):
                    text = pattern.sub(replacement, text)
        text = SHORTHAND.sub(spelt_out, text)
        if "w " in text or "w/" in text:
            text = WITH_SHORT.sub("with", text)  # "still living w my parents"
        if " had " in text:
            text = PAST_PERFECT.sub(r"\1 ", text)  # "we had moved to Faro"
        text = INNER_ADVERB.sub(r"\1 ", text)  # "I am still planning" reads as "I am planning"
        text = with_names_apposed(text)  # "Paco my husband is 81": "Paco, my husband, is 81"
        speaker = speaker_of(episode)
        scope = Scope(episode, None, text=text)
        if speaker is not None:
            scope.speaker = scope.entity(speaker[0], speaker[1])
            scope.last_person = None
        doc = self.recognizer.parse(text) if self.recognizer is not None else None
        typed = self.recognizer.names(doc) if self.recognizer is not None and doc else {}
        for name, type_ in typed.items():
            scope.entity(name, type_)
        sentences = (
            [(s.text, s) for s in doc.sents]
            if doc is not None
            else [(text[start:end], None) for start, end in sentence_spans(text)]
        )
        said: list[str] = []
        for sentence, parsed in sentences:
            before = len(scope.facts)
            self._sentence(scope, sentence, typed, tz, parsed)
            said += [sentence] * (len(scope.facts) - before)
        before = len(scope.facts)
        _topical(scope, text)
        scope.facts += pets_shared(scope)
        said += [text] * (len(scope.facts) - before)
        if self.recognizer is None:
            _capitalized(scope, [sentence for sentence, _ in sentences])
        kept_said = [
            (g, s)
            for f, s in zip(scope.facts, said, strict=True)
            if (g := _with_complement(scope, f)) is not None
        ]
        scope.facts = _businesses_named(
            scope, _roles_left(scope, ended_by_death(scope, [f for f, _ in kept_said]))
        )
        said = [s for _, s in kept_said]
        for fact in _weds_planned(scope):
            scope.facts.append(fact)
            said.append(text)
        dropped = _said_longer(scope.facts) + _said_twice(scope.facts)
        kept = {id(f) for f in one_per_kind(scope)} - {id(f) for f in dropped}
        kept -= {id(f) for f in scope.facts if fold(f.subject) in UNNAMED_ACQUAINTANCES}
        unique = {
            (f.subject, f.predicate, f.object, f.negated): (f, s)
            for f, s in reversed(list(zip(scope.facts, said, strict=True)))
            if id(f) in kept
        }
        return list(reversed(unique.values())), scope

    def _sentence(
        self, scope: Scope, sentence: str, typed: dict[str, str], tz: str, parsed: Any = None
    ) -> None:
        """Facts clause by clause; a time phrase dates its own clause, or, standing in a clause
        of its own ("Last June, I moved"), the sentence. A question states nothing but who
        "my sister Ana" is and what it takes as given (``PRESUPPOSED``, and the things it calls
        the speaker's: "is it worth servicing my piano?"); a parsed sentence is read from its
        parse (``parsed``)."""
        said = Sentence(sentence)
        read_kinship(scope, said)
        if is_question(sentence):
            for statement in _stated_before(sentence):  # "We named her Mia; any tips…?"
                self._sentence(scope, statement, typed, tz)
            _by_patterns(scope, said, typed, tz, PRESUPPOSED)
            _possessions(scope, sentence)
            _homes_given(scope, sentence)  # "…now that we're in Évora?"
            return
        _amounts(scope, sentence)
        _possessions(scope, sentence)
        _homes_given(scope, sentence)
        _named_roles(scope, sentence)
        _plain_readings(scope, said)
        _upcoming(scope, said, tz)
        if parsed is not None:
            read_sentence(scope, parsed, tz)
            _by_patterns(scope, said, typed, tz, PARSE_GAPS)
            return
        language = "pt" if looks_portuguese(sentence) else "en"
        _by_patterns(scope, said, typed, tz, COMPILED[language])


ASKING = re.compile(
    rf";|(?:,\s+|\s*[—–]\s*|\s+-\s+|\s*[{EMOJI}]+\s*)"
    r"(?:so\s+|and\s+|but\s+)?"
    r"(?=(?:could|can|would|will|should|do|does|did|what|how"
    r"|where|when|which|who|why|any|anyone|anybody|is|are|was|were|tips|ideas|suggestions"
    r"|recommendations)\b)",
    re.IGNORECASE,
)
"""Where a question's statement ends and its asking begins: a semicolon, or a comma, a dash or
an emoji before the question's own opening ("I live in Coimbra, so could you redo the budget?")."""


def _stated_before(question: str) -> list[str]:
    """The clauses of a question that end before its asking and ask nothing: "My job title at
    Sonae is data engineer; does that change anything?" states the job."""
    *before, _ = ASKING.split(question)
    return [clause for clause in before if clause.strip() and not is_question(clause)]


SALUTATION = re.compile(
    r"^\W*Dear\s+(?:(?:Mr|Mrs|Ms|Miss|Dr|Prof|Sir|Madam)\.?\s*)?"
    r"(?:[A-ZÀ-Þ][\w'’-]*(?:\s+[A-ZÀ-Þ][\w'’-]*){0,2})?\s*[,:!]\s*"
)
"""A letter's salutation: whom it is written to, not anyone the letter speaks of ("Dear Ms.
Patel, My husband and I…")."""
EMOJI_THEN_OPENING = re.compile(
    rf"([{EMOJI}])\s+(?=[A-ZÀ-Þ]|(?:planning|gonna|{SAID_DONE}|{SAID_DOING})\b)"
)
"""An emoji ends a sentence when a capital follows ("I'm not a student 😅 I'm a data engineer"),
or a verb that opens a clause without its subject ("120 day streak 🔥 planning to visit…")."""
GLUED_DASH = re.compile(r"(?<=\w)-\s+(?=\w)")
"""A dash typed against the word before it sets off what follows as a dash with spaces does:
"I love hiking- it clears my head"."""


THERE = re.compile(
    r"\b(?P<verb>(?:move[sd]?|moving|relocat(?:e[sd]?|ing)|live[sd]?|living|settled?|based"
    r"|work(?:s|ed|ing)?|trabalh(?:o|ar|amos|a)))\s+(?:in\s+)?(?P<where>there|here|aqui|cá|lá)\b",
    re.IGNORECASE,
)
PLACE_NAMED = re.compile(rf"\b(?i:in|to|at|from|na|no|em)\s+(?:the\s+)?(?P<place>{NAME})")
PLACE_SAID = re.compile(rf"\s+(?i:in|to)\s+(?P<place>{NAME})")
"""The place a verb of living goes on to name after "here" or "there": "moved here to Faro"."""


def _there_named(sentence: str, message: str) -> str:
    """ "…a job in Zurich and moves there", "Porto? We only moved here last week": "there" and
    "here" after a verb of living are the place the message last named; after a verb of working
    ("my manager at X… I've only worked there a month"), the company named after "at"."""
    lower = sentence.lower()
    if "mov" in lower:
        sentence = _moved_in_named(sentence, message)
    match = THERE.search(sentence) if "here" in lower or "qui" in lower or "á" in lower else None
    if match is None:
        return sentence
    if (said := PLACE_SAID.match(sentence, match.end())) and is_name(said.group("place")):
        # "moved here to Amstelveen": the place is said; "here" goes
        return f"{sentence[: match.start()]}{match.group('verb')}{sentence[match.end() :]}"
    before = message_before(message, sentence, match.start())
    verb = match.group("verb")
    work = bool(re.match(r"(?i)work|trabalh", verb))  # where one works: after "at", no city
    places = [
        m.group("place")
        for m in PLACE_NAMED.finditer(before)
        if is_name(m.group("place")) and (not work or m.group(0)[:2].lower() in ("at", "na", "no"))
    ]
    if not places:
        return sentence
    joint = "to" if re.match(r"(?i)mov|reloc", verb) else "at" if work else "in"
    if verb.lower().startswith("trabalh"):
        joint = "na"
    return f"{sentence[: match.start()]}{verb} {joint} {places[-1]}{sentence[match.end() :]}"


MOVING_IN = re.compile(
    r"\b(?P<verb>[Mm]ov(?:e|es|ed|ing))\s+(?:in|down|over|up)\b"
    r"(?!\s+(?:with|together|to|into|from|here|there)\b)"
)
"""A move said without where to: "moving in on 25 August", "moving down in 3 weeks"."""
HOME_NAMED = re.compile(
    r"\b(?:flat|place|house|home|apartment|room|condo|studio|cottage|bungalow|piso|WG"
    rf"|\d-bed(?:room)?)\s+in\s+(?P<place>{NAME})"
)
"""A home the message names before a move into it: "a 3-bed in Coburg", "a flat in Schwabing"."""


def _moved_in_named(sentence: str, message: str) -> str:
    """ "Signed the lease on a flat in Schwabing, moving in on 25 August": the move is to the
    home the message named before it ("moving to Schwabing")."""
    match = MOVING_IN.search(sentence)
    if match is None:
        return sentence
    before = message_before(message, sentence, match.start())
    homes = [m.group("place") for m in HOME_NAMED.finditer(before) if is_name(m.group("place"))]
    if not homes:
        return sentence
    return (
        f"{sentence[: match.start()]}{match.group('verb')} to {homes[-1]}{sentence[match.end() :]}"
    )


NAME_ALONE = re.compile(rf"^\W*(?P<name>{NAME})\W*$")
"""A clause that is a name alone: what a bare clause after it says is that person's."""
GOES_ON = re.compile(rf"\W*{VERB_AFTER}")
"""A clause that opens on a verb: the name before goes on as its subject."""


def _about_another(clauses: Sequence[str], index: int) -> bool:
    """Whether the clause without its subject at ``index`` speaks of someone the clause before
    names: "my husband, born in Goa, …", or a name the sentence goes on to say something of
    ("Tom, from Leeds originally, is my boss"; not "Birgit, from Hamburg originally.")."""
    if APPOSITION_HOST.search(clauses[index - 1]):
        return True
    alone = NAME_ALONE.match(clauses[index - 1])
    if alone is None or not all(is_name(w) for w in alone.group("name").split()):
        return False
    return index + 1 < len(clauses) and GOES_ON.match(clauses[index + 1]) is not None


def _candidate(pattern: Pattern) -> tuple[Pattern, re.Pattern[str]]:
    return pattern, _compile(pattern)


def _by_patterns(
    scope: Scope, said: Sentence, typed: dict[str, str], tz: str, compiled: Sequence[Compiled]
) -> None:
    """The facts the patterns read in a sentence, clause by clause."""
    sentence = _there_named(said.text, scope.text)
    if any(word in sentence for word in SPELT_OUT_WORDS):
        sentence = PLACE_SPELT_OUT.sub(r"\g<away> \g<prep> ", sentence)
    if sentence != said.text:
        said = Sentence(sentence)
    candidates = [_candidate(compiled[i][0]) for i in LOOKS[id(compiled)].matching(said)]
    if not candidates:
        return
    named = sentence
    if ANY_KIN.search(said):  # "Leonor, my sister, works…", "a kitten, Nina, …": kin words
        named = KIN_APPOSED.sub(r"\g<name> ", APPOSED.sub(r"\g<name> ", named))
        named = NAMED_AFTER.sub(called, named)
    if ", who " in named or ", que " in named:  # "Rita, who lives in X, loves…"
        described = WHO.sub(_relative_clause, named)
        if described != named and " is " in described:  # "Rita is the only architect…"
            more = [
                _candidate(compiled[i][0])
                for i in LOOKS[id(compiled)].matching(Sentence(described))
            ]
            candidates += [c for c in more if c not in candidates]
        named = described
    clauses = _clauses(named)
    if not any(_matches(c, candidates) for c in clauses):
        return  # the time phrases are read only where there is something to date
    at = scope.episode.at
    times = [parse_time(c, at, tz) for c in clauses]
    plain = [(p, r) for p, r in candidates if p.object_kind != "habit"]
    habits = [(p, r) for p, r in candidates if p.object_kind == "habit"]  # "every week" stays
    read = [
        _matches(t.stripped if t.phrases else c, plain) + _matches(c, habits)
        for c, t in zip(clauses, times)
    ]
    floating = [_start(t, at) for t, found in zip(times, read) if t.phrases and not found]
    for index, (when, found) in enumerate(zip(times, read)):
        valid_at = _start(when, at) if when.phrases else next(iter(floating), None)
        for pattern, match in found:
            if pattern.person == "bare" and index and _about_another(clauses, index):
                continue  # "my husband, born in Goa, …", "Tom, from Leeds originally, …": his
            if pattern.person == "bare" and GERUND_SUBJECT.match(clauses[index]):
                continue  # "Working at Aldi sounds awful": the gerund is the subject
            lead = _without_verb(_lead(match), pattern)
            if unstated(lead, pattern.negated):
                continue
            for fact in _read(scope, pattern, match, typed, (when, valid_at), sentence):
                scope.facts.append(fact)
                scope.facts += _shared(scope, match, fact)
                if fact.predicate in ("plans", "does") and fact.subject == scope.speaker:
                    # "I'm planning a trip to Lisbon with my partner Arjun": Arjun's plan too;
                    # "I play golf twice a week with my friend Henk": Henk plays
                    scope.facts += [
                        replace(fact, subject=other) for other in _companions(scope, sentence)
                    ]


START_NOW = re.compile(
    r"\b(?:start|starts|begin|begins|join|joins|move|moves|começo|começamos|começa|entro|entra"
    r"|muda-se|mudamo-nos|mudam-se)\b",
    re.I,
)
"""A start said in the present ("I start at Hooli on Monday"): a plan when its time is ahead."""


JOB_MOVED_FOR = re.compile(r"\bfor (?:a|the|my|his|her|their) (?:new )?job\b")
"""A job one moves for: held already, whenever the move is ("moving to Perth for a job at X")."""


def _read(
    scope: Scope,
    pattern: Pattern,
    match: re.Match[str],
    typed: dict[str, str],
    time: tuple[TimeQuery, datetime | None],
    sentence: str,
) -> list[ExtractedFact]:
    """The facts one match states. A plan ("we're moving to Porto", "I start at Hooli on
    Monday") is a ``plans`` fact; dated, it is also the fact itself from its date (the old
    value closes then). An ending said ahead ("I'm leaving Acme next month") ends on its date;
    one with no date is not an ending yet."""
    when, valid_at = time
    at, lead = scope.episode.at, _lead(match)
    ahead = plan_date(when, at)
    planned = is_plan(lead) or (ahead is not None and bool(START_NOW.search(lead)))
    if planned and pattern.predicate == "works_at" and JOB_MOVED_FOR.search(lead):
        planned = False  # "is moving to Berlin for a job at Zalando": the move waits, the job not
    if (
        pattern.predicate == "age"
        and ahead is not None
        and ahead.date() > at.date()
        and "turned" not in match.group(0)  # "I turned 30 on Sunday": the Sunday gone
        and ("turn" in match.group(0) or not re.match(r"\s+and\b", match.string[match.end() :]))
    ):
        return []  # "I'm 40 next month" (not "I'm 17 and have a test next week"): not yet
    if pattern.negated and planned:
        if ahead is None:
            return []
        valid_at = ahead
    elif pattern.predicate == "plans" or (planned and pattern.predicate in PLANNED):
        plan = _plan(scope, pattern, match, ahead, sentence)
        if plan is None or pattern.predicate not in HELD_FROM_ITS_DATE or ahead is None:
            return [plan] if plan else []
        fact = _fact(scope, pattern, match, typed, ahead, sentence)
        return [plan, fact] if fact else [plan]
    fact = _fact(scope, pattern, match, typed, valid_at, sentence)
    if fact is None:
        return []
    return [fact, *_coordinated(scope, pattern, match, fact, sentence)]


COORDINATED = re.compile(r"\s*,?\s+(?:and|or|as well as)\s+(?:also\s+)?(?P<next>[^,.;!?:()\n]+)")
"""A second object joined to the first: "I love hiking and kayaking"."""
NOT_A_SECOND = frozenset(
    "i we you he she they it that this then so also there here what how when why who which"
    " want wants need needs go goes have has had am is are was were will would can could think"
    " hope plan try tries get gets got feel feels miss make makes do does did can't don't"
    " eu nós ele ela eles elas isso".split()
)
"""Words that open a new clause, not a second object ("I love it and I go every week")."""


def _coordinated(
    scope: Scope, pattern: Pattern, match: re.Match[str], first: ExtractedFact, sentence: str
) -> list[ExtractedFact]:
    """The taste joined to ``first`` by "and" in the same object ("I enjoy chocolate and mixed
    berry flavours": both), not a new clause after it."""
    if pattern.predicate not in ("likes", "dislikes") or pattern.person == "bare":
        return []
    raw = match.group("obj") or ""
    said = raw.find(first.object)
    if said < 0:
        return []
    joined = COORDINATED.match(raw, said + len(first.object))
    if joined is None:
        return []
    words = joined.group("next").split()
    if not words or fold(words[0]) in NOT_A_SECOND:
        return []
    if {"is", "are", "was", "were", "be", "been"} & set(first.object.split()):
        return []  # "making sure veterans are supported and valued": the verb's, not a second
    phrase = trim_object(joined.group("next"), _most_words(pattern))
    if not phrase or any(fold(w) in NOT_A_SECOND for w in phrase.split()):
        return []
    if not joined.group("next").rstrip().endswith(phrase):  # "talking about what…": cut short
        return []
    obj = scope.entity(phrase, scope.type_of(phrase, PREDICATES[pattern.predicate].object_type))
    return [replace(first, object=obj)]


def _lead(match: re.Match[str]) -> str:
    """The clause up to the object: where the words that make it no fact stand ("if I ever
    moved to", "she said she moved to"); what follows the object is another matter ("I moved
    to Denver and I was wondering if…")."""
    return match.string[: match.start("obj") if match.group("obj") else match.end()]


def _without_verb(lead: str, pattern: Pattern) -> str:
    """``lead`` without the pattern's own verb at its end: a negation that is part of the verb
    ("can't stand", "don't like" for a dislike) is what the pattern reads, not a denial."""
    verb = re.search(rf"(?i:{pattern.verb})\s*$", lead)
    return lead[: verb.start()] if verb else lead


def _start(when: TimeQuery, at: datetime) -> datetime | None:
    past = [w for w in when.windows if w.start <= at]
    return min(past, key=lambda w: w.start).start if past else None


MARKUP = re.compile(r"<[^<>]{0,300}>|&(?:[a-z]+|#\d+);")


HANDED_OVER = re.compile(
    r"(?:^\W*|[,.;!?]\s+(?:so\s+|and\s+|now\s+)?)(?:(?:please|pls|can\s+you|could\s+you"
    r"|would\s+you)\s+)?(?:continue|rewrite|re-write"
    r"|translate|summari[sz]e|proofread|paraphrase|improve|polish|edit|correct|shorten|expand"
    r"|reword|rephrase|check|review|format|fix)\b[^\n:]{0,200}?(?::|\n)"
    r"|\b(?:here(?:['’]s|\s+is)|this\s+is|below\s+is)\s+(?:the|my|his|her|their|a|an)\s+"
    r"(?:\w+\s+)?(?:text|essay|story|resume|cv|draft|letter|poem|article|paragraph|statement"
    r"|script|transcript|speech|email|post|bio)\b[^\n:]{0,120}?(?::|\n)",
    re.IGNORECASE,
)
"""A text handed over to be worked on: "continue this story please …\n<the story>", "Rewrite
the below Statement of purpose …\n<it>", "here's his resume: <it>", "This is a transcript of a
video, please give me a summary: <it>"."""
SUBTITLES = re.compile(r"\d\d:\d\d:\d\d[,.]\d{3}\s*-->")


def without_handed_over(text: str) -> str:
    """The message up to a text it hands over to be worked on (``HANDED_OVER``), and nothing of
    subtitles: what such a text says is no one's word to the assistant about themselves."""
    if "-->" in text and len(SUBTITLES.findall(text)) > 1:
        return ""
    if ":" not in text and "\n" not in text:
        return text  # a text handed over follows a colon or a line break
    found = HANDED_OVER.search(text)
    return text[: found.end()] if found else text


def without_markup(text: str) -> str:
    """HTML tags and entities become spaces: markup names no one."""
    return MARKUP.sub(" ", text) if "<" in text or "&" in text else text


def _matches(
    sentence: str, candidates: Sequence[tuple[Pattern, re.Pattern[str]]]
) -> list[tuple[Pattern, re.Match[str]]]:
    """Each candidate pattern's matches, earlier patterns (endings first) winning overlapping
    verbs; a company named after a verb phrase ("am a nurse at X") is read besides."""
    taken: list[tuple[int, int]] = []
    out = []
    for pattern, regex in candidates:
        for match in regex.finditer(sentence):
            span = (match.end("subj"), match.start("obj") if match.group("obj") else match.end())
            if pattern.besides:  # "I'm a nurse at Lusíadas": role and employer
                out.append((pattern, match))
                continue
            if any(span[0] < end and start < span[1] for start, end in taken):
                continue
            taken.append(span)
            out.append((pattern, match))
    return sorted(out, key=lambda found: found[1].start("subj"))  # "and she…" reads in order


JOINT = re.compile(
    rf"(?:\b(?:[Mm]y|[Oo]ur)\s+(?:(?:little|big|older|younger|best)\s+)?(?P<kin>{KIN_EN})"
    rf"|(?<![\w'’])(?P<name>{NAME}))\s+(?:and|&)\s+$"
)
"""Who says "I" with the speaker: "my husband and I", "Rui and I"."""
SHARED = frozenset({"lives_in", "does", "likes", "dislikes", "plans", "has_pet"})
"""What two people who say "we" may share; not a relation to each other ("Tiago and I got
married") nor what is one's own (an allergy, a diet, a job)."""


def _shared(scope: Scope, match: re.Match[str], fact: ExtractedFact) -> list[ExtractedFact]:
    """The same fact of the one who says "I" with the speaker ("my husband and I go dancing
    every Tuesday": the husband goes too)."""
    if fact.predicate not in SHARED or fact.subject != scope.speaker or fact.negated:
        return []
    if fold(match.group("subj") or "") != "i":
        return []
    joint = JOINT.search(match.string[: match.start("subj")])
    if joint is None:
        return []
    if joint.group("kin"):
        kin = joint.group("kin")
        other = scope.kin(kin, None, kin_alias(kin, True))
        if fact.predicate == "plans" and not is_name(other.split()[0]):
            return []  # "my husband and I are moving to Toronto": a plan with kin unnamed is mine
    elif is_name(joint.group("name").split()[0]) and fold(joint.group("name")) not in PRONOUNS:
        other = scope.entity(joint.group("name"), scope.type_of(joint.group("name"), "person"))
    else:
        return []
    return [replace(fact, subject=other)]


def _subject(scope: Scope, pattern: Pattern, match: re.Match[str]) -> str | None:
    words = (match.group("subj") or "").strip()
    folded = fold(words)
    if folded in ("a gente", "nos"):
        return scope.speaker
    if folded in ("", "i", "we", "eu", "my", "our", "o meu", "a minha", "meu", "minha"):
        if pattern.person == "third":
            return None
        return scope.speaker
    if pattern.person == "first":
        return None
    if folded in PRONOUNS:
        before = message_before(scope.text, match.string, match.start("subj"))
        said = match.group("obj") or ""
        a_pet_may = pattern.predicate in OF_PETS_TOO and not (said.isdigit() and int(said) > 25)
        pet = pet_named_last(scope, before) if a_pet_may else None  # no cat is 34
        return pet or scope.last_person or named_before(scope, before)
    if match.groupdict().get("conj"):
        return scope.last_subject or _clause_subject(scope, match.string[: match.start("subj")])
    kin = match.groupdict().get("kin")
    if kin:
        kname = match.group("kname")
        english = re.fullmatch(f"{KIN_EN}|{KIN_PLURAL}", kin, re.I) is not None
        alias = kin_alias(kin, english)
        named = kname and is_kin_name(kname.split()[0])
        return scope.kin(kin, kname if named else None, alias)
    words = (match.group("name") or "").split()
    while words and not is_name(words[0]):
        words.pop(0)
    if not words or not all(is_name(w) for w in words if w[0].isupper()):
        return None
    placed = PLACED_AFTER_NAME.search(match.string, 0, match.start("name"))
    if placed is not None:  # "my sister Kamala in Chennai just turned 70": Kamala, not Chennai
        words = (placed.group("name") or "").split()
        if not words or not all(is_name(w) for w in words):
            return None
    name = " ".join(words)
    return scope.entity(name, scope.type_of(name, "person"))


OF_PETS_TOO = frozenset({"age", "allergic_to"})
"""What "he" or "she" may say of a pet just named: "Ziggy, he's 4", "Pip, she's allergic to…"."""
PLACED_AFTER_NAME = re.compile(rf"(?:(?P<name>{NAME})\s+)?\b(?:in|at|from|near)\s+(?:the\s+)?$")
"""A name after "in", "at", "from" or "near" is a place; the subject is the name before it, or
no one ("our flat in Tampines is 30 years old")."""


ACQUAINTANCES = "friend best_friend boss colleague coworker roommate neighbor neighbour".split()
UNNAMED_ACQUAINTANCES = frozenset(
    f"{whose} {who.replace('_', ' ')}" for whose in ("my", "our") for who in ACQUAINTANCES
)
"""People the speaker knows who are no relation, said without a name: "my colleague is moving
to Accra" says nothing a memory can keep of anyone (which colleague?)."""
OPENING = re.compile(rf"^\W*(?:(?P<me>I|[Ww]e)\b|(?P<name>{NAME})\s+{VERB_AFTER})")
"""A sentence that opens on a name and its verb ("Rita got a job…"); not "Video call with Rita"."""


def _clause_subject(scope: Scope, before: str) -> str | None:
    """Whom "and <verb>" speaks of when nothing read before it named a subject: the one the
    sentence opens with ("Rita got a job in Zurich and is moving there")."""
    match = OPENING.match(before)
    if match is None:
        return None
    if match.group("me"):
        return scope.speaker
    name = match.group("name")
    if not all(is_name(w) for w in name.split()):
        return None
    return scope.entity(name, scope.type_of(name, "person"))


PLURAL_AFTER = re.compile(r"(?:s|es)\b")
MANY = re.compile(r"\b(?:two|three|four|five|six|several|some|[2-9]|\d\d+)\s", re.IGNORECASE)
"""How many, said before a pet's or a child's kind: "two cats", "3 kids"."""


RELATIVE_BEFORE = re.compile(r"(?:^|[,;:]\s*)\W*(?:[Tt]he|[Aa]n?)\s+[\w-]+(?:\s+[\w-]+)?\s+$")
"""A clause that opens on a noun and then its subject: a relative clause ("The house we
bought…"), whose object is the noun before it."""
REFLEXIVE = re.compile(r"^(?:myself|ourselves|me|us)\s+(?:(?:an?|some|the)\s+)?", re.IGNORECASE)
"""Whom a thing was got for, before the thing: "I bought myself a new guitar"."""
AGE_AND = re.compile(
    r"\s+and\s+(?:an?\s+half|half|\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven)\b",
    re.IGNORECASE,
)
"""An age followed by "and" a number or a half, read for the speaker only: "Tom is 8 and 3
quarters", "Lily is 4 and a half" (not "Kofi is 12 and already taller than me")."""


INTRODUCED_AGE = re.compile(
    r"(?:\b(?:I['’]m|I\s+am|[Mm]y\s+name\s+is|[Tt]his\s+is)\s+[A-ZÀ-Þ][\w'’-]*(?:\s+[A-ZÀ-Þ][\w'’-]*)?"
    r"|^\W*(?:[\w-]+\s+){1,3}here)"  # "Retired cop here, 67"
    r",\s+(?P<age>\d{1,3})(?:\s*(?:years?|yrs?)(?:\s+old)?|\s*y/?o)?"
    r"(?=\s*(?:[,.;!]|$)|\s+and\b(?!\s+(?:an?\s+)?half|\s+\d))"
)
"""The speaker's age beside the name or the role they introduce themselves by: "I am Kenji, 78
years old, rice farmer", "this is Maria, 45.", "Retired cop here, 67"."""


SELF_DESCRIBED_AGE = re.compile(
    r"\b(?:I['’]m|I\s+am)\s+(?!\d)(?P<said>[^,.;!?]{1,40}),\s+(?P<age>\d{1,2})\s*"
    r"(?:years?\s+old|yrs?\s+old|y/?o)\b"
)
"""The speaker's age after what they say they are: "I am a nurse in Porto, 34 years old"."""
OF_ANOTHER = re.compile(r"\b(?:of|with|my|our|his|her|their|to)\b", re.IGNORECASE)
"""Words that make what comes after them another's: "I'm the mum of a boy, 12 years old"."""


AGE_AT = re.compile(
    r"\bat\s+(?P<age>1[6-9]|[2-9]\d|10\d)(?:\s+years(?:\s+old)?)?"
    r"(?=\s*(?:[.,!?;)]|$)|\s+(?:and|but|so|holy|lol|haha)\b)"
)
"""An age the speaker is doing something at: "playing league cricket again at 42", "farming's
hard enough at 58" (not a time: "meet at 10", nor a measure: "at 30 degrees")."""
NOT_ONES_AGE_AT = re.compile(
    rf"\b(?:he|she|they|his|her|their|[Hh]e['’]s|[Ss]he['’]s|(?:[Mm]y|[Oo]ur)\s+(?:{KIN_EN})"
    r"|[a-z]+ed|was|were|did|got|had|became|left|went|began|leaves?|starts?|opens?|closes?"
    r"|arrives?|departs?|begins?|finish(?:es)?|ends?|meet)\b"
)
"""Before "at" and an age: another's subject, a past ("retired at 60" is an age once) or a
schedule ("leaves at 16")."""


def introduced_ages(sentence: str) -> list[str]:
    """The ages ``INTRODUCED_AGE``, ``SELF_DESCRIBED_AGE`` and ``AGE_AT`` find."""
    at = [
        m.group("age")
        for m in (AGE_AT.finditer(sentence) if " at " in sentence else ())
        if not NOT_ONES_AGE_AT.search(sentence, 0, m.start())
    ]
    if "," not in sentence:
        return at
    described = [
        m.group("age")
        for m in SELF_DESCRIBED_AGE.finditer(sentence)
        if not OF_ANOTHER.search(m.group("said"))
    ]
    return [m.group("age") for m in INTRODUCED_AGE.finditer(sentence)] + described + at


def _fact(
    scope: Scope,
    pattern: Pattern,
    match: re.Match[str],
    typed: dict[str, str],
    valid_at: datetime | None,
    sentence: str,
) -> ExtractedFact | None:
    if (
        pattern.language == "en"
        and pattern.person not in ("possessive", "bare")
        and _implausible(pattern, match)
    ):
        return None
    if RELATIVE_BEFORE.search(match.string, 0, match.start("subj")):
        return None  # "The house we bought needs a roof": what was bought comes before
    kept, last = dict(scope.entities), scope.last_person
    subject = _subject(scope, pattern, match)
    obj = None if subject is None else _object(scope, pattern, match, typed)
    if (
        pattern.predicate == "age"
        and subject != scope.speaker
        and AGE_AND.match(match.string, match.end("obj"))
    ):
        obj = None  # "Tom is 8 and 3": a part of a year, or two counts; "I'm 61 and 3" is 61
    if subject is None or obj is None or fold(obj) == fold(subject):
        scope.entities, scope.last_person = kept, last  # "Pottery is a huge part…": no one
        return None
    scope.last_subject = subject
    return ExtractedFact(
        subject,
        _as_study(pattern.predicate, match),
        obj,
        " ".join(sentence.split()),
        valid_at,
        pattern.negated,
        f"pattern_{pattern.person}",
    )


STUDENT = re.compile(
    r"\b(?:student|freshman|sophomore|undergrad|undergraduate|postgrad|postgraduate|pupil"
    r"|fresher)\b",
    re.IGNORECASE,
)
"""What one is at a school: "a student at NYU", "a sophomore at Ohio State"."""
TO_STUDY = re.compile(
    r"[^.;!?]*?\bto\s+(?:(?:study|read)(?!\s+(?:how|what|why|where|who|which|the|an?|this|that"
    r"|its?|them|their|up|on)\b)|(?:do|start)\s+(?:an?|my|her|his|their)\s+(?:degree|course"
    r"|master['’]?s|phd|doctorate|bachelor['’]?s|mba))\b",
    re.IGNORECASE,
)
"""What a place one starts at or joins is for, when it is a school: "starts at UNAM in August
to study medicine"."""


CHILD_KIN = frozenset("son daughter kid kids child children boy girl firstborn youngest".split())
STARTING = re.compile(r"\b(?:start|starts|started|starting|begin|begins|began|join|joins)\b")
"""A start at a place, which for a child is a school, unless a role is said ("as a nurse")."""
AS_A_ROLE = re.compile(r"[^.;!?]*?\bas\s+(?:an?\s+)?[a-z]")


def _as_study(predicate: str, match: re.Match[str]) -> str:
    """``studies_at`` for an employer one goes to in order to study ("I start at Coimbra in
    September to do my master's"), or that one's child starts at; otherwise ``predicate``."""
    if predicate != "works_at":
        return predicate
    start = match.start("obj") if match.group("obj") else match.end()
    if STUDENT.search(match.string, match.start(), start):
        return "studies_at"  # "I'm a sophomore at Ohio State": a school, not an employer
    kin = match.groupdict().get("kin")
    if (
        kin
        and fold(kin) in CHILD_KIN
        and STARTING.search(match.string, match.start(), start)
        and not AS_A_ROLE.match(match.string, start)
    ):
        return "studies_at"  # "our daughter Salma starts at the Lycée Français": a school
    return "studies_at" if TO_STUDY.match(match.string, start) else predicate


PLAN_WORDS = 7
"""The longest plan kept, in words: "participate in another auto racing event"."""
DANGLING = re.compile(
    r"(?:\s+(?:in|on|at|to|for|with|using|called|named|the|a|an|of|and|from|by|into|addition|my"
    r"|our|your|his|her|their))+$"
)
"""Words an object cut at its length may end on: "drive along the coast highway in",
"playing songs on the"."""
NO_OPENING = frozenset(
    "of on for and or as to with by from at in through since ever than during about into onto".split()
)
"""Words no object opens with: what follows them is another part of the sentence."""
NOT_A_PLACE = re.compile(
    r"(?:the\s+)?(?:(?:same|right|wrong)\s+time|times?|moment|minute|weekends?|end|start"
    r"|beginning|first|least|most|all|once|night|nights|home|present|heart|random|best|worst"
    r"|world|industry|field|mood|middle|process|meantime|past|future|(?:local\s+)?area"
    r"|(?:Mr|Mrs|Ms|Dr|Prof)\b\.?)\b",
    re.IGNORECASE,
)
"""What follows "at", "in" or "with" in a phrase of time or manner, or a person's title: no
employer and no home ("at the same time", "at night", "our place in the world", "been in the
industry for years", "Dr. Lee")."""


def _no_place(pattern: Pattern, phrase: str) -> bool:
    """Is ``phrase`` no place and no employer, where the pattern wants one (``NOT_A_PLACE``)?"""
    wanted = PREDICATES[pattern.predicate].object_type in ("place", "organization")
    return wanted and NOT_A_PLACE.match(phrase) is not None


def _plan(
    scope: Scope, pattern: Pattern, match: re.Match[str], date: datetime | None, sentence: str
) -> ExtractedFact | None:
    """A plan ("we're moving to Porto in June"): the speaker plans "move to Porto (2024-06-01)"."""
    if pattern.language == "en" and pattern.person != "bare" and _implausible(pattern, match):
        return None
    subject = _subject(scope, pattern, match)
    raw = match.group("obj") or ""
    phrase = DANGLING.sub("", trim_object(raw, PLAN_WORDS))
    phrase = _untimed(phrase)
    if subject is None or not phrase or fold(phrase) in ("it", "that", "this", "isso"):
        return None
    undated = plan_object(pattern.predicate, phrase, None)
    words = [fold(w) for w in undated.split()]
    if len(words) == 1 and fold(" ".join(raw.split()[1:2])) in ("with", "by"):
        return None  # "going to start with purging", "gonna go with the salmon roll"
    if words in (["go"], ["come"], ["do"], ["be"], ["get"]):
        return None  # "going to go there again": where was cut off, nothing is left
    if words[1:2] in (["is"], ["was"], ["are"]):
        return None  # "the town I'm planning to visit is Oakdale"
    if _no_place(pattern, phrase) or not is_undertaking(undated):
        return None  # "I'm starting with Mr. Color paints", "pack light"
    obj = scope.entity(plan_object(pattern.predicate, phrase, date), "activity")
    quote = " ".join(sentence.split())
    return ExtractedFact(subject, "plans", obj, quote, origin="pattern_plan")


def _untimed(phrase: str) -> str:
    """``phrase`` without the time words it ends on ("a trip to Tokyo soon")."""
    words = phrase.split()
    while len(words) > 1 and fold(words[-1]) in PLAN_TIMES:
        words.pop()
    return " ".join(words)


def _implausible(pattern: Pattern, match: re.Match[str]) -> str | None:
    """Why the match is not a fact (``plausible.implausible``), or None."""
    text, groups = match.string, match.groupdict()
    verb_end = match.start("obj") if match.group("obj") else match.end()
    third = bool(groups.get("name")) or fold(match.group("subj") or "") in PRONOUNS
    return implausible(
        match.group("subj") or "",
        text[: match.start("subj")],
        text[match.end("subj") : verb_end],
        match.group("obj") or "",
        pattern.predicate,
        third,
    )


def _object(
    scope: Scope, pattern: Pattern, match: re.Match[str], typed: dict[str, str]
) -> str | None:
    kind = pattern.object_kind
    default = PREDICATES[pattern.predicate].object_type
    if kind in ("pet", "child", "sibling"):
        name = match.group("obj")
        type_ = "animal" if kind == "pet" else "person"
        if name:
            return scope.entity(name, type_)
        if qualifies_another(match.string, match.end("kind")):
            return None  # "we had a baby shower", "I got a dog bed"
        kind_said = match.group("kind")
        if PLURAL_AFTER.match(match.string, match.end("kind")) and MANY.search(
            match.string, match.start(), match.start("kind")
        ):
            kind_said = plural(kind_said)  # "I have 2 dogs": dogs, as said
        if kind == "sibling":  # "I have a twin sister, Mei Hua, she…": Mei Hua
            alias = f"my {kind_said.lower()}"
            sibling = next((e.name for e in scope.entities.values() if alias in e.aliases), None)
            if sibling is not None:
                return sibling
        return scope.entity(kind_said, type_)
    raw = match.group("obj")
    if kind == "age":
        if LIKE_AN_AGE.search(match.string, 0, match.start()):
            return None  # "explain it like I'm 5": a manner of speaking, no age
        if AN_AGE_THEN.search(match.string, 0, match.start()) and "turned" not in match.group(0):
            return None  # "since I was 6": an age once, not now ("since I turned 27" is now)
        return scope.entity(raw, "value")
    if kind == "name":
        return scope.entity(raw, "person") if is_name(raw.split()[0]) else None
    first = re.sub(r"['’]s$", "", raw.split()[0])  # "Addenbrooke's": a name all the same
    initials = first.isupper() and len(raw.split()) > 1 and is_name(raw.split()[1])  # "TU Delft"
    if kind in ("org", "org_of_role") and not (is_name(first) or is_acronym(first) or initials):
        return None  # "I left the party": a company is named
    if kind == "org_of_role" and not _is_role(match.group("role")):
        return None  # "I'm the best at Excel", "she is great at Python": no role is held
    if kind in ("role", "bare_role"):  # "a nurse in Paris", "a designer at Sonae": the role ends
        raw = re.sub(
            r"^\d{1,3}[\s-]years?[\s-]old\s+", "", ROLE_END.split(raw)[0]
        )  # "a 32-year-old nurse"
    if pattern.predicate == "owns":
        raw = REFLEXIVE.sub("", raw)
    if pattern.predicate == "studies":  # "I study French in Lyon": the place is another fact
        raw = SUBJECT_END.split(raw)[0]
    if pattern.predicate == "does":  # "I play bass in a little jazz trio": where, not what
        raw = DONE_WHERE.split(raw)[0]
        if raw.split()[:1] and fold(raw.split()[0]) in ("this", "that", "these", "those"):
            return None  # "why I started this journey": something named before, not a pastime
        if LEARNING.search(match.string, 0, match.start("obj")):
            raw = "learning " + LEARNT_END.split(raw)[0]  # "learning German", not "on Duolingo"
    if pattern.predicate in ("works_at", "studies_at"):  # "my job at Sainsbury's is hard"
        raw = CLAUSE_VERB.split(raw)[0]
        kind_named = ORG_OF_A_KIND.match(raw)
        if kind_named is not None:  # "a Berlin startup called Fluxtor"; "a Canadian startup"
            if kind_named.group("name"):
                raw = kind_named.group("name")
            elif kind_named.group("article") in ("a", "an"):
                return None
    if pattern.predicate == "likes":
        raw = infinitive_as_activity(raw)  # "I love to travel": travelling is what is liked
    phrase = DANGLING.sub("", trim_object(raw, _most_words(pattern)))
    if phrase.split()[:1] and fold(phrase.split()[0]) in NO_OPENING:
        return None  # "I like some of these ideas", "started on a book"
    phrase = without_how(phrase)  # "I play tennis regularly", "playing professionally"
    if pattern.predicate == "allergic_to":  # "latex flared up": the verb is not the allergen
        phrase = re.sub(r"\s+[a-z]+ed$", "", phrase)
    if not phrase or fold(phrase) in ("it", "that", "this", "there", "isso", "lá", "la"):
        return None
    if pattern.predicate == "owns" and fold(phrase.split()[-1]) in UNNAMED_PREDICATE:
        return None  # "I've a new fella": a partner, not a thing
    if FREQUENCY.match(phrase) or CLOCK.fullmatch(phrase):
        return None  # "three times a week", "I start at 9": how often or when, not what
    if _no_place(pattern, phrase):
        return None  # "balancing my work at the same time", "I work at night"
    if kind == "role" and not _is_role(phrase):
        return None
    if pattern.predicate == "owns" and pattern.negated and not _a_thing_had(phrase):
        return None  # "I sold the idea to my boss": no thing was had
    if kind == "bare_role" and not (
        _is_role(phrase) and fold(phrase).split()[-1] in ROLES - STATUSES
    ):
        return None  # "I am vegetarian", "I'm optimist": said without an article, a role word
    if default in ("place", "organization"):  # where one works is a company, whatever a
        named = NAMED_OBJECT.match(phrase) if is_name(phrase.split()[0]) else None
        phrase = named.group(0) if named else phrase  # "my job at Google pays well"
        return scope.entity(phrase, default, retype=True)  # name finder guessed
    return scope.entity(phrase, typed.get(phrase) or scope.type_of(phrase, default))


TO_VERB = re.compile(
    r"^to\s+(?:(?:just|really|also|actually|always|sometimes|often)\s+)?(?P<verb>[a-z]+)\b(?P<rest>.*)$",
    re.DOTALL,
)
ON_SOMEONE = re.compile(r"\s+(?:(?:with|to|for|at|on)\s+)?(?:me|you|him|her|it|us|them)\b")
REMARK_VERBS = frozenset(
    "be have do get let hear help think say know see believe stay keep make mention point ask"
    " tell share remind check imagine hope add note thank assist answer clarify start begin use"
    " call consider remember apologize apologise admit".split()
)
"""Verbs after "I like to" / "I love to" that make a remark or a habit of speech, not a taste:
"that's what I like to hear", "I love to help", "I like to think so"."""


def infinitive_as_activity(raw: str) -> str:
    """ "to collect jerseys" as "collecting jerseys", the activity a taste is for; ``raw`` as it
    is when it opens with no infinitive, or with one of :data:`REMARK_VERBS`."""
    match = TO_VERB.match(raw)
    if match is None or match.group("verb") in REMARK_VERBS:
        return raw
    if ON_SOMEONE.match(match.group("rest")):
        return raw  # "likes to play with him": what is done to someone is no taste
    return gerund(match.group("verb")) + match.group("rest")


LIKE_AN_AGE = re.compile(r"\b(?:like|as\s+if|as\s+though)\s*$", re.IGNORECASE)
"""What makes an age that follows it a manner of speaking: "explain like I'm 5"."""
AN_AGE_THEN = re.compile(r"\b(?:since|when|until|till|before|after|once)\s*$", re.IGNORECASE)
"""What makes an age that follows it one had or will have: "since I am 6 years old"."""
NAMED_OBJECT = re.compile(rf"{NAME}(?:\s+&\s+{NAME})?")
"""A place or a company named by its name, which ends it ("Google pays well", "McKinsey &
Company")."""
ROLE_END = re.compile(
    r"\s+(?:in|at|for|with|from|on|over|out|here|there|working|employed|based|living|who|and|job"
    r"|gig|so|but|because|since|now|today|tonight)\b"
)
BUSINESS_NAME = r"[A-ZÀ-Þ][\w'’&-]*(?:\s+(?:&\s+)?[A-ZÀ-Þ][\w'’&-]*){0,3}"
"""A business's name: "Boulangerie Nour", "Fresh Fade ATL", "Ink & Iron"."""
ORG_KINDS = (
    "startup|start-up|company|firm|agency|bank|consultancy|corporation|organisation|organization"
    "|ngo|office|team|hospital|clinic|school|university|college|studio|shop|store|restaurant"
    "|factory|plant|brand|fintech|scale-up|scaleup|client|airline|hotel"
)
ORG_OF_A_KIND = re.compile(
    rf"(?P<article>an?|the|my|our)\s+(?:[\w-]+\s+){{0,3}}?(?i:{ORG_KINDS})\b"
    rf"(?:\s*,?\s*(?:called|named)\s+(?P<name>{BUSINESS_NAME}))?"
)
"""A place of work said by its kind, and its name when given: "a Berlin startup called Fluxtor" is
Fluxtor; "a Cyprus company" names none."""
CLAUSE_VERB = re.compile(r"\s+(?:is|was|are|were|has|had|will|would|can|could)\b")
"""Where a place of work ends and the clause's verb begins: "my job at Sainsbury's is hard"."""
DONE_WHERE = re.compile(r"\s+in\s+(?:a|an|the|my|our|his|her|their)\s")
"""Where a pastime's object ends: before the group or place it is done in."""
LEARNING = re.compile(r"\blearning\s+$")
"""A pastime said as being learnt: the words before its object end on "learning"."""
LEARNT_END = re.compile(
    r"\s+(?:on|with|at|in|for|from|since|by|through|because|and|but|so)\b|[,;:]"
)
"""Where what is learnt ends: "German on Duolingo", "Dutch for the move"."""
SUBJECT_END = re.compile(r"\s+(?:in|at|from)\s+(?=[A-ZÀ-Þ])|\s+(?:at|from)\b")
"""Where a subject studied ends: before the place or school it is studied at."""


def _a_thing_had(phrase: str) -> bool:
    """A thing one can own: a kind of thing owned ("house", "old bike") or a make ("Volvo")."""
    return bool(OWNED_WORD.search(phrase)) or any(is_name(w) for w in phrase.split())


STATUSES = frozenset({"retired", "unemployed"})
"""Role words that, without an article, say a state: "my father is retired"."""
CLOCK = re.compile(r"\d{1,2}(?:[:.h]\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.|h)?", re.IGNORECASE)
"""A time of day said alone: "at 9", "at 7:30am"."""
FREQUENCY = re.compile(r"(?:\w+ times|twice|once|every|each)\b", re.IGNORECASE)
"""How often, not what: "I practise three times a week" names no activity."""


def _most_words(pattern: Pattern) -> int:
    """How many words an object may take: a role three ("data engineer"), an allergen two in
    English and one in Portuguese ("tree nuts", "marisco": a verb may follow), others five."""
    if pattern.object_kind in ("role", "bare_role"):
        return 3
    if pattern.predicate == "allergic_to":
        return 1 if pattern.language == "pt" else 2
    return 5


def _is_role(phrase: str) -> bool:
    """ "data engineer", "engenheira de dados": the head noun (last in English, before "de" in
    Portuguese) names a role."""
    words = fold(phrase).split()
    if not words or len(words) > 3:
        return False
    head = words[0] if len(words) == 3 and words[1] in ("de", "da", "do") else words[-1]
    if head in NOT_A_JOB and "stay-at-home" not in words:
        return False  # "a single dad", "a vegetarian"; "a stay-at-home mom" is one
    if words[0] in AMATEUR:
        return False  # "a keen gardener", "an avid reader": a pastime, not a job
    return head in ROLES or (
        len(head) > 5 and head.endswith(("ist", "ian", "eira", "eiro", "ista", "keeper"))
    )


NOT_A_JOB = frozenset(
    "dad mom mum mother father parent wife husband vegetarian vegan pescatarian".split()
)
"""Heads of what one is that are no job: "I'm a single dad", "I've become a vegetarian"."""
AMATEUR = frozenset(
    "keen avid amateur passionate enthusiastic casual hobby weekend wannabe aspiring budding".split()
)
"""Words before a role that make it a pastime: "a keen gardener", "an amateur photographer"."""


FIRST_PERSON_EN = re.compile(r"\b(?:I|my|My|[Ww]e|[Oo]ur)\b")


def _amounts(scope: Scope, sentence: str) -> None:
    """Counts and current states of the speaker's things ("User's postcards: 25")."""
    if scope.speaker is None or not FIRST_PERSON_EN.search(sentence):
        return
    for amount in amounts(sentence):
        thing = scope.entity(f"{scope.speaker}'s {amount.thing}", "thing")
        value = scope.entity(amount.value, "value" if amount.predicate == "count" else "thing")
        quote = " ".join(sentence.split())
        scope.facts.append(ExtractedFact(thing, amount.predicate, value, quote, origin="amount"))


def _homes_given(scope: Scope, sentence: str) -> None:
    """A home a "now that…" clause takes as given, a question's too ("plan meals now that
    we're in Évora?")."""
    if scope.speaker is None:
        return
    quote = " ".join(sentence.split())
    for place in homes_given(sentence):
        where = scope.entity(place, "place", retype=True)
        scope.facts.append(
            ExtractedFact(scope.speaker, "lives_in", where, quote, origin="activity")
        )


def _possessions(scope: Scope, sentence: str) -> None:
    """'my old sneakers', 'my dance studio': the speaker owns them; 'Hannah has a vintage
    typewriter': Hannah owns hers."""
    if scope.speaker is None:
        return
    for thing in possessions(sentence):
        obj = scope.entity(thing, scope.type_of(thing, "thing"))
        gone = re.search(
            rf"{GIVEN_AWAY}\s+(?:\w+\s+)?my\s+(?:old\s+)?{re.escape(thing)}", sentence, re.I
        )
        if gone is None and "gave my" in sentence:  # "gave my bike to my nephew"
            gone = re.search(
                rf"\bgave\s+my\s+(?:old\s+)?{re.escape(thing)}\s+(?:away|to)\b", sentence
            )
        quote = " ".join(sentence.split())
        fact = ExtractedFact(
            scope.speaker, "owns", obj, quote, negated=bool(gone), origin="possession"
        )
        scope.facts.append(fact)
    for owner, thing, had in others_possessions(sentence):
        if owner.lower().startswith(("my ", "our ")):  # "my mum runs a fabric shop"
            kin = owner.split()[-1]
            whose = scope.kin(kin, None, kin_alias(kin, True))
        else:
            known = scope.entities.get(fold(owner))
            if not had and (known is None or known.type != "person"):
                continue  # "Apple's new phone": only a person known as one has things said so
            if scope.type_of(owner, "person") != "person":
                continue  # a place or a company has no things of its own here
            whose = scope.entity(owner, "person")
        obj = scope.entity(thing, scope.type_of(thing, "thing"))
        quote = " ".join(sentence.split())
        scope.facts.append(ExtractedFact(whose, "owns", obj, quote, origin="possession"))


PASTIME_NAME = re.compile(rf"(?:{PASTIMES})", re.IGNORECASE)
COMPLEMENT = re.compile(
    r"\s+(?:to|around|with|for|in|on|at|about|out|up|over|through|into|by|from)"
    r"(?:\s+(?!(?:and|but|so|because|which|that|when|while|now|right|lately|too|again)\b)"
    r"[\w'’-]+){1,5}",
    re.IGNORECASE,
)
"""What a doing goes on with, to the end of its phrase ("listening to a wide range",
"spending time with my family")."""


ENDS_ON_PRONOUN = re.compile(
    r"\s(?:in|on|at|with|for|to|about|of|into|from)\s+(?:it|them|this|that|these|those)$",
    re.IGNORECASE,
)
"""A doing that ends on a preposition and a pronoun ("participating in it")."""
PRONOUN_ONLY = re.compile(r"\s+\w+\s+(?:it|them|this|that|these|those|one)\s*", re.IGNORECASE)
"""A complement that is a preposition and a pronoun ("in it"): it names nothing."""


CUT_SHORT = frozenset(
    "my our your their its a an the some those these this that favorite favourite fave new"
    " other first own".split()
)
"""Words no name of a thing or a doing ends on: an object that does was cut in its phrase."""
CUT_SHORT_PREDICATES = frozenset("likes dislikes does owns plans studies".split())


def _with_complement(scope: Scope, fact: ExtractedFact) -> ExtractedFact | None:
    """A taste, dislike or pastime read as one word in "-ing" that is no pastime's name, where the
    sentence goes on with what it is about, takes that on: "I love being around friends" is
    "being around friends", "I'm loving experimenting with flavors right now" is "experimenting
    with flavors" ("volunteering at the shelter" stays "volunteering": a pastime's name); None
    when what it goes on with is only a pronoun ("participating in it"), or when the object was
    cut in its phrase (``CUT_SHORT``)."""
    words = fact.object.split()
    if fact.predicate in CUT_SHORT_PREDICATES and words[-1].lower() in CUT_SHORT:
        return None  # "trying new" of "trying new and exotic foods": the phrase was cut
    if fact.predicate not in ("likes", "dislikes", "does"):
        return fact
    if ENDS_ON_PRONOUN.search(fact.object):
        return None  # "I started participating in it": what it is, another sentence says
    if not (
        (len(words) == 1 and fact.object.lower().endswith("ing"))
        or fold(fact.object) == "spending time"
    ):
        return fact
    if PASTIME_NAME.fullmatch(fact.object):
        return fact
    said = re.search(rf"\b{re.escape(fact.object)}\b", fact.text, re.IGNORECASE)
    complement = COMPLEMENT.match(fact.text, said.end()) if said is not None else None
    if complement is None:
        return fact
    if PRONOUN_ONLY.fullmatch(complement.group(0)):
        return None  # "I love being in it": what it is, another sentence says
    longer = DANGLING.sub("", f"{fact.object} {' '.join(complement.group(0).split())}")
    return replace(fact, object=scope.entity(longer, scope.type_of(fact.object, "activity")))


ROLE_NAMED = re.compile(  # "my instructor, Maria, …", "our yoga teacher Ines"
    rf"\b(?:[Mm]y|[Oo]ur)\s+(?P<role>(?:[a-z][\w-]*\s+)?[a-z][\w-]*)\s*(?:,\s*|\s+)"
    rf"(?:(?:Dr|Mr|Mrs|Ms|Miss|Prof)\.?\s+)?(?P<name>{NAME})"
)
"""Someone named after the role they have for the speaker."""
NOT_NOW = frozenset("old former ex previous late first favorite favourite".split())
"""Words before a role after which it is no longer held ("my old teacher, Mr. Reis"), or names
no role for the speaker ("my favorite singer, Ricky Martin")."""
TITLES = frozenset("dr mr mrs ms miss prof".split())
"""A person's titles, which a sentence's split may leave as a name ("my therapist Dr.")."""


def _named_roles(scope: Scope, sentence: str) -> None:
    """ "My instructor, Maria, loves…", "my therapist Dr. Lee says…": the named one works as
    the role (with its kind: "yoga instructor"), while it is theirs now."""
    lower = sentence.lower()
    if "my " not in lower and "our " not in lower:
        return
    for match in ROLE_NAMED.finditer(sentence):
        words = match.group("role").split()
        if (
            words[-1] not in ROLES
            or (len(words) == 1 and fold(words[0]) in KIN_PREDICATE)  # "my mom Rita": kin
            or NOT_NOW & set(words)
            or not is_name(match.group("name").split()[0])
        ):
            continue
        name = " ".join(w for w in match.group("name").split() if is_name(w))
        if not name or fold(name) in PRONOUNS or fold(name) in TITLES:
            continue  # "my therapist Dr." where a sentence was cut at the title's stop
        role = " ".join(words)
        person = scope.entity(name, "person", retype=True)
        quote = " ".join(sentence.split())
        fact = ExtractedFact(person, "works_as", scope.entity(role, "role"), quote, origin="topic")
        scope.facts.append(fact)


WED_PLAN = re.compile(r"\b(?:getting married|wedding|marry|marrying|tie the knot)\b", re.I)
"""A plan to wed: "getting married (2024-10-01)", "wedding", "marry Omar"."""
BETROTHED = re.compile(
    rf"(?<![\w'’])(?P<yes>{NAME})\s+said\s+yes\b"
    rf"|\b(?:[Hh]is|[Hh]er)\s+name\s+is\s+(?P<named>{NAME})"
)
"""Whom the speaker is to wed, said beside the wedding: "Kayla said yes!!!", "His name is
Omar"."""


def _weds_planned(scope: Scope) -> list[ExtractedFact]:
    """A wedding the speaker plans is the plan of the one they wed too (rule 30 of the labels):
    a partner named in the message ("my fiancé Andrés", "Kayla said yes!!!", "His name is
    Omar"), a partner said so when not said yet."""
    speaker = scope.speaker
    plans = [
        f
        for f in scope.facts
        if f.subject == speaker
        and f.predicate == "plans"
        and WED_PLAN.search(f.object)
        and not re.search(r"['’]s\b", f.object)  # "my friend's wedding" is the friend's
    ]
    if speaker is None or not plans:
        return []
    partners = [
        f.object
        for f in scope.facts
        if f.subject == speaker
        and f.predicate == "has_partner"
        and not f.negated
        and is_name(f.object.split()[0])
    ]
    added: list[ExtractedFact] = []
    quote = " ".join(scope.text.split())
    for match in BETROTHED.finditer(scope.text):
        name = leading_name(match.group("yes") or match.group("named"))
        if not name or fold(name) == fold(speaker) or fold(name) in map(fold, partners):
            continue
        partner = scope.entity(name, "person", retype=True)
        partners.append(partner)
        added.append(ExtractedFact(speaker, "has_partner", partner, quote, origin="topic"))
    planned = {(f.subject, f.object) for f in scope.facts if f.predicate == "plans"}
    added += [
        replace(plan, subject=partner)
        for partner in dict.fromkeys(partners)
        for plan in plans
        if (partner, plan.object) not in planned
    ]
    return added


def _businesses_named(scope: Scope, facts: Sequence[ExtractedFact]) -> list[ExtractedFact]:
    """``facts`` with a business owned by its kind ("a small bakery", "my own studio") owned by
    the name the message gives it beside that kind: "a small bakery in Marseille, Boulangerie
    Nour", "opened my own shop Fresh Fade ATL" (a place and its country are no name: "a cafe in
    Lisbon, Portugal")."""
    out = []
    for f in facts:
        words = f.object.split(" in ")[0].split()
        kind = words[-1].lower() if words else ""
        if f.predicate == "owns" and kind in BUSINESSES:
            after = re.search(
                rf"\b{re.escape(words[-1])}(?P<where>\s+(?:in|on)\s+{NAME})?"
                rf"(?:\s*,\s*|\s+(?:called|named)\s+|\s+)(?P<name>{BUSINESS_NAME})",
                scope.text,
            )
            name = after.group("name") if after is not None else ""
            placed = after is not None and after.group("where") and len(name.split()) == 1
            known = scope.entities.get(fold(name)) if name else None
            ends = after is not None and bool(re.match(r"\s*[.!?]", scope.text[after.end() :]))
            said_to = ends and len(name.split()) == 1  # "my business, Jon.": said to Jon
            person = known is not None and known.type in ("person", "user")
            if name and is_name(name.split()[0]) and not (placed or said_to or person):
                f = replace(f, object=scope.entity(name, "organization", retype=True))
        out.append(f)
    return out


ROLE_LEFT = re.compile(r"(?:retired|former|ex-|ex\s)\s*(?P<role>\S.*)", re.IGNORECASE)
"""A role held once: "a retired nurse", "former teacher", "ex-soldier"."""


def _roles_left(scope: Scope, facts: Sequence[ExtractedFact]) -> list[ExtractedFact]:
    """``facts`` with a role said as held once ("she is a retired doctor") an ended role: the
    role without its "retired" (rule 31 of the labels)."""
    out = []
    for f in facts:
        left = ROLE_LEFT.fullmatch(f.object) if f.predicate == "works_as" else None
        if left is not None and not f.negated and _is_role(left.group("role")):
            f = replace(f, object=scope.entity(left.group("role"), "role"), negated=True)
        out.append(f)
    return out


def _said_longer(facts: Sequence[ExtractedFact]) -> list[ExtractedFact]:
    """Facts of a thing the same message names more fully ("guitar" beside "acoustic guitar",
    "camera" beside "Canon EOS 80D camera"): the shorter ones."""
    full = [(f.subject, f.predicate, f" {fold(f.object)} ") for f in facts if not f.negated]
    return [
        f
        for f in facts
        if f.predicate in ("owns", "does", "likes", "plans")
        and any(
            (s, p) == (f.subject, f.predicate)
            and o != f" {fold(f.object)} "
            and f" {fold(f.object)} " in o
            for s, p, o in full
        )
    ]


def _said_twice(facts: Sequence[ExtractedFact]) -> list[ExtractedFact]:
    """Plans another plan of the same subject says with its verb in the plain form ("moving to
    Porto" beside "move to Porto", the form every wording of the plan shares): the inflected
    ones."""
    plain = {(f.subject, f.object) for f in facts if f.predicate == "plans"}
    return [
        f
        for f in facts
        if f.predicate == "plans" and any((f.subject, p) in plain for p in plain_forms(f.object))
    ]


def _upcoming(scope: Scope, said: Sentence, tz: str) -> None:
    """Plans told as what the speaker, or a person named, is doing at a time to come
    (``upcoming``)."""
    if scope.speaker is None:
        return
    sentence = said.text
    for who, plan in upcoming(sentence, scope.episode.at, tz, said):
        if who is not None and who.lower().startswith(("my ", "our ")):  # "my sister is flying…"
            kin, *named = who.split()[1:]  # "my son Ruan is taking over…": Ruan
            subject = scope.kin(kin, named[0] if named else None, kin_alias(kin, True))
        else:
            subject = scope.speaker if who is None else scope.entity(who, "person", retype=True)
        if who is not None and fold(who) == fold(scope.speaker):
            subject = scope.speaker
        obj = scope.entity(plan, "activity")
        quote = " ".join(sentence.split())
        scope.facts.append(ExtractedFact(subject, "plans", obj, quote, origin="upcoming"))
        if subject == scope.speaker:  # "me and Kenji are going to Bali": Kenji's plan too
            for other in _companions(scope, sentence):
                scope.facts.append(ExtractedFact(other, "plans", obj, quote, origin="upcoming"))
        elif TAKING_ME.search(sentence):  # "my son is taking me fishing": the speaker's too
            fact = ExtractedFact(scope.speaker, "plans", obj, quote, origin="upcoming")
            scope.facts.append(fact)


TAKING_ME = re.compile(r"\b(?:is|are|['’]s|['’]re)\s+(?:taking|bringing|driving)\s+(?:me|us)\b")
"""Someone else's plan the speaker is taken along on: "Mark is taking me fishing on Saturday"."""


COMPANION = re.compile(
    rf"\b[Mm]e\s+(?:and|&|n)\s+(?:my\s+(?:{KIN_EN})\s+)?(?P<me_and>{NAME})"
    rf"|(?<![\w'’])(?P<and_me>{NAME})\s+(?:and|&)\s+(?:I|me)\b"
    rf"|\bwith\s+(?:(?:my|our)\s+(?P<kin>{KIN_EN})\s+)?(?P<with>{NAME})"
    rf"|\btaking\s+(?:my|our)\s+(?:{KIN_EN})\s+(?P<taken>{NAME})\s+to\b"
    rf"|\bmarried\s+to\s+(?:my\s+(?:{KIN_EN})\s+)?(?P<wed>{NAME})"
)
"""Who shares the speaker's plan, by name: "me and Kenji", "Sunita and I", "with my boyfriend
Rui", "getting married to Emeka"; someone met "with" counts when known as a person ("a meeting
with Google" does not)."""


def _companions(scope: Scope, sentence: str) -> list[str]:
    """The people named as sharing the speaker's plan in ``sentence`` (``COMPANION``)."""
    found = []
    for match in COMPANION.finditer(sentence):
        name = leading_name(
            match.group("me_and")
            or match.group("and_me")
            or match.group("with")
            or match.group("taken")
            or match.group("wed")
        )
        if not name or fold(name) == fold(scope.speaker or "") or fold(name) in UNNAMED_PREDICATE:
            continue  # "Mom and I are repainting…": a kin word, no one named
        known = scope.entities.get(fold(name))
        if match.group("with") and not match.group("kin"):
            if known is None or known.type != "person":
                continue
        if match.group("and_me") and (
            AFTER_A_PREPOSITION.search(sentence, 0, match.start())
            or (known is not None and known.type not in ("person", "user"))
        ):
            continue  # "a trip to Miami and I want…": Miami is where, not who
        found.append(scope.entity(name, "person", retype=True))
    return found


PLAIN_SAID = (
    "playing practic practis routine training sessions classes lessons volunteer favorite"
    " favourite course class module seminar lecture exam job gig career home flat apartment house"
    " place signed trip vacation holiday honeymoon cruise tour getaway enrolled registered joined"
    " pick go-to passion weakness fave involved nova novo unpack settl learning studying teach"
    " collect pleasure jam"
).split() + ["love for", "love of", "active in", "here in", "cá em", "aqui em"]
PLAIN_WORDS = re.compile(rf"{alternation(PLAIN_SAID)}|fav\b|me (?:\w+ )?love")
"""A sentence can state a fact without a verb pattern only with one of these words, or with a
word a membership is said with (``MEMBER_WORDS``)."""


STUDY_WORDS = ("thesis", "dissertation", "degree", "diploma", "student", "year of", "doing")
"""One of these stands in every sentence ``studied_at`` finds something in."""


PLAIN_OR_MEMBER = re.compile(f"{PLAIN_WORDS.pattern}|{MEMBER_WORDS.pattern}")
"""One first look for both: most sentences hold neither."""


def _plain_readings(scope: Scope, said: Sentence) -> None:
    """'I've been playing volleyball and tennis', 'my yoga practice', 'her nurse job', 'Lisbon's
    been home': facts said without a verb pattern."""
    if scope.speaker is None:
        return
    for age in introduced_ages(said.text):
        quote = " ".join(said.text.split())
        obj = scope.entity(age, "value")
        scope.facts.append(ExtractedFact(scope.speaker, "age", obj, quote, origin="pattern_first"))
    sentence = said.text
    quote = " ".join(sentence.split())

    def add(subject: str, predicate: str, obj: str) -> None:
        scope.facts.append(ExtractedFact(subject, predicate, obj, quote, origin="activity"))

    if any(word in said.folded for word in STUDY_WORDS):
        for field, school in studied_at(sentence):
            if field:
                add(scope.speaker, "studies", scope.entity(field, "activity"))
            if school and (is_name(school.split()[0]) or is_acronym(school.split()[0])):
                add(scope.speaker, "studies_at", scope.entity(school, "organization", retype=True))
    if not PLAIN_OR_MEMBER.search(said.folded):
        return

    if not PLAIN_WORDS.search(said.folded):  # a group one is in may still be said
        for group in memberships(sentence):
            add(scope.speaker, "does", scope.entity(group, scope.type_of(group, "activity")))
        return

    for activity in activities(sentence):
        add(scope.speaker, "does", scope.entity(activity, scope.type_of(activity, "activity")))
    for place in homes(sentence):
        add(scope.speaker, "lives_in", scope.entity(place, "place", retype=True))
    for place in home_countries(sentence):
        add(scope.speaker, "from", scope.entity(place, "place", retype=True))
    for owner, place in homes_of(sentence):
        whose = _owner(scope, owner, sentence)
        if whose is not None and is_name(place.split()[0]):
            add(whose, "lives_in", scope.entity(place, "place", retype=True))
    if teaches(sentence):
        add(scope.speaker, "works_as", scope.entity("teacher", "role"))
    for owner, role, left in role_jobs(sentence):
        whose = _owner(scope, owner, sentence)
        if whose is not None and _is_role(role):
            role_held = scope.entity(role, "role")
            scope.facts.append(
                ExtractedFact(whose, "works_as", role_held, quote, negated=left, origin="activity")
            )
    for trip in trips_ahead(sentence):
        add(scope.speaker, "plans", scope.entity(trip, "activity"))
    for subject in courses(sentence):
        add(scope.speaker, "studies", scope.entity(subject, scope.type_of(subject, "activity")))
    for thing in [*favourites(sentence), *tastes(sentence)]:
        add(scope.speaker, "likes", scope.entity(thing, scope.type_of(thing, "thing")))


KINSHIP = frozenset({"has_partner", "has_ex", "has_child", "has_sibling", "has_parent"})


def _topical(scope: Scope, message: str) -> None:
    """Allergies, pets' names, a wedding's partner and pastimes read from what the message is about
    (``topical``), whatever shape its sentences take: the speaker's own."""
    if scope.speaker is None:  # an AI assistant speaks of no self; a named second speaker does
        return
    speaker = scope.speaker
    quote = " ".join(message.split())

    def add(predicate: str, obj: str) -> None:
        scope.facts.append(ExtractedFact(speaker, predicate, obj, quote, origin="topic"))

    for allergen in allergies(message):
        add("allergic_to", scope.entity(allergen, "thing"))
    people = {fold(speaker)} | {fold(f.object) for f in scope.facts if f.predicate in KINSHIP}
    for name, kin in kin_named_next(message, tuple(people)):
        scope.kin(kin, name, kin_alias(kin, english=True))
    for name, kind in pet_names(message, tuple(people)):
        add("has_pet", scope.entity(name, "animal", (f"my {kind}",), retype=True))
    for child, kind in births(message, tuple(people)):
        add("has_child", scope.entity(child, "person", (f"my {kind}",), retype=True))
    for who, role, org in roles_said(message):
        whose = speaker if who == "me" else scope.last_person
        if whose is None or not _is_role(role):
            continue
        if role[1:].islower():  # "Tattoo artist here": capitalised only as the line's first word
            role = role.lower()
        scope.facts.append(
            ExtractedFact(whose, "works_as", scope.entity(role, "role"), quote, origin="topic")
        )
        if org and is_name(org.split()[0]):
            organization = scope.entity(org, "organization", retype=True)
            scope.facts.append(
                ExtractedFact(whose, "works_at", organization, quote, origin="topic")
            )
    for predicate, value in form_fields(message):
        if predicate == "works_as":
            if _is_role(value):
                add(predicate, scope.entity(value, "role"))
        elif is_name(value.split()[0]):
            type_ = "organization" if predicate == "works_at" else "place"
            add(predicate, scope.entity(value, type_, retype=True))
    for employer in [*employers(message), *employers_after_role(message)]:
        add("works_at", scope.entity(employer, "organization", retype=True))
    for place in lived_in(message):
        add("lives_in", scope.entity(place, "place", retype=True))
    for kind, old, new in farewells(message):
        if kind == "job":
            gone = scope.entity(old, "organization", retype=True)
            scope.facts.append(
                ExtractedFact(speaker, "works_at", gone, quote, negated=True, origin="topic")
            )
            add("works_at", scope.entity(new, "organization", retype=True))
        else:
            add("lives_in", scope.entity(new, "place", retype=True))
    for employer in back_from_leave(message):
        add("works_at", scope.entity(employer, "organization", retype=True))
    for partner in weddings(message):
        add("has_partner", scope.entity(partner, "person", retype=True))
    for pastime in pastimes(message):
        add("does", scope.entity(pastime, scope.type_of(pastime, "activity")))


def _owner(scope: Scope, owner: str, sentence: str) -> str | None:
    """Whose "my" / "our" / "her" / "his" thing: the speaker's, or the person the sentence opens
    with, or the last person named."""
    if owner.lower() in ("my", "our"):
        return scope.speaker
    found = _clause_subject(scope, sentence) or scope.last_person
    if found is None:  # "…, and then Leonor rang from her flat in Berlin"
        whose = re.search(rf"\b{re.escape(owner)}\b", sentence, re.IGNORECASE)
        found = named_before(scope, sentence[: whose.start()]) if whose else None
    return found


GIVEN_AWAY = (
    r"\b(?:sold|donated|gave away|gave up|got rid of|lost|traded in|did trade in|did sell|crashed"
    r"|stole|stolen|nicked|robbed"
    r"|totaled|totalled"
    r"|wrecked|returned|handed back|gave back|vendi|doei)"
)
"""Verbs after which "my car" is no longer the speaker's."""


NAMES = re.compile(NAME)


def _capitalized(scope: Scope, sentences: Sequence[str]) -> None:
    """Without spaCy: runs of capitalized words are names, less the common words that lead
    them ("Hey Tim" is Tim); a sentence's first word alone is not a name."""
    for sentence in sentences:
        first = sentence.lstrip(" \"'“(").split()[:1]
        for match in NAMES.finditer(sentence):
            words = match.group(0).split()
            at_start = bool(first) and match.start() == sentence.find(first[0]) if first else False
            while words and not is_name(words[0]):
                words.pop(0)
                at_start = False
            if not words or (at_start and len(words) == 1):
                continue
            name = " ".join(words)
            if all(is_name(w) for w in words if w[:1].isupper()):
                scope.entity(name, scope.type_of(name, "thing"))
