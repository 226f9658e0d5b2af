"""Time windows: half-open, zone-aware intervals with a tolerance, and their arithmetic."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, time, timedelta, tzinfo

from lembrar.errors import ValidationError

GRANULARITIES = (
    "hour",
    "part_of_day",
    "day",
    "week",
    "weekend",
    "month",
    "season",
    "year",
    "range",
    "soft",
)
TOLERANCES = {
    "hour": timedelta(hours=1),
    "part_of_day": timedelta(hours=2),
    "day": timedelta(days=1),
    "week": timedelta(days=3),
    "weekend": timedelta(days=1),
    "month": timedelta(days=7),
    "season": timedelta(days=15),
    "year": timedelta(days=30),
    "range": timedelta(days=2),
    "soft": timedelta(days=7),
}
APPROXIMATE_FACTOR = 3
_TICK = timedelta(microseconds=1)


def require_aware(field: str, value: datetime) -> None:
    """Raise a ValidationError unless ``value`` carries a zone."""
    if value.tzinfo is None or value.utcoffset() is None:
        raise ValidationError(field, "datetime has no zone; pass an aware datetime")


def _utc(value: datetime) -> datetime:
    return value.astimezone(UTC)


@dataclass(frozen=True)
class TimeWindow:
    """A half-open interval ``[start, end)`` that a remembered event may fall in.

    ``tolerance`` says how far outside the window an event still partly matches;
    ``phrase`` is the text that produced the window.
    """

    start: datetime
    end: datetime
    granularity: str
    tolerance: timedelta
    phrase: str = ""

    def __post_init__(self) -> None:
        require_aware("start", self.start)
        require_aware("end", self.end)
        if _utc(self.start) >= _utc(self.end):
            raise ValidationError("end", "a window must end after it starts")
        if self.granularity not in GRANULARITIES:
            raise ValidationError("granularity", f"use one of {GRANULARITIES}")
        if self.tolerance < timedelta(0):
            raise ValidationError("tolerance", "must not be negative")

    def contains(self, instant: datetime) -> bool:
        require_aware("instant", instant)
        return _utc(self.start) <= _utc(instant) < _utc(self.end)

    def distance(self, instant: datetime) -> timedelta:
        """Zero inside; otherwise the gap to the nearest instant inside the window.

        The end is exclusive, so the last instant inside is one microsecond before it.
        """
        require_aware("instant", instant)
        moment = _utc(instant)
        if moment < _utc(self.start):
            return _utc(self.start) - moment
        if moment >= _utc(self.end):
            return moment - (_utc(self.end) - _TICK)
        return timedelta(0)

    def widened(self, by: timedelta) -> TimeWindow:
        """The same window grown by ``by`` on both sides (absolute time)."""
        if by < timedelta(0):
            raise ValidationError("by", "must not be negative")
        zone = self.start.tzinfo
        return replace(
            self,
            start=(_utc(self.start) - by).astimezone(zone),
            end=(_utc(self.end) + by).astimezone(zone),
        )

    def approximate(self) -> TimeWindow:
        """The same window with a larger tolerance, for "about", "around", "roughly"."""
        return replace(self, tolerance=self.tolerance * APPROXIMATE_FACTOR)


@dataclass(frozen=True)
class TimeQuery:
    """What a piece of text says about time, ready for filtering and ranking.

    ``alternatives``: other readings the text may mean as well, not among ``windows``: for a
    month or a weekday named bare whose current instance has not ended ("in February" said on 1
    February, "on Monday" said on a Monday, "late March" said on 13 March), its previous
    instance; for a season across New Year named by a year ("the winter of 2023", read as the
    one of its January), the one that begins in that year's December.
    """

    windows: tuple[TimeWindow, ...] = ()
    periods: frozenset[str] = frozenset()
    weekdays: frozenset[int] = frozenset()
    stripped: str = ""
    phrases: tuple[str, ...] = ()
    alternatives: tuple[TimeWindow, ...] = ()

    @property
    def has_time(self) -> bool:
        return bool(self.windows or self.periods or self.weekdays)


def at_local(day: date, hours: int, zone: tzinfo) -> datetime:
    """The instant ``hours`` past local midnight of ``day`` (hours may pass 24), normalized.

    A wall time that does not exist (a DST gap) moves to the first instant that does.
    """
    wall = datetime.combine(day + timedelta(days=hours // 24), time(hours % 24), tzinfo=zone)
    return wall.astimezone(UTC).astimezone(zone)


def span(first: date, stop: date, granularity: str, zone: tzinfo) -> TimeWindow:
    """Local midnight of ``first`` to local midnight of ``stop`` (exclusive)."""
    return TimeWindow(
        at_local(first, 0, zone), at_local(stop, 0, zone), granularity, TOLERANCES[granularity]
    )


def hours_span(day: date, first: int, stop: int, granularity: str, zone: tzinfo) -> TimeWindow:
    """From ``first`` to ``stop`` hours past local midnight of ``day``."""
    return TimeWindow(
        at_local(day, first, zone), at_local(day, stop, zone), granularity, TOLERANCES[granularity]
    )


def instants(start: datetime, end: datetime, granularity: str) -> TimeWindow:
    """A window between two aware instants, with the granularity's tolerance."""
    return TimeWindow(start, end, granularity, TOLERANCES[granularity])
