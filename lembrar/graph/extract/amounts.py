"""Counts and current states the speaker states of their own things (English).

"I've added 25 new postcards", "I'm now at 600 followers", "with 20 titles waiting", "I just
finished my 5th project", "my total species count to 32": a ``count`` fact whose subject is
the counted things (the speaker's, e.g. "User's postcards") and whose object is the number.
"my current project, a Ford Mustang model": a ``current`` fact. Both predicates hold one value
at a time, so a later total closes the earlier one. Increments ("8 more postcards"),
repetitions ("10 times") and spans of time ("3 years") are not totals.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lembrar.graph.extract.possessions import OWNED_WORD

NUMBER_WORDS = (
    "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty"
    "|fifty|a hundred"
)
NUMBER = rf"(?<![$€£\d.,x×])(?:\d{{1,3}}(?:,\d{{3}})+|\d+)(?![\d.,]\d)|\b(?:{NUMBER_WORDS})\b"
ORDINALS = {
    "first": "1",
    "second": "2",
    "third": "3",
    "fourth": "4",
    "fifth": "5",
    "sixth": "6",
    "seventh": "7",
    "eighth": "8",
    "ninth": "9",
    "tenth": "10",
}
ORDINAL = r"\d+(?:st|nd|rd|th)|" + "|".join(ORDINALS)
ADJECTIVES = r"(?:(?:new|different|total|whole|unique|original|active|completed)\s+)?"
THINGS = r"(?P<thing>[a-z][a-z-]{2,}s|(?:grand)?children|people|mice|geese|sheep|cattle)\b(?!['’])"
"""A plural: most end in "s", some do not ("grandchildren", "sheep"); not one that owns the noun
after it ("five children's books")."""
NOT_THINGS = frozenset(
    {
        "years",
        "months",
        "weeks",
        "weekends",
        "days",
        "nights",
        "mornings",
        "evenings",
        "decades",
        "halves",
        "people",
        "things",
        "plans",
        "options",
        "items",
        "products",
        "types",
        "kinds",
        "sizes",
        "seasons",
        "semesters",
        "terms",
        "halfs",
        "hours",
        "minutes",
        "seconds",
        "times",
        "ones",
        "percent",
        "dollars",
        "euros",
        "pounds",
        "miles",
        "kilometers",
        "others",
        "yes",
        "is",
        "was",
        "has",
        "as",
        "its",
        "this",
        "us",
        "thanks",
        "occasions",
        "pixels",
        "inches",
        "feet",
        "meters",
        "metres",
        "centimeters",
        "grams",
        "ounces",
        "liters",
        "litres",
        "degrees",
        "calories",
        "sets",
        "reps",
        "repetitions",
        "rounds",
        "laps",
        "questions",
        "guests",
        "tabs",
        "tips",
        "ideas",
        "suggestions",
        "shifts",
        "steps",
        "kilos",
        "bucks",
        "quid",
        "pesos",
        "rupees",
        "cents",
    }
)
"""Spans of time, repetitions, units, money, what a conversation holds ("two questions", "a few
tips") and words a plural's spelling catches that are counted things of no one's ("on two
occasions", "1200x628 pixels", "three sets of 10 push-ups", "4 night shifts in a row")."""
VERBS = (
    r"added|completed|finished|reached|collected|read|watched|taken|took|visited|made|sold"
    r"|saved|written|wrote|published|run|ran|done|got|gotten|have|had|own|tried|seen|built"
    r"|planted|adopted|earned|gained|logged|attended|played|keep|kept"
)
KIND = (
    r"(?:(?!(?:more|other|of|than|and|or|the|my|our|new|dozen|hundred|thousand|million|extra)\b)"
    r"(?P<kind>[a-z][a-z-]{2,}(?<!s))\s+)?"
)
"""A word before the plural that says what kind: "4 border collies", "12 bee hives"."""
PATTERNS = (
    # "I have added 25 new postcards", "I have had my camera with me on five trips"
    re.compile(
        rf"\b(?:I|[Ww]e)\s+(?:have\s+|had\s+)?(?:(?:now|just|already|finally|also|actually)\s+)*"
        rf"(?:{VERBS})\b(?:(?!\b(?:who|whose|which|that|rid)\b)[^.!?;]){{0,60}}?(?P<n>{NUMBER})\s+"
        rf"{ADJECTIVES}{KIND}{THINGS}",
        re.I,
    ),
    # "my 3 kids all want…", "my two greyhounds have destroyed…": how many one has, said by "my"
    re.compile(rf"\b(?:my|our)\s+(?P<n>{NUMBER})\s+{ADJECTIVES}{KIND}{THINGS}", re.I),
    # "I am now at 600 followers", "I am close to 1,300 subscribers"
    re.compile(
        rf"\b(?:I\s+am|[Ww]e\s+are)\s+(?:now\s+|currently\s+)?(?:at|close\s+to|up\s+to|over"
        rf"|around|nearly)\s+(?P<n>{NUMBER})\s+{ADJECTIVES}{THINGS}",
        re.I,
    ),
    # "my collection is over 3,000 stamps now"
    re.compile(
        r"\b(?:my|our)\s+collection\s+is\s+(?:now\s+)?(?:at|over|around|nearly|up\s+to)?\s*"
        rf"(?P<n>{NUMBER})\s+{ADJECTIVES}{THINGS}",
        re.I,
    ),
    # "a long list, with 20 titles waiting", "currently 25 titles" (not "graphs with 4 points")
    re.compile(
        rf"(?:[,–—-]\s*with|\bcurrently|\bnow)\s+(?P<n>{NUMBER})\s+{ADJECTIVES}{THINGS}", re.I
    ),
    # "titles on my to-watch list, currently 25"
    re.compile(rf"\b{THINGS}[^.!?;]{{0,40}}?,\s*(?:currently|now)\s+(?P<n>{NUMBER})", re.I),
    # "my total species count to 32", "my current follower count - I think I'm close to 1300"
    re.compile(
        r"\bmy\s+(?:current\s+|total\s+)?(?P<thing>[a-z][a-z-]{2,})\s+count\b[^.!?;]{0,40}?"
        rf"(?P<n>{NUMBER})",
        re.I,
    ),
)
ANY_NUMBER = re.compile(rf"\d|\b(?:{NUMBER_WORDS})\b")
"""A first look, in the lower-cased sentence: a count is said with a number ("3", "Twelve")."""
ORDINAL_PATTERN = re.compile(
    r"\b(?:finished|completed|ran|read|watched|wrote|published|built|made|visited|attended|did"
    r"|won|played|hosted|entered|sold)"
    rf"\s+my\s+(?P<ord>{ORDINAL})\s+(?:[a-z][a-z-]*\s+){{0,2}}?(?P<thing>[a-z][a-z-]{{2,}})"
    r"(?=\s*(?:[.,!?;:)]|$)|\s+(?:last|this|in|at|on|with|for|since|and|but|ever|yesterday"
    r"|today|so|of|which|that)\b)",
    re.I,
)
"""A count told by an ordinal: "finished my 5th project", "won my first video game tournament
last week" (the thing is the noun its phrase ends on)."""
CURRENT = re.compile(
    r"\bmy\s+(?:current|present)\s+(?P<thing>[a-z][a-z -]{1,25}?)\s*(?:,|\bis\b|\bare\b|:|\s[-–])\s*"
    r"(?:now\s+)?(?:(?:an?|the)\s+)?(?P<obj>[A-Za-z0-9][^,.;!?()]{1,60})",
    re.I,
)
RELATIVE = re.compile(
    r"(?:which|that|who|whom|whose|where|when|what|like|such\s+as|including|and|but|so"
    r"|I|we|he|she|they|it)\b",
    re.I,
)
"""A value that opens a clause or a list of examples says nothing of what the thing is ("my
current car myself, like washing", "my current projects, and I need to…", "my current commute
cost, I have been tracking…")."""
TIME_IN_THING = re.compile(
    r"\b(?:last|this|next|yesterday|today|tomorrow|week|month|year|ago"
    r"|myself|ourselves|himself|herself|themselves)\b",
    re.I,
)
"""A time or a "myself" inside the thing: the phrase ran on past the noun."""
ENDS = re.compile(r"\s+(?:and|but|which|that|who|so|because|since|from|for|to|with)\b.*$", re.I)


@dataclass(frozen=True)
class Amount:
    """One statement: ``predicate`` ("count" or "current") of ``thing`` is ``value``."""

    predicate: str
    thing: str
    value: str


IRREGULAR_PLURALS = frozenset("children grandchildren people mice geese sheep cattle".split())


def plural(noun: str) -> str:
    noun = noun.lower()
    return noun if noun.endswith("s") or noun in IRREGULAR_PLURALS else noun + "s"


def amounts(sentence: str) -> list[Amount]:
    """The counts and current states a first-person sentence states (none in a question)."""
    if sentence.rstrip().endswith("?"):
        return []
    found: dict[str, Amount] = {}
    numbered = ANY_NUMBER.search(sentence.lower()) is not None
    for pattern in PATTERNS if numbered else ():  # each needs a number
        for match in pattern.finditer(sentence):
            if _counts(sentence, match):  # "3 kids and 2 dogs": each count listed after it too
                for said in (match, *_listed_after(sentence, match)):
                    amount = _counted(said)
                    found.setdefault(amount.thing, amount)
    for match in ORDINAL_PATTERN.finditer(sentence):
        thing = plural(match.group("thing"))
        number = match.group("ord").lower()
        value = ORDINALS.get(number) or re.sub(r"\D", "", number)
        if thing not in NOT_THINGS:
            found.setdefault(thing, Amount("count", thing, value))
    for match in CURRENT.finditer(sentence):
        value = ENDS.sub("", match.group("obj")).strip()
        thing = match.group("thing")
        if thing.lower() in ("one", "ones"):  # "a new laptop soon, my current one is…"
            before = list(OWNED_WORD.finditer(sentence, 0, match.start()))
            if not before:
                continue
            thing = before[-1].group(0)
        if RELATIVE.match(value) or TIME_IN_THING.search(thing):
            continue  # "my current property last month, which came out to…"
        if value and len(value.split()) <= 8:
            found.setdefault(thing.lower(), Amount("current", thing, value))
    return list(found.values())


LISTED_AFTER = re.compile(rf"(?:\s*,|\s+and|\s*&)\s+(?P<n>{NUMBER})\s+{ADJECTIVES}{THINGS}", re.I)
"""Another count listed after one: "I have 3 kids and 2 dogs"."""


def _listed_after(sentence: str, match: re.Match[str]) -> list[re.Match[str]]:
    """The counts listed after ``match`` (``LISTED_AFTER``), each of things that count."""
    out: list[re.Match[str]] = []
    at = match.end("thing")
    while (more := LISTED_AFTER.match(sentence, at)) is not None:
        at = more.end("thing")
        if _counts(sentence, more):
            out.append(more)
    return out


def _counts(sentence: str, match: re.Match[str]) -> bool:
    """Whether a number and its things state how many one has: not one ("this one seems…"), not
    things of no one's (``NOT_THINGS``), not an increment, a title, a rate or a purpose."""
    if match.group("n").lower() in ("one", "1"):
        return False
    if plural(match.group("thing")) in NOT_THINGS:
        return False
    return not _increment(sentence, match) and _total(match)


def _counted(match: re.Match[str]) -> Amount:
    """The count a match of a number and its things states."""
    kind = match.groupdict().get("kind")  # "4 border collies": border collies
    thing = plural(match.group("thing"))
    return Amount("count", f"{kind} {thing}" if kind else thing, match.group("n").lower())


NOT_TOTAL_BEFORE = re.compile(r"\b(?:the|these|those|both|every|each|per|for)\s+$", re.I)
"""Before a number: things already spoken of ("the two practices"), or a purpose ("enough
for four peppers"), not how many one has."""
MODEL_BEFORE = re.compile(r"(?<![\w'’])(?!I\s)[A-Z][\w-]*\s+$")
"""Before a number: a name it belongs to ("an RTX 3080 graphics card", "my iPhone 11 cases"),
not how many one has."""
SOUGHT_BEFORE = re.compile(
    r"\b(?:something|anything|one|ones|an?)\s+(?:[\w'-]+\s+){0,3}with\s+$", re.I
)
"""Before "with" and its number: a thing described, not had ("something with four wheels", "a
bag with two pockets")."""
RATE_AFTER = re.compile(r"\s+(?:at\s+a\s+time|a\s+(?:day|week|month|year)|per|every|each)\b", re.I)
"""After the things: a rate ("20 pages every day", "five at a time"), not a total."""


def _total(match: re.Match[str]) -> bool:
    """Does the match state a total of the speaker's things? Not a title ("The Seven Husbands
    of Evelyn Hugo": capitalised things), things already spoken of, a purpose, a rate, a
    model's number or a thing described."""
    text = match.string
    if match.group("thing")[0].isupper():
        return False
    before = text[max(0, match.start("n") - 40) : match.start("n")]
    if NOT_TOTAL_BEFORE.search(before[-12:]) or MODEL_BEFORE.search(before):
        return False
    if SOUGHT_BEFORE.search(before):
        return False
    return RATE_AFTER.match(text, match.end("thing")) is None


def _increment(sentence: str, match: re.Match[str]) -> bool:
    """'8 more postcards', 'another 3 books': an increment, not a total."""
    before = sentence[max(0, match.start("n") - 10) : match.start("n")].lower()
    after = sentence[match.end("n") : match.end("n") + 6].lower()
    return "another" in before or after.strip().startswith("more")
