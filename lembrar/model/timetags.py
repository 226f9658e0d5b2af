"""Time tags derived from an event instant: pure functions, no I/O."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from lembrar.errors import ValidationError

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
PERIODS = ("night", "morning", "afternoon", "evening")
SEASONS = ("winter", "spring", "summer", "autumn")
HEMISPHERES = ("north", "south")


@dataclass(frozen=True)
class DayPeriods:
    """Start hours of the periods of day; night runs from ``night`` to ``morning``."""

    morning: int = 5
    afternoon: int = 12
    evening: int = 18
    night: int = 22

    def __post_init__(self) -> None:
        if not 0 <= self.morning < self.afternoon < self.evening < self.night <= 24:
            raise ValidationError(
                "periods",
                "start hours must satisfy 0 <= morning < afternoon < evening < night <= 24",
            )

    def period_of(self, hour: int) -> str:
        if self.morning <= hour < self.afternoon:
            return "morning"
        if self.afternoon <= hour < self.evening:
            return "afternoon"
        if self.evening <= hour < self.night:
            return "evening"
        return "night"

    def hours(self, period: str) -> tuple[int, int]:
        """Local [start, end) hours of a period; night wraps past midnight (end < start)."""
        spans = {
            "morning": (self.morning, self.afternoon),
            "afternoon": (self.afternoon, self.evening),
            "evening": (self.evening, self.night),
            "night": (self.night % 24, self.morning),
        }
        if period not in spans:
            raise ValidationError("period", f"unknown period {period!r}; use one of {PERIODS}")
        return spans[period]


@dataclass(frozen=True)
class TimeTags:
    """What an episode's event time means to its owner, computed once at ingest."""

    utc: datetime
    timezone: str
    local: datetime
    local_date: date
    period: str
    weekday: str
    iso_week: str
    month: int
    season: str

    @property
    def timestamp(self) -> float:
        return self.utc.timestamp()


def zone(name: str) -> ZoneInfo:
    """An IANA zone, or a ValidationError naming the field."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, TypeError) as exc:
        raise ValidationError(
            "timezone", f"unknown IANA zone {name!r}; use a name like 'Europe/Lisbon' or 'UTC'"
        ) from exc


def season_of(day: date, hemisphere: str = "north") -> str:
    """Meteorological season (Dec–Feb winter in the north, summer in the south)."""
    if hemisphere not in HEMISPHERES:
        raise ValidationError("hemisphere", f"use 'north' or 'south', not {hemisphere!r}")
    northern = SEASONS[(day.month % 12) // 3]
    if hemisphere == "north":
        return northern
    return SEASONS[(SEASONS.index(northern) + 2) % 4]


def time_tags(
    at: datetime, tz: str = "UTC", hemisphere: str = "north", periods: DayPeriods | None = None
) -> TimeTags:
    """Derive the tags of an aware instant as seen in the zone ``tz``."""
    if at.tzinfo is None or at.utcoffset() is None:
        raise ValidationError(
            "at", "timestamp has no zone; pass an aware datetime or set a timezone"
        )
    local = at.astimezone(zone(tz))
    year, week, _ = local.isocalendar()
    return TimeTags(
        utc=at.astimezone(UTC),
        timezone=tz,
        local=local,
        local_date=local.date(),
        period=(periods or DayPeriods()).period_of(local.hour),
        weekday=WEEKDAYS[local.weekday()],
        iso_week=f"{year}-W{week:02d}",
        month=local.month,
        season=season_of(local.date(), hemisphere),
    )
