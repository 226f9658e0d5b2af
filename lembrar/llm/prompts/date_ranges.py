"""Extract the date ranges a message refers to, relative to a given today."""

from __future__ import annotations

from datetime import date
from string import Template

from pydantic import BaseModel, model_validator

from lembrar.llm.prompts._common import day, fill, messages
from lembrar.llm.types import Message

__all__ = ["RESPONSE", "SYSTEM", "USER", "VERSION", "DateRange", "DateRanges", "render"]

VERSION = "1"

SYSTEM = """
You find the calendar dates a message refers to.

List each date or period the message mentions as an inclusive range of days, worked out from
today's date: a single day has start equal to end; "last week" runs Monday to Sunday of the
previous week; "in March" is the whole month (the most recent March, unless the message
speaks of the future); "last summer" is June to August. Ignore times of day.

Reply with JSON only: {"ranges": [{"start": "YYYY-MM-DD", "end": "YYYY-MM-DD"}]}
If the message refers to no date or period, reply {"ranges": []}.
"""

USER = Template("""
Today is $today.

Message: $message
""")


class DateRange(BaseModel):
    """Inclusive range of days; given backwards, it is put in order."""

    start: date
    end: date

    @model_validator(mode="after")
    def _ordered(self) -> DateRange:
        if self.end < self.start:
            self.start, self.end = self.end, self.start
        return self


class DateRanges(BaseModel):
    ranges: list[DateRange] = []


RESPONSE = DateRanges


def render(message: str, *, today: date) -> list[Message]:
    return messages(SYSTEM, fill(USER, today=day(today), message=message))
