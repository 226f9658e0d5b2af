"""Plans said as what someone is doing at a time to come (English): "we're throwing a party on
Saturday", "I'm running a half marathon in October", "we're renovating the bathroom in March",
"Dan's proposing to Jess next month", "Priya's off to a conference in Seoul on Monday"; plans
already committed to ("we booked our trip to Lisbon for May", "signed up for the Porto half
marathon"); and an event of one's own dated ahead ("my sister's wedding is next weekend", "I've
got a job interview tomorrow") (``plans``).

An event looked forward to is a plan too ("can't wait for our hike next month"), and a chat line
that leaves out its subject is the speaker's ("Flying out to Madrid on Thursday").

A present progressive is a plan only when its sentence names a time ahead of the message;
without one it is what the speaker is doing now ("I'm having a coffee"). Any verb may tell it,
but not an errand ("I'm picking up the kids tomorrow"); the thing planned is an event or
undertaking (``parsed.is_undertaking``), a pastime gone to ("going camping"), or a journey to a
named place. The subject is the speaker ("I", "we", "Rui and I") or the person named.
"""

from __future__ import annotations

import re
from datetime import datetime

from lembrar.graph.extract.names import AFTER_A_PREPOSITION, fold, gerund, is_name
from lembrar.graph.extract.needles import Look, Sentence
from lembrar.graph.extract.parsed import is_event, is_undertaking, plan_date, plan_object
from lembrar.graph.extract.patterns import (
    EVENTS,
    HOW_MANY,
    KIN_WORDS_EN,
    MONTH,
    TIME_WORDS,
    UNDERTAKINGS,
)
from lembrar.graph.extract.stance import HYPOTHETICAL, NEGATION, REPORTED, is_question
from lembrar.graph.extract.topical import HABIT, PASTIMES
from lembrar.temporal import parse_time

KIN_WHO = (
    r"(?:[Mm]y|[Oo]ur)\s+(?:sister|brother|mom|mum|mother|dad|father|wife|husband|partner"
    r"|boyfriend|girlfriend|son|daughter)(?![- ]in[- ]law)(?:\s+[A-ZÀ-Þ][\w'’-]*)?"
)
"""Kin of the speaker's who may plan: "my sister is flying to Rome on Friday"."""
DOING = re.compile(
    r"(?:\b(?:I['’]m|I\s+am|[Ww]e['’]re|[Ww]e\s+are|(?:I|[Ww]e)\s+will\s+be"
    r"|(?:[A-Z][\w'’-]*|(?:[Mm]y|[Oo]ur|[Tt]he)\s+\w+)\s+and\s+(?:I|me)\s+are"
    r"|[Mm]e\s+and\s+(?:[A-Za-z][\w'’-]*|(?:my|our|the)\s+\w+(?:\s+[A-Z][\w'’-]*)?)\s+are)"
    rf"|(?<![\w'’])(?P<who>[A-ZÀ-Þ][\w-]*|{KIN_WHO})(?:['’]s|\s+is))\s+"
    r"(?:(?:also|finally|officially|actually|really|just|still)\s+)?"
    r"(?:(?:off|free|done|finished|back)(?:\s+work)?\s+and\s+)?"  # "I'm off and going to…"
    r"(?P<verb>competing\s+in|taking\s+part\s+in|playing\s+in|performing\s+at"
    r"|signing\s+up\s+for|registering\s+for"
    r"|putting\s+together|getting\s+married|off\s+to|[a-z]{2,}ing)"
    r"\b(?=(?P<rest>[^.;!?]*))"
)
"""Someone doing something, said in the present progressive: the speaker, or a person named
(what follows is looked at, not taken: "Wendy is getting married and I'm organizing her party"
holds two)."""
SCHEDULED_AS_DOING = {
    "start": "starting",
    "starts": "starting",
    "begin": "beginning",
    "begins": "beginning",
    "fly": "flying",
    "flies": "flying",
    "go": "going",
    "goes": "going",
    "head": "heading",
    "heads": "heading",
    "move": "moving",
    "moves": "moving",
    "graduate": "graduating",
    "graduates": "graduating",
    "leave": "leaving",
    "leaves": "leaving",
    "celebrate": "celebrating",
    "celebrates": "celebrating",
}
"""The verbs a schedule is told with, each as its "-ing" form (as ``DOING`` finds it)."""
SCHEDULED_VERBS = "|".join(SCHEDULED_AS_DOING)
SCHEDULED = re.compile(
    rf"(?:\b(?:I|[Ww]e)|(?<=\band\s)me|(?<![\w'’])(?P<who>[A-ZÀ-Þ][\w-]*|{KIN_WHO}))"
    r"\s+(?:(?:also|finally|officially)\s+)?"
    rf"(?P<verb>{SCHEDULED_VERBS})\b(?=(?P<rest>[^.;!?]*))"
)
"""A plan said in the simple present, read only beside a time ahead (a schedule): "I start at
Sonae on Monday", "my daughter starts kindergarten in September", "Rita flies to Rome on
Friday"."""
ME_AND = re.compile(r"\b[Mm]e\s+(?:and|&|n)\s+$")
"""The speaker named first beside someone: "Me and Luca …"."""
SCHEDULED_LOOK = Look.of(re.compile(rf"\b(?:{SCHEDULED_VERBS})\b"))
"""A first look for ``SCHEDULED``: one of its verbs."""
GONE_TO = {
    "leaving": re.compile(r"\s+for\s+(?!(?:work|school|home|good|now|a\s+while)\b)"),
    "going": re.compile(
        r"\s+(?:to|on)\s+(?=(?:an?|the|my|our|his|her|their|this|that|\w+['’]s)\s)"
    ),
}
"""Where one leaves for or goes to, when it may be an event ("leave for our honeymoon", "going
to my cousin's wedding"; not "for work", nor "going to" a verb)."""
OBJECT_PRONOUN = re.compile(r"\s+(?:me|us|you|him|her|it|them)\b")
BE = (" am ", " are ", "'m ", "’m ", "'re ", "’re ", "'s ", "’s ", " is ", " will be ")
"""One of these stands in every sentence ``DOING`` finds something in."""
ERRANDS = frozenset(
    "pick picking buy buying get getting grab grabbing call calling text texting email emailing"
    " send sending clean cleaning cook cooking order ordering pay paying fix fixing wash washing"
    " make making do doing work working try trying think thinking wonder wondering look looking"
    " hope hoping feel feeling wait waiting eat eating watch watching read reading sleep sleeping"
    " stay staying leave leaving come coming bring bringing use using need needing keep keeping"
    " plan planning sort sorting finish finishing check checking ask asking tell telling"
    " meet meeting see seeing talk talking dropping drop".split()
)
"""Verbs of errands and states, not plans: "I'm picking up the kids tomorrow", "I'm working
late tonight" (an event after one of them still counts: "doing a road trip")."""
NOT_DOING = frozenset(
    "planning thinking considering hoping wanting trying wondering looking dreaming debating"
    " deciding struggling".split()
)
"""Verbs of minding a plan, not of doing it: "I'm planning a trip" is the patterns' to read
("planning a trip to X"), "I'm thinking of moving" is no plan."""
NOT_A_PERSON = frozenset(
    "it that this there here what who where how everything nothing something everyone someone"
    " he she mine today tomorrow".split()
)
JOURNEY = re.compile(
    r"\s+(?:(?:back|out|over|up|down|home)\s+)?to\s+"
    r"(?P<place>[A-ZÀ-ÞĀ-ž][\w'’-]*(?:\s+[A-ZÀ-ÞĀ-ž][\w'’-]*){0,2})"
)
"""Where a journey goes: "flying to Lisbon", "heading to New York", "back to Đà Nẵng", "home to
Ibadan"."""


def _journey(rest: str, start: int = 0) -> re.Match[str] | None:
    """Where a journey goes (``JOURNEY``) from ``start``, its name capitalised ("to Łódź", not
    "to ładne")."""
    match = JOURNEY.match(rest, start)
    return match if match is not None and match.group("place")[:1].isupper() else None


GOING_TO_DO = re.compile(r"\s+(?P<doing>[a-z]+ing)\b")
"""What one goes to do: "going camping", "going skiing in the Alps"."""
NOT_GONE_TO = frozenset("nothing something anything being having getting doing".split())
PREPARING = ("organizing", "organising", "putting together", "preparing", "arranging")
"""Verbs whose event is ahead whenever they are said: one prepares what has not happened."""
READYING = frozenset(
    "training studying preparing revising prepping cramming practising practicing".split()
)
"""Verbs of getting ready for something ahead: "training for a marathon", "studying for the
TCF" (what follows "for" is the plan, with or without a time)."""
READY_FOR = re.compile(
    r"\s+(?:(?:hard|like\s+mad|so\s+hard)\s+)?(?:\d+\s+(?:hrs?|hours)\s+a\s+week\s+(?:now\s+)?)?"
    r"for\s+(?:(?:the|my|a|an|our|his|her|their)\s+)?(?P<what>[\w'’-]+(?:\s+[\w'’-]+){0,3})"
)
"""What one gets ready for, up to four words: "for the TCF", "for a powerlifting meet"."""
OUTING = re.compile(
    rf"(?:{PASTIMES})|camping|hiking|fishing|bowling|sightseeing|backpacking|kayaking|sailing"
    r"|skiing|surfing|biking|cycling|clubbing|caroling|stargazing"
)
"""What one goes doing on an outing: "we're going camping" is ahead, "going shopping" an
errand."""
TRAVEL = ("heading", "flying", "driving", "travelling", "traveling", "going", "coming")
PHRASE_END = re.compile(
    r"\s+(?:next|this|tomorrow|tonight|today|on|in|at|for|with|soon|later|after|before|during|from"
    r"|and|but|so|because|which|who|that|to|when|while|until)\b|[,:()]"
)
"""Where the thing planned ends and its time, place or company begins."""
MOVED_ONLY = re.compile(
    rf"\s+(?:out|down|up|over|in\s+(?:(?:on|at|next|this|for|from|in|by|the|\d)\b|(?i:{MONTH})))"
)
"""A move said without where to ("moving out of the flat", "moving in on the 20th"); not
"moving in together" nor "moving in with Ana"."""


COMMITTED = re.compile(
    r"(?:^\W*|,\s*|\b(?:I|[Ww]e)(?:['’]ve|\s+have|['’]m|\s+am|['’]re|\s+are)?\s+)"
    r"(?:(?:just|finally|already|officially|all)\s+)?"
    r"(?P<verb>booked|signed\s+up\s+for|registered\s+for|entered|got\s+tickets\s+(?:to|for)"
    r"|got(?=\s+(?:an?|my|our)\s+(?:[\w-]+\s+){0,2}?booked\b)"
    r"|bought\s+tickets\s+(?:to|for)|tickets\s+(?:to|for))\s+(?P<rest>[^.;!?]*)",
    re.IGNORECASE,
)
"""A plan already committed to: "we booked our trip to Lisbon", "Signed up for the 10k"."""
HAD_EVENT = (
    r"(?:an?|my|our)\s+(?P<had>(?:[\w-]+\s+){0,2}?[\w-]+)"
    r"(?=\s+(?:at|in|on|with|tomorrow|tonight|next|this|coming\s+up|to\s+go\s+to|to\s+attend)\b)"
)
"""An event had, then its time: "a job interview at the bank tomorrow"."""
OWN_EVENT = re.compile(
    r"\b(?:[Mm]y|[Oo]ur)\s+(?:\w+['’]s\s+)?(?P<event>(?:[\w-]+\s+){0,2}?[\w-]+)"
    r"\s+(?:is|['’]s|are|starts?|begins?)\b"
    r"|\b(?:I|[Ww]e)(?:\s+have|['’]ve|\s+will\s+have|['’]ll\s+have)(?:\s+got)?\s+"
    rf"{HAD_EVENT}"
)
"""An event of one's own, then its time: "my sister's wedding is next weekend", "I've got a
job interview at the bank tomorrow"."""
OWN_EVENT_BARE = re.compile(rf"^\W*(?:I\s+)?(?:[Gg]ot|[Hh]ave)\s+{HAD_EVENT}")
"""… opening its sentence, with or without its "I": "Got my IELTS exam on Saturday"."""
NEXT_WHAT = (
    r"week|weekend|month|year|summer|winter|spring|fall|autumn|term|semester|season|monday"
    r"|tuesday|wednesday|thursday|friday|saturday|sunday"
)
"""What "next" says a time with: "next week", not "next door", "next js"."""
HAD_AHEAD = re.compile(
    r"(?:\b(?:I|[Ww]e)(?:\s+have|['’]ve|\s+will\s+have|['’]ll\s+have)(?:\s+got)?|^\W*(?:[Gg]ot|[Hh]ave))"
    r"\s+(?:(?:[Aa]n?|[Mm]y|[Oo]ur)\s+|(?=[A-Z]))(?P<had>(?:[\w'’-]+\s+){0,3}?[\w'’-]+)"
    rf"(?=\s+(?i:{TIME_WORDS.pattern}))(?!\s+(?i:next)\s+(?!(?i:{NEXT_WHAT})\b))"
)
"""Something of one's own had at a time to come, whatever it is, when the time follows it
("I have my CFA Level 2 in three weeks", "I have TOEIC exam in June"): an appointment."""
NOT_HAD_AHEAD = re.compile(
    rf"\b(?:{KIN_WORDS_EN}|kids|children|babys?|babies|lot|bit|day|time|chance)\b", re.I
)
"""What one has at a time that is no appointment: kin ("my kids this weekend") or time itself
("a lot on next week", "a day off on Friday")."""
ANTICIPATED = re.compile(
    r"(?:^\W*|\b(?:I|[Ww]e)(?:['’]m|['’]re|\s+am|\s+are)?\s+)"
    r"(?:(?:so|really|very|super|just|all|already|also|truly)\s+)*"
    r"(?:looking\s+forward\s+to|excited\s+(?:for|about)|can['’]?t\s+wait\s+for"
    r"|cannot\s+wait\s+for)\s+(?P<rest>[^.;!?]*)",
    re.IGNORECASE,
)
"""An event the speaker looks forward to is ahead of them: "I can't wait for our hike next
month", "looking forward to this party" ("I was looking forward to it" is past)."""
ANTICIPATING = ("forward to", "wait for", "excited for", "excited about")
"""One of these stands in every sentence ``ANTICIPATED`` finds something in."""
ANY_EVENT = Look.of(re.compile(r"(?i:\b(?:" + "|".join(sorted(EVENTS)) + "))"))
"""A first look: an event of one's own needs a word for an event."""
EVENT_OPENING = re.compile(
    r"^\W*(?P<event>(?:(?!(?:my|our|your|no|not|there['’]s)\b)[A-Za-z][\w'’-]*\s+){0,2}?"
    r"(?P<head>[A-Za-z][\w'’-]*))"
    r"(?P<place>\s+in\s+[A-ZÀ-Þ][\w'’-]*(?:\s+[A-ZÀ-Þ][\w'’-]*)?)?"
    r"(?=\s+(?:is\s+)?(?:on|in|next|this|tomorrow|tonight|today|at)\b)"
)
"""A sentence that opens on an event and then its time: "Conference in Vienna in June",
"Housewarming on the 12th" (the speaker's, who tells it)."""
OWN_WORDS = (
    *("my ", "My ", "our ", "Our ", "I've", "I’ve", "I have"),
    *("We've", "We’ve", "we've", "We have", "we have"),
)
"""One of these stands in every sentence ``OWN_EVENT`` finds something in."""
LEADS_ON = re.compile(r"\s+(?:to|at|in|for|on|with)\s+(?!the\s+\d|\d)")
"""A preposition a verb's plan goes on with ("applying to grad school", "volunteering at a
rescue"), not a time ("on the 3rd")."""
NAMED_PLACE = re.compile(
    r"\s+(?:in|at)\s+(?:the\s+(?=[A-Z]))?(?P<place>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,2})"
)
"""A named place after a plan's words: " in Seoul", " at Lake Tahoe" (not a month: ``is_name``)."""
ARTICLE = re.compile(r"^(?:(?:a|an|the|my|our|his|her|their)\s+)+", re.IGNORECASE)


def upcoming(
    sentence: str, at: datetime, zone: str, said_as: Sentence | None = None
) -> list[tuple[str | None, str]]:
    """The plans ``sentence`` tells, each as (whose: a name, or None for the speaker; the plan's
    object, "running a half marathon (2024-10-01)"). Hosting is the patterns' own ("we're
    hosting a barbecue next weekend"). ``said_as``: the sentence as the first looks test it,
    when the caller has it."""
    told = going_as_progressive(as_first_person(sentence))
    doing = ("ing " in told or "off to" in told) and any(be in told for be in BE)
    said = _said_doing(told) if doing else []
    looked = SCHEDULED_LOOK.search(said_as if said_as is not None else Sentence(sentence))
    scheduled = _said_scheduled(sentence) if looked else []
    if scheduled and TIME_WORDS.search(sentence):
        said += scheduled
    own = []
    if ANY_EVENT.search(said_as if said_as is not None else Sentence(sentence)):
        if any(word in sentence for word in OWN_WORDS):
            own = _own_event(sentence)
        own += _event_opening(sentence)
    if any(word in sentence for word in HAVING_AHEAD):
        own += [(None, had) for had in _had_ahead(sentence) if (None, had) not in own]
    committed = _committed(sentence) + (_stays(sentence) if " be in " in sentence else [])
    lower = sentence.lower()
    awaited = _anticipated(sentence) if any(w in lower for w in ANTICIPATING) else []
    if not (said or own or committed or awaited):
        return []
    timed = TIME_WORDS.search(sentence) is not None
    found = _doing(said, timed) + committed + awaited + (own if timed else [])
    if not found or (
        is_question(sentence)
        or HYPOTHETICAL.search(sentence)
        or REPORTED.search(sentence)
        or HABIT.search(sentence)
    ):
        return []
    when = parse_time(sentence, at, zone) if timed else None
    date = plan_date(when, at) if when is not None else None
    if (
        when is not None
        and date is None
        and when.windows
        and all(w.end <= at for w in when.windows)
    ):
        return []  # the time named is past: "we were going hiking last weekend"
    plans = [(who, plan_object("plans", thing, date)) for who, thing in found]
    return list(dict.fromkeys(plans))


BARE_OPENING = re.compile(
    r"^\W*(?:(?:[Nn]ow|[Ss]till|[Cc]urrently|[Jj]ust|[Bb]usy)\s+)?"
    r"(?P<verb>(?P<first>[A-Za-z])(?:[a-z]+ing|ff to))\b"
)
"""A sentence that opens on a progressive verb, its subject left out: "Flying out to Denver on
Friday", "Off to Lisbon on Thursday!"."""
FINITE_LATER = re.compile(r"\s(?:is|was|were|are|has\s+been|will\s+be|makes|made)\s")
"""A verb after the opening "-ing" that makes it the sentence's subject ("Painting is my hobby")."""
NOT_VERBS = frozenset(
    "nothing something anything everything morning evening spring thing wedding building"
    " ceiling clothing sibling darling pudding string boring amazing interesting".split()
)
"""Words in "-ing" that open a sentence as a noun or an adjective ("Morning!", "Wedding is
next week", "Amazing trip")."""


WILL_DO = re.compile(
    r"\b(?P<who>I|[Ww]e)\s+will\s+(?:(?:also|definitely|finally|then|soon)\s+)?"
    r"(?!(?:be|have|not|never|probably|maybe|just|still|always|need|want|try|let|see|get)\b)"
    r"(?P<verb>[a-z]{2,})\b"
)
"""Something told in the future tense: "I will go to Seoul", "we will start a pottery class"."""


def going_as_progressive(sentence: str) -> str:
    """What is told in the future as the progressive ``DOING`` reads: "I will go to Seoul"
    reads as "I am going to Seoul", "we will open a café" as "we are opening a café" (a time
    ahead, or an undertaking, still makes it a plan)."""
    if " will " not in sentence:
        return sentence
    return WILL_DO.sub(
        lambda m: (
            f"{m.group('who')} {'am' if m.group('who') == 'I' else 'are'} {gerund(m.group('verb'))}"
        ),
        sentence,
    )


def as_first_person(sentence: str) -> str:
    """``sentence`` with "I am" before the progressive verb it opens on, the subject a chat
    leaves out ("Heading to the beach tomorrow"); unchanged otherwise."""
    match = BARE_OPENING.match(sentence)
    if match is None or fold(match.group("verb")) in NOT_VERBS:
        return sentence
    if FINITE_LATER.search(sentence, match.end("verb")):
        return sentence  # "Organizing a camp last summer was awesome": the "-ing" is a subject
    start = match.start("verb")
    return f"{sentence[:start]}I am {match.group('first').lower()}{sentence[start + 1 :]}"


def _said_doing(sentence: str) -> list[tuple[str | None, str, str]]:
    """Who does what in the present progressive (``DOING``), and what follows: (whose, the verb
    single-spaced, the rest), less the verbs of minding a plan and a negated verb."""
    out: list[tuple[str | None, str, str]] = []
    for match in DOING.finditer(sentence):
        who = match.group("who")
        if who is not None and not _someone(who):
            continue
        verb = " ".join(match.group("verb").split())
        if verb not in NOT_DOING and not NEGATION.search(sentence[: match.end("verb")]):
            out.append((who, verb, match.group("rest")))
    return out


def _someone(who: str) -> bool:
    """Whether ``who`` (a capitalised word, or kin: ``KIN_WHO``) is someone who may plan."""
    return who.lower().startswith(("my ", "our ")) or (
        fold(who) not in NOT_A_PERSON and is_name(who)
    )


def _said_scheduled(sentence: str) -> list[tuple[str | None, str, str]]:
    """Who does what in the simple present (``SCHEDULED``), as ``_said_doing`` tells it."""
    out: list[tuple[str | None, str, str]] = []
    for match in SCHEDULED.finditer(sentence):
        who, said_verb, rest = match.group("who"), match.group("verb"), match.group("rest")
        if who is not None and ME_AND.search(sentence, 0, match.start("who")):
            who = None  # "Me and Luca fly to Rome": the speaker's plan (and Luca's, shared)
        if (who is None) == said_verb.endswith("s"):
            continue  # "I start", "Rita starts"; "Classes start in January" is no one's
        if who is not None and not _someone(who):
            continue
        if who is not None and AFTER_A_PREPOSITION.search(sentence, 0, match.start("who")):
            continue  # "new job at OutSystems starts Monday": the job starts, not OutSystems
        doing = SCHEDULED_AS_DOING[said_verb.lower()]
        if doing == "leaving":
            if GONE_TO["leaving"].match(rest):  # "we leave for our honeymoon on Friday"
                out.append((who, doing, rest))
            continue
        travel = doing in TRAVEL + ("moving",)
        if travel and not _journey(rest):
            continue  # "moves in at the start of April": a journey names where it goes
        if not travel and (LEADS_ON.match(rest) or OBJECT_PRONOUN.match(rest)):
            continue  # "graduates in June", "starts at 9", "OutSystems starts me on Monday"
        if not NEGATION.search(sentence[: match.end("verb")]):
            out.append((who, SCHEDULED_AS_DOING[said_verb.lower()], rest))
    return out


def _doing(said: list[tuple[str | None, str, str]], timed: bool) -> list[tuple[str | None, str]]:
    """The plans of what is said done (``_said_doing``): with a time ahead, or ahead by itself."""
    out: list[tuple[str | None, str]] = []
    for who, verb, rest in said:
        if timed or _ahead_by_itself(verb, rest):
            thing = _planned(verb, rest)
            if thing:
                out.append((who, thing))
    return out


SCHEMES = frozenset("loyalty rewards reward points cashback membership referral newsletter".split())
"""Words of a scheme one signs up for to get something, not an event or undertaking ahead."""


BOOKED_TO = re.compile(
    r"^\W*(?:(?:[Mm]y|[Oo]ur|[Tt]he)\s+)?(?i:flights?|tickets?|trains?|ferry|bus|trip|holiday)\s+to"
    r"\s+(?P<place>[A-ZÀ-ÞĀ-ž][\w'’-]*(?:\s+[A-ZÀ-ÞĀ-ž][\w'’-]*){0,2})\s+(?:(?:are|is)\s+)?"
    r"(?:(?:all|finally|now)\s+)?(?:booked|sorted|bought)\b"
)
"""A journey booked, said passive: "Flights to Toronto booked for 14 August"."""


def _committed(sentence: str) -> list[tuple[str | None, str]]:
    """A plan already committed to (``COMMITTED``): its event, or a journey's place ("Flights to
    Toronto booked": a trip there)."""
    lower = sentence.lower()
    if not any(w in lower for w in ("booked", "signed", "registered", "entered", "tickets")):
        return []
    booked_to = BOOKED_TO.match(sentence)
    if booked_to is not None and is_name(booked_to.group("place").split()[0]):
        return [(None, f"trip to {booked_to.group('place')}")]
    match = COMMITTED.search(sentence)
    if match is None or NEGATION.search(sentence[: match.start("verb")]):
        return []
    rest = match.group("rest")
    if match.group("verb").lower().startswith("got"):  # "got a show booked at the Doug Fir"
        rest = re.sub(r"\s+booked\b", "", rest, count=1)
    phrase, stop = _phrase(rest)
    phrase = ARTICLE.sub("", phrase)
    if not phrase or len(phrase.split()) > 6 or not is_undertaking(phrase):
        return []
    if SCHEMES & {w.lower() for w in phrase.split()}:
        return []  # "signed up for the store's loyalty program": a scheme joined, no plan
    return [(None, _with_where(phrase, rest, stop))]


STAY_AHEAD = re.compile(
    r"(?:\b(?:I|[Ww]e)(?:['’]ll|\s+will|\s+am\s+going\s+to|\s+are\s+going\s+to)|^\W*[Ww]ill)\s+be\s+"
    r"(?:(?:away|over|back|out)\s+)?in\s+(?P<place>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,2})"
    r"(?:\s+(?:next|this|on|in)\s+\w+|\s+tomorrow|\s+tonight)?"
    r"(?:\s+for\s+(?:an?|the|my|our)\s+(?P<event>(?:[\w-]+\s+){0,2}?[\w-]+)\b)?"
)
"""A stay ahead somewhere named: "I'll be in Tokyo for a conference that week" (the event there),
"we'll be in Rome in June" (a trip)."""


def _stays(sentence: str) -> list[tuple[str | None, str]]:
    """The stays ahead ``sentence`` tells (``STAY_AHEAD``): an event there, or a trip there."""
    out: list[tuple[str | None, str]] = []
    for match in STAY_AHEAD.finditer(sentence):
        place, event = match.group("place"), match.group("event")
        if not is_name(place.split()[0]) or NEGATION.search(sentence[: match.start()]):
            continue
        if event and any(is_event(fold(w)) for w in event.split()):
            out.append((None, f"{event} in {place}"))
        else:
            out.append((None, f"trip to {place}"))
    return out


def _with_where(phrase: str, rest: str, stop: int) -> str:
    """The plan ``phrase`` with where it goes ("trip to Lisbon") or takes place ("a conference
    in Seoul") when ``rest`` names it after ``stop``."""
    journey = _journey(rest, stop)
    if journey and phrase.split()[-1].lower() in ("trip", "flight", "flights", "holiday"):
        return f"{phrase} to {journey.group('place')}"
    return phrase + _place(rest, stop)


def _anticipated(sentence: str) -> list[tuple[str | None, str]]:
    """The event the speaker looks forward to (``ANTICIPATED``), or what they look forward to
    doing when it is a plan ("looking forward to going camping")."""
    out: list[tuple[str | None, str]] = []
    for match in ANTICIPATED.finditer(sentence):
        rest = match.group("rest")
        doing = re.match(r"\s*(?P<verb>[a-z]{2,}ing)\b", rest)
        if doing is not None and doing.group("verb") == "going":
            thing = _planned("going", rest[doing.end() :])  # "going camping"
        else:
            rest = rest[doing.end() :] if doing else rest
            phrase, stop = _phrase(rest)
            phrase = _bare(phrase)
            fits = phrase and len(phrase.split()) <= 4 and not _only_named(phrase)
            thing = _with_where(phrase, rest, stop) if fits and is_undertaking(phrase) else None
            if thing and doing:  # "looking forward to running the Lisbon half marathon"
                thing = f"{doing.group('verb')} {thing}"
        if thing:
            out.append((None, thing))
    return out


THIS = re.compile(r"^(?:this|these|that|those|coming\s+up|upcoming)\s+", re.IGNORECASE)


def _bare(phrase: str) -> str:
    """``phrase`` without the article, demonstrative or "upcoming" it opens on: "the coming up
    hike" is a hike."""
    return THIS.sub("", ARTICLE.sub("", phrase))


DEMONSTRATIVE = re.compile(
    r"^\s+(?:that|this)(?=\s+\w)(?!\s+(?:week|weekend|month|year|morning|afternoon|evening|summer"
    r"|winter|spring|fall|autumn|time|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b)"
)
"""A demonstrative before the thing planned ("taking that cooking class"), not a time's ("this
weekend")."""


def _event_opening(sentence: str) -> list[tuple[str | None, str]]:
    """The event a sentence opens on (``EVENT_OPENING``): a plan when it names a time ahead."""
    match = EVENT_OPENING.match(sentence)
    if match is None:
        return []
    first, head = match.group("event").split()[0].lower(), fold(match.group("head"))
    if not is_event(head) and (  # "bac de français in 6 weeks"; not "Dinner for ten at 8"
        not is_event(fold(first)) or fold(first).rstrip("s") in NOT_AN_EVENT_OPENED
    ):
        return []
    if first in NOT_AN_OPENING_EVENT or first[:1].isdigit() or re.fullmatch(HOW_MANY, first):
        return []  # "The party is on Friday", "His wedding…", "Three shows today": not one's own
    if first.endswith("ing") and not is_event(fold(first)):
        return []  # "Planning a staycation at Sentosa": a verb's, read with the verb
    if head in NOT_AN_EVENT_OPENED or head.rstrip("s") in NOT_AN_EVENT_OPENED:
        return []  # "She starts in June": a verb; "Dinner tonight": a meal
    event = _bare(match.group("event"))
    if is_event(fold(event.split()[0])):  # "Conference in Vienna": a common noun, lower-cased
        event = event[:1].lower() + event[1:]
    return [(None, event + (match.group("place") or ""))]


NOT_AN_OPENING_EVENT = frozenset("his her their your its the that this she he it they one".split())
NOT_AN_EVENT_OPENED = frozenset("start move visit dinner lunch breakfast brunch".split())
"""Heads that open a sentence as a verb ("Starts in June") or a meal, not an event one plans."""


def _own_event(sentence: str) -> list[tuple[str | None, str]]:
    """An event of one's own (``OWN_EVENT``): a plan when the sentence names a time ahead."""
    out: list[tuple[str | None, str]] = []
    for match in [*OWN_EVENT.finditer(sentence), *OWN_EVENT_BARE.finditer(sentence)]:
        group = "event" if match.groupdict().get("event") else "had"
        event = match.group(group)
        if any(is_event(fold(w)) for w in event.split()) and not NEGATION.search(sentence):
            whose = re.search(r"(\w+['’]s)\s+$", sentence[: match.start(group)])
            out.append((None, f"{whose.group(1)} {event}" if whose else event))
    return out


HAVING_AHEAD = ("have", "Have", "'ve", "’ve", "got", "Got", "HAVE")
"""One of these stands in every sentence ``HAD_AHEAD`` finds something in."""


def _had_ahead(sentence: str) -> list[str]:
    """What the speaker has at a time to come (``HAD_AHEAD``), not kin nor time itself."""
    out = []
    for match in HAD_AHEAD.finditer(sentence):
        had = match.group("had")
        if NOT_HAD_AHEAD.search(had) or fold(had.split()[-1]) in CUT_AT:
            continue  # "my kids this weekend"; "a project in next js": the phrase is cut off
        if not NEGATION.search(sentence[: match.start("had")]):
            out.append(had)
    return out


def _ahead_by_itself(verb: str, rest: str) -> bool:
    """A plan with no time said: an event being prepared ("I'm organizing her party"), one got
    ready for ("training for a marathon") or an outing one is going on ("we're going
    camping")."""
    if verb in PREPARING or (verb in READYING and READY_FOR.match(rest)):
        return True
    doing = GOING_TO_DO.match(rest) if verb == "going" else None
    return doing is not None and bool(OUTING.fullmatch(doing.group("doing")))


NOT_READIED_FOR = frozenset("it this that them life hours ages years now".split())
"""What follows "for" that is no event: "studying for hours", "training for life"."""
CHAT_WORDS = frozenset("rn lol lmao haha tbh ngl ugh btw pls omg asap xd fr".split())
"""Chat words a phrase may end on: "finals rn"."""
CONTESTS = frozenset(
    "finals nationals regionals meet match interview interviews audition recital tournament"
    " championship championships game test tests exams gcses boards".split()
)
"""What one trains or studies for besides the events ``is_undertaking`` knows."""
TAKEN_TO = re.compile(
    r"\s+(?:(?:my|our|the|his|her)\s+)?(?:[\w'’-]+\s+){1,2}?to\s+"
    r"(?P<place>[A-ZÀ-Þ][\w'’-]*(?:\s+(?:de\s+|da\s+|do\s+)?[A-ZÀ-Þ][\w'’-]*){0,3})"
)
"""Whom one takes where: "taking the kids to Uhuru Park"."""
ARRIVING = re.compile(r"\s+(?:in|over|back|down|up)?\s*from\b|\s+in\b(?!\s+(?:the|a|an|to)\b)")
"""A journey to the speaker, not the traveller's plan: "Lea is flying in from Hamburg"."""


def _planned(verb: str, rest: str) -> str | None:
    """The thing planned, from the verb (its words single-spaced) and what follows it."""
    if verb == "getting married":
        return verb  # as said: "getting married", not "wedding" (a wedding is said so)
    ready = READY_FOR.match(rest) if verb in READYING else None
    if ready is not None:  # "training for a marathon": the marathon is the plan
        words, _ = _phrase(" " + ready.group("what"))
        kept = words.split()
        while kept and fold(kept[-1]) in CHAT_WORDS:
            kept.pop()  # "studying for my finals rn"
        what = " ".join(kept)
        if not what or fold(what) in NOT_READIED_FOR:
            return None
        last = kept[-1]
        acronym = len(last) >= 2 and last.isupper()  # "the TCF", "my GCSEs": an exam
        return what if is_undertaking(what) or fold(last) in CONTESTS or acronym else None
    if verb in TRAVEL and verb != "going" and ARRIVING.match(rest):
        return None
    if verb == "taking":  # "taking my girlfriend Bia to Morro de São Paulo": a journey there
        taken = TAKEN_TO.match(rest)
        if taken is not None and is_name(taken.group("place").split()[0]):
            return _trip(taken.group("place"), rest, taken.end())
    if verb in TRAVEL or verb == "off to":
        journey = _journey(rest)
        if journey:
            return _trip(journey.group("place"), rest, journey.end())
    if verb == "moving" and _journey(rest) is None and MOVED_ONLY.match(rest):
        return None  # "moving in on the 20th", "moving out of the flat": where to is not said
    if verb == "going":
        doing = GOING_TO_DO.match(rest)
        if doing and doing.group("doing") not in NOT_GONE_TO:
            return doing.group("doing") + _place(rest, doing.end())
    towards = GONE_TO[verb].match(rest) if verb in GONE_TO else None
    if towards is not None:  # "going to my cousin's wedding", "leave for our honeymoon"
        rest = rest[towards.end() :]
        phrase, stop = _phrase(rest)
        phrase = _bare(phrase)
        fits = phrase and len(phrase.split()) <= 4 and is_undertaking(phrase)
        return phrase + _place(rest, stop) if fits else None
    if verb in GONE_TO:
        return None
    if verb in WORKING_FOR and WORKED_FOR.match(rest):
        return None  # "still riding for Wolt tonight": a shift worked, not a plan
    course = NAMED_COURSE.match(rest) if verb in COURSES_DONE else None
    if course is not None and is_name(course.group("name").split()[0]):
        return f"{verb} {course.group(0).strip()}"  # "doing the Tough Mudder in August"
    rest = DEMONSTRATIVE.sub("", rest)  # "taking that cooking class"
    phrase, stop = _phrase(rest, leads_on=True)
    where = _place(rest, stop)
    if verb == "off to":
        phrase = ARTICLE.sub("", phrase)
        if phrase and _only_named(phrase) and phrase[:1].isupper():  # "off to Ireland"
            return f"trip to {phrase}"
        return phrase + where if phrase and is_undertaking(phrase) else None
    if not phrase or len(phrase.split()) > 6 or fold(phrase.split()[0]) in ("there", "here"):
        return None  # "moving there": the patterns read where "there" is
    if fold(phrase.split()[0]) in TIME_OPENERS:
        return None  # "starts Monday though": a time, no thing planned
    if fold(phrase.split()[-1]) in CUT_AT:
        return None  # "beginning the first day of next month": no thing planned
    plan = f"{verb} {phrase}"
    event = is_undertaking(_bare(phrase)) and not _only_named(phrase)
    if fold(verb.split()[0]) in ERRANDS:
        return plan + where if event else None
    planned = event or is_undertaking(plan) or is_undertaking(_base(verb))
    return plan + where if planned else None


WORKING_FOR = frozenset("riding driving delivering working cycling".split())
WORKED_FOR = re.compile(r"\s+for\s+[A-ZÀ-Þ]")
"""Who one rides, drives or delivers for: an employer ("riding for Wolt")."""
COURSES_DONE = frozenset(
    "doing walking hiking cycling biking riding running climbing swimming sailing trekking"
    " paddling rowing".split()
)
"""Verbs a named course or race is done with: "doing the Rallarvegen", "walking the Camino"."""
NAMED_COURSE = re.compile(
    r"\s+(?:the\s+)?(?P<name>[A-ZÀ-Þ][\w'’-]*(?:\s+[A-ZÀ-Þ][\w'’-]*){0,3})"
    r"(?=\s*(?:$|[,.!?;:()]|\s+(?:next|this|on|in|at|for|with|tomorrow|tonight|again|and|if"
    r"|before|after|together)\b))"
)
"""A course or race named, its words all capitalised: "the Tongariro Crossing", "Vätternrundan"."""
TIME_OPENERS = frozenset(
    "today tomorrow tonight next this monday tuesday wednesday thursday friday saturday sunday"
    " january february march april may june july august september october november"
    " december".split()
)
"""Words a time opens on: what follows a verb from one of them is when, not what."""
CUT_AT = frozenset("of to for with in on at from by".split())
"""Words a plan's phrase cannot end on: what they lead to was cut off."""


PURPOSE = re.compile(r"(?:\s+(?:next|this|on|in|tomorrow|tonight)\b[^,;.!?]*?)??\s+for\s+")
"""What may stand between a journey's place and what it is for: "to Honolulu tomorrow for"."""


def _trip(place: str, rest: str, end: int) -> str:
    """A journey to ``place``, with what it is for when ``rest`` names it after ``end``:
    "trip to Honolulu for nephew's wedding"."""
    purpose = _purpose(rest, end)
    return f"trip to {place} for {purpose}" if purpose else f"trip to {place}"


def _purpose(rest: str, start: int) -> str | None:
    """The event a journey is for, when ``rest`` names one after its place ("flying to Honolulu
    for my nephew's wedding": the plan is the trip for the wedding)."""
    lead = PURPOSE.match(rest, start)
    if lead is None:
        return None
    phrase, _ = _phrase(rest[lead.end() :])
    phrase = _bare(phrase)
    if not phrase or len(phrase.split()) > 4 or _only_named(phrase):
        return None
    return phrase if is_undertaking(phrase) else None


def _phrase(rest: str, leads_on: bool = False) -> tuple[str, int]:
    """The words of ``rest`` up to where its time, company or next clause begins
    (``PHRASE_END``), single-spaced, and where they stop; ``leads_on``: a preposition the
    words open on is theirs ("applying to grad school", "volunteering at a rescue")."""
    end = PHRASE_END.search(rest)
    lead = LEADS_ON.match(rest) if leads_on else None
    if end is not None and end.start() == 0 and lead is not None:
        end = PHRASE_END.search(rest, lead.end())
    stop = end.start() if end else len(rest)
    return " ".join(rest[:stop].split()), stop


def _place(rest: str, stop: int) -> str:
    """ " in Seoul" when a named place follows the plan's words ("a conference in Seoul",
    "camping at Lake Tahoe"), else ""."""
    place = NAMED_PLACE.match(rest, stop)
    if place is None or not is_name(place.group("place").split()[0]):
        return ""
    return " " + " ".join(place.group(0).split())


def _only_named(phrase: str) -> bool:
    """A phrase that is an undertaking only for a capitalised word in it ("Mom", "Jess")."""
    words = [fold(w.strip("(),.!?")) for w in ARTICLE.sub("", phrase).split()]
    return not any(is_event(w) for w in words)


def _base(verb: str) -> str:
    """The verb of an "-ing" form, roughly: "renovating" -> "renovate", "running" -> "run"."""
    stem = verb[:-3] if verb.endswith("ing") else verb
    doubled = stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else stem  # running
    return next((v for v in (stem, stem + "e", doubled) if fold(v) in UNDERTAKINGS), doubled)
