"""A user's session summaries (written by ``POST .../sessions/{session_id}/end``)."""

from __future__ import annotations

from lembrar.api.auth import LayeredMemory
from lembrar.api.routes.users import ItemId, UserId
from lembrar.api.routing import resource_router
from lembrar.api.schemas.common import Deleted
from lembrar.api.schemas.layers import SummaryList, SummaryOut

router = resource_router("/v1/users/{user_id}/summaries", "summaries", layers=True)


@router.get("", response_model=SummaryList)
def list_summaries(user_id: UserId, memory: LayeredMemory) -> SummaryList:
    """Current summaries, oldest conversation first."""
    return SummaryList(summaries=[SummaryOut.of(s) for s in memory.summaries.list(user_id)])


@router.delete("/{session_id}", response_model=Deleted)
def delete(user_id: UserId, session_id: ItemId, memory: LayeredMemory) -> Deleted:
    """Delete a session's summary (its turns stay)."""
    return Deleted(deleted=memory.summaries.delete(user_id, session_id))
