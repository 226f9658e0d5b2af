"""Shapes shared by every resource: the error body, deletion counts, the request base."""

from __future__ import annotations

import math
import re
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    AwareDatetime,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    JsonValue,
    StringConstraints,
)

Role = Literal["user", "assistant", "system", "tool"]
Kind = Literal["message", "text", "record"]
Period = Literal["night", "morning", "afternoon", "evening"]
Weekday = Literal["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
MIN_YEAR, MAX_YEAR = 1000, 8999


ISO_8601 = r"^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})?)?$"


def _in_range(value: str) -> str:
    """A time the engine can read (ISO 8601 as ``ISO_8601`` describes) in the supported years."""
    try:
        parsed = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except ValueError:
        raise ValueError("not an ISO 8601 time; use e.g. 2024-05-02T14:30:00+01:00") from None
    if not MIN_YEAR <= parsed.year <= MAX_YEAR:
        raise ValueError(f"the year must be between {MIN_YEAR} and {MAX_YEAR}")
    return value


def _finite(value: Any) -> Any:
    """Refuse NaN and infinities anywhere inside (JSON has no such numbers; stored, they break queries)."""
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError("numbers must be finite")
    for inner in (
        value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    ):
        _finite(inner)
    return value


def _not_a_number(value: Any) -> Any:
    """Dates come as ISO 8601 text: a number (or a numeric string) is no date here."""
    if isinstance(value, (int, float)) or (
        isinstance(value, str) and _NUMBER.fullmatch(value.strip())
    ):
        raise ValueError(
            "give an ISO 8601 date-time with an offset, e.g. 2024-05-02T14:30:00+01:00, not a number"
        )
    return value


_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")


def _in_range_if_readable(value: str) -> str:
    """For bulk items: an unreadable time is the engine's to refuse (per item, with skip_invalid)."""
    try:
        return _in_range(value)
    except ValueError as exc:
        if "ISO 8601" in str(exc):
            return value
        raise


Instant = Annotated[str, StringConstraints(pattern=ISO_8601), AfterValidator(_in_range)]
ItemInstant = Annotated[str, AfterValidator(_in_range_if_readable)]
AwareInstant = Annotated[AwareDatetime, BeforeValidator(_not_a_number)]
NonBlank = Annotated[str, StringConstraints(min_length=1, pattern=r"\S")]
JsonObject = Annotated[dict[str, JsonValue], AfterValidator(_finite)]


class RequestModel(BaseModel):
    """Base of request bodies: unknown fields are an error that names them."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


class ErrorDetail(BaseModel):
    code: str
    message: str
    field: str | None = None


class ErrorBody(BaseModel):
    error: ErrorDetail


class Deleted(BaseModel):
    deleted: int
