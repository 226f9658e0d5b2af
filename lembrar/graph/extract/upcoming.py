"""Plans said as what the speaker is doing at a time to come (English): "we're throwing a
party on Saturday", "I'm running a half marathon in October", "I'm going camping on
Saturday", "we're flying to Lisbon tomorrow" (``plans``).

A present progressive is a plan only when its sentence names a time ahead of the message;
without one it is what the speaker is doing now ("I'm having a coffee"). The thing planned is
an event or undertaking (``parsed.is_undertaking``), a pastime gone to ("going camping"), or a
journey to a named place.
"""

from __future__ import annotations

import re
from datetime import datetime

from lembrar.graph.extract.parsed import is_undertaking, plan_date, plan_object
from lembrar.graph.extract.stance import HYPOTHETICAL, NEGATION, REPORTED, is_question
from lembrar.graph.extract.topical import HABIT, PASTIMES
from lembrar.temporal import parse_time

DOING = re.compile(
    r"\b(?:I['’]m|I\s+am|[Ww]e['’]re|[Ww]e\s+are"
    r"|(?:[A-Z][\w'’-]*|(?:[Mm]y|[Oo]ur|[Tt]he)\s+\w+)\s+and\s+I\s+are"
    r"|[Mm]e\s+and\s+(?:[A-Z][\w'’-]*|(?:my|our|the)\s+\w+)\s+are)\s+"
    r"(?:(?:also|finally|officially|actually|really|just|still)\s+)?"
    r"(?P<verb>going|having|throwing|running|holding|attending"
    r"|competing\s+in|taking\s+part\s+in|playing\s+in|heading|flying|driving|travel+ing"
    r"|visiting|celebrating|performing\s+at|putting\s+together|getting\s+married|starting"
    r"|organi[sz]ing|preparing|arranging)"
    r"\b(?P<rest>[^.;!?]*)"
)
"""The speaker doing something, said in the present progressive."""
BE = (" am ", " are ", "'m ", "’m ", "'re ", "’re ")
"""One of these stands in every sentence ``DOING`` finds something in."""
JOURNEY = re.compile(r"\s+(?:back\s+)?to\s+(?P<place>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,2})")
"""Where a journey goes: "flying to Lisbon", "heading to New York"."""
GOING_TO_DO = re.compile(r"\s+(?P<doing>[a-z]+ing)\b")
"""What one goes to do: "going camping", "going skiing in the Alps"."""
NOT_GONE_TO = frozenset("nothing something anything being having getting doing".split())
PREPARING = ("organizing", "organising", "putting together", "preparing", "arranging")
"""Verbs whose event is ahead whenever they are said: one prepares what has not happened."""
OUTING = re.compile(
    rf"(?:{PASTIMES})|camping|hiking|fishing|bowling|sightseeing|backpacking|kayaking|sailing"
    r"|skiing|surfing|biking|cycling|clubbing|caroling|stargazing"
)
"""What one goes doing on an outing: "we're going camping" is ahead, "going shopping" an
errand."""
TRAVEL = ("heading", "flying", "driving", "travelling", "traveling", "going")
PHRASE_END = re.compile(
    r"\s+(?:next|this|tomorrow|tonight|on|in|at|for|with|soon|later|after|before|during|from"
    r"|and|but|so|because|which|who|that|to|when|while|until)\b|[,:()]"
)
"""Where the thing planned ends and its time, place or company begins."""
TIME_WORDS = re.compile(
    r"\b(?:tomorrow|tonight|next|this\s+(?:week|weekend|month|year|summer|winter|spring|fall"
    r"|autumn|monday|tuesday|wednesday|thursday|friday|saturday|sunday|evening|afternoon)"
    r"|on\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|in\s+(?:a|two|three"
    r"|\d+)\s+(?:days?|weeks?|months?)|in\s+(?:january|february|march|april|may|june|july"
    r"|august|september|october|november|december)|soon|later\s+this)\b",
    re.IGNORECASE,
)
"""A time to come the sentence names (read exactly by the time parser)."""


def upcoming(sentence: str, at: datetime, zone: str) -> list[str]:
    """The plans ``sentence`` tells as what the speaker is doing at a time to come, each as a
    plan's object ("running a half marathon (2024-10-01)"). Hosting is the patterns' own
    ("we're hosting a barbecue next weekend")."""
    if "ing " not in sentence or not any(be in sentence for be in BE):  # ``DOING``'s words
        return []
    match = DOING.search(sentence)
    if match is None:
        return []
    verb = " ".join(match.group("verb").split())
    timed = TIME_WORDS.search(sentence) is not None
    if not timed and not _ahead_by_itself(verb, match.group("rest")):
        return []
    if (
        is_question(sentence)
        or HYPOTHETICAL.search(sentence)
        or REPORTED.search(sentence)
        or NEGATION.search(sentence[: match.end("verb")])
        or HABIT.search(sentence)
    ):
        return []
    date = plan_date(parse_time(sentence, at, zone), at) if timed else None
    if timed and date is None:
        return []
    thing = _planned(verb, match.group("rest"))
    return [plan_object("plans", thing, date)] if thing else []


def _ahead_by_itself(verb: str, rest: str) -> bool:
    """A plan with no time said: an event being prepared ("I'm organizing her party") or an
    outing one is going on ("we're going camping")."""
    if verb in PREPARING:
        return True
    doing = GOING_TO_DO.match(rest) if verb == "going" else None
    return doing is not None and bool(OUTING.fullmatch(doing.group("doing")))


def _planned(verb: str, rest: str) -> str | None:
    """The thing planned, from the verb (its words single-spaced) and what follows it."""
    if verb == "getting married":
        return "wedding"
    if verb in TRAVEL:
        journey = JOURNEY.match(rest)
        if journey:
            return f"trip to {journey.group('place')}"
    if verb == "going":
        doing = GOING_TO_DO.match(rest)
        if doing and doing.group("doing") not in NOT_GONE_TO:
            return doing.group("doing")
        return None
    end = PHRASE_END.search(rest)
    phrase = " ".join(rest[: end.start() if end else len(rest)].split())
    if not phrase or len(phrase.split()) > 6:
        return None
    plan = f"{verb} {phrase}"
    return plan if is_undertaking(phrase) or is_undertaking(plan) else None
