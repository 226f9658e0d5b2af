"""A user's memory by month: what the page's timeline and heat map show."""

from __future__ import annotations

from typing import Annotated

from fastapi import Query

from lembrar.api.auth import TenantMemory
from lembrar.api.routes.users import UserId
from lembrar.api.routing import resource_router
from lembrar.api.schemas.common import MONTH
from lembrar.api.schemas.timeline import MonthOut
from lembrar.ui.timeline import month_view

router = resource_router("/v1/users/{user_id}/timeline", "timeline")


@router.get("", response_model=MonthOut)
def month(
    user_id: UserId,
    memory: TenantMemory,
    month: Annotated[
        str | None,
        Query(
            pattern=MONTH,
            description="YYYY-MM in the user's timezone (default: the month of their last message)",
        ),
    ] = None,
) -> MonthOut:
    """How many episodes each day of the month holds, and the month's conversations as cards
    (their turns: ``GET .../episodes?session_id=...``)."""
    return MonthOut.of(month_view(memory, user_id, month))
