"""Rule for holidays with a fixed date (Christmas, New Year) and those that follow Easter."""

from __future__ import annotations

import re
from datetime import date, timedelta

from lembrar.temporal import windows
from lembrar.temporal.hits import Anchor, Context, Hit, Rule, group_key, required_key
from lembrar.temporal.intervals import TimeWindow
from lembrar.temporal.lexicon import Lexicon
from lembrar.temporal.patterns import START, STOP, YEAR, alt, lead

FIXED = {
    "christmas": (12, 25),
    "christmas_eve": (12, 24),
    "new_years_eve": (12, 31),
    "new_year": (1, 1),
}
AFTER_EASTER = {"easter": 0, "good_friday": -2}
TOLERANCE = timedelta(days=3)


def easter(year: int) -> date:
    """Western (Gregorian) Easter Sunday, by the anonymous Gregorian algorithm."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = divmod(b, 4)
    g = (b - (b + 8) // 25 + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    weekday = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * weekday) // 451
    month, day = divmod(h + weekday - 7 * m + 114, 31)
    return date(year, month, day + 1)


def holiday(name: str, year: int) -> date:
    if name in FIXED:
        return date(year, *FIXED[name])
    return easter(year) + timedelta(days=AFTER_EASTER[name])


def resolve(today: date, name: str, offset: int | None) -> date:
    """The holiday this year or last (most recent), strictly before, or strictly after today."""
    this_year = holiday(name, today.year)
    if offset == 0:
        return this_year
    if offset is not None and offset > 0:
        return this_year if this_year > today else holiday(name, today.year + 1)
    if this_year < today or (offset is None and this_year == today):
        return this_year
    return holiday(name, today.year - 1)


def _pattern(lex: Lexicon) -> str:
    before = alt(lex.last | lex.this | lex.next)
    after = alt(lex.last_after | lex.next_after)
    return (
        f"{START}(?P<lead>{lead(lex.leads | lex.holiday_leads)})?(?:(?P<mod>{before})\\s+)?"
        f"(?P<h>{alt(lex.holidays)})(?:\\s+(?P<post>{after}))?(?:\\s+{lead(lex.of)}?(?P<y>{YEAR}))?{STOP}"
    )


def _licensed(match: re.Match[str], ctx: Context) -> bool:
    if group_key(match, "h") not in ctx.lex.ambiguous_holidays:
        return True
    if match.group("mod") or match.group("post") or match.group("y"):
        return True
    lead_key = group_key(match, "lead") or ""
    # a one-letter lead ("à" Pâques, "a" Natal the city) licenses nothing across languages
    licensed = lead_key in ctx.lex.holiday_leads and len(lead_key) > 1
    return licensed or bool(ctx.ends_with(match.start(), "license"))


def _holiday(match: re.Match[str], ctx: Context) -> Hit | None:
    if not _licensed(match, ctx):
        return None
    name = ctx.lex.holidays[required_key(match, "h")]
    modifier = group_key(match, "mod") or group_key(match, "post")
    if match.group("y"):
        day = holiday(name, int(match.group("y")))
    else:
        day = resolve(ctx.today, name, ctx.offset(modifier))
    window = windows.day(ctx, day)
    window = TimeWindow(window.start, window.end, window.granularity, TOLERANCE)
    return Hit(
        match.start(), match.end(), window, anchor=Anchor("date", day.year, day.month, day.day)
    )


RULES = (Rule("holiday", _pattern, _holiday, priority=1),)
