"""The memory proxy: ``POST /v1/chat/completions``, OpenAI-compatible, streaming or not.

The tenant is the API key's; the user is the ``user`` field or ``X-Lembrar-User``. With
``lembrar serve --local``, a key that is no tenant key acts for the local tenant: the OpenAI
SDKs always send one (``api_key="local"``), and local mode needs none. The memory
block goes into the system message, the request goes to the configured upstream, and the
exchange is stored: the user's turn before the upstream is called (kept if it fails), the
reply once it is complete. The upstream's answer, error or stream is passed through as is.
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator
from typing import Annotated, Any

import httpx
from fastapi import APIRouter, Depends, Request, Response
from fastapi.responses import StreamingResponse
from starlette.concurrency import run_in_threadpool

from lembrar.api.auth import Credentials, services, tenant
from lembrar.api.errors import ApiError
from lembrar.api.routing import ERRORS
from lembrar.api.services import Services
from lembrar.llm.redact import hide_url, redact_text
from lembrar.proxy import Exchange, StreamText, Upstream, UpstreamUnavailable, begin, read_options
from lembrar.tenancy import authenticate

UPSTREAM_ERRORS: dict[int | str, dict[str, Any]] = {
    502: {**ERRORS[404], "description": "The upstream server could not be reached"},
    503: {**ERRORS[404], "description": "No upstream model server is configured"},
}
router = APIRouter(prefix="/v1", tags=["proxy"], responses={**ERRORS, **UPSTREAM_ERRORS})
log = logging.getLogger("lembrar.api")
NO_UPSTREAM = (
    "no upstream model is configured: set LEMBRAR_LLM_BASE_URL and LEMBRAR_LLM_MODEL "
    "(and LEMBRAR_LLM_API_KEY) for lembrar serve, as for lembrar chat"
)


def proxy_tenant(credentials: Credentials, svc: Annotated[Services, Depends(services)]) -> str:
    """The key's tenant; in local mode, the local tenant for any key that is no tenant key."""
    if svc.local_tenant is not None and credentials is not None:
        return authenticate(svc.keys, credentials.credentials) or svc.local_tenant
    return tenant(credentials, svc)


@router.post("/chat/completions", summary="Chat completion with memory (OpenAI-compatible)")
async def chat_completions(
    request: Request,
    tenant_id: Annotated[str, Depends(proxy_tenant)],
    svc: Annotated[Services, Depends(services)],
) -> Response:
    body = await _body(request)
    options, forwarded = read_options(body, request.headers)
    if svc.upstream is None:
        raise ApiError(503, "no_upstream", NO_UPSTREAM)
    exchange = await run_in_threadpool(begin, svc.memory(tenant_id), options, body["messages"])
    payload = svc.upstream.body(forwarded, exchange.messages)
    ours = {
        "X-Lembrar-Session": options.session_id,
        "X-Lembrar-Memories": str(exchange.context_lines),
    }
    try:
        response = await svc.upstream.open(payload)
    except UpstreamUnavailable as exc:  # the operator's log shows where; the tenant never
        upstream_url = svc.upstream.config.base_url
        log.warning("memory proxy: %s", redact_text(str(exc), upstream_url))
        message = hide_url(str(exc), upstream_url)
        raise ApiError(502, "upstream_unavailable", message, headers=ours) from exc
    headers = {**Upstream.passed_headers(response), **ours}
    if response.status_code == 200 and payload.get("stream"):
        return StreamingResponse(
            _relay(response, exchange), headers=headers, media_type="text/event-stream"
        )
    raw = await _read(response)
    if response.status_code == 200:
        await run_in_threadpool(exchange.finish, _reply_text(raw))
    return Response(raw, response.status_code, headers=headers)


async def _body(request: Request) -> dict[str, Any]:
    try:
        body = json.loads(await request.body())
    except ValueError as exc:
        raise ApiError(400, "invalid_json", f"the body is not JSON: {exc}") from exc
    if not isinstance(body, dict):
        raise ApiError(422, "validation_error", "send a JSON object", "body")
    return body


async def _read(response: httpx.Response) -> bytes:
    try:
        return await response.aread()
    except httpx.HTTPError as exc:
        raise ApiError(502, "upstream_unavailable", f"upstream broke off: {exc}") from exc
    finally:
        await response.aclose()


async def _relay(response: httpx.Response, exchange: Exchange) -> AsyncIterator[bytes]:
    """The upstream's events, chunk by chunk, as they arrive. The reply is stored before the
    chunk that ends the stream is passed on: a caller that saw the end finds it stored."""
    text, stored = StreamText(), False
    try:
        async for chunk in response.aiter_raw():
            text.feed(chunk)
            if text.ended and not stored:
                stored = True
                await run_in_threadpool(exchange.finish, text.text)
            yield chunk
    except httpx.HTTPError as exc:
        log.warning("upstream stream broke off: %s", exc)
        return
    finally:
        await response.aclose()
    if text.done and not stored:  # a server that ends without [DONE]
        await run_in_threadpool(exchange.finish, text.text)


def _reply_text(raw: bytes) -> str:
    try:
        message = json.loads(raw)["choices"][0]["message"]
    except (ValueError, KeyError, IndexError, TypeError):
        return ""
    return message.get("content") or "" if isinstance(message, dict) else ""
