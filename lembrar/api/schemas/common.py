"""Shapes shared by every resource: the error body, deletion counts, the request base."""

from __future__ import annotations

import math
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, JsonValue

Role = Literal["user", "assistant", "system", "tool"]
Kind = Literal["message", "text", "record"]
Period = Literal["night", "morning", "afternoon", "evening"]
Weekday = Literal["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
MIN_YEAR, MAX_YEAR = 1000, 8999


def _in_range(value: str) -> str:
    """Leave unparsable text to the engine (it names the field); refuse years past the range."""
    try:
        parsed = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except ValueError:
        return value
    if not MIN_YEAR <= parsed.year <= MAX_YEAR:
        raise ValueError(f"the year must be between {MIN_YEAR} and {MAX_YEAR}")
    return value


def _finite(value: Any) -> Any:
    """Refuse NaN and infinities anywhere inside (JSON has no such numbers; stored, they break queries)."""
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError("numbers must be finite")
    for inner in value.values() if isinstance(value, dict) else value if isinstance(value, list) else ():
        _finite(inner)
    return value


Instant = Annotated[str, AfterValidator(_in_range)]
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
