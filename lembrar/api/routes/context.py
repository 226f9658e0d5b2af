"""A prompt-ready block of a user's memories that matter for a query."""

from __future__ import annotations

from lembrar.api.auth import TenantMemory
from lembrar.api.routes.users import UserId
from lembrar.api.routing import resource_router
from lembrar.api.schemas.context import ContextOut, ContextRequest

router = resource_router("/v1/users/{user_id}/context", "context")


@router.post("", response_model=ContextOut)
def context(user_id: UserId, body: ContextRequest, memory: TenantMemory) -> ContextOut:
    filters = body.filters.as_dict() if body.filters else None
    block = memory.context(
        body.query,
        user_id,
        budget_tokens=body.budget_tokens,
        now=body.now,
        k=body.k,
        filters=filters,
        preset=body.preset,
    )
    return ContextOut.of(block)
