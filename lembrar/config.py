"""Configuration as constructor arguments: plain frozen dataclasses, no globals."""

from __future__ import annotations

from dataclasses import dataclass, field

from lembrar.errors import ValidationError
from lembrar.model.text import ChunkSpec
from lembrar.model.timetags import HEMISPHERES, DayPeriods, zone
from lembrar.model.users import UserSettings


@dataclass(frozen=True)
class MemoryConfig:
    """Engine-wide settings. ``default_timezone`` applies to users with none of their own."""

    chunking: ChunkSpec = field(default_factory=ChunkSpec)
    periods: DayPeriods = field(default_factory=DayPeriods)
    default_timezone: str | None = None
    default_hemisphere: str = "north"
    search_preset: str = "balanced"

    def __post_init__(self) -> None:
        if self.default_timezone is not None:
            zone(self.default_timezone)
        if self.default_hemisphere not in HEMISPHERES:
            raise ValidationError("default_hemisphere", "use 'north' or 'south'")

    def settings_for(self, user_id: str, stored: UserSettings | None) -> UserSettings:
        if stored is not None:
            return stored
        return UserSettings(user_id, self.default_timezone, self.default_hemisphere)
