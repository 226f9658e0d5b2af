"""How the SQLite backend stores times: ISO 8601 text in UTC, NULL only where a column may be
empty."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from lembrar.store.sqlite.codec import optional_time_of, optional_time_text, time_of, time_text

LISBON_SUMMER = timezone(timedelta(hours=1))


def test_a_time_is_stored_in_utc_and_reads_back_as_the_same_instant():
    at = datetime(2024, 7, 1, 9, 30, tzinfo=LISBON_SUMMER)
    stored = time_text(at)
    assert stored == "2024-07-01T08:30:00+00:00"
    assert time_of(stored) == at and time_of(stored).tzinfo == UTC


def test_an_optional_time_stores_null_for_no_time_and_reads_null_as_none():
    at = datetime(2024, 7, 1, 8, 30, tzinfo=UTC)
    assert optional_time_text(None) is None
    assert optional_time_of(None) is None
    assert optional_time_of(optional_time_text(at)) == at


def test_a_null_in_a_column_that_must_hold_a_time_is_refused():
    with pytest.raises(TypeError):
        time_of(None)  # type: ignore[arg-type]
