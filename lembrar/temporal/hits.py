"""What the rules find (spans of text with the window or filter they stand for) and the
compiled grammar they read."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date, datetime, tzinfo

from lembrar.model.timetags import DayPeriods
from lembrar.temporal.intervals import TimeWindow
from lembrar.temporal.lexicon import Lexicon
from lembrar.temporal.text import key

WINDOW, FILTER, WEAK, BARE = "window", "filter", "weak", "bare"
_LOOKBACK = 48


@dataclass(frozen=True)
class Anchor:
    """A calendar point named without a year or week, re-resolvable against another point."""

    kind: str  # "date" | "month" | "weekday" | "day" | "year"
    year: int | None = None
    month: int | None = None
    day: int | None = None
    weekday: int | None = None


@dataclass(frozen=True)
class Hit:
    """One matched phrase: ``norm[start:end]`` and what it means."""

    start: int
    end: int
    window: TimeWindow | None = None
    role: str = WINDOW
    periods: tuple[str, ...] = ()
    weekdays: frozenset[int] = frozenset()
    anchor: Anchor | None = None
    alternative: TimeWindow | None = None  # another reading of the same phrase
    quantity: bool = False
    plural: bool = False
    priority: int = 0

    @property
    def size(self) -> int:
        return self.end - self.start


@dataclass(frozen=True)
class Context:
    """Everything a rule needs to turn a match into a hit."""

    text: str
    norm: str
    now: datetime
    zone: tzinfo
    periods: DayPeriods
    hemisphere: str
    grammar: Grammar
    day_first: bool

    @property
    def today(self) -> date:
        return self.now.date()

    @property
    def lex(self) -> Lexicon:
        return self.grammar.lexicon

    def before(self, start: int) -> str:
        """A little of the text just before ``start``."""
        return self.norm[max(0, start - _LOOKBACK) : start]

    def after(self, end: int) -> str:
        return self.norm[end : end + _LOOKBACK]

    def offset(self, modifier: str | None) -> int | None:
        """Units away that a modifier points (last -1, this 0, next +1); None without one."""
        return None if modifier is None else self.grammar.offsets[modifier]

    def ends_with(self, start: int, name: str) -> re.Match[str] | None:
        """The grammar's tail pattern ``name`` matched against the text before ``start``."""
        return self.grammar.tails[name].search(self.before(start))


@dataclass(frozen=True)
class Rule:
    """A pattern built from a lexicon and the function that turns its matches into hits."""

    name: str
    build: Callable[[Lexicon], str]
    handle: Callable[[re.Match[str], Context], Hit | None]
    priority: int = 0


@dataclass(frozen=True)
class Language:
    code: str
    stopwords: frozenset[str]
    day_first: bool


@dataclass(frozen=True)
class Grammar:
    """Compiled rules plus the small patterns that look around a match."""

    lexicon: Lexicon
    rules: tuple[tuple[Rule, re.Pattern[str]], ...]
    tails: Mapping[str, re.Pattern[str]]
    heads: Mapping[str, re.Pattern[str]]
    gaps: Mapping[str, re.Pattern[str]]
    offsets: Mapping[str, int]
    languages: tuple[Language, ...]


def group_key(match: re.Match[str], name: str) -> str | None:
    """The lookup key of a named group, or None when the group did not take part."""
    value = match.group(name)
    return key(value) if value else None


def required_key(match: re.Match[str], *names: str) -> str:
    """The lookup key of the first of ``names`` that took part: the rule's pattern makes one
    of them match whenever the whole pattern does."""
    for name in names:
        found = group_key(match, name)
        if found is not None:
            return found
    raise ValueError(f"no group of {names} took part in the match {match.group(0)!r}")


def next_word(ctx: Context, end: int) -> str:
    found = re.match(r"\s+([\w']+)", ctx.after(end))
    return found.group(1) if found else ""
