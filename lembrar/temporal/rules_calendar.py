"""Rules for calendar names: months, dates, years and seasons."""

from __future__ import annotations

import re
from datetime import date

from lembrar.temporal import dates, windows
from lembrar.temporal.hits import (
    FILTER,
    WEAK,
    WINDOW,
    Anchor,
    Context,
    Hit,
    Rule,
    group_key,
    next_word,
    required_key,
)
from lembrar.temporal.lexicon import Lexicon
from lembrar.temporal.patterns import DAY, START, STOP, YEAR, alt, lead

YEAR_TAIL = f"(?:(?:\\s*,\\s*|\\s+){{of}}?(?P<y>{YEAR}))?"


def _year_tail(lex: Lexicon) -> str:
    return YEAR_TAIL.replace("{of}", lead(lex.of))


def _strength(ctx: Context, start: int, leads: frozenset[str], lead_key: str | None) -> str | None:
    """ "strong" when a licensing word comes first, "weak" after a range word, else None."""
    if lead_key in leads or ctx.ends_with(start, "calendar"):
        return "strong"
    return "weak" if ctx.ends_with(start, "range") else None


def _plain_word(match: re.Match[str], ctx: Context, group: str) -> bool:
    """A month word that could be a verb or a name ("may", "march"), written in lowercase."""
    word = group_key(match, group)
    return word in ctx.lex.ambiguous_months and not ctx.text[match.start(group)].isupper()


# -- in March, last May, early June, March 2023, début mars ---------------------------------


def _month_pattern(lex: Lexicon) -> str:
    before = alt(lex.last | lex.this | lex.next)
    after = alt(lex.last_after | lex.next_after)
    return (
        f"{START}(?P<lead>{lead(lex.leads | lex.month_leads)})?"
        f"(?:(?P<part>{alt(lex.month_parts)})[\\s-]*)?(?:(?P<mod>{before})\\s+)?"
        f"(?P<m>{alt(lex.months)})(?!')(?:\\s+(?P<post>{after}))?{_year_tail(lex)}{STOP}"
    )


def _month_strength(match: re.Match[str], ctx: Context) -> str | None:
    if match.group("y") or match.group("part"):
        return "strong"
    verb_like = next_word(ctx, match.end("m")) in ctx.lex.modal_followers
    if _plain_word(match, ctx, "m") and (match.group("mod") or verb_like):
        return None
    if match.group("mod") or match.group("post"):
        return "strong"
    return _strength(ctx, match.start(), ctx.lex.month_leads, group_key(match, "lead"))


def resolve_month(ctx: Context, month: int, offset: int | None) -> tuple[int, int]:
    if offset is None:
        return dates.month_on_or_before(ctx.today, month)
    if offset < 0:
        year, month = dates.month_before(ctx.today, month)
        return year + offset + 1, month
    if offset == 0:
        return ctx.today.year, month
    return dates.month_after(ctx.today, month)


def _month(match: re.Match[str], ctx: Context) -> Hit | None:
    strength = _month_strength(match, ctx)
    if strength is None:
        return None
    month = ctx.lex.months[required_key(match, "m")]
    modifier = group_key(match, "mod") or group_key(match, "post")
    if match.group("y"):
        year = int(match.group("y"))
    else:
        year, month = resolve_month(ctx, month, ctx.offset(modifier))
    part = ctx.lex.month_parts[required_key(match, "part")] if match.group("part") else None
    fixed = match.group("y") or modifier
    anchor = Anchor("month", year, month) if fixed else Anchor("month", month=month)
    role = WINDOW if strength == "strong" else WEAK
    return Hit(
        match.start(), match.end(), windows.month(ctx, year, month, part), role=role, anchor=anchor
    )


# -- May 2nd, 2 May 2023, 2 de maio, le 1er mai ---------------------------------------------


def _month_first_pattern(lex: Lexicon) -> str:
    names = alt({*lex.months, *lex.month_abbrevs})
    return (
        f"{START}(?P<lead>{lead(lex.leads)})?(?:{alt(lex.weekdays)},?\\s+)?"
        f"(?P<m>{names})\\.?\\s+(?:the\\s+)?(?P<d>{DAY})(?P<o>{alt(lex.ordinals)})?(?![:.]\\d)"
        f"{_year_tail(lex)}{STOP}"
    )


def _day_first_pattern(lex: Lexicon) -> str:
    names = alt({*lex.months, *lex.month_abbrevs})
    return (
        f"{START}(?P<lead>{lead(lex.leads)})?(?:{alt(lex.weekdays)},?\\s+)?"
        f"(?P<d>{DAY})(?P<o>{alt(lex.ordinals)})?\\s+{lead(lex.of)}?"
        f"(?P<m>{names})(?!')\\.?{_year_tail(lex)}{STOP}"
    )


def date_hit(ctx: Context, start: int, end: int, found: tuple[int | None, int, int]) -> Hit | None:
    """A day window for (year or None, month, day). A date that does not exist ("the 31st of
    February") is read as what it is: a phrase that names no time, so it gives no window (and
    no shorter part of it, like "the 31st", is read instead)."""
    year, month, number = found
    if year is None:
        day = dates.day_on_or_before(ctx.today, month, number)
    else:
        day = dates.safe_date(year, month, number)
    if day is None:
        return Hit(start, end, role=FILTER) if 1 <= number <= 31 else None
    return Hit(start, end, windows.day(ctx, day), anchor=Anchor("date", year, month, number))


def _named_date(match: re.Match[str], ctx: Context) -> Hit | None:
    name = required_key(match, "m")
    plain = not (match.group("y") or match.group("o") or match.group("lead"))
    if plain and _plain_word(match, ctx, "m"):
        return None
    month = ctx.lex.months.get(name) or ctx.lex.month_abbrevs[name]
    year = int(match.group("y")) if match.group("y") else None
    return date_hit(ctx, match.start(), match.end(), (year, month, int(match.group("d"))))


# -- on the 3rd, no dia 3, el día 3 -----------------------------------------------------------


def _day_of_month_pattern(lex: Lexicon) -> str:
    return (
        f"{START}(?P<lead>{alt(lex.day_leads | lex.day_leads_ordinal)})\\s+(?P<d>{DAY})"
        f"(?P<o>{alt(lex.ordinals)})?(?![\\w/:-]|[.,]\\d)"
    )


def _day_of_month(match: re.Match[str], ctx: Context) -> Hit | None:
    if group_key(match, "lead") not in ctx.lex.day_leads and not match.group("o"):
        return None
    number, today = int(match.group("d")), ctx.today
    for back in range(0, 4):
        year, month = dates.add_months(today.year, today.month, -back)
        day = dates.safe_date(year, month, number)
        if day is not None and day <= today:
            return Hit(
                match.start(), match.end(), windows.day(ctx, day), anchor=Anchor("day", day=number)
            )
    return None


# -- 26/02, 05/02/2024, 2024-02-26 -----------------------------------------------------------


def _numeric_pattern(lex: Lexicon) -> str:
    return (
        f"(?<![\\w/.-])(?P<lead>{lead(lex.leads)})?(?P<a>\\d{{1,2}})(?P<sep>[/.-])(?P<b>\\d{{1,2}})"
        f"(?:(?P=sep)(?P<y>\\d{{4}}|\\d{{2}}))?(?![\\w/-]|[.,]\\d)"
    )


def _full_year(text: str, today: date) -> int:
    value = int(text)
    if len(text) == 4:
        return value
    return 2000 + value if value <= today.year % 100 + 1 else 1900 + value


def _numeric(match: re.Match[str], ctx: Context) -> Hit | None:
    if not match.group("y"):
        licensed = group_key(match, "lead") in ctx.lex.date_leads or ctx.ends_with(
            match.start(), "license"
        )
        if match.group("sep") != "/" or not (licensed or ctx.ends_with(match.start(), "range")):
            return None
    first, second = int(match.group("a")), int(match.group("b"))
    day_first = first > 12 or (ctx.day_first and second <= 12)
    day, month = (first, second) if day_first else (second, first)
    if not 1 <= month <= 12:
        return None
    year = _full_year(match.group("y"), ctx.today) if match.group("y") else None
    return date_hit(ctx, match.start(), match.end(), (year, month, day))


def _iso_pattern(lex: Lexicon) -> str:
    return (
        f"(?<![\\w/.-])(?P<lead>{lead(lex.leads)})?(?P<y>(?:19|20)\\d\\d)-(?P<m>0[1-9]|1[0-2])"
        f"(?:-(?P<d>0[1-9]|[12]\\d|3[01]))?(?!\\d|-\\d)"
    )


def _iso(match: re.Match[str], ctx: Context) -> Hit | None:
    year, month = int(match.group("y")), int(match.group("m"))
    if match.group("d"):
        return date_hit(ctx, match.start(), match.end(), (year, month, int(match.group("d"))))
    anchor = Anchor("month", year, month)
    return Hit(match.start(), match.end(), windows.month(ctx, year, month), anchor=anchor)


# -- in 2023 --------------------------------------------------------------------------------


def _year_pattern(lex: Lexicon) -> str:
    return f"{START}(?P<lead>{lead(lex.leads | lex.year_leads)})?(?P<y>{YEAR})(?![.,:/]\\d|[\\w-])"


def _year(match: re.Match[str], ctx: Context) -> Hit | None:
    strength = _strength(ctx, match.start(), ctx.lex.year_leads, group_key(match, "lead"))
    if strength is None:
        return None
    year = int(match.group("y"))
    role = WINDOW if strength == "strong" else WEAK
    return Hit(
        match.start(), match.end(), windows.year(ctx, year), role=role, anchor=Anchor("year", year)
    )


# -- last summer, no verão, l'été dernier, summer 2023 --------------------------------------


def _season_pattern(lex: Lexicon) -> str:
    before = alt(lex.last | lex.this | lex.next)
    after = alt(lex.last_after | lex.next_after | lex.before_last)
    return (
        f"{START}(?P<lead>{lead(lex.leads | lex.season_leads)})?(?:(?P<mod>{before})\\s+)?"
        f"(?P<s>{alt(lex.seasons)})(?:\\s+(?P<post>{after}))?"
        f"(?:\\s+{lead(lex.of)}?(?P<y>{YEAR}))?{STOP}"
    )


def _season_first(ctx: Context, season: str, offset: int | None) -> date:
    today, hemisphere = ctx.today, ctx.hemisphere
    if offset is None:
        return dates.season_on_or_before(today, season, hemisphere)
    if offset < 0:
        return dates.season_shift(dates.season_before(today, season, hemisphere), 4 * (offset + 1))
    if offset == 0:
        return dates.season_nearest(today, season, hemisphere)
    return dates.season_after(today, season, hemisphere)


def _season(match: re.Match[str], ctx: Context) -> Hit | None:
    lead_key = group_key(match, "lead")
    modifier = group_key(match, "mod") or group_key(match, "post")
    if modifier is None and lead_key in ctx.grammar.offsets:
        modifier = lead_key
    licensed = modifier or match.group("y")
    if not licensed and _strength(ctx, match.start(), ctx.lex.season_leads, lead_key) != "strong":
        return None
    season = ctx.lex.seasons[required_key(match, "s")]
    alternative = None
    if match.group("y"):
        year = int(match.group("y"))
        first = dates.season_of_year(year, season, ctx.hemisphere)
        if first.year < year:  # across New Year: "winter 2023" may be the one begun in its December
            alternative = windows.season(ctx, date(year, first.month, first.day))
    else:
        first = _season_first(ctx, season, ctx.offset(modifier))
    return Hit(match.start(), match.end(), windows.season(ctx, first), alternative=alternative)


# -- a bare day number, only inside a range ("between 1 and 10 May") ------------------------


def _day_number_pattern(lex: Lexicon) -> str:
    return f"(?<![\\w/.,:])(?P<d>{DAY})(?P<o>{alt(lex.ordinals)})?(?![\\w/:-]|[.,]\\d)"


def _day_number(match: re.Match[str], ctx: Context) -> Hit | None:
    if not ctx.ends_with(match.start(), "range"):
        return None
    return Hit(
        match.start(), match.end(), role=WEAK, anchor=Anchor("day", day=int(match.group("d")))
    )


# -- the first week of October, o último fim de semana de março, la première semaine d'avril -----


def _week_of_month_pattern(lex: Lexicon) -> str:
    units = alt(name for name, unit in lex.calendar_units.items() if unit in ("week", "weekend"))
    return (
        f"{START}(?:{lead(lex.articles)})?(?P<ord>{alt(lex.week_ordinals)})\\s+(?P<u>{units})\\s+"
        f"{lead(lex.of)}(?P<m>{alt(lex.months)}){_year_tail(lex)}{STOP}"
    )


def _week_of_month(match: re.Match[str], ctx: Context) -> Hit:
    month = ctx.lex.months[required_key(match, "m")]
    if match.group("y"):
        year = int(match.group("y"))
    else:
        year, month = dates.month_on_or_before(ctx.today, month)
    unit = ctx.lex.calendar_units[required_key(match, "u")]
    ordinal = ctx.lex.week_ordinals[required_key(match, "ord")]
    window = windows.week_of_month(ctx, year, month, ordinal, unit)
    return Hit(match.start(), match.end(), window, anchor=Anchor("month", year, month))


RULES = (
    Rule("month", _month_pattern, _month),
    Rule("week_of_month", _week_of_month_pattern, _week_of_month, priority=1),
    Rule("month_first_date", _month_first_pattern, _named_date, priority=1),
    Rule("day_first_date", _day_first_pattern, _named_date, priority=1),
    Rule("day_of_month", _day_of_month_pattern, _day_of_month),
    Rule("numeric_date", _numeric_pattern, _numeric),
    Rule("iso_date", _iso_pattern, _iso, priority=1),
    Rule("year", _year_pattern, _year),
    Rule("season", _season_pattern, _season),
    Rule("day_number", _day_number_pattern, _day_number, priority=-1),
)
