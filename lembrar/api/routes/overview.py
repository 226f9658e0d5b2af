"""The page's search: the engine's hits and what the page says around them."""

from __future__ import annotations

from lembrar.api.auth import TenantMemory
from lembrar.api.routes.users import UserId
from lembrar.api.routing import resource_router
from lembrar.api.schemas.overview import OverviewOut
from lembrar.api.schemas.search import SearchBody
from lembrar.ui.overview import overview

router = resource_router("/v1/users/{user_id}/search/overview", "search")


@router.post("", response_model=OverviewOut)
def search_overview(user_id: UserId, body: SearchBody, memory: TenantMemory) -> OverviewOut:
    """``POST .../search``, plus how many episodes each time window holds, the user's first and
    last episode, the hits outside every window, and, when the query asks what was talked
    about ("what did we discuss last week?"), the conversations with what each was about."""
    filters = body.filters.as_dict() if body.filters else None
    return OverviewOut.of(
        overview(
            memory, user_id, body.query, body.k, filters=filters, now=body.now, preset=body.preset
        )
    )
