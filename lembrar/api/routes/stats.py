"""Counts for the calling tenant."""

from __future__ import annotations

from lembrar.api.auth import TenantMemory
from lembrar.api.routing import resource_router
from lembrar.api.schemas.system import Stats

router = resource_router("/v1/stats", "stats")


@router.get("", response_model=Stats)
def stats(memory: TenantMemory) -> Stats:
    return Stats.of(memory.stats())
