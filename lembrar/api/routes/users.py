"""Users of a tenant: their time settings, and forgetting them entirely."""

from __future__ import annotations

from typing import Annotated

from fastapi import Path

from lembrar.api.auth import TenantMemory
from lembrar.api.routing import resource_router
from lembrar.api.schemas.common import NOT_BLANK
from lembrar.api.schemas.users import Forgotten, UserList, UserOut, UserSettingsIn
from lembrar.errors import NotFoundError
from lembrar.memory import Memory
from lembrar.model.erasure import NOTES
from lembrar.model.ids import MAX_USER_ID, USER_ID_PATTERN, user_key

router = resource_router("/v1/users", "users")
UserId = Annotated[
    str,
    Path(
        description="the user's id, unique within the tenant; compared in Unicode NFC"
        " form; no control characters, '/' or '\\'; not only dots",
        max_length=MAX_USER_ID,
        pattern=USER_ID_PATTERN,
    ),
]

ItemId = Annotated[str, Path(pattern=NOT_BLANK, description="the id, as returned")]
"""An episode's, session's, saved memory's or insight's id: never blank."""


def existing(memory: Memory, user_id: str) -> None:
    """404 unless the user exists in this tenant."""
    if memory.store.get_user(user_key(user_id)) is None:
        raise NotFoundError("user", user_id)


@router.get("", response_model=UserList)
def list_users(memory: TenantMemory) -> UserList:
    return UserList(users=memory.users())


@router.get("/{user_id}", response_model=UserOut)
def get_user(user_id: UserId, memory: TenantMemory) -> UserOut:
    existing(memory, user_id)
    return UserOut.of(memory.user_settings(user_id))


@router.put("/{user_id}", response_model=UserOut)
def put_user(user_id: UserId, body: UserSettingsIn, memory: TenantMemory) -> UserOut:
    """Create the user or replace their settings; times stored later are tagged in this zone."""
    return UserOut.of(
        memory.set_user(
            user_id, timezone=body.timezone, hemisphere=body.hemisphere, language=body.language
        )
    )


@router.delete("/{user_id}", response_model=Forgotten)
def forget_user(user_id: UserId, memory: TenantMemory) -> Forgotten:
    """Remove the user, their settings and everything stored for them; returns how many episodes
    and when the deleted text leaves the disk on this store (``erasure``)."""
    existing(memory, user_id)
    deleted = memory.forget_user(user_id)
    guarantee = memory.store.erasure
    return Forgotten(deleted=deleted, erasure=guarantee, erasure_note=NOTES[guarantee])
