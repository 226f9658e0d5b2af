"""Where people live, said with the place after their home or first (English): "Lisbon's been
home for years", "Porto is home now", "Rita called from her new flat in Zurich"."""

from __future__ import annotations

import re

from lembrar.graph.extract.kinship import NAME

HOME_IS = re.compile(
    rf"(?P<place>{NAME})(?:['’]s|\s+is|\s+has)(?:\s+been)?\s+(?:(?:now|still|finally)\s+)?"
    r"(?:my|our)?\s*home\b(?!\s+(?:of|to)\b)"
)
HOME_COUNTRY = re.compile(
    rf"\b[Mm]y\s+(?:home\s+country|hometown|home\s+town),?\s+(?P<place>{NAME})"
)
"""Where the speaker comes from: "a gift from my grandma in my home country, Sweden"."""
HOME_OF = re.compile(  # "Rita called from her new flat in Zurich"
    r"\b(?:from|of|into|in)\s+(?P<owner>her|his|my|our)\s+(?:new\s+)?"
    rf"(?:flat|apartment|house|place|home)\s+in\s+(?P<place>{NAME})"
)


def homes(sentence: str) -> list[str]:
    """The places a sentence calls the speaker's home."""
    return [m.group("place") for m in HOME_IS.finditer(sentence)]


def home_countries(sentence: str) -> list[str]:
    """The places a sentence calls the speaker's home country or town."""
    return [m.group("place") for m in HOME_COUNTRY.finditer(sentence)]


def homes_of(sentence: str) -> list[tuple[str, str]]:
    """(whose, place) of each "<owner>'s new flat in <place>" ("her", "his", "my", "our")."""
    return [(m.group("owner"), m.group("place")) for m in HOME_OF.finditer(sentence)]
