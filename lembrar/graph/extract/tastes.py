"""Tastes said without a verb of liking (English): "Iron Man is my top pick", "our shared love
for basketball", "moments like that make me love sports", "photography has always been my
passion", "two of my passions - making jewelry and making a difference" (``likes``).

The thing liked is a noun phrase of a few words, never a pronoun ("it's been my passion" names
nothing), and the clause is the speaker's: no question, wish or denial (the caller checks).
"""

from __future__ import annotations

import re

THING = r"[\w'’-]+(?:\s+[\w'’-]+){0,3}"
NAMED_MINE = re.compile(  # "Iron Man is my top pick", "Jazz has always been my passion"
    rf"(?:^|[,;:]\s*|\b(?:but|oh|honestly|definitely)\s+)(?P<thing>{THING}?(?:\s+[\w'’-]+)?)"
    r"(?:\s+(?:is|are|was|ha(?:s|ve)\s+(?:always\s+)?been)|['’]s(?:\s+always)?(?:\s+been)?)\s+"
    r"(?:(?:definitely|totally|still|always|really|kind\s+of)\s+)?"
    r"(?:(?:my|our)\s+(?:(?:absolute|all-time|big|biggest|real|true|number\s+one|first)\s+)?"
    r"(?:favou?rite(?:\s+thing)?|fave|fav|top\s+pick|go-to|passion|jam|weakness|guilty\s+pleasure)"
    r"|one\s+of\s+(?:my|our)\s+(?:favou?rites|faves|favs|passions))\b",
    re.IGNORECASE,
)
FAVOURITE_IS = re.compile(  # "my favorite band is Queen", "my favourite food has to be sushi"
    r"\bmy\s+(?:(?:absolute|all-time|current)\s+)?(?:favou?rite|top\s+pick)(?:\s+[\w-]+){0,2}?\s+"
    rf"(?:is|has\s+to\s+be|was\s+always)\s+(?P<thing>{THING})",
    re.IGNORECASE,
)
LOVE_OF = re.compile(  # "our shared love for basketball", "my passion for dance"
    r"(?:\b(?:my|our)|\b(?:I|[Ww]e)(?:['’]ve|\s+have)\s+(?:(?:always|also|really)\s+)*(?:had|got)\s+an?"
    r"|\b(?:I|[Ww]e)\s+(?:(?:always|also|really)\s+)*have\s+an?)\s+"
    r"(?:(?:shared|mutual|deep|huge|big|lifelong|growing|new|real)\s+)*(?:love|passion)\s+"
    r"(?:for|of)\s+(?P<thing>[\w'’-]+(?:\s+[\w'’-]+){0,3})",
    re.IGNORECASE,
)
MADE_TO_LOVE = re.compile(  # "moments like that make me love sports"
    rf"\bmakes?\s+me\s+(?:\w+\s+)?love\s+(?P<thing>{THING})", re.IGNORECASE
)
PASSIONS = re.compile(  # "two of my passions - making jewelry and making a difference"
    r"\bmy\s+(?:(?:two|three|biggest|greatest|real|main)\s+)?passions\s*(?:are|include|[:\-–—])\s*"
    r"(?P<list>[^.;!?()]+)",
    re.IGNORECASE,
)
PRONOUNS = frozenset(
    "it that this these those he she they him her them what which who everything something"
    " anything nothing you i we there here one".split()
)
ENDS = re.compile(
    r"\s+(?:with|and|or|but|because|since|when|while|so|that|which|who|to|as|too|now|lately"
    r"|these|this|ever|from|in|at|on|is|was|are|were|has|have|had|comes|came|grew|began"
    r"|goes|went|makes|made|keep|keeps|kept|started|will|would|can|could|even|more|brings|brought"
    r"|helps|helped|gives|gave|takes|took|gets|got|lets|means|meant|reminds|reminded|led|leads"
    r"|drives|drove)\b.*$",
    re.IGNORECASE,
)
"""Where the thing liked ends: "basketball with friends" is basketball."""
NOT_A_THING = frozenset(
    "from in on at to for with when where about like of by during after before because not"
    " never no".split()
)
"""Words a thing liked does not open with: "my favourite memory is from the festival"."""
WORD_GATE = (
    "fav",  # favorite, favourite, fave
    "top pick",
    "go-to",
    "passion",
    "love for",
    "love of",
    "jam",
    "weakness",
    "pleasure",
)
"""Words one of which every reading here needs: a sentence without any is not searched."""


def tastes(sentence: str) -> list[str]:
    """The things ``sentence`` says the speaker likes without a verb of liking."""
    lower = sentence.lower()
    made = "make" in lower and "love" in lower  # "makes me really love"
    if not made and not any(word in lower for word in WORD_GATE):
        return []
    found = [m.group("thing") for m in NAMED_MINE.finditer(sentence)]
    found += [m.group("thing") for m in FAVOURITE_IS.finditer(sentence)]
    found += [m.group("thing") for m in LOVE_OF.finditer(sentence)]
    found += [m.group("thing") for m in MADE_TO_LOVE.finditer(sentence)]
    for match in PASSIONS.finditer(sentence):
        found += re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", match.group("list"))
    return list(dict.fromkeys(t for t in (_clean(f) for f in found) if t))


LEADING = re.compile(r"^(?:(?:and|but|or|so|the|a|an|my|our)\s+)+", re.IGNORECASE)
WHEN = re.compile(
    r"^(?:last|next|this|that|every)\s+(?:day|night|week|weekend|month|year|summer|winter|time)\b"
    r"|^(?:yesterday|today|tonight|tomorrow)\b",
    re.IGNORECASE,
)
"""A time, not a thing: "last month at that event was one of my favourites"."""


def _clean(thing: str) -> str:
    """The thing without what follows it and without a leading article; empty when it names
    nothing (a pronoun, a time)."""
    thing = LEADING.sub("", thing.strip(" -–—'\""))
    first = thing.split()[:1]
    if not first or first[0].lower() in PRONOUNS or WHEN.match(thing):
        return ""  # "and this series is one of my favourites"
    thing = LEADING.sub("", ENDS.sub("", thing).strip())
    words = thing.split()
    if not words or any(w.lower() in PRONOUNS for w in words) or words[0].lower() in NOT_A_THING:
        return ""
    return thing
