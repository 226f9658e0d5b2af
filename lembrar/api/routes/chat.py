"""Chat with a model that uses the user's memory, streamed as server-sent events."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from datetime import datetime
from typing import TYPE_CHECKING, Annotated

from fastapi import Depends
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, Field

from lembrar.api.auth import services, tenant
from lembrar.api.errors import ApiError
from lembrar.api.routes.users import UserId
from lembrar.api.routing import resource_router
from lembrar.api.schemas.common import ErrorBody, Instant, RequestModel
from lembrar.api.services import Services
from lembrar.errors import ValidationError
from lembrar.ingest import parse_instant
from lembrar.llm.redact import hide_url
from lembrar.ui.chat import turn_events

if TYPE_CHECKING:
    from lembrar.assistant import Assistant

router = resource_router("/v1", "chat")
SSE = {
    "description": "text/event-stream: `delta` {text}…, then `done` "
    "{session_id, text, episodes, memories, "
    "tool_calls} or `error` {code, message}",
    "content": {"text/event-stream": {}},
}

NO_MODEL = {
    "model": ErrorBody,
    "description": "No chat model is configured (`llm_not_configured`); "
    "the message says how to configure one",
}


class ChatSetup(BaseModel):
    configured: bool
    model: str | None = Field(description="the model replies come from")
    setup: str | None = Field(description="how to configure a model, when none is")


class ChatRequest(RequestModel):
    message: str = Field(min_length=1, max_length=20_000)
    session_id: str | None = Field(
        None, description="continue this conversation (default: a new one)"
    )
    now: Instant | None = Field(
        None, description="take this instant as the current time (demos); ISO 8601"
    )


@router.get("/chat", response_model=ChatSetup)
def chat_setup(
    svc: Annotated[Services, Depends(services)], _: Annotated[str, Depends(tenant)]
) -> ChatSetup:
    """Whether a model is configured (``LEMBRAR_LLM_BASE_URL``, ``LEMBRAR_LLM_MODEL``...), as for
    ``lembrar chat``."""
    if svc.llm is None:
        return ChatSetup(configured=False, model=None, setup=svc.llm_setup)
    return ChatSetup(configured=True, model=svc.llm.model, setup=None)


@router.post(
    "/users/{user_id}/chat", response_class=StreamingResponse, responses={200: SSE, 409: NO_MODEL}
)
def chat(
    user_id: UserId,
    body: ChatRequest,
    svc: Annotated[Services, Depends(services)],
    tenant_id: Annotated[str, Depends(tenant)],
) -> StreamingResponse:
    """One turn: the message and the reply are stored in the session; the reply streams."""
    if svc.llm is None:
        raise ApiError(409, "llm_not_configured", svc.llm_setup)
    if not body.message.strip():
        raise ValidationError("message", "write a message")
    from lembrar.assistant import Assistant
    from lembrar.llm.client import LLMClient

    clock = _fixed(body.now, svc, tenant_id, user_id) if body.now else None
    llm = LLMClient(svc.llm)
    try:
        assistant = Assistant(svc.memory(tenant_id, clock), llm, user_id, body.session_id)
    except BaseException:
        llm.close()
        raise
    return StreamingResponse(
        _events(assistant, body.message.strip(), svc.llm.base_url),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )


def _fixed(now: str, svc: Services, tenant_id: str, user_id: str) -> Callable[[], datetime]:
    moment: datetime = parse_instant(now, svc.memory(tenant_id).user_settings(user_id), field="now")
    return lambda: moment


def _events(assistant: Assistant, message: str, model_url: str) -> Iterator[str]:
    """The turn's events; an error names no model server URL (tenants never learn it)."""
    try:
        for name, data in turn_events(assistant, message):
            if name == "error":
                data = {**data, "message": hide_url(str(data["message"]), model_url)}
            yield f"event: {name}\ndata: {json.dumps(data, default=str)}\n\n"
    finally:
        assistant.llm.close()
