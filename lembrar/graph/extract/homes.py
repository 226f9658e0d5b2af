"""Where people live, said with the place after their home or first (English): "Lisbon's been
home for years", "Porto is home now", "Rita called from her new flat in Zurich"."""

from __future__ import annotations

import re

from lembrar.graph.extract.kinship import NAME
from lembrar.graph.extract.names import PLACED_BEFORE, is_name

HOME_IS = re.compile(
    rf"(?P<place>{NAME})(?:['’]s|\s+is|\s+has)(?:\s+been)?\s+(?:(?:now|still|finally)\s+)?"
    r"(?:(?:my|our)\s*home\b|home\b(?!\s+(?:sick|alone|early|late|today|tonight|from|with"
    r"|already|yet|safe|by|again|all|ill|now\s+(?:from|with)|in\s+bed)\b))(?!\s+(?:of|to)\b)"
)
"""A place called home ("Lisbon is home now", "Porto's been our home"), not someone at home
("Grace is home sick")."""
HOME_COUNTRY = re.compile(
    rf"\b[Mm]y\s+(?:home\s+country|hometown|home\s+town),?\s+(?P<place>{NAME})"
)
"""Where the speaker comes from: "a gift from my grandma in my home country, Sweden"."""
HOME_OF = re.compile(  # "Rita called from her new flat in Zurich"
    r"\b(?:from|of|into|in)\s+(?P<owner>her|his|my|our)\s+(?:new\s+)?"
    rf"(?:flat|apartment|house|place|home)\s+in\s+(?P<place>{NAME})"
)

PLACE_HOME = re.compile(  # "our new Lisbon apartment", "our first night in the Porto flat"
    r"\b(?:[Mm]y|[Oo]ur|(?:first|1st)\s+(?:night|day|week|month|morning)\s+in\s+the)\s+"
    rf"(?:new\s+)?(?P<place>{NAME})\s+(?:flat|apartment|house|home)\b"
)
"""A home named by its place before it: the speaker's own, or the one they first slept in."""


NOW_THAT = re.compile(  # "now that we're in Évora", "now that I live in Porto"
    r"\b[Nn]ow\s+that\s+(?:I|we)(?:['’]m|['’]re|\s+am|\s+are|\s+live|\s+have\s+moved"
    r"|['’]ve\s+moved|\s+moved)\s+(?:(?:living|based|settled)\s+)?(?:in|to)\s+"
    rf"(?P<place>{NAME})"
)
"""A home a clause takes as given, in a question too: "plan meals now that we're in Évora?"."""


def homes_given(sentence: str) -> list[str]:
    """The places a "now that…" clause gives as the speaker's home."""
    if "ow that" not in sentence or AWAY.search(sentence):
        return []  # "now that I'm in Rome for the weekend" is a stay
    return [p for m in NOW_THAT.finditer(sentence) if is_name((p := m.group("place")).split()[0])]


SETTLED = re.compile(  # "já estamos cá em Setúbal há uma semana", "we've been here in Porto a week"
    r"\b(?:(?:[Jj]á\s+)?(?:[Ee]stamos|[Ee]stou)\s+(?:cá\s+|aqui\s+)?em"
    r"|(?:I|[Ww]e)(?:['’]ve|\s+have)\s+been\s+(?:here\s+)?in)\s+"
    rf"(?P<place>{NAME})\s+(?:há|for|a|about|nearly|almost|\d)"
)
HERE_IN = re.compile(rf"\b(?:[Hh]ere\s+in|[Cc]á\s+em|[Aa]qui\s+em)\s+(?P<place>{NAME})")
"""Where the speaker is as they write, said in passing: "the post office here in Coimbra", "Sou
analista na Sonae, cá em Braga" ("cá na Talkdesk", with an article, is as often a workplace)."""
AWAY = re.compile(
    r"\b(?:visit\w*|trip|holiday|vacation|conference|staying|stay|tour\w*|travel\w*|férias"
    r"|airbnb|hotel|hostel|rental"
    r"|viagem|visita\w*|de passagem|for (?:a|the) (?:week|weekend|few days))\b",
    re.IGNORECASE,
)
"""Words of a stay away from home: "here in Paris for a conference" says nothing of a home."""
NEW_HOME = re.compile(
    r"\b(?:new|nova|novo)\s+(?:place|flat|apartment|house|home)\b"
    r"|\b(?:casa|casinha|apartamento)\s+nov[ao]\b|\b(?:unpacked|unpacking|settling|settled)\b",
    re.IGNORECASE,
)
"""A new home in the same sentence: a stay that is a move, not a visit."""


MOVED_IN = re.compile(  # "We're in Faro now, still unpacking", "I'm finally settled in Leeds"
    r"\b(?:I['’]m|[Ww]e['’]re|I\s+am|[Ww]e\s+are)\s+(?:(?:now|finally|all|officially)\s+)?"
    rf"(?:settled\s+)?in\s+(?P<place>{NAME})"
)
"""Where the speaker is, in a sentence that tells of a new home (``NEW_HOME``)."""


def homes(sentence: str) -> list[str]:
    """The places a sentence calls the speaker's home, where they are as they write ("here in
    Coimbra", unless the sentence speaks of a stay away), or where they have been since moving
    into a new one ("já estamos cá em Setúbal há uma semana e a casinha nova…")."""
    found = [
        m.group("place")
        for m in HOME_IS.finditer(sentence)
        if not PLACED_BEFORE.search(sentence, 0, m.start())  # someone's home one is at
    ]
    lower = sentence.lower()
    homely = any(w in lower for w in (" flat", " apartment", " house", " home"))
    if homely and not AWAY.search(sentence):
        found += [
            p for m in PLACE_HOME.finditer(sentence) if is_name((p := m.group("place")).split()[0])
        ]
    if ("ere in" in lower or "cá " in lower or "aqui " in lower) and not AWAY.search(sentence):
        found += [
            p for m in HERE_IN.finditer(sentence) if is_name((p := m.group("place")).split()[0])
        ]
    if NEW_HOME.search(sentence):
        found += [m.group("place") for m in SETTLED.finditer(sentence)]
        if not AWAY.search(sentence):
            found += [
                p
                for m in MOVED_IN.finditer(sentence)
                if is_name((p := m.group("place")).split()[0])
            ]
    return found


def home_countries(sentence: str) -> list[str]:
    """The places a sentence calls the speaker's home country or town."""
    return [m.group("place") for m in HOME_COUNTRY.finditer(sentence)]


def homes_of(sentence: str) -> list[tuple[str, str]]:
    """(whose, place) of each "<owner>'s new flat in <place>" ("her", "his", "my", "our")."""
    return [(m.group("owner"), m.group("place")) for m in HOME_OF.finditer(sentence)]
