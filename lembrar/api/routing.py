"""What every resource router shares: retries of writes that met a locked database, query
parameters checked as strictly as bodies, literal path segments that shadow a parameter, and
the error responses documented in OpenAPI."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine, Iterable
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute
from starlette.routing import BaseRoute, Match
from starlette.types import Scope

from lembrar.api.schemas.common import ErrorBody
from lembrar.errors import StoreBusyError, ValidationError

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
    """A resource's route: it refuses unknown query parameters, as bodies refuse unknown
    fields, and runs the handler again, after a short pause, when the store was locked (every
    store write is one transaction that stores nothing when it fails, so a retry never doubles
    a write).

    A path parameter never takes a value that is the literal segment of another route at that
    place (``reserved``, set by :func:`reserve_literals`): ``.../episodes/bulk`` is the bulk
    endpoint for every method, so a GET there is 405, as OpenAPI reads the paths.
    """

    reserved: dict[str, frozenset[str]] = {}  # replaced per route, never changed in place

    def matches(self, scope: Scope) -> tuple[Match, Scope]:
        match, child = super().matches(scope)
        params = child.get("path_params", {}) if match is not Match.NONE else {}
        if any(params.get(name) in words for name, words in self.reserved.items()):
            return Match.NONE, {}
        return match, child

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()
        known = query_names(self.dependant)

        async def retrying(request: Request) -> Response:
            unknown = sorted(set(request.query_params) - known)
            if unknown:  # as a body's unknown field: a misspelt filter must not match everything
                raise ValidationError(
                    unknown[0], f"no such query parameter here; use {sorted(known) or 'none'}"
                )
            for delay in RETRY_DELAYS:
                try:
                    return await handler(request)
                except Exception as exc:
                    if not is_transient(exc):
                        raise
                await asyncio.sleep(delay)
            return await handler(request)

        return retrying


def query_names(dependant: Dependant) -> frozenset[str]:
    """The query parameters an endpoint reads, its dependencies' included."""
    names = {param.alias for param in dependant.query_params}
    for inner in dependant.dependencies:
        names |= query_names(inner)
    return frozenset(names)


def reserve_literals(routes: Iterable[BaseRoute]) -> None:
    """For each route, the literal segments of other routes where its path has a parameter
    and every other segment is the same (``/memories/pending`` beside ``/memories/{memory_id}``)."""
    ours = [route for route in routes if isinstance(route, RetryingRoute)]
    for route in ours:
        reserved: dict[str, set[str]] = {}
        for other in ours:
            shadow = _shadowed(route.path.split("/"), other.path.split("/"))
            if shadow is not None:
                reserved.setdefault(shadow[0], set()).add(shadow[1])
        route.reserved = {name: frozenset(words) for name, words in reserved.items()}


def _shadowed(ours: list[str], theirs: list[str]) -> tuple[str, str] | None:
    """``(parameter, literal)`` when the paths differ in one segment only: a parameter in
    ``ours``, a literal in ``theirs``."""
    if len(ours) != len(theirs):
        return None
    different = [(a, b) for a, b in zip(ours, theirs, strict=True) if a != b]
    if len(different) != 1:
        return None
    mine, literal = different[0]
    if mine.startswith("{") and not literal.startswith("{"):
        return mine.strip("{}").split(":")[0], literal
    return None


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
