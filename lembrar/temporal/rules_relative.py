"""Rules for time relative to now: yesterday, last week, three days ago, recently."""

from __future__ import annotations

import re
from datetime import date, timedelta

from lembrar.temporal import dates, windows
from lembrar.temporal.hits import Anchor, Context, Hit, Rule, group_key, required_key
from lembrar.temporal.intervals import TimeWindow, span
from lembrar.temporal.lexicon import Lexicon
from lembrar.temporal.patterns import START, STOP, alt, lead, number

_AFTER_NUMBER = re.compile(r"\d\s*$")
_ASKING_AMOUNT = re.compile(
    r"\b(?:how\s+many|how\s+long|quant[oa]s|cu[aá]nt[oa]s|combien\s+de)\s*$", re.IGNORECASE
)
_AGO_START = f"(?:{START}|(?<=(?<![\\w'])d'))"  # "le mardi d'il y a deux semaines"
MAX_AMOUNT = {"hour": 24 * 366, "day": 36600, "week": 5200, "month": 1200, "year": 100}
SOFT = {  # kind: (first day, stop day, tolerance in days), relative to today
    "recent": (-30, 1, 14),
    "not_long": (-14, 1, 7),
    "other_day": (-14, 0, 7),
    "other_week": (-28, -7, 7),
    "while": (-180, -14, 30),
    "long": (-5 * 365, -180, 90),
    "year_ago": (-14, 15, 14),  # around today's date, one year back
}
FEW_TOLERANCE = {"hour": 1 / 24, "day": 2, "week": 7, "month": 30, "year": 180}
FEW_ROLLING = {"hour": 5, "day": 5, "week": 4, "month": 4, "year": 4}


def soft(ctx: Context, first: date, stop: date, tolerance_days: float) -> TimeWindow:
    window = span(first, stop, "soft", ctx.zone)
    return TimeWindow(window.start, window.end, "soft", timedelta(days=tolerance_days))


# -- yesterday, today, tonight -------------------------------------------------------------


def _days_pattern(lex: Lexicon) -> str:
    return f"{START}(?P<w>{alt(lex.days)}){STOP}"


def _days(match: re.Match[str], ctx: Context) -> Hit:
    day = ctx.today + timedelta(days=ctx.lex.days[required_key(match, "w")])
    anchor = Anchor("date", day.year, day.month, day.day)
    return Hit(match.start(), match.end(), windows.day(ctx, day), anchor=anchor)


def _day_periods_pattern(lex: Lexicon) -> str:
    return f"{START}(?P<w>{alt(lex.day_periods)}){STOP}"


def _day_periods(match: re.Match[str], ctx: Context) -> Hit:
    offset, periods = ctx.lex.day_periods[required_key(match, "w")]
    window = windows.part_of_day(ctx, ctx.today + timedelta(days=offset), periods)
    return Hit(match.start(), match.end(), window)


# -- recently, the other day ---------------------------------------------------------------


def _soft_pattern(lex: Lexicon) -> str:
    return f"{START}(?P<w>{alt(lex.soft)}){STOP}"


def _soft(match: re.Match[str], ctx: Context) -> Hit:
    kind = ctx.lex.soft[required_key(match, "w")]
    first, stop, tolerance = SOFT[kind]
    base = ctx.today
    if kind == "year_ago":
        base = dates.safe_date(base.year - 1, base.month, base.day) or date(
            base.year - 1, base.month, 28
        )
    window = soft(ctx, base + timedelta(days=first), base + timedelta(days=stop), tolerance)
    return Hit(match.start(), match.end(), window)


# -- last week, next month, this weekend ---------------------------------------------------


def _relative_pattern(lex: Lexicon) -> str:
    before = alt(lex.last | lex.this | lex.next)
    after = alt(lex.last_after | lex.next_after | lex.before_last)
    units = alt(lex.calendar_units)
    part = f"(?P<part>{alt(lex.month_parts)})[\\s-]*{lead(lex.of)}?{_not_unit_word(lex)}"
    return (
        f"{START}{lead(lex.leads)}?(?:{part})?"
        f"(?:(?P<mod>{before})\\s+(?P<u>{units})"
        f"|(?P<u2>{units})\\s+(?P<post>{after}))(?:[\\s-]+ci)?{STOP}"
    )


def _not_unit_word(lex: Lexicon) -> str:
    """Keeps a part from eating a unit's own first words ("fim de" in "fim de semana")."""
    rests = {
        unit[len(part) :].strip()
        for unit in lex.calendar_units
        for part in lex.month_parts
        if unit.startswith(part + " ")
    }
    return f"(?![\\s-]*{alt(rests)}{STOP})" if rests else ""


def unit_window(ctx: Context, unit: str, offset: int, part: str | None = None) -> TimeWindow:
    """The week, weekend, month or year ``offset`` units from the current one; for a month or
    a year, its early, mid or late third ("early last month", "the end of last year")."""
    if unit == "week":
        return windows.week(ctx, offset)
    if unit == "weekend":
        return windows.weekend(ctx, offset)
    if unit == "month":
        return windows.month(ctx, *dates.add_months(ctx.today.year, ctx.today.month, offset), part)
    return windows.year(ctx, ctx.today.year + offset, part)


def _relative(match: re.Match[str], ctx: Context) -> Hit | None:
    unit = ctx.lex.calendar_units[required_key(match, "u", "u2")]
    offset = ctx.grammar.offsets[required_key(match, "mod", "post")]
    part = ctx.lex.month_parts[required_key(match, "part")] if match.group("part") else None
    if part and unit not in ("month", "year"):
        return None  # "I was late last week": too fine to guess; "last week" alone still matches
    return Hit(match.start(), match.end(), unit_window(ctx, unit, offset, part))


def _weekend_pattern(lex: Lexicon) -> str:
    nouns = alt(name for name, unit in lex.calendar_units.items() if unit == "weekend")
    return f"{START}(?:{alt(lex.weekend_leads)})\\s+(?:{nouns}){STOP}"


def _weekend(match: re.Match[str], ctx: Context) -> Hit:
    return Hit(match.start(), match.end(), windows.recent_weekend(ctx))


# -- three days ago, há duas semanas, il y a un mois ---------------------------------------


def _amount(ctx: Context, amount: int, unit: str) -> TimeWindow:
    today = ctx.today
    if unit == "hour":
        return windows.hour(ctx, amount)
    if unit == "day":
        return windows.day(ctx, today - timedelta(days=amount))
    if unit == "week":
        return windows.day(ctx, today - timedelta(days=7 * amount + 3), 7, "week")
    if unit == "month":
        return windows.month(ctx, *dates.add_months(today.year, today.month, -amount))
    return windows.year(ctx, today.year - amount)


def _few(ctx: Context, unit: str) -> TimeWindow:
    """For "a few <units> ago": a soft window over roughly two to five units back."""
    today, tolerance = ctx.today, FEW_TOLERANCE[unit]
    if unit == "hour":
        window = windows.hours_back(ctx, 6, 1, "soft")
        return TimeWindow(window.start, window.end, "soft", timedelta(days=tolerance))
    if unit in ("day", "week"):
        scale = 1 if unit == "day" else 7
        first, stop = today - timedelta(days=6 * scale), today - timedelta(days=scale + scale // 2)
        return soft(ctx, first, stop, tolerance)
    if unit == "month":
        first = dates.month_first(*dates.add_months(today.year, today.month, -6))
        return soft(
            ctx, first, dates.month_first(*dates.add_months(today.year, today.month, -1)), tolerance
        )
    return soft(ctx, date(today.year - 6, 1, 1), date(today.year - 1, 1, 1), tolerance)


def read_amount(match: re.Match[str], ctx: Context, name: str) -> tuple[int | None, bool]:
    """The number in group ``name`` and whether it is approximate ("a couple of")."""
    text = group_key(match, name)
    if text is None:
        return None, False
    return amount_of(ctx, text), text in ctx.lex.couple


def amount_of(ctx: Context, text: str) -> int:
    """The number a folded amount word or digits stand for ("two", "12", "a couple of" = 2)."""
    if text.isdigit():
        return int(text)
    return 2 if text in ctx.lex.couple else ctx.lex.numbers[text]


def _ago_reference(ctx: Context, amount: int, unit: str) -> Anchor | None:
    """The day exactly ``amount`` units back, which a weekday may later be matched against."""
    today = ctx.today
    if unit in ("day", "week"):
        day = today - timedelta(days=amount * (1 if unit == "day" else 7))
    elif unit == "month":
        year, month = dates.add_months(today.year, today.month, -amount)
        day = dates.safe_date(year, month, today.day) or date(year, month, 28)
    else:
        return None
    return Anchor("ago", day.year, day.month, day.day)


def _ago_hit(match: re.Match[str], ctx: Context, about: bool) -> Hit | None:
    unit = ctx.lex.units[required_key(match, "u")]
    amount, approximate = read_amount(match, ctx, "n")
    if amount is None:
        bare = match.group("few") is None
        if bare and (
            not required_key(match, "u").endswith("s")
            or _AFTER_NUMBER.search(ctx.before(match.start()))
            or _ASKING_AMOUNT.search(ctx.before(match.start()))
        ):
            return None  # "week ago" is no phrase; "99999 days ago" is no few; "how many days ago?" asks
        return Hit(match.start(), match.end(), _few(ctx, unit), quantity=True)
    if amount > MAX_AMOUNT[unit]:
        return None
    window = _amount(ctx, amount, unit)
    window = window.approximate() if approximate or about else window
    anchor = _ago_reference(ctx, amount, unit)
    return Hit(match.start(), match.end(), window, quantity=True, anchor=anchor)


def _ago_before_pattern(lex: Lexicon) -> str:
    num, few, units = number(lex.numbers, lex.couple), alt(lex.few), alt(lex.units)
    about = alt(lex.about | lex.about_quantity)
    return (
        f"{_AGO_START}(?:{alt(lex.ago_before)})\\s+(?:(?P<about>{about})\\s+)?"
        f"(?:(?P<n>{num})\\s+|(?P<few>{few})\\s+)?(?P<u>{units})"
        f"(?:\\s+(?:{alt(lex.ago_after)}))?{STOP}"
    )


def _ago_before(match: re.Match[str], ctx: Context) -> Hit | None:
    return _ago_hit(match, ctx, about=match.group("about") is not None)


def _ago_after_pattern(lex: Lexicon) -> str:
    num, few, units = number(lex.numbers, lex.couple), alt(lex.few), alt(lex.units)
    return (
        f"{START}(?:(?P<n>{num})\\s+|(?P<few>{few})\\s+)?(?P<u>{units})"
        f"\\s+(?:{alt(lex.ago_after)}){STOP}"
    )


def _ago_after(match: re.Match[str], ctx: Context) -> Hit | None:
    return _ago_hit(match, ctx, about=False)


# -- the past three days, nos últimos dias, ces deux dernières semaines ---------------------


def _rolling_pattern(lex: Lexicon) -> str:
    num, few, units = number(lex.numbers, lex.couple), alt(lex.few), alt(lex.units)
    amount = f"(?:(?P<n>{num})\\s+|(?P<few>{few})\\s+)?"
    return (
        f"{START}{lead(lex.leads)}?(?:(?P<r>{alt(lex.rolling)})\\s+{amount}"
        f"|(?:{alt(lex.rolling_before)})\\s+(?:(?P<n2>{num})\\s+)?(?:{alt(lex.rolling_after)})\\s+)"
        f"(?P<u>{units}){STOP}"
    )


def _rolling_start(ctx: Context, amount: int, unit: str) -> TimeWindow:
    today = ctx.today
    if unit == "hour":
        return windows.hours_back(ctx, amount, 0, "range")
    if unit in ("day", "week"):
        first = today - timedelta(days=amount * (1 if unit == "day" else 7))
    elif unit == "month":
        year, month = dates.add_months(today.year, today.month, -amount)
        first = dates.safe_date(year, month, min(today.day, 28)) or today
    else:
        first = dates.safe_date(today.year - amount, today.month, min(today.day, 28)) or today
    return windows.between(ctx, first, today + timedelta(days=1), "range")


def _rolling(match: re.Match[str], ctx: Context) -> Hit | None:
    unit, word = ctx.lex.units[required_key(match, "u")], group_key(match, "r")
    amount, _ = read_amount(match, ctx, "n" if match.group("n") else "n2")
    plural = required_key(match, "u").endswith("s")
    if amount is None and match.group("few") is None and not plural:
        if word in ctx.lex.last:
            return None
        amount = 1
    if amount is None:
        window = _rolling_start(ctx, FEW_ROLLING[unit], unit)
        window = TimeWindow(window.start, window.end, "soft", timedelta(days=FEW_TOLERANCE[unit]))
    elif amount > MAX_AMOUNT[unit]:
        return None
    else:
        window = _rolling_start(ctx, amount, unit)
    return Hit(match.start(), match.end(), window, quantity=True)


RULES = (
    Rule("days", _days_pattern, _days),
    Rule("day_periods", _day_periods_pattern, _day_periods, priority=1),
    Rule("soft", _soft_pattern, _soft),
    Rule("relative", _relative_pattern, _relative),
    Rule("weekend", _weekend_pattern, _weekend),
    Rule("ago_before", _ago_before_pattern, _ago_before),
    Rule("ago_after", _ago_after_pattern, _ago_after),
    Rule("rolling", _rolling_pattern, _rolling),
)
