"""Regular-expression building blocks made from lexicon keys."""

from __future__ import annotations

import re
from collections.abc import Iterable

START = r"(?<![\w'])"
STOP = r"(?![\w])"
DAY = r"(?:3[01]|[12]\d|0?[1-9])(?!\d)"
YEAR = r"(?:1[6-9]|20|21)\d\d(?!\d)"
NO_MATCH = r"(?!x)x"


def phrase(key: str) -> str:
    """A lookup key as a pattern: its words joined by any run of spaces or hyphens."""
    return r"[\s-]+".join(re.escape(part) for part in key.split(" "))


def alt(keys: Iterable[str]) -> str:
    """Alternatives, longest first, so the regex prefers the longest phrase."""
    ordered = sorted(set(keys), key=lambda item: (-len(item), item))
    if not ordered:
        return NO_MATCH
    return "(?:" + "|".join(phrase(item) for item in ordered) + ")"


def lead(keys: Iterable[str]) -> str:
    """Optional leading words with the space after them (none after an apostrophe)."""
    keys = set(keys)
    elided = {item for item in keys if item.endswith("'")}
    spaced = keys - elided
    return f"(?:{alt(spaced)}\\s+|{alt(elided)}\\s*)"


def tail(keys: Iterable[str]) -> re.Pattern[str]:
    """Matches when a text ends with one of ``keys`` (as whole words) and spaces."""
    return re.compile(f"{START}(?P<w>{alt(keys)})\\s*$")


def head(keys: Iterable[str]) -> re.Pattern[str]:
    """Matches when a text starts (after spaces or a comma) with one of ``keys``."""
    return re.compile(f"^\\s*,?\\s*(?P<w>{alt(keys)}){STOP}")


def number(numbers: Iterable[str], couple: Iterable[str]) -> str:
    return f"(?:\\d{{1,4}}(?!\\d)|{alt(couple)}|{alt(numbers)})"
