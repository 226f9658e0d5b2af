"""The memory tools over HTTP: their schemas for a model's function calling, and a call.

An app that runs its own model loop lists the tools (``GET /v1/tools``, OpenAI shape), hands
them to the model, and posts each call the model makes to ``/v1/users/{user_id}/tools/{name}``.
A bad call answers 422 naming the argument, which the app can hand back to the model.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from fastapi import Body, Depends, Path

from lembrar.api.auth import TenantMemory, tenant
from lembrar.api.routes.users import UserId
from lembrar.api.routing import resource_router
from lembrar.tools import CATALOGUE, ToolRunner, openai_tools

router = resource_router("/v1", "tools")
if TYPE_CHECKING:  # a Literal built at run time; to the type checker, a str
    ToolNames = str
else:
    ToolNames = Literal[tuple(t.name for t in CATALOGUE)]  # the catalogue's tool names
ToolName = Annotated[ToolNames, Path(description="the tool to call")]
Arguments = Annotated[
    dict[str, Any], Body(default_factory=dict, description="the call's arguments")
]


@router.get("/tools", dependencies=[Depends(tenant)])
def list_tools() -> dict[str, Any]:
    """The tools in the OpenAI function-calling shape, with their read-only/destructive hints."""
    hints = {
        t.name: {"read_only": t.read_only, "destructive": t.destructive, "idempotent": t.idempotent}
        for t in CATALOGUE
    }
    return {"tools": openai_tools(), "hints": hints}


@router.post("/users/{user_id}/tools/{name}")
def call_tool(
    user_id: UserId,
    memory: TenantMemory,
    name: ToolName,
    arguments: Arguments,
) -> dict[str, Any]:
    """Run one tool call for the user; the body is the call's arguments."""
    return ToolRunner(memory, user_id).call(name, arguments)
