"""Per-user settings the stores persist."""

from __future__ import annotations

from dataclasses import dataclass

from lembrar.errors import ValidationError
from lembrar.model.timetags import HEMISPHERES, zone


@dataclass(frozen=True)
class UserSettings:
    """Per-user facts that change how time is read: zone, hemisphere, language."""

    user_id: str
    timezone: str | None = None
    hemisphere: str = "north"
    language: str | None = None

    def __post_init__(self) -> None:
        if self.timezone is not None:
            zone(self.timezone)
        if self.hemisphere not in HEMISPHERES:
            raise ValidationError("hemisphere", f"use 'north' or 'south', not {self.hemisphere!r}")

    @property
    def zone_name(self) -> str:
        return self.timezone or "UTC"
