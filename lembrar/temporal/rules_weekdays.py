"""Rules for named weekdays: "last Sunday", "domingo passado", "on Monday of last week"."""

from __future__ import annotations

import re
from datetime import date, timedelta

from lembrar.temporal import dates, windows
from lembrar.temporal.hits import (
    WEAK,
    Anchor,
    Context,
    Hit,
    Rule,
    group_key,
    next_word,
    required_key,
)
from lembrar.temporal.lexicon import Lexicon
from lembrar.temporal.patterns import START, STOP, alt, lead, number
from lembrar.temporal.rules_relative import MAX_AMOUNT, read_amount


def week_phrase(lex: Lexicon) -> str:
    """ "last week", "semana passada", "la semaine dernière" (no named groups)."""
    weeks = alt(name for name, unit in lex.calendar_units.items() if unit == "week")
    before = alt(lex.last | lex.this | lex.next)
    after = alt(lex.last_after | lex.next_after | lex.before_last)
    return f"(?:{before}\\s+{weeks}|{weeks}\\s+{after})"


def _pattern(lex: Lexicon) -> str:
    names = alt({*lex.weekdays, *lex.weekdays_short})
    before = alt(lex.last | lex.this | lex.next)
    after = alt(lex.last_after | lex.next_after | lex.before_last)
    return (
        f"{START}(?P<lead>{lead(lex.leads)})?(?:(?P<mod>{before})\\s+)?(?P<wd>{names})"
        f"(?:\\s+(?P<post>{after}))?"
        f"(?:,?\\s+{lead(lex.of)}?(?P<week>{week_phrase(lex)}))?{STOP}"
    )


def _week_offset(ctx: Context, phrase: str) -> int:
    words = phrase.split(" ")
    for size in range(len(words), 0, -1):
        for start in (0, len(words) - size):
            candidate = " ".join(words[start : start + size])
            if candidate in ctx.grammar.offsets:
                return ctx.grammar.offsets[candidate]
    return 0


def resolve(ctx: Context, weekday: int, offset: int | None) -> date:
    """The date meant by a weekday with a modifier offset (None: the most recent one)."""
    today = ctx.today
    if offset is None:
        return dates.weekday_on_or_before(today, weekday)
    if offset < 0:
        return dates.weekday_before(today, weekday) - timedelta(days=7 * (-offset - 1))
    if offset == 0:
        return dates.weekday_in_week(today, weekday)
    return dates.weekday_after(today, weekday) + timedelta(days=7 * (offset - 1))


def _licensed(match: re.Match[str], ctx: Context) -> str | None:
    """For a short Portuguese weekday ("segunda"), how sure we are it is a weekday."""
    if next_word(ctx, match.end("wd")) in ctx.lex.short_blocked:
        return None
    if match.group("mod") or match.group("post") or match.group("week"):
        return "strong"
    if group_key(match, "lead") in ctx.lex.short_leads or ctx.ends_with(match.start(), "short"):
        return "strong"
    return "weak" if ctx.ends_with(match.start(), "range") else None


def _weekday(match: re.Match[str], ctx: Context) -> Hit | None:
    name = required_key(match, "wd")
    short = name not in ctx.lex.weekdays
    weekday = ctx.lex.weekdays_short[name] if short else ctx.lex.weekdays[name]
    strength = _licensed(match, ctx) if short else "strong"
    if strength is None:
        return None
    if match.group("week"):
        offset = _week_offset(ctx, required_key(match, "week"))
        day = dates.weekday_in_week(ctx.today, weekday, offset)
    else:
        modifier = group_key(match, "mod") or group_key(match, "post")
        day = resolve(ctx, weekday, ctx.offset(modifier))
    bare = not (match.group("mod") or match.group("post") or match.group("week"))
    anchor = (
        Anchor("weekday", weekday=weekday) if bare else Anchor("date", day.year, day.month, day.day)
    )
    role = WEAK if strength == "weak" else "window"
    return Hit(match.start(), match.end(), windows.day(ctx, day), role=role, anchor=anchor)


# -- two Saturdays ago, há dois sábados, il y a deux samedis ---------------------------------


def _weekdays_ago_pattern(lex: Lexicon) -> str:
    num = number(lex.numbers, lex.couple)
    names = alt({*lex.weekdays, *lex.weekday_plurals})
    return (
        f"{START}(?:(?:{alt(lex.ago_before)})\\s+(?P<n>{num})\\s+(?P<wd>{names})"
        f"|(?P<n2>{num})\\s+(?P<wd2>{names})\\s+(?:{alt(lex.ago_after)})){STOP}"
    )


def _weekdays_ago(match: re.Match[str], ctx: Context) -> Hit | None:
    """The Nth most recent such weekday before today: two Saturdays ago from a Sunday is 8 days back."""
    amount, _ = read_amount(match, ctx, "n" if match.group("n") else "n2")
    name = required_key(match, "wd", "wd2")
    if amount is None or not 1 <= amount <= MAX_AMOUNT["week"]:
        return None
    weekday = ctx.lex.weekdays[name] if name in ctx.lex.weekdays else ctx.lex.weekday_plurals[name]
    day = resolve(ctx, weekday, -amount)
    return Hit(
        match.start(),
        match.end(),
        windows.day(ctx, day),
        anchor=Anchor("date", day.year, day.month, day.day),
    )


RULES = (
    Rule("weekday", _pattern, _weekday),
    Rule("weekdays_ago", _weekdays_ago_pattern, _weekdays_ago),
)
