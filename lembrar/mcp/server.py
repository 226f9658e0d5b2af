"""The MCP server: the tool catalogue, browsable resources and a prompt, for one caller at a time.

Who calls is decided per request by ``MemoryService.caller``: over stdio, the configured tenant
and user (a desktop has one user); over HTTP, the tenant of the request's API key and the user
its ``X-Lembrar-User`` header names (else the one given with ``--user``), both checked and put
on the request by ``lembrar.mcp.http``. The engine of each tenant is kept for the process
(``EnginePool``); the store scopes every statement to the tenant.

Nothing of the engine is imported or opened to answer the handshake and the listings (tools,
resources, prompts): the store, the engines and the embedder open on the first call that
needs them (``MemoryService.backend``), so a client sees the server ready in about the time
the MCP SDK itself takes to start.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

import anyio.to_thread
import mcp_types as types
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel.server import Server
from mcp.shared.exceptions import MCPError

from lembrar import __version__
from lembrar.errors import LembrarError, ValidationError
from lembrar.mcp import resources
from lembrar.tools.catalogue import CATALOGUE, ToolSpec

if TYPE_CHECKING:
    from lembrar.engines import EnginePool
    from lembrar.memory import Memory

T = TypeVar("T")

__all__ = ["Backend", "Caller", "MemoryService", "build_server"]

log = logging.getLogger("lembrar.mcp")
TENANT_SCOPE_KEY = "lembrar.tenant"  # set on the ASGI scope by the HTTP key check
USER_SCOPE_KEY = "lembrar.user"  # likewise, from X-Lembrar-User or --user
INSTRUCTIONS = (
    "lembrar is the user's long-term memory across conversations. At the start of a "
    "conversation, or when the topic changes, call `context` with the user's message. Use "
    "`recall` for questions about the past ('what did we talk about last Sunday?'), `timeline` "
    "for what happened in a period, `facts` and `entities` for what holds about the user and "
    "the people, places and things in their life (and what held before), `remember` when the "
    "user asks you to remember something, and `forget` or `saved_memories` when they ask you "
    "to drop or correct something."
)


@dataclass(frozen=True)
class Caller:
    tenant: str
    user_id: str


@dataclass(frozen=True)
class Backend:
    """What the tools run on: the engines, and the tenant the stdio caller acts in."""

    engines: EnginePool
    tenant: str


class MemoryService:
    """The engines and who the caller is; ``user_id``: the stdio caller.

    ``open_backend`` runs on the first call that needs the memory, once, whichever thread asks
    first; one that fails (a bad ``--db``, another embedder's store) fails that call with its
    message, and the next call tries again."""

    def __init__(self, open_backend: Callable[[], Backend], user_id: str = "me") -> None:
        self.user_id = user_id
        self._open_backend = open_backend
        self._backend: Backend | None = None
        self._lock = threading.Lock()

    def backend(self) -> Backend:
        with self._lock:
            if self._backend is None:
                self._backend = self._open_backend()
            return self._backend

    def caller(self, ctx: ServerRequestContext[Any, Any]) -> Caller:
        scope = getattr(ctx.request, "scope", None)
        if scope is None:  # stdio: the one configured user
            return Caller(self.backend().tenant, self.user_id)
        tenant, user = scope.get(TENANT_SCOPE_KEY), scope.get(USER_SCOPE_KEY)
        if tenant is None or user is None:  # only when served without lembrar.mcp.http
            raise ValidationError("authorization", "serve it with lembrar.mcp.http.http_app")
        return Caller(tenant, user)

    def memory(self, caller: Caller) -> Memory:
        return self.backend().engines.get(caller.tenant)


def build_server(service: MemoryService) -> Server[Any]:
    """The low-level MCP server, with the catalogue's own schemas as the tools' input schemas."""

    async def list_tools(
        ctx: ServerRequestContext[Any, Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[_tool(spec) for spec in CATALOGUE])

    async def call_tool(
        ctx: ServerRequestContext[Any, Any], params: types.CallToolRequestParams
    ) -> types.CallToolResult:
        return await _in_thread(lambda: _run_tool(service, ctx, params))

    async def list_resources(
        ctx: ServerRequestContext[Any, Any], params: types.PaginatedRequestParams | None
    ) -> types.ListResourcesResult:
        return types.ListResourcesResult(resources=resources.RESOURCES)

    async def list_templates(
        ctx: ServerRequestContext[Any, Any], params: types.PaginatedRequestParams | None
    ) -> types.ListResourceTemplatesResult:
        return types.ListResourceTemplatesResult(resource_templates=resources.TEMPLATES)

    async def read_resource(
        ctx: ServerRequestContext[Any, Any], params: types.ReadResourceRequestParams
    ) -> types.ReadResourceResult:
        def read() -> types.ReadResourceResult:
            caller = service.caller(ctx)
            return resources.read(service.memory(caller), caller.user_id, str(params.uri))

        return await _in_thread(read)

    async def list_prompts(
        ctx: ServerRequestContext[Any, Any], params: types.PaginatedRequestParams | None
    ) -> types.ListPromptsResult:
        return types.ListPromptsResult(prompts=resources.PROMPTS)

    async def get_prompt(
        ctx: ServerRequestContext[Any, Any], params: types.GetPromptRequestParams
    ) -> types.GetPromptResult:
        def render() -> types.GetPromptResult:
            caller = service.caller(ctx)
            return resources.prompt(
                service.memory(caller), caller.user_id, params.name, params.arguments or {}
            )

        return await _in_thread(render)

    return Server(
        "lembrar",
        version=__version__,
        title="lembrar memory",
        instructions=INSTRUCTIONS,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
        on_list_resources=list_resources,
        on_list_resource_templates=list_templates,
        on_read_resource=read_resource,
        on_list_prompts=list_prompts,
        on_get_prompt=get_prompt,
    )


def _tool(spec: ToolSpec) -> types.Tool:
    hints = types.ToolAnnotations(
        title=spec.title,
        read_only_hint=spec.read_only,
        destructive_hint=spec.destructive,
        idempotent_hint=spec.idempotent,
        open_world_hint=False,
    )
    return types.Tool(
        name=spec.name,
        title=spec.title,
        description=spec.description,
        input_schema=spec.input_schema,
        annotations=hints,
    )


def _run_tool(
    service: MemoryService, ctx: ServerRequestContext[Any, Any], params: types.CallToolRequestParams
) -> types.CallToolResult:
    """The tool's JSON result, or an error result the model can read and correct."""
    from lembrar.tools.runner import ToolRunner  # the engine's side: loaded on the first call

    try:
        caller = service.caller(ctx)
        runner = ToolRunner(service.memory(caller), caller.user_id)
        result = runner.call(params.name, params.arguments or {})
    except LembrarError as exc:
        return _error(str(exc))
    except Exception:  # a bug must not end the session; the traceback goes to the log
        log.exception("tool %s failed", params.name)
        return _error(
            f"{params.name}: internal error; the call changed nothing it could not finish"
        )
    text = json.dumps(result, ensure_ascii=False, default=str)
    return types.CallToolResult(
        content=[types.TextContent(text=text)], structured_content=json.loads(text)
    )


def _error(message: str) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(text=message)], is_error=True)


async def _in_thread(work: Callable[[], T]) -> T:
    """The engine is synchronous: run it off the event loop. A bad request (an unknown
    resource, a missing prompt argument) is an ``invalid params`` error naming the problem."""
    try:
        return await anyio.to_thread.run_sync(work)
    except LembrarError as exc:
        raise MCPError(code=types.INVALID_PARAMS, message=str(exc)) from exc
