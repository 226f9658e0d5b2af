"""A user's insights: what they keep coming back to, drawn from their own messages."""

from __future__ import annotations

from lembrar.api.auth import LayeredMemory
from lembrar.api.routes.users import ItemId, UserId
from lembrar.api.routing import resource_router
from lembrar.api.schemas.common import Deleted
from lembrar.api.schemas.layers import InsightEdit, InsightList, InsightOut, NowIn

router = resource_router("/v1/users/{user_id}/insights", "insights", layers=True)


@router.get("", response_model=InsightList)
def list_insights(user_id: UserId, memory: LayeredMemory) -> InsightList:
    """Current insights, most confident first."""
    return InsightList(insights=[InsightOut.of(i) for i in memory.insights.list(user_id)])


@router.post("/refresh", response_model=InsightList)
def refresh(user_id: UserId, memory: LayeredMemory, body: NowIn | None = None) -> InsightList:
    """Recompute the insights from the user's messages (a batch job: it reads all of them)."""
    return InsightList(
        insights=[
            InsightOut.of(i)
            for i in memory.refresh_insights(user_id, now=body.now if body else None)
        ]
    )


@router.patch("/{insight_id}", response_model=InsightOut)
def edit(
    user_id: UserId, insight_id: ItemId, body: InsightEdit, memory: LayeredMemory
) -> InsightOut:
    """Rewrite an insight; later refreshes keep the new wording."""
    return InsightOut.of(memory.insights.edit(insight_id, body.statement, user_id, now=body.now))


@router.delete("/{insight_id}", response_model=Deleted)
def delete(user_id: UserId, insight_id: ItemId, memory: LayeredMemory) -> Deleted:
    """Delete an insight; its messages are left out of later refreshes."""
    return Deleted(deleted=memory.insights.delete(insight_id, user_id))
