"""Small readings that went wrong: a time at the edge of the supported years, a date that does
not exist."""

from __future__ import annotations

import pytest

from lembrar import Memory, ValidationError
from lembrar.embed.hashing import HashingEmbedder

NOW = "2024-03-10T12:00:00+00:00"


@pytest.fixture
def mem():
    with Memory(":memory:", embedder=HashingEmbedder()) as memory:
        yield memory


@pytest.mark.parametrize("at", ["1000-01-01T00:00:00+14:00", "8999-12-31T23:00:00-12:00"])
def test_a_time_outside_the_years_in_utc_is_refused_not_shifted(mem, at):
    with pytest.raises(ValidationError) as info:
        mem.add("edge", user_id="ana", at=at)
    assert info.value.field == "at" and "UTC" in info.value.message and mem.users() == []


def test_the_first_supported_instant_is_kept_as_given(mem):
    [episode] = mem.add("edge", user_id="ana", at="1000-01-01T14:00:00+14:00")
    assert (
        mem.get(episode.id, "ana").at.astimezone().year >= 1000
        and episode.tags.local_date.year == 1000
    )


@pytest.mark.parametrize(
    "query",
    [
        "what did we do on the 31st of February",
        "on February 30th, 2023",
        "on the 29th of February 2023",
        "31/02",
    ],
)
def test_a_date_that_does_not_exist_gives_no_window(mem, query):
    result = mem.retrieve(query, user_id="ana", now=NOW)
    assert result.time is None or not result.time.windows


def test_a_date_that_exists_still_gives_its_day(mem):
    result = mem.retrieve("on the 29th of February", user_id="ana", now=NOW)
    [window] = result.time.windows
    assert (window.start.month, window.start.day, window.start.year) == (2, 29, 2024)
