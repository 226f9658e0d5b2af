"""Property tests: window arithmetic, and the windows parse_time builds."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from hypothesis import example, given, settings
from hypothesis import strategies as st

from lembrar.temporal import TimeWindow, parse_time

ZONES = [
    "UTC",
    "Europe/Lisbon",
    "America/New_York",
    "America/Sao_Paulo",
    "Asia/Kolkata",
    "Australia/Lord_Howe",
]
zones = st.sampled_from(ZONES)
instants = st.datetimes(
    min_value=datetime(1990, 1, 1), max_value=datetime(2080, 1, 1), timezones=zones.map(ZoneInfo)
)
spans = st.timedeltas(min_value=timedelta(microseconds=1), max_value=timedelta(days=800))
gaps = st.timedeltas(min_value=timedelta(0), max_value=timedelta(days=30))


@st.composite
def time_windows(draw) -> TimeWindow:
    start = draw(instants)
    end = (start.astimezone(UTC) + draw(spans)).astimezone(start.tzinfo)
    return TimeWindow(start, end, "range", draw(gaps))


@given(time_windows(), instants)
def test_distance_is_zero_exactly_inside(window, instant):
    assert (window.distance(instant) == timedelta(0)) == window.contains(instant)
    assert window.distance(instant) >= timedelta(0)


@given(time_windows(), instants)
def test_distance_is_the_gap_to_the_nearest_edge(window, instant):
    distance = window.distance(instant)
    if not window.contains(instant):
        moment = instant.astimezone(UTC)  # absolute arithmetic, not wall-clock
        moved = moment - distance if moment > window.start else moment + distance
        assert window.contains(moved)
        outside = (
            moved + timedelta(microseconds=1)
            if moment > window.start
            else moved - timedelta(microseconds=1)
        )
        assert not window.contains(outside)


@given(time_windows(), gaps, instants)
def test_widened_contains_the_original(window, by, instant):
    wider = window.widened(by)
    # same-zone datetimes compare by wall clock (fold ignored), so compare instants
    assert wider.start.timestamp() <= window.start.timestamp()
    assert wider.end.timestamp() >= window.end.timestamp()
    if window.contains(instant):
        assert wider.contains(instant)
    assert wider.distance(instant) <= window.distance(instant)
    assert wider.granularity == window.granularity and wider.tolerance == window.tolerance


@given(time_windows(), gaps)
def test_widened_span_grows_by_twice_the_amount(window, by):
    wider = window.widened(by)
    grown = (wider.end.timestamp() - wider.start.timestamp()) - (
        window.end.timestamp() - window.start.timestamp()
    )
    assert abs(grown - 2 * by.total_seconds()) < 1e-3


PHRASES = [
    "yesterday",
    "today",
    "tonight",
    "last night",
    "this morning",
    "last Sunday",
    "next Friday",
    "last week",
    "last weekend",
    "this weekend",
    "last month",
    "last year",
    "3 days ago",
    "two weeks ago",
    "12 months ago",
    "a few weeks ago",
    "in March",
    "last May",
    "on May 2nd",
    "February 29",
    "between March and May",
    "from Monday to Wednesday",
    "since January",
    "last summer",
    "this winter",
    "recently",
    "the other day",
    "ontem à noite",
    "há duas semanas",
    "no último domingo",
    "el domingo pasado",
    "hace tres días",
    "la semaine dernière",
    "il y a deux semaines",
    "hier soir",
    "an hour ago",
    "the past 3 days",
    "last Christmas",
    "about two weeks ago",
    "before March 2023",
    "yesterday afternoon",
    "du 1er au 10 mai",
]


@settings(max_examples=300)
@given(st.sampled_from(PHRASES), instants, zones, st.sampled_from(["north", "south"]))
@example("an hour ago", datetime(2000, 10, 29, 1, 30, tzinfo=UTC), "Europe/Lisbon", "north")
def test_parsed_windows_are_aware_nonempty_and_local(phrase, now, zone, hemisphere):
    query = parse_time(f"what happened {phrase}?", now, zone, hemisphere=hemisphere)
    assert query.windows, phrase
    for window in query.windows:
        assert window.start.tzinfo is not None and window.end.tzinfo is not None
        # instants, not wall times: inside a repeated DST hour both ends can read the same time
        assert window.start.timestamp() < window.end.timestamp()
        assert window.start.utcoffset() == window.start.astimezone(ZoneInfo(zone)).utcoffset()
        assert str(window.start.tzinfo) == zone
        assert window.tolerance >= timedelta(0)


@settings(max_examples=300)
@given(instants, zones)
def test_yesterday_is_the_local_calendar_day_before(now, zone):
    window = parse_time("yesterday", now, zone).windows[0]
    local_now = now.astimezone(ZoneInfo(zone))
    assert window.start.date() == local_now.date() - timedelta(days=1)
    assert window.end.date() == local_now.date()
    hours = (window.end.timestamp() - window.start.timestamp()) / 3600
    assert 23 <= hours <= 25
    assert window.contains(local_now - timedelta(days=1)) or hours != 24


@settings(max_examples=200)
@given(st.text(max_size=80), instants, zones)
def test_any_text_gives_valid_windows(text, now, zone):
    query = parse_time(text, now, zone)
    for window in query.windows:
        assert window.start < window.end
    assert len(query.phrases) >= len(query.windows)
    if not query.has_time:
        assert query.stripped == " ".join(text.split())
