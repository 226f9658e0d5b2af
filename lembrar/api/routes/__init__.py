"""One module per resource, each with its ``router``; a new resource is a new module listed here."""

from __future__ import annotations

from fastapi import APIRouter

from lembrar.api.routes import (
    admin,
    chat,
    completions,
    context,
    episodes,
    export,
    forget,
    graph,
    health,
    insights,
    memories,
    overview,
    page,
    search,
    sessions,
    stats,
    summaries,
    timeline,
    tools,
    users,
)

ROUTERS: tuple[APIRouter, ...] = (
    health.router,
    admin.router,
    users.router,
    episodes.router,
    sessions.router,
    search.router,
    context.router,
    memories.router,
    insights.router,
    summaries.router,
    stats.router,
    tools.router,
    timeline.router,
    forget.router,
    chat.router,
    completions.router,
    page.router,
    graph.router,
    overview.router,
    export.router,
)
