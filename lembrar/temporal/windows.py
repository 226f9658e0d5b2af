"""Windows for calendar units, built in the user's zone (a day is midnight to midnight)."""

from __future__ import annotations

from datetime import UTC, date, timedelta

from lembrar.temporal import dates
from lembrar.temporal.hits import Context
from lembrar.temporal.intervals import TimeWindow, hours_span, instants, span

PART_BOUNDS = {"early": (1, 11), "mid": (11, 21), "late": (21, 32)}


def day(ctx: Context, first: date, days: int = 1, granularity: str = "day") -> TimeWindow:
    return span(first, first + timedelta(days=days), granularity, ctx.zone)


def part_of_day(ctx: Context, first: date, periods: tuple[str, ...]) -> TimeWindow:
    """From the start of the first period to the end of the last (night runs past midnight)."""
    p = ctx.periods
    starts = {
        "morning": p.morning,
        "afternoon": p.afternoon,
        "evening": p.evening,
        "night": p.night,
    }
    ends = {
        "morning": p.afternoon,
        "afternoon": p.evening,
        "evening": p.night,
        "night": 24 + p.morning,
    }
    return hours_span(first, starts[periods[0]], ends[periods[-1]], "part_of_day", ctx.zone)


def week(ctx: Context, weeks: int) -> TimeWindow:
    """The Monday-to-Sunday week ``weeks`` away from the current one."""
    return day(ctx, dates.monday(ctx.today) + timedelta(days=7 * weeks), 7, "week")


def weekend(ctx: Context, weeks: int) -> TimeWindow:
    """Saturday and Sunday of the week ``weeks`` away from the current one."""
    return day(ctx, dates.weekday_in_week(ctx.today, 5, weeks), 2, "weekend")


def recent_weekend(ctx: Context) -> TimeWindow:
    """The weekend under way, else the last one."""
    return weekend(ctx, 0 if ctx.today.weekday() >= 5 else -1)


def month(ctx: Context, year: int, number: int, part: str | None = None) -> TimeWindow:
    first, stop = dates.month_first(year, number), dates.next_month_first(year, number)
    if part is None:
        return span(first, stop, "month", ctx.zone)
    low, high = PART_BOUNDS[part]
    bounded = min(stop, date(year, number, 1) + timedelta(days=high - 1))
    return span(first + timedelta(days=low - 1), bounded, "range", ctx.zone)


def week_of_month(ctx: Context, year: int, number: int, which: int, unit: str) -> TimeWindow:
    """The ``which``-th (1-4, or -1 for the last) week or weekend of a month: a week is days
    1-7, 8-14, ...; the last week is its last seven days; a weekend starts on a Saturday."""
    first, stop = dates.month_first(year, number), dates.next_month_first(year, number)
    if unit == "week":
        start = stop - timedelta(days=7) if which < 0 else first + timedelta(days=7 * (which - 1))
        return day(ctx, start, 7, "week")
    saturday = (
        dates.weekday_on_or_before(stop - timedelta(days=1), 5)
        if which < 0
        else (first + timedelta(days=(5 - first.weekday()) % 7 + 7 * (which - 1)))
    )
    return day(ctx, saturday, 2, "weekend")


def year(ctx: Context, number: int, part: str | None = None) -> TimeWindow:
    """The year, or its early, mid or late four months."""
    if part is None:
        return span(date(number, 1, 1), date(number + 1, 1, 1), "year", ctx.zone)
    first = {"early": 1, "mid": 5, "late": 9}[part]
    stop = date(number + 1, 1, 1) if first == 9 else date(number, first + 4, 1)
    return span(date(number, first, 1), stop, "range", ctx.zone)


def season(ctx: Context, first: date) -> TimeWindow:
    return span(first, dates.season_end(first), "season", ctx.zone)


def hour(ctx: Context, hours_back: int) -> TimeWindow:
    """The clock hour that held the instant ``hours_back`` hours ago."""
    moment = (ctx.now.astimezone(UTC) - timedelta(hours=hours_back)).astimezone(ctx.zone)
    top = moment.replace(minute=0, second=0, microsecond=0)
    start = top.astimezone(UTC)
    return instants(
        start.astimezone(ctx.zone), (start + timedelta(hours=1)).astimezone(ctx.zone), "hour"
    )


def between(ctx: Context, first: date, stop: date, granularity: str) -> TimeWindow:
    return span(first, stop, granularity, ctx.zone)


def hours_back(ctx: Context, first: int, stop: int, granularity: str) -> TimeWindow:
    """From ``first`` hours ago to ``stop`` hours ago, in absolute time."""
    now = ctx.now.astimezone(UTC)
    start, end = now - timedelta(hours=first), now - timedelta(hours=stop)
    return instants(start.astimezone(ctx.zone), end.astimezone(ctx.zone), granularity)
