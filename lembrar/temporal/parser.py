"""``parse_time``: the time phrases of a text, as windows and filters."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime, timedelta

from lembrar.errors import ValidationError
from lembrar.model.timetags import HEMISPHERES, DayPeriods, zone
from lembrar.temporal import delegate
from lembrar.temporal.combine import combine
from lembrar.temporal.grammar import grammar_for
from lembrar.temporal.hits import Context, Grammar, Hit
from lembrar.temporal.intervals import TimeQuery, TimeWindow, require_aware
from lembrar.temporal.text import fold, key, remove_spans, tidy

DEFAULT_LANGUAGES = ("en", "pt", "es", "fr")
_WORD = re.compile(r"[\w']+")


def day_first(norm: str, grammar: Grammar) -> bool:
    """Whether "05/02" means 5 February: true unless the text reads most like English."""
    tokens = _WORD.findall(norm)
    scores = [sum(token in lang.stopwords for token in tokens) for lang in grammar.languages]
    best = max(range(len(scores)), key=lambda index: (scores[index], -index))
    return grammar.languages[best].day_first


def scan(ctx: Context) -> list[Hit]:
    """Every hit of every rule; a rejected match lets the scan retry one character later."""
    hits: list[Hit] = []
    for rule, pattern in ctx.grammar.rules:
        position = 0
        while (match := pattern.search(ctx.norm, position)) is not None:
            hit = rule.handle(match, ctx)
            if hit is not None:
                hits.append(replace(hit, priority=rule.priority))
            position = (
                match.end()
                if hit is not None and match.end() > match.start()
                else match.start() + 1
            )
    return hits


def talked_about(ctx: Context, hit: Hit) -> bool:
    """Whether ``hit`` is a holiday named bare as the object of a word of talk, and so what was
    talked about rather than when: "did we talk about Christmas?", "falamos sobre a Páscoa?",
    "tu m'as dit quelque chose sur Noël". A holiday with a preposition or a modifier of its own
    says when ("at Christmas", "last Easter"), as does a time of any other kind ("what did we
    talk about last week?")."""
    if hit.window is None:
        return False
    named = key(ctx.norm[hit.start : hit.end])
    first, _, rest = named.partition(" ")
    if named not in ctx.lex.holidays and not (
        first in ctx.lex.articles and rest in ctx.lex.holidays
    ):
        return False
    return ctx.ends_with(hit.start, "topic") is not None


def _query(ctx: Context, hits: list[Hit]) -> TimeQuery:
    text = ctx.text
    windows = tuple(
        replace(hit.window, phrase=tidy(text[hit.start : hit.end])) for hit in hits if hit.window
    )
    return TimeQuery(
        windows=windows,
        periods=frozenset(period for hit in hits if not hit.window for period in hit.periods),
        weekdays=frozenset(day for hit in hits for day in hit.weekdays),
        stripped=remove_spans(text, [(hit.start, hit.end) for hit in hits]),
        phrases=tuple(tidy(text[hit.start : hit.end]) for hit in hits),
        alternatives=tuple(w for hit in hits if (w := _alternative(ctx, hit)) is not None),
    )


def _alternative(ctx: Context, hit: Hit) -> TimeWindow | None:
    """Another window the phrase of ``hit`` may mean (see ``TimeQuery.alternatives``)."""
    if (
        hit.alternative is not None
        and hit.window is not None
        and hit.window.granularity == "season"
    ):
        return hit.alternative  # kept only while the hit is the season its rule read
    return _previous_instance(ctx, hit)


def _previous_instance(ctx: Context, hit: Hit) -> TimeWindow | None:
    """For a month or a weekday named bare whose current instance has not ended, the one
    before it: said on 1 February, "in February I told you…" may mean last February."""
    window, anchor = hit.window, hit.anchor
    if window is None or anchor is None or anchor.year is not None:
        return None
    if window.end <= ctx.now:  # over: the name meant this one
        return None
    if anchor.kind == "weekday" and window.granularity == "day":
        step = timedelta(days=7)
        return replace(window, start=window.start - step, end=window.end - step, phrase="")
    if anchor.kind == "month" and window.granularity in ("month", "range"):
        try:
            start = window.start.replace(year=window.start.year - 1)
            end = window.end.replace(year=window.end.year - 1)
        except ValueError:  # the 29th of February
            return None
        return replace(window, start=start, end=end, phrase="")
    return None


def _context(
    text: str,
    now: datetime,
    tz: str,
    periods: DayPeriods | None,
    languages: tuple[str, ...],
    hemisphere: str,
) -> Context:
    if not isinstance(text, str):
        raise ValidationError("text", "pass the text as a string")
    require_aware("now", now)
    if hemisphere not in HEMISPHERES:
        raise ValidationError("hemisphere", f"use one of {HEMISPHERES}")
    grammar = grammar_for(tuple(languages))
    where = zone(tz)
    norm = fold(text)
    return Context(
        text=text,
        norm=norm,
        now=now.astimezone(where),
        zone=where,
        periods=periods or DayPeriods(),
        hemisphere=hemisphere,
        grammar=grammar,
        day_first=day_first(norm, grammar),
    )


def parse_time(
    text: str,
    now: datetime,
    tz: str = "UTC",
    *,
    periods: DayPeriods | None = None,
    languages: tuple[str, ...] = DEFAULT_LANGUAGES,
    hemisphere: str = "north",
    language: str | None = None,
    asked: bool = False,
) -> TimeQuery:
    """Find the time phrases in ``text`` and resolve them against ``now`` in the zone ``tz``.

    Windows are half-open and local-midnight aligned (a day may last 23 or 25 hours);
    recurring phrases ("in the afternoon", "on Saturdays") become ``periods``/``weekdays``
    filters; ``stripped`` is the text without the phrases, for semantic search.
    ``language``: the writer's language; one our grammar does not cover is read by an
    installed ``dateparser`` (the ``[dates]`` extra) when the grammar finds nothing.
    ``asked``: the text is a question put to a memory, where a time that is what was talked
    about (:func:`talked_about`) gives no window and stays in ``stripped``.
    """
    ctx = _context(text, now, tz, periods, languages, hemisphere)
    found = combine(ctx, scan(ctx))
    hits = [hit for hit in found if not talked_about(ctx, hit)] if asked else found
    parsed = _query(ctx, hits)
    if found or delegate.time_reader(language) != "dateparser":
        return parsed  # a holiday read as the topic is not read again as a time
    return delegate.parse_other(text, ctx.now, ctx.zone, language)
