"""A user's conversations: listing them, ending one (which writes its summary), deleting one."""

from __future__ import annotations

from lembrar.api.auth import LayeredMemory, TenantMemory
from lembrar.api.routes.users import ItemId, UserId
from lembrar.api.routing import LAYER_ERRORS, resource_router
from lembrar.api.schemas.common import Deleted
from lembrar.api.schemas.episodes import SessionList, SessionOut
from lembrar.api.schemas.layers import NowIn, SummaryOut
from lembrar.errors import NotFoundError

router = resource_router("/v1/users/{user_id}/sessions", "sessions")


@router.get("", response_model=SessionList)
def list_sessions(user_id: UserId, memory: TenantMemory) -> SessionList:
    return SessionList(sessions=[SessionOut.of(s) for s in memory.sessions(user_id)])


@router.delete("/{session_id}", response_model=Deleted)
def delete_session(user_id: UserId, session_id: ItemId, memory: TenantMemory) -> Deleted:
    """Delete every episode of the session; returns how many (404: the user has no such session)."""
    deleted = memory.delete_all(user_id, session_id=session_id)
    if deleted == 0:
        raise NotFoundError("session", session_id)
    return Deleted(deleted=deleted)


@router.post("/{session_id}/end", response_model=SummaryOut, responses=LAYER_ERRORS)
def end_session(
    user_id: UserId, session_id: ItemId, memory: LayeredMemory, body: NowIn | None = None
) -> SummaryOut:
    """The conversation is over: summarise it now (again, if it was summarised before)."""
    return SummaryOut.of(memory.end_session(user_id, session_id, now=body.now if body else None))
