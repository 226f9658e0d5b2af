"""Search a user's memories by meaning, words and time."""

from __future__ import annotations

from lembrar.api.auth import TenantMemory
from lembrar.api.routes.users import UserId
from lembrar.api.routing import resource_router
from lembrar.api.schemas.search import SearchBody, SearchResponse

router = resource_router("/v1/users/{user_id}/search", "search")


@router.post("", response_model=SearchResponse)
def search(user_id: UserId, body: SearchBody, memory: TenantMemory) -> SearchResponse:
    """The ``k`` best memories, with the time windows understood in the query."""
    filters = body.filters.as_dict() if body.filters else None
    result = memory.retrieve(
        body.query, user_id, body.k, filters=filters, now=body.now, preset=body.preset
    )
    return SearchResponse.of(result)
