"""The compiled grammar for a set of languages, built once per set and cached."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache

from lembrar.errors import ValidationError
from lembrar.temporal import (
    lexicon_en,
    lexicon_es,
    lexicon_fr,
    lexicon_pt,
    rules_calendar,
    rules_filters,
    rules_holidays,
    rules_relative,
    rules_weekdays,
)
from lembrar.temporal.hits import Grammar, Language, Rule
from lembrar.temporal.lexicon import Lexicon, merge
from lembrar.temporal.patterns import START, alt, head, lead, number, tail

LEXICONS: Mapping[str, Lexicon] = {
    lexicon.code: lexicon
    for lexicon in (lexicon_en.LEXICON, lexicon_pt.LEXICON, lexicon_es.LEXICON, lexicon_fr.LEXICON)
}
RULES: tuple[Rule, ...] = (
    *rules_relative.RULES,
    *rules_weekdays.RULES,
    *rules_calendar.RULES,
    *rules_filters.RULES,
    *rules_holidays.RULES,
)


def _offsets(lex: Lexicon) -> dict[str, int]:
    """How many units away each modifier word points: last -1, this 0, next +1."""
    table: dict[str, int] = {}
    for group, offset in (
        (lex.this, 0),
        (lex.next, 1),
        (lex.next_after, 1),
        (lex.last, -1),
        (lex.last_after, -1),
        (lex.before_last, -2),
    ):
        table.update(dict.fromkeys(group, offset))
    return table


def _tails(lex: Lexicon) -> dict[str, re.Pattern[str]]:
    bounds = lex.since | lex.until | lex.before | lex.after
    ranges = lex.range_from | lex.range_to | lex.range_and
    return {
        "license": tail(bounds),
        "calendar": tail(bounds | lex.about),
        "short": tail(bounds | lex.short_leads),
        "range": re.compile(f"(?:{START}{alt(ranges)}|-)\\s*$"),
        "from": tail(lex.range_from),
        "since": tail(lex.since),
        "until": tail(lex.until),
        "before": tail(lex.before),
        "after": tail(lex.after),
        "about": tail(lex.about),
        "about_quantity": tail(lex.about_quantity),
        "topic": tail(lex.topic_leads),
        "amount": re.compile(
            f"{START}(?:(?P<n>{number(lex.numbers, lex.couple)})\\s+|{alt(lex.articles)}\\s+)?"
            f"(?P<u>{alt(lex.units)})\\s*$"
        ),
    }


def _gaps(lex: Lexicon) -> dict[str, re.Pattern[str]]:
    return {
        "to": re.compile(f"\\s*(?:{alt(lex.range_to)}|-)\\s*"),
        "and": re.compile(f"\\s*{alt(lex.range_and)}\\s*"),
        "join": re.compile(r"[\s,]*"),
        "of": re.compile(f"[\\s,]*(?:{lead(lex.of)})?"),
        "list": re.compile(f"\\s*(?:,\\s*)?(?:{alt(lex.range_and)})?\\s*"),
    }


def _languages(codes: tuple[str, ...]) -> tuple[Language, ...]:
    return tuple(
        Language(code, merge((LEXICONS[code],)).stopwords, LEXICONS[code].day_first)
        for code in codes
    )


def check_languages(languages: tuple[str, ...]) -> tuple[str, ...]:
    codes = tuple(languages)
    unknown = [code for code in codes if code not in LEXICONS]
    if not codes or unknown:
        raise ValidationError("languages", f"use one or more of {tuple(LEXICONS)}, not {codes!r}")
    return codes


@lru_cache(maxsize=16)
def grammar_for(languages: tuple[str, ...]) -> Grammar:
    """The grammar for ``languages`` (codes from ``LEXICONS``), compiled on first use."""
    codes = check_languages(languages)
    lex = merge(tuple(LEXICONS[code] for code in codes))
    return Grammar(
        lexicon=lex,
        rules=tuple((rule, re.compile(rule.build(lex))) for rule in RULES),
        tails=_tails(lex),
        heads={"about_after": head(lex.about_after)},
        gaps=_gaps(lex),
        offsets=_offsets(lex),
        languages=_languages(codes),
    )
