"""Users and their time settings."""

from __future__ import annotations

from typing import Literal
from zoneinfo import available_timezones

from pydantic import BaseModel, Field

from lembrar.api.schemas.common import RequestModel
from lembrar.model.users import UserSettings

ZoneName = Literal[tuple(sorted(available_timezones()))]  # type: ignore[valid-type]


class UserSettingsIn(RequestModel):
    timezone: ZoneName | None = Field(
        None, description="IANA zone, e.g. 'Europe/Lisbon'; naive times are read in it"
    )
    hemisphere: Literal["north", "south"] = "north"
    language: str | None = Field(
        None,
        description="language code of the user's text, e.g. 'pt'; time phrases outside "
        "en/pt/es/fr need the server's [dates] extra",
    )


class UserOut(BaseModel):
    user_id: str
    timezone: str | None
    hemisphere: str
    language: str | None

    @classmethod
    def of(cls, settings: UserSettings) -> UserOut:
        return cls(
            user_id=settings.user_id,
            timezone=settings.timezone,
            hemisphere=settings.hemisphere,
            language=settings.language,
        )


class UserList(BaseModel):
    users: list[str]


class Forgotten(BaseModel):
    """What forgetting a user removed, and what this store guarantees about the bytes."""

    deleted: int = Field(description="episodes removed")
    erasure: Literal["immediate", "on_maintenance"] = Field(
        description="`immediate` (SQLite): the text is overwritten in the store's files before this answer; "
        "`on_maintenance` (PostgreSQL): the rows are deleted and never returned, and their bytes leave the "
        "disk when an operator runs `lembrar maintenance erase-pending`"
    )
    erasure_note: str
