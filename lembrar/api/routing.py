"""What every resource router shares: retries of writes that met a locked database, and the
error responses documented in OpenAPI."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.routing import APIRoute

from lembrar.api.schemas.common import ErrorBody
from lembrar.errors import StoreBusyError

RETRY_DELAYS = (0.05, 0.1, 0.2, 0.4, 0.8)
ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorBody, "description": text}
    for status, text in (
        (400, "Malformed JSON"),
        (401, "Missing, unknown or revoked API key"),
        (403, "This key may not use this endpoint"),
        (404, "Not found in this tenant"),
        (413, "Request body too large"),
        (422, "Invalid input; `field` names it"),
    )
}


def is_transient(exc: BaseException) -> bool:
    """A failure that another attempt may not meet: the store was locked by another writer."""
    return isinstance(exc, StoreBusyError)


class RetryingRoute(APIRoute):
    """Runs the handler again, after a short pause, when the store was locked.

    Every store write is one transaction that stores nothing when it fails, so a retry
    never doubles a write.
    """

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def retrying(request: Request) -> Response:
            for delay in RETRY_DELAYS:
                try:
                    return await handler(request)
                except Exception as exc:
                    if not is_transient(exc):
                        raise
                await asyncio.sleep(delay)
            return await handler(request)

        return retrying


LAYER_ERRORS: dict[int | str, dict[str, Any]] = {
    501: {
        "model": ErrorBody,
        "description": "The store's backend keeps no saved memories, summaries or insights",
    },
}


def resource_router(prefix: str, tag: str, *, layers: bool = False) -> APIRouter:
    """A router for one resource; each resource module makes its own with this. ``layers``:
    its endpoints use the memory layers, so they may answer 501."""
    return APIRouter(
        prefix=prefix,
        tags=[tag],
        route_class=RetryingRoute,
        responses={**ERRORS, **(LAYER_ERRORS if layers else {})},
    )
