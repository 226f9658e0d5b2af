"""A cheap test before a regex search: the literal beginnings of what the regex can match.

The rules search dozens of regexes in every sentence (a first look per pattern, a look for kin
words) and most find nothing; the searches cost more than all the rest the rules do. A ``Look``
knows how the regex's matches can begin, read from the regex itself and lower-cased, and the
words a match cannot do without further on ("a new job at" needs "new", "job" and "at"): a
sentence that holds none of those beginnings, or lacks a needed word, cannot match and is not
searched; any other is searched as before. The answer is always the regex's own.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
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
    def word_starts(self) -> set[str]:
        starts: set[str] = set()
        for word in set(WORD.findall(self.folded)):
            starts.update(_beginnings(word))
        return starts

    @cached_property
    def pieces(self) -> frozenset[str]:
        text = self.folded
        return frozenset(text[i : i + PIECE] for i in range(len(text) - PIECE + 1))


@lru_cache(maxsize=1 << 16)
def _beginnings(word: str) -> tuple[str, ...]:
    """A word's first letter, first two, … up to ``PREFIX`` (worked out once per word)."""
    return tuple(word[:n] for n in range(1, min(len(word), PREFIX) + 1))


@dataclass(frozen=True)
class Look:
    """A regex with the beginnings of its matches: after a ``\\b``, the words they begin with
    (``at_word``); otherwise their first three letters. None: a match may begin with anything
    ("\\d"), or with fewer letters."""

    regex: re.Pattern[str]
    beginnings: frozenset[str] | None
    at_word: bool
    needs: tuple[frozenset[str], ...] = ()
    """Further words a match holds: of each set, one begins a word of the sentence."""

    @classmethod
    def of(cls, regex: re.Pattern[str]) -> Look:
        items = list(_parser.parse(regex.pattern, regex.flags))
        ended, going = _starts(items)
        starts = ended | going
        at_word = _opens_at_boundary(items)
        needs = _words_needed(items)
        if at_word:
            words = _words(starts)
            return cls(regex, words, True, tuple(needs))
        pieces = {b[:PIECE] for b in starts}
        short = any(len(piece) < PIECE for piece in pieces)
        return cls(regex, None if short else frozenset(pieces), False, tuple(needs))

    def may_match(self, sentence: Sentence) -> bool:
        """False where no match can be in ``sentence``: a way it begins or a word it needs is
        missing."""
        if self.beginnings is not None:
            held = sentence.word_starts if self.at_word else sentence.pieces
            if self.beginnings.isdisjoint(held):
                return False  # no way a match begins is there
        return self.holds_needed(sentence.word_starts)

    def holds_needed(self, word_starts: set[str]) -> bool:
        """Whether a sentence with these word beginnings holds a word of each set it needs."""
        for need in self.needs:
            if need.isdisjoint(word_starts):
                return False
        return True

    def search(self, sentence: Sentence) -> bool:
        return self.may_match(sentence) and self.found(sentence)

    def found(self, sentence: Sentence) -> bool:
        """Whether the regex matches in ``sentence``. One that opens at a word boundary with
        known words is tried only where such a word begins: a search would try it at every
        letter, and a long case-blind alternation costs at each."""
        if not self.at_word or self.beginnings is None:
            return self.regex.search(sentence.text) is not None
        text, folded, match = sentence.text, sentence.folded, self.regex.match
        for beginning in self.beginnings & sentence.word_starts:
            at = folded.find(beginning)  # ``folded`` is as long as ``text``: positions hold
            while at >= 0:
                if match(text, at):  # its opening boundary fails inside a word
                    return True
                at = folded.find(beginning, at + 1)
        return False


def _words(starts: Iterable[str]) -> frozenset[str] | None:
    """The words (their first ``PREFIX`` letters) that literal beginnings open with; None when
    one opens with no word."""
    words = frozenset(m.group(0)[:PREFIX] if (m := WORD.match(s)) else "" for s in starts)
    return None if "" in words or not words else words


def _words_needed(items: list[tuple[Any, Any]]) -> list[frozenset[str]]:
    """Word sets a match cannot do without, besides its beginnings: each later part of the
    regex's main sequence that is not optional and begins a word (after a space, a punctuation
    mark or a ``\\b``) begins with one of its set's words."""
    needs: list[frozenset[str]] = []
    at_word_start = False
    sequence = _sequence(items)
    first = _first_taking(sequence)
    for k, (op, arg) in enumerate(sequence):
        if at_word_start and op is not sre.AT and k > first:
            end = k + 1  # with the letters that follow it: " new " needs "new"
            while end < len(sequence) and _is_letter(sequence[end]):
                end += 1
            ended, going = _starts(sequence[k:end])
            if (words := _words(ended | going)) is not None and words not in needs:
                needs.append(words)
        if op is sre.AT:
            at_word_start = at_word_start or arg is sre.AT_BOUNDARY
        elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT) and arg[0] == 0:  # "(?:just )?" may be skipped
            at_word_start = at_word_start and _ends_in_break(arg[2])
        else:
            at_word_start = _ends_in_break([(op, arg)])
    return needs


def _ends_in_break(items: Iterable[tuple[Any, Any]]) -> bool:
    """Whether every match of ``items`` ends with a character that no word goes on with (a
    space, a comma), so that a word begins right after it."""
    sequence = _sequence(items)
    if not sequence:
        return False
    op, arg = sequence[-1]
    if op is sre.LITERAL:
        return WORD.match(chr(arg)) is None
    if op is sre.BRANCH:
        return all(_ends_in_break(branch) for branch in arg[1])
    if op is sre.SUBPATTERN:
        return _ends_in_break(arg[-1])
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT) and arg[0] > 0:
        return _ends_in_break(arg[2])
    return False


def _first_taking(sequence: list[tuple[Any, Any]]) -> int:
    """Where the first part that takes letters stands (the beginnings are read from it)."""
    return next((k for k, (op, _) in enumerate(sequence) if op is not sre.AT), len(sequence))


def _is_letter(item: tuple[Any, Any]) -> bool:
    op, arg = item
    return op is sre.LITERAL and WORD.match(chr(arg)) is not None


def _sequence(items: Iterable[tuple[Any, Any]]) -> list[tuple[Any, Any]]:
    """``items`` with every group that is a plain sequence (no alternatives at its top) opened
    into its parts, as the regex matches them one after another."""
    flat: list[tuple[Any, Any]] = []
    for op, arg in items:
        inner = list(arg[-1]) if op is sre.SUBPATTERN else []
        if op is sre.SUBPATTERN and not (len(inner) == 1 and inner[0][0] is sre.BRANCH):
            flat += _sequence(inner)
        else:
            flat.append((op, arg))
    return flat


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
    """Many looks indexed by words they need: the ones a sentence may match are found from the
    sentence's own word beginnings (or pieces), not by trying each look in turn, and searched
    only when it holds every word they need. Each look is filed under its least common needed
    word set, told by length ("allergic" before "am"): few sentences hold one of those."""

    def __init__(self, looks: Sequence[Look]) -> None:
        self.looks = tuple(looks)
        self.always: list[int] = []
        self.by_word: dict[str, list[int]] = {}
        self.by_piece: dict[str, list[int]] = {}
        for i, look in enumerate(self.looks):
            needed = [*look.needs, *([look.beginnings] if look.at_word and look.beginnings else [])]
            if needed:
                for word in max(needed, key=_rarity):
                    self.by_word.setdefault(word, []).append(i)
            elif look.beginnings is not None:
                for piece in look.beginnings:
                    self.by_piece.setdefault(piece, []).append(i)
            else:
                self.always.append(i)

    def matching(self, sentence: Sentence) -> list[int]:
        """The indices, in order, of the looks whose regex finds a match in ``sentence``."""
        maybe = set(self.always)
        for start in sentence.word_starts & self.by_word.keys():
            maybe.update(self.by_word[start])
        if self.by_piece:
            for piece in sentence.pieces & self.by_piece.keys():
                maybe.update(self.by_piece[piece])
        looks = self.looks
        return [
            i for i in sorted(maybe) if looks[i].may_match(sentence) and looks[i].found(sentence)
        ]


def _rarity(words: frozenset[str]) -> tuple[int, int]:
    """How seldom a sentence may hold one of ``words``: longer words are rarer, fewer are."""
    return min(len(word) for word in words), -len(words)
