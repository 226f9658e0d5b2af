"""Per-language word tables, merged for the languages a caller enables.

Each language module builds one ``Lexicon``; entries are written naturally (accents,
hyphens) and are folded to lookup keys when merged. Phrases in a set are given as one
string separated by ``|``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields

from lembrar.temporal.text import key

Words = frozenset[str]
Table = Mapping[str, object]


def words(spec: str) -> frozenset[str]:
    """``"last|past"`` → ``frozenset({"last", "past"})``."""
    return frozenset(part.strip() for part in spec.split("|") if part.strip())


@dataclass(frozen=True)
class Lexicon:
    """The words of one language (or of several, merged) that time phrases are built from."""

    code: str
    day_first: bool = True
    stopwords: Words = frozenset()
    # amounts
    numbers: Mapping[str, int] = field(default_factory=dict)
    couple: Words = frozenset()
    few: Words = frozenset()
    units: Mapping[str, str] = field(default_factory=dict)
    ago_before: Words = frozenset()
    ago_after: Words = frozenset()
    rolling: Words = frozenset()
    rolling_before: Words = frozenset()
    rolling_after: Words = frozenset()
    # days and parts of days
    days: Mapping[str, int] = field(default_factory=dict)
    day_periods: Mapping[str, tuple[int, tuple[str, ...]]] = field(default_factory=dict)
    period_filters: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    period_words: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    period_plurals: Words = frozenset()
    # relative calendar units
    last: Words = frozenset()
    last_after: Words = frozenset()
    before_last: Words = frozenset()
    this: Words = frozenset()
    next: Words = frozenset()
    next_after: Words = frozenset()
    calendar_units: Mapping[str, str] = field(default_factory=dict)
    weekend_leads: Words = frozenset()
    # weekdays
    weekdays: Mapping[str, int] = field(default_factory=dict)
    weekdays_short: Mapping[str, int] = field(default_factory=dict)
    short_leads: Words = frozenset()
    short_blocked: Words = frozenset()
    weekday_plurals: Mapping[str, int] = field(default_factory=dict)
    weekday_every: Words = frozenset()
    weekday_every_plural: Words = frozenset()
    # months, dates, years, seasons
    months: Mapping[str, int] = field(default_factory=dict)
    month_abbrevs: Mapping[str, int] = field(default_factory=dict)
    ambiguous_months: Words = frozenset()
    modal_followers: Words = frozenset()
    month_leads: Words = frozenset()
    month_parts: Mapping[str, str] = field(default_factory=dict)
    week_ordinals: Mapping[str, int] = field(default_factory=dict)
    articles: Words = frozenset()
    of: Words = frozenset()
    date_leads: Words = frozenset()
    day_leads: Words = frozenset()
    day_leads_ordinal: Words = frozenset()
    ordinals: Words = frozenset()
    year_leads: Words = frozenset()
    seasons: Mapping[str, str] = field(default_factory=dict)
    season_leads: Words = frozenset()
    holidays: Mapping[str, str] = field(default_factory=dict)
    ambiguous_holidays: Words = frozenset()
    holiday_leads: Words = frozenset()
    # glue
    leads: Words = frozenset()
    soft: Mapping[str, str] = field(default_factory=dict)
    since: Words = frozenset()
    until: Words = frozenset()
    before: Words = frozenset()
    after: Words = frozenset()
    about: Words = frozenset()
    about_quantity: Words = frozenset()
    about_blocked: Words = frozenset()
    about_after: Words = frozenset()
    range_from: Words = frozenset()
    range_to: Words = frozenset()
    range_and: Words = frozenset()
    # the words after which a holiday named bare is what was talked about, not when
    topic_leads: Words = frozenset()

    def month_names(self) -> tuple[str, ...]:
        """The months' names in calendar order, lowercase (the first spelling of each)."""
        first: dict[int, str] = {}
        for name, number in self.months.items():
            first.setdefault(number, name)
        return tuple(first[number] for number in sorted(first))


def _fold_value(value: object) -> object:
    if isinstance(value, frozenset):
        return frozenset(key(item) for item in value)
    if isinstance(value, Mapping):
        return {key(name): item for name, item in value.items()}
    return value


def _combine(first: object, second: object) -> object:
    if isinstance(first, frozenset) and isinstance(second, frozenset):
        return first | second
    if isinstance(first, Mapping) and isinstance(second, Mapping):
        return {**second, **first}
    return first


def merge(lexicons: tuple[Lexicon, ...]) -> Lexicon:
    """One lexicon with every word of ``lexicons``, folded to lookup keys.

    Where two languages give the same word different meanings, the earlier language wins.
    """
    values: dict[str, object] = {}
    for lexicon in lexicons:
        for item in fields(Lexicon):
            folded = _fold_value(getattr(lexicon, item.name))
            values[item.name] = (
                _combine(values[item.name], folded) if item.name in values else folded
            )
    values["code"] = "+".join(lexicon.code for lexicon in lexicons)
    return Lexicon(**values)  # type: ignore[arg-type]
