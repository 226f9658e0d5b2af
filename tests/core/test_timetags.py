from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from lembrar import DayPeriods, ValidationError
from lembrar.model.timetags import PERIODS, season_of, time_tags


def utc(*args):
    return datetime(*args, tzinfo=UTC)


@pytest.mark.parametrize(
    "hemisphere, day, season",
    [
        ("north", date(2024, 2, 10), "winter"),
        ("south", date(2024, 2, 10), "summer"),
        ("north", date(2024, 7, 1), "summer"),
        ("south", date(2024, 7, 1), "winter"),
        ("north", date(2024, 4, 1), "spring"),
        ("south", date(2024, 4, 1), "autumn"),
        ("north", date(2024, 10, 31), "autumn"),
        ("south", date(2024, 10, 31), "spring"),
        ("north", date(2024, 12, 1), "winter"),
        ("south", date(2024, 11, 30), "spring"),
    ],
)
def test_season_depends_on_hemisphere(hemisphere, day, season):
    assert season_of(day, hemisphere) == season


def test_february_is_summer_in_brazil_and_winter_in_portugal():
    at = utc(2024, 2, 14, 15)
    assert time_tags(at, "America/Sao_Paulo", "south").season == "summer"
    assert time_tags(at, "Europe/Lisbon", "north").season == "winter"


@pytest.mark.parametrize(
    "hour, period",
    [
        (0, "night"),
        (4, "night"),
        (5, "morning"),
        (11, "morning"),
        (12, "afternoon"),
        (17, "afternoon"),
        (18, "evening"),
        (21, "evening"),
        (22, "night"),
        (23, "night"),
    ],
)
def test_period_boundaries(hour, period):
    assert time_tags(utc(2024, 5, 1, hour, 0), "UTC").period == period


def test_configurable_period_boundaries():
    periods = DayPeriods(morning=6, afternoon=13, evening=19, night=23)
    assert time_tags(utc(2024, 5, 1, 5, 59), "UTC", periods=periods).period == "night"
    assert time_tags(utc(2024, 5, 1, 12, 30), "UTC", periods=periods).period == "morning"
    with pytest.raises(ValidationError, match="periods"):
        DayPeriods(morning=12, afternoon=6)


def test_local_date_weekday_and_week_use_the_users_zone():
    at = utc(2024, 3, 4, 1, 30)  # Monday 01:30 UTC is Sunday 22:30 in São Paulo
    tags = time_tags(at, "America/Sao_Paulo", "south")
    assert (tags.local_date, tags.weekday, tags.period, tags.iso_week) == (
        date(2024, 3, 3),
        "sunday",
        "night",
        "2024-W09",
    )
    assert time_tags(at, "UTC").weekday == "monday"


def test_dst_spring_forward_and_fall_back_in_lisbon():
    before = time_tags(utc(2024, 3, 31, 0, 30), "Europe/Lisbon")  # 00:30 WET
    after = time_tags(utc(2024, 3, 31, 1, 30), "Europe/Lisbon")  # 02:30 WEST: 01:xx never existed
    assert (before.local.hour, after.local.hour) == (0, 2)
    first = time_tags(utc(2024, 10, 27, 0, 30), "Europe/Lisbon")  # 01:30 WEST
    second = time_tags(utc(2024, 10, 27, 1, 30), "Europe/Lisbon")  # 01:30 WET, the repeated hour
    assert first.local.hour == second.local.hour == 1
    assert first.local.utcoffset() == timedelta(hours=1) and second.local.utcoffset() == timedelta(
        0
    )
    assert first.utc < second.utc


def test_naive_and_unknown_zone_are_rejected():
    with pytest.raises(ValidationError, match="at"):
        time_tags(datetime(2024, 1, 1), "UTC")
    with pytest.raises(ValidationError, match="timezone"):
        time_tags(utc(2024, 1, 1), "Mars/Olympus")


@given(
    st.datetimes(
        min_value=datetime(1971, 1, 1),
        max_value=datetime(2100, 1, 1),
        timezones=st.just(UTC),
    ),
    st.sampled_from(
        ["UTC", "America/Sao_Paulo", "Europe/Lisbon", "Asia/Kolkata", "Pacific/Auckland"]
    ),
)
@example(
    datetime(1989, 3, 4, 13, 0, tzinfo=UTC), "Pacific/Auckland"
)  # 02:00 local, the hour that repeats
def test_tags_are_consistent_with_the_instant(at, zone_name):
    tags = time_tags(at, zone_name)
    assert tags.utc == at
    # A wall time inside a repeated hour never equals another zone's datetime (PEP 495), so
    # compare instants.
    assert tags.local.astimezone(UTC) == at
    assert tags.local_date == tags.local.date()
    assert tags.period in PERIODS
    assert tags.month == tags.local.month
