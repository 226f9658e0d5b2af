"""What the speaker owns, read from "my <thing>" (English): "my old sneakers", "my Canon EOS
80D camera", "my dance studio" give ``owns``.

Only nouns that name things people own count (``OWNED``): objects, collections, vehicles,
homes and businesses; "my work", "my skills" or "my heart" are not possessions.
"""

from __future__ import annotations

import re

OWNED = (
    r"laptop|computer|phone|smartphone|tablet|camera|lens|tripod|drone|console|headphones"
    r"|watch|guitar|piano|keyboard|violin|drums|ukulele|bike|bicycle|car|truck|motorcycle|scooter"
    r"|van|boat|house|apartment|flat|condo|cabin|closet|garage|garden|backyard|notebook|journal"
    r"|sneakers|shoes|boots|sandals|jacket|dress|collection|library|records|vinyls|books"
    r"|business|startup|company|shop|store|studio|restaurant|bakery|cafe|salon|gym|farm"
    r"|printer|tv|television|fridge|oven|couch|sofa|desk|aquarium|plants|tent|kayak|surfboard"
)
POSSESSION = re.compile(r"\b[Mm]y\s+(?P<thing>(?:[\w'-]+\s+){0,4}?(?:" + OWNED + r"))\b")
PAST = frozenset({"previous", "former", "ex", "late", "local", "usual", "nearest", "neighborhood"})
"""Words after which "my" is not owning: "my previous company", "my local pet store"."""
NOT_MINE = re.compile(r"['’]s\b|\b(?:on|in|at|of|with|for|from|to)\b", re.IGNORECASE)
"""A possession's words hold no other owner ("my family's dog") and no place ("… on a couch")."""


def possessions(sentence: str) -> list[str]:
    """The things a sentence says are "my ..." (modifiers kept: "old sneakers")."""
    found = []
    for match in POSSESSION.finditer(sentence):
        words = match.group("thing").split()
        if words[0].lower() in ("own", "very", "whole", "first", "last", "favorite", "favourite"):
            words = words[1:]
        if words and not PAST & {w.lower() for w in words} and not NOT_MINE.search(" ".join(words)):
            found.append(" ".join(words))
    return list(dict.fromkeys(found))
