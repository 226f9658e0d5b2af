"""Natural-language time expressions ("last Sunday", "há duas semanas") → time windows."""

from __future__ import annotations

from lembrar.temporal.intervals import TimeQuery, TimeWindow
from lembrar.temporal.parser import parse_time

__all__ = ["TimeQuery", "TimeWindow", "parse_time"]
