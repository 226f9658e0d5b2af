"""A cheap test before a regex search: the literal beginnings of what the regex can match.

The rules search dozens of regexes in every sentence (a first look per pattern, a look for kin
words) and most find nothing; the searches cost more than all the rest the rules do. A ``Look``
knows how the regex's matches can begin, read from the regex itself and lower-cased: a sentence
that holds none of those beginnings cannot match and is not searched; one that holds one is
searched as before. The answer is always the regex's own.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from re import _constants as sre  # type: ignore[attr-defined]  # how re reads its patterns
from re import _parser  # type: ignore[attr-defined]
from typing import Any

__all__ = ["Look", "Sentence"]

SAME_CASE = str.maketrans("İıſ", "iis")
"""Letters a case-blind regex matches to "i" or "s" that ``str.lower`` does not make "i" or "s"."""
WORD = re.compile(r"\w+")
PREFIX = 12
"""Word beginnings are compared up to this many letters (a longer one is cut: still a test)."""
PIECE = 3
"""Beginnings a match may have anywhere are compared by their first three letters."""


class Sentence:
    """A sentence as the looks test it: lower-cased, and the beginnings of its words (each
    worked out once, when a look first needs it)."""

    def __init__(self, text: str) -> None:
        self.text = text

    @cached_property
    def folded(self) -> str:
        return self.text.translate(SAME_CASE).lower()

    @cached_property
    def word_starts(self) -> frozenset[str]:
        words = WORD.findall(self.folded)
        return frozenset(w[:n] for w in words for n in range(1, min(len(w), PREFIX) + 1))

    @cached_property
    def pieces(self) -> frozenset[str]:
        text = self.folded
        return frozenset(text[i : i + PIECE] for i in range(len(text) - PIECE + 1))


@dataclass(frozen=True)
class Look:
    """A regex with the beginnings of its matches: after a ``\\b``, the words they begin with
    (``at_word``); otherwise their first three letters. None: a match may begin with anything
    ("\\d"), or with fewer letters."""

    regex: re.Pattern[str]
    beginnings: frozenset[str] | None
    at_word: bool

    @classmethod
    def of(cls, regex: re.Pattern[str]) -> Look:
        items = list(_parser.parse(regex.pattern, regex.flags))
        ended, going = _starts(items)
        starts = ended | going
        at_word = _opens_at_boundary(items)
        if at_word:
            words = {m.group(0)[:PREFIX] if (m := WORD.match(s)) else "" for s in starts}
            return cls(regex, None if "" in words else frozenset(words), True)
        pieces = {b[:PIECE] for b in starts}
        short = any(len(piece) < PIECE for piece in pieces)
        return cls(regex, None if short else frozenset(pieces), False)

    def search(self, sentence: Sentence) -> bool:
        if self.beginnings is not None:
            held = sentence.word_starts if self.at_word else sentence.pieces
            if self.beginnings.isdisjoint(held):
                return False  # no way a match begins is there
        return self.regex.search(sentence.text) is not None


def _starts(items: Iterable[tuple[Any, Any]]) -> tuple[set[str], set[str]]:
    """The literal beginnings (lower-cased) of what parsed ``items`` match: those a class, a
    repeat or the end of an optional part ends, and those still going at the end of ``items``."""
    ended: set[str] = set()
    going = {""}
    for op, arg in items:
        if not going:
            break
        if op is sre.LITERAL:
            letter = chr(arg).translate(SAME_CASE).lower()
            going = {s + letter for s in going}
        elif op is sre.AT:
            continue  # takes no letters
        elif op is sre.IN and (letters := _class_letters(arg)):  # "\\d", "[0-9]"
            going = {s + letter for s in going for letter in letters}
        elif op in (sre.SUBPATTERN, sre.BRANCH):
            parts = [_starts(arg[-1])] if op is sre.SUBPATTERN else [_starts(b) for b in arg[1]]
            ended |= {s + e for s in going for part_ended, _ in parts for e in part_ended}
            going = {s + g for s in going for _, part_going in parts for g in part_going}
        elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT) and arg[0] == 0:  # "(?: back)?"
            inner_ended, inner_going = _starts(arg[2])
            ended |= {s + i for s in going for i in inner_ended | inner_going}
        elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT):  # "\\d+ times": begins as its first repeat
            inner_ended, inner_going = _starts(arg[2])
            ended |= {s + i for s in going for i in inner_ended | inner_going}
            going = set()
        else:
            ended |= going
            going = set()
    return ended, going


DIGITS = "0123456789"


def _class_letters(members: list[tuple[Any, Any]]) -> str:
    """The letters a character class may match when it is the digits (``\\d``, ``[0-9]``) or a
    few literal letters; empty for any other class (its beginnings are not known)."""
    letters = ""
    for op, arg in members:
        if op is sre.CATEGORY and arg is sre.CATEGORY_DIGIT:
            letters += DIGITS
        elif op is sre.RANGE and arg == (ord("0"), ord("9")):
            letters += DIGITS
        elif op is sre.LITERAL:
            letters += chr(arg).translate(SAME_CASE).lower()
        else:
            return ""
    return letters if len(letters) <= len(DIGITS) else ""


def _opens_at_boundary(items: list[tuple[Any, Any]]) -> bool:
    while items and items[0][0] is sre.SUBPATTERN:
        items = list(items[0][1][-1])
    return bool(items) and items[0][0] is sre.AT and items[0][1] is sre.AT_BOUNDARY


class Looks:
    """Many looks indexed by the beginnings they need: the ones a sentence may match are found
    from the sentence's own word beginnings and pieces, not by trying each look in turn."""

    def __init__(self, looks: Sequence[Look]) -> None:
        self.looks = tuple(looks)
        self.always = [i for i, look in enumerate(self.looks) if look.beginnings is None]
        self.by_word: dict[str, list[int]] = {}
        self.by_piece: dict[str, list[int]] = {}
        for i, look in enumerate(self.looks):
            index = self.by_word if look.at_word else self.by_piece
            for beginning in look.beginnings or ():
                index.setdefault(beginning, []).append(i)

    def matching(self, sentence: Sentence) -> list[int]:
        """The indices, in order, of the looks whose regex finds a match in ``sentence``."""
        maybe = set(self.always)
        for start in sentence.word_starts & self.by_word.keys():
            maybe.update(self.by_word[start])
        if self.by_piece:
            for piece in sentence.pieces & self.by_piece.keys():
                maybe.update(self.by_piece[piece])
        return [i for i in sorted(maybe) if self.looks[i].regex.search(sentence.text)]
