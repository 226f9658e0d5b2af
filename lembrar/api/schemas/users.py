"""Users and their time settings."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Annotated, Any, Literal
from zoneinfo import available_timezones

from pydantic import BaseModel, BeforeValidator, Field, StringConstraints

from lembrar.api.schemas.common import RequestModel, refuse_nul
from lembrar.model.users import UserSettings
from lembrar.temporal.delegate import EXTRA, readable_languages
from lembrar.temporal.grammar import LEXICONS

if TYPE_CHECKING:  # a Literal built at run time; to the type checker, a str
    ZoneName = str
else:
    ZoneName = Literal[tuple(sorted(available_timezones()))]  # the IANA zone names
LANGUAGES = readable_languages()
LANGUAGE_TAG = rf"^(?:{'|'.join(LANGUAGES)})(?:[-_][A-Za-z0-9]{{2,8}})*$"


def _readable(value: Any) -> Any:
    """A language tag whose time phrases lembrar reads, or an error naming those languages."""
    refuse_nul("language", value)
    if isinstance(value, str) and not re.fullmatch(LANGUAGE_TAG, value):
        ours = ", ".join(LEXICONS)
        more = (
            f", or another of the {len(LANGUAGES) - len(LEXICONS)} codes dateparser reads"
            if len(LANGUAGES) > len(LEXICONS)
            else f"; others need pip install 'lembrar[{EXTRA}]' on the server"
        )
        raise ValueError(f"use a lowercase language code lembrar reads: {ours}{more} ({value!r})")
    return value


Language = Annotated[str, StringConstraints(pattern=LANGUAGE_TAG), BeforeValidator(_readable)]


class UserSettingsIn(RequestModel):
    timezone: ZoneName | None = Field(
        None, description="IANA zone, e.g. 'Europe/Lisbon'; naive times are read in it"
    )
    hemisphere: Literal["north", "south"] = "north"
    language: Language | None = Field(
        None,
        description="language code of the user's text, e.g. 'pt' or 'pt-BR': en, pt, es, fr, "
        "and, with the server's [dates] extra, the languages dateparser reads",
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
