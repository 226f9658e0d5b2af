"""Where the speaker lives, said with the place first (English): "Lisbon's been home for
years", "Porto is home now" give ``lives_in``."""

from __future__ import annotations

import re

from lembrar.graph.extract.kinship import NAME

HOME_IS = re.compile(
    rf"(?P<place>{NAME})(?:['’]s|\s+is|\s+has)(?:\s+been)?\s+(?:(?:now|still|finally)\s+)?"
    r"(?:my|our)?\s*home\b(?!\s+(?:of|to)\b)"
)


def homes(sentence: str) -> list[str]:
    """The places a sentence calls the speaker's home."""
    return [m.group("place") for m in HOME_IS.finditer(sentence)]
