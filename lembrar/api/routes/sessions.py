"""A user's conversations: listing them, deleting one."""

from __future__ import annotations

from lembrar.api.auth import TenantMemory
from lembrar.api.routes.users import UserId
from lembrar.api.routing import resource_router
from lembrar.api.schemas.common import Deleted
from lembrar.api.schemas.episodes import SessionList, SessionOut

router = resource_router("/v1/users/{user_id}/sessions", "sessions")


@router.get("", response_model=SessionList)
def list_sessions(user_id: UserId, memory: TenantMemory) -> SessionList:
    return SessionList(sessions=[SessionOut.of(s) for s in memory.sessions(user_id)])


@router.delete("/{session_id}", response_model=Deleted)
def delete_session(user_id: UserId, session_id: str, memory: TenantMemory) -> Deleted:
    """Delete every episode of the session; returns how many."""
    return Deleted(deleted=memory.delete_all(user_id, session_id=session_id))
