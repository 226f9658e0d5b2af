"""Calendar arithmetic on local dates: weeks, months, seasons and "the most recent" rules."""

from __future__ import annotations

from datetime import date, timedelta

SEASON_STARTS = {
    "north": {3: "spring", 6: "summer", 9: "autumn", 12: "winter"},
    "south": {3: "autumn", 6: "winter", 9: "spring", 12: "summer"},
}


def monday(day: date) -> date:
    """The Monday of the ISO week holding ``day``."""
    return day - timedelta(days=day.weekday())


def add_months(year: int, month: int, count: int) -> tuple[int, int]:
    index = year * 12 + (month - 1) + count
    return index // 12, index % 12 + 1


def month_first(year: int, month: int) -> date:
    return date(year, month, 1)


def next_month_first(year: int, month: int) -> date:
    return month_first(*add_months(year, month, 1))


def safe_date(year: int, month: int, day: int) -> date | None:
    """The date, or None where it does not exist (31 April, 29 February 2023)."""
    try:
        return date(year, month, day)
    except ValueError:
        return None


def weekday_on_or_before(today: date, weekday: int) -> date:
    return today - timedelta(days=(today.weekday() - weekday) % 7)


def weekday_before(today: date, weekday: int) -> date:
    """The most recent ``weekday`` strictly before ``today``."""
    return weekday_on_or_before(today - timedelta(days=1), weekday)


def weekday_after(today: date, weekday: int) -> date:
    """The first ``weekday`` strictly after ``today``."""
    return today + timedelta(days=(weekday - today.weekday() - 1) % 7 + 1)


def weekday_in_week(today: date, weekday: int, weeks: int = 0) -> date:
    """``weekday`` of the week ``weeks`` away from the current one (weeks run Monday to Sunday)."""
    return monday(today) + timedelta(days=7 * weeks + weekday)


def month_on_or_before(today: date, month: int) -> tuple[int, int]:
    """The current month if it is ``month``, else the most recent past one."""
    return (today.year, month) if month <= today.month else (today.year - 1, month)


def month_before(today: date, month: int) -> tuple[int, int]:
    """The most recent ``month`` strictly before the current month."""
    return (today.year, month) if month < today.month else (today.year - 1, month)


def month_after(today: date, month: int) -> tuple[int, int]:
    """The first ``month`` strictly after the current month."""
    return (today.year, month) if month > today.month else (today.year + 1, month)


def day_on_or_before(today: date, month: int, day: int) -> date | None:
    """The most recent ``day`` of ``month`` on or before ``today`` (looks back for 29 February)."""
    for year in range(today.year, today.year - 9, -1):
        found = safe_date(year, month, day)
        if found is not None and found <= today:
            return found
    return None


def season_first(day: date) -> date:
    """First day of the meteorological season holding ``day`` (Mar, Jun, Sep or Dec)."""
    start_month = day.month - day.month % 3
    if start_month == 0:
        return date(day.year - 1, 12, 1)
    return date(day.year, start_month, 1)


def season_name(first: date, hemisphere: str) -> str:
    return SEASON_STARTS[hemisphere][first.month]


def season_end(first: date) -> date:
    return month_first(*add_months(first.year, first.month, 3))


def season_shift(first: date, count: int) -> date:
    return month_first(*add_months(first.year, first.month, 3 * count))


def season_on_or_before(today: date, season: str, hemisphere: str) -> date:
    """Start of the most recent ``season`` that began on or before ``today``."""
    first = season_first(today)
    while season_name(first, hemisphere) != season:
        first = season_shift(first, -1)
    return first


def season_before(today: date, season: str, hemisphere: str) -> date:
    """Start of the most recent ``season`` that has already ended."""
    first = season_on_or_before(today, season, hemisphere)
    return season_shift(first, -4) if first == season_first(today) else first


def season_after(today: date, season: str, hemisphere: str) -> date:
    """Start of the first ``season`` that begins after ``today``."""
    return season_shift(season_on_or_before(today, season, hemisphere), 4)


def season_nearest(today: date, season: str, hemisphere: str) -> date:
    """The current ``season``, else whichever of the last and the next one is closer."""
    past = season_on_or_before(today, season, hemisphere)
    if past == season_first(today):
        return past
    coming = season_after(today, season, hemisphere)
    return past if today - season_end(past) <= coming - today else coming


def season_of_year(year: int, season: str, hemisphere: str) -> date:
    """Start of ``season`` named by ``year``; a season across New Year is named by its January."""
    for month, name in SEASON_STARTS[hemisphere].items():
        if name == season:
            return date(year - 1, 12, 1) if month == 12 else date(year, month, 1)
    raise KeyError(season)
