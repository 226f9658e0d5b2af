"""``llm_time_extraction``: the model's reading of the dates a message refers to.

Its inclusive day ranges become windows in the user's zone and join the rule parser's windows
(the union); an absurd range (backwards is fixed by the schema, longer than ten years here) is
dropped.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from lembrar.llm.steps import StepReport, attempt
from lembrar.model.timetags import zone

if TYPE_CHECKING:
    from lembrar.llm.client import LLMClient
    from lembrar.llm.prompts.date_ranges import DateRange
    from lembrar.temporal import TimeWindow

__all__ = ["MAX_DAYS", "llm_windows", "windows_from_ranges"]

MAX_DAYS = 3660


def windows_from_ranges(ranges: Sequence[DateRange], zone_name: str) -> tuple[TimeWindow, ...]:
    """Local midnight of each start to local midnight after each end; one window per range."""
    from lembrar.temporal.intervals import span

    where = zone(zone_name)
    windows = []
    for r in ranges:
        days = (r.end - r.start).days + 1
        if days <= MAX_DAYS:
            window = span(
                r.start, r.end + timedelta(days=1), "day" if days == 1 else "range", where
            )
            windows.append(replace(window, phrase="llm"))
    return tuple(dict.fromkeys(windows))


def llm_windows(
    llm: LLMClient | None, message: str, now: datetime, zone_name: str
) -> tuple[tuple[TimeWindow, ...], StepReport]:
    """The windows the model finds in ``message`` (none after a fallback) and the report."""
    from lembrar.llm.prompts import date_ranges

    today = now.astimezone(zone(zone_name)).date()
    messages = date_ranges.render(message, today=today)
    reply, step = attempt(
        "time_extraction", llm, lambda c: c.structured(messages, date_ranges.RESPONSE)
    )
    if reply is None:
        return (), step
    windows = windows_from_ranges(reply.ranges, zone_name)
    detail = ", ".join(f"{w.start.date()}..{(w.end - timedelta(days=1)).date()}" for w in windows)
    return windows, replace(step, detail=detail or "no dates")
