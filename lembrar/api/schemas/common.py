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
    StrictBool,
    StringConstraints,
    ValidationInfo,
    field_validator,
)

from lembrar.errors import ValidationError
from lembrar.model.ids import require_no_nul

Role = Literal["user", "assistant", "system", "tool"]
Kind = Literal["message", "text", "record"]
Period = Literal["night", "morning", "afternoon", "evening"]
Weekday = Literal["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
MIN_YEAR, MAX_YEAR = 1000, 8999


# ISO 8601 as the server reads it, and only the dates that exist: years MIN_YEAR..MAX_YEAR,
# each month's days, 29 February of leap years only, hours 00-23, offsets under 24 hours.
_YEAR = r"[1-8]\d{3}"
_LEAP_YEAR = r"(?:[1-8]\d(?:0[48]|[2468][048]|[13579][26])|(?:1[26]|[2468][048]|[357][26])00)"
_MONTH_DAY = (
    r"(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])"
    r"|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)"
    r"|02-(?:0[1-9]|1\d|2[0-8]))"
)
_DATE = rf"(?:{_YEAR}-{_MONTH_DAY}|{_LEAP_YEAR}-02-29)"
_TIME = r"(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,6})?)?"
_OFFSET = r"(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)"
ISO_8601 = rf"^{_DATE}(?:[T ]{_TIME}{_OFFSET}?)?$"
MONTH = r"^[1-8]\d{3}-(?:0[1-9]|1[0-2])$"
# Text with a character that is not white space, white space as Python's str.strip() removes
# it, spelled out: regex engines disagree on \s (\x1c-\x1f, \x85).
NOT_BLANK = r"[^\t\n\x0b\x0c\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]"


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


def _whole_number(value: Any) -> Any:
    """JSON integers: 5 and 5.0 are one number; "5" and true are not numbers."""
    if isinstance(value, (bool, str)):
        raise ValueError("must be a whole number")
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


Instant = Annotated[str, StringConstraints(pattern=ISO_8601), AfterValidator(_in_range)]
Count = Annotated[int, BeforeValidator(_whole_number)]
Flag = StrictBool
ItemInstant = Annotated[str, AfterValidator(_in_range_if_readable)]
AwareInstant = Annotated[AwareDatetime, BeforeValidator(_not_a_number)]
NonBlank = Annotated[str, StringConstraints(min_length=1, pattern=NOT_BLANK)]
JsonObject = Annotated[dict[str, JsonValue], AfterValidator(_finite)]


def refuse_nul(field: str, value: Any) -> Any:
    """``value``, or the error pydantic reports for a NUL character anywhere inside it (the
    rule of ``model.ids.require_no_nul``, which every store shares)."""
    try:
        require_no_nul(field, value)
    except ValidationError as exc:
        raise ValueError(exc.message) from None
    return value


class RequestModel(BaseModel):
    """Base of request bodies: unknown fields are an error that names them, and no text holds
    a NUL character (no store keeps one: refused here for every store alike)."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)

    @field_validator("*", mode="after")
    @classmethod
    def _no_nul(cls, value: Any, info: ValidationInfo) -> Any:
        return refuse_nul(info.field_name or "body", value)


class ErrorDetail(BaseModel):
    code: str
    message: str
    field: str | None = None


class ErrorBody(BaseModel):
    error: ErrorDetail


class Deleted(BaseModel):
    deleted: int
