"""Text helpers: length-preserving folding, lexicon keys, and removing matched spans."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache

_SAME_AS = {"\u2019": "'", "\u2018": "'", "\u02bc": "'", "`": "'", "\u2013": "-", "\u2014": "-"}
_JOINER = re.compile(r"[\s-]+")
_PUNCT_START = re.compile(r"^[.?!,;:)]")


@lru_cache(maxsize=4096)
def fold_char(char: str) -> str:
    """One lowercase character without accents; characters that would change length stay."""
    if char in _SAME_AS:
        return _SAME_AS[char]
    bare = "".join(c for c in unicodedata.normalize("NFD", char) if not unicodedata.combining(c))
    lowered = bare.lower()
    if len(lowered) == 1:
        return lowered
    return char.lower() if len(char.lower()) == 1 else char


def fold(text: str) -> str:
    """Lowercase, accent-free text of the same length, so spans map back to the original."""
    return "".join(fold_char(c) for c in text)


def key(phrase: str) -> str:
    """The lookup form of a phrase: folded, with runs of spaces and hyphens as one space."""
    return _JOINER.sub(" ", fold(phrase)).strip()


def tidy(text: str) -> str:
    """Whitespace collapsed to single spaces, ends trimmed."""
    return " ".join(text.split())


def _splice(left: str, right: str) -> str:
    left, right = left.rstrip(), right.lstrip()
    if not left:
        return right[1:].lstrip() if right.startswith(",") else right
    if not right:
        return left.rstrip(",")
    if _PUNCT_START.match(right):
        return (left.rstrip(",") if right[0] in ".?!;:," else left) + right
    return f"{left} {right}"


def remove_spans(text: str, spans: Iterable[tuple[int, int]]) -> str:
    """The text without the given spans, joined tidily at each cut."""
    ordered = sorted(spans)
    if not ordered:
        return tidy(text)
    result = text[: ordered[0][0]]
    for (_, end), (nxt, _) in zip(ordered, [*ordered[1:], (len(text), 0)], strict=True):
        result = _splice(result, text[end:nxt])
    return tidy(result)
