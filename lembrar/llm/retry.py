"""When to retry and how long to wait: pure functions, no I/O."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime

__all__ = [
    "MAX_BACKOFF",
    "MAX_RETRY_AFTER",
    "RETRY_STATUSES",
    "backoff_delay",
    "is_retryable",
    "retry_after",
]

RETRY_STATUSES = frozenset({408, 409, 429, 500, 502, 503, 504})
"""Statuses worth another attempt (as the OpenAI SDKs retry them), plus every other 5xx."""

MAX_BACKOFF = 30.0
MAX_RETRY_AFTER = 60.0
"""A server asking for a longer wait than this gets an error at once instead of a sleep."""


def is_retryable(status: int) -> bool:
    return status in RETRY_STATUSES or status >= 500


def backoff_delay(attempt: int, base: float, *, rng: Callable[[], float] = random.random) -> float:
    """Seconds before retry ``attempt`` (0-based): ``base * 2**attempt``, jittered to 50-100%."""
    return min(MAX_BACKOFF, base * 2.0**attempt) * (0.5 + rng() / 2)


def retry_after(headers: Mapping[str, str], *, now: datetime | None = None) -> float | None:
    """The wait a response asks for: ``retry-after-ms``, else ``Retry-After`` (seconds or date)."""
    millis = _number(headers.get("retry-after-ms"))
    if millis is not None:
        return millis / 1000
    value = headers.get("retry-after")
    if value is None:
        return None
    seconds = _number(value)
    return seconds if seconds is not None else _until(value, now)


def _number(value: str | None) -> float | None:
    try:
        number = float(value) if value is not None else None
    except ValueError:
        return None
    return number if number is not None and number >= 0 else None


def _until(value: str, now: datetime | None) -> float | None:
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - (now or datetime.now(UTC))).total_seconds())
