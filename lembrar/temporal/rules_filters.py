"""Rules for recurring filters: "in the afternoon", "à noite", "on Saturdays", "un samedi"."""

from __future__ import annotations

import re

from lembrar.temporal.hits import BARE, FILTER, Context, Hit, Rule, required_key
from lembrar.temporal.lexicon import Lexicon
from lembrar.temporal.patterns import START, STOP, alt


def _periods_pattern(lex: Lexicon) -> str:
    return f"{START}(?P<w>{alt(lex.period_filters)}){STOP}"


def _periods(match: re.Match[str], ctx: Context) -> Hit:
    periods = ctx.lex.period_filters[required_key(match, "w")]
    return Hit(match.start(), match.end(), role=FILTER, periods=periods)


def _bare_pattern(lex: Lexicon) -> str:
    return f"{START}(?P<w>{alt(lex.period_words)}){STOP}"


def _bare(match: re.Match[str], ctx: Context) -> Hit:
    word = required_key(match, "w")
    periods = ctx.lex.period_words[word]
    return Hit(
        match.start(),
        match.end(),
        role=BARE,
        periods=periods,
        plural=word in ctx.lex.period_plurals,
    )


def _every_pattern(lex: Lexicon) -> str:
    names = alt({*lex.weekdays, *lex.weekdays_short})
    return (
        f"{START}(?:(?P<e>{alt(lex.weekday_every)})\\s+(?P<wd>{names})"
        f"|(?:(?P<ep>{alt(lex.weekday_every_plural)})\\s+)?(?P<wp>{alt(lex.weekday_plurals)})){STOP}"
    )


def _needs_article(ctx: Context, plural: str) -> bool:
    """Plurals that are also singulars ("lunes") or ordinals ("segundas") need "los"/"às"."""
    return plural in ctx.lex.weekdays or plural.removesuffix("s") in ctx.lex.weekdays_short


_LAST_WORD = re.compile(r"([\w'-]+)\s+$")


def _in_a_name(ctx: Context, start: int) -> bool:
    """ "Turbocharged Tuesdays", "Taco Tuesdays": a bare plural right after a capitalized word
    that does not open the sentence is part of a name, not a weekday filter."""
    found = _LAST_WORD.search(ctx.text, 0, start)
    if found is None or not found.group(1)[:1].isupper() or found.group(1) == "I":
        return False
    opening = ctx.text[: found.start()].rstrip()
    return bool(opening) and opening[-1] not in ".!?:;"


def _every(match: re.Match[str], ctx: Context) -> Hit | None:
    if match.group("wd"):
        name = required_key(match, "wd")
        short = name not in ctx.lex.weekdays
        weekday = ctx.lex.weekdays_short[name] if short else ctx.lex.weekdays[name]
    else:
        name = required_key(match, "wp")
        if match.group("ep") is None and (
            _needs_article(ctx, name) or _in_a_name(ctx, match.start())
        ):
            return None
        weekday = ctx.lex.weekday_plurals[name]
    return Hit(match.start(), match.end(), role=FILTER, weekdays=frozenset({weekday}))


RULES = (
    Rule("period_filter", _periods_pattern, _periods),
    Rule("period_word", _bare_pattern, _bare),
    Rule("weekday_filter", _every_pattern, _every, priority=2),
)
