"""Whether a text may name a time at all: a quick look before the grammar's rules run."""

from __future__ import annotations

import re
from functools import cache

from lembrar.temporal.grammar import LEXICONS
from lembrar.temporal.text import fold

# The lexicon entries every time phrase is built on: a digit aside, no phrase names a time
# without one of them ("last" or "in" alone name none).
_CORE = (
    "months",
    "month_abbrevs",
    "weekdays",
    "weekdays_short",
    "weekday_plurals",
    "days",
    "units",
    "calendar_units",
    "seasons",
    "holidays",
    "day_periods",
    "period_filters",
    "period_words",
    "period_plurals",
    "soft",
    "ago_before",
    "ago_after",
)
_TOKEN = re.compile(r"\w+")
_DIGIT = re.compile(r"\d")


@cache
def _cue_words() -> frozenset[str]:
    """The longest word of each core entry of every language, folded."""
    words = set()
    for lexicon in LEXICONS.values():
        for name in _CORE:
            for entry in getattr(lexicon, name):
                tokens = _TOKEN.findall(fold(entry))
                if tokens:
                    words.add(max(tokens, key=len))
    return frozenset(words)


def may_name_a_time(text: str) -> bool:
    """False only for a text with no digit and none of the words a time phrase is built on (a
    month, weekday, day word, unit, season, holiday, part of day, "recently", "ago", …)."""
    if _DIGIT.search(text):
        return True
    return not _cue_words().isdisjoint(_TOKEN.findall(fold(text)))
