"""Every error leaves the API in one JSON shape: ``{"error": {"code", "message", "field"}}``.

ApiError (raised by the API itself)      its own status: 401, 403, 413, 503
ValidationError                          422 validation_error, with its field
NotFoundError                            404 not_found
ConflictError                            409 conflict
StoreError                               503 store_unavailable
UnicodeError, OverflowError              422 validation_error: text with lone surrogates,
                                         numbers or dates past what can be stored
RequestValidationError (pydantic)        422 validation_error, field from the location;
                                         400 invalid_json for a body that is not JSON
HTTPException (no route, wrong method)   its status, code from the status
anything else                            500 internal_error; the traceback is only logged
                                         (by ``CatchAll``, so the connection stays usable)
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException
from starlette.routing import Match
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from lembrar.errors import ConflictError, LembrarError, NotFoundError, StoreError, ValidationError

log = logging.getLogger("lembrar.api")

_METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE")
_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "payload_too_large",
    415: "unsupported_media_type",
    422: "validation_error",
}


class ApiError(Exception):
    """An error the API reports as is."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        field: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.field, self.headers = (
            status,
            code,
            message,
            field,
            headers,
        )


def error_response(
    status: int,
    code: str,
    message: str,
    field: str | None = None,
    headers: dict[str, str] | None = None,
) -> JSONResponse:
    return JSONResponse(
        {"error": {"code": code, "message": message, "field": field}}, status, headers=headers
    )


def _field(location: Sequence[Any]) -> str | None:
    """``("body", "items", 0, "content")`` -> ``"items.0.content"``; ``("query", "limit")`` -> ``"limit"``."""
    if not location:
        return None
    inside = location[1:] if location[0] in ("body", "query", "path", "header") else location
    return ".".join(str(p) for p in inside) or str(location[0])


async def _api_error(request: Request, exc: ApiError) -> JSONResponse:
    return error_response(exc.status, exc.code, exc.message, exc.field, exc.headers)


async def _lembrar_error(request: Request, exc: LembrarError) -> JSONResponse:
    if isinstance(exc, ValidationError):
        return error_response(422, "validation_error", exc.message, exc.field)
    if isinstance(exc, NotFoundError):
        return error_response(404, "not_found", str(exc))
    if isinstance(exc, ConflictError):
        return error_response(409, "conflict", str(exc))
    if isinstance(exc, StoreError):
        log.error("store failure on %s %s: %s", request.method, request.url.path, exc)
        return error_response(
            503,
            "store_unavailable",
            "the store could not complete the request; nothing was written",
        )
    return await _unexpected(request, exc)


async def _request_invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
    first: dict[str, Any] = (
        dict(exc.errors()[0]) if exc.errors() else {"loc": (), "msg": "invalid request"}
    )
    if first.get("type") == "json_invalid":
        reason = (first.get("ctx") or {}).get("error", first["msg"])
        return error_response(400, "invalid_json", f"the body is not valid JSON: {reason}")
    field = _field(first.get("loc", ()))
    message = str(first["msg"]).removeprefix("Value error, ")
    return error_response(
        422, "validation_error", f"{field}: {message}" if field else message, field
    )


async def _http_error(request: Request, exc: HTTPException) -> JSONResponse:
    message = exc.detail if isinstance(exc.detail, str) else _CODES.get(exc.status_code, "error")
    headers = getattr(exc, "headers", None)
    if exc.status_code == 405:
        headers = {**(headers or {}), "Allow": ", ".join(allowed_methods(request))}
    return error_response(
        exc.status_code, _CODES.get(exc.status_code, "error"), message, headers=headers
    )


def allowed_methods(request: Request) -> list[str]:
    """Every method some route of the app answers in full at this path."""
    routes = request.app.router.routes
    return [
        method
        for method in _METHODS
        if any(
            route.matches({**request.scope, "method": method})[0] is Match.FULL for route in routes
        )
    ]


async def _out_of_range(request: Request, exc: Exception) -> JSONResponse:
    if isinstance(exc, UnicodeError):
        return error_response(
            422, "validation_error", "text must be valid Unicode (no lone surrogates)"
        )
    return error_response(422, "validation_error", "a number or date is out of the supported range")


async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
    log.error("unhandled error on %s %s", request.method, request.url.path, exc_info=exc)
    return error_response(500, "internal_error", "the server failed to handle this request")


class CatchAll:
    """ASGI middleware: an unexpected exception becomes the generic 500 body, logged once here."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        started = False

        async def tracked(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, tracked)
        except Exception as exc:
            if scope["type"] != "http" or started:
                raise
            response = await _unexpected(Request(scope), exc)
            await response(scope, receive, send)


def install(app: FastAPI) -> None:
    """The handlers above; add ``CatchAll`` as the outermost middleware."""
    # The decorator form takes each handler with the exception type it is registered for
    # (``add_exception_handler`` is typed for handlers of any ``Exception``).
    app.exception_handler(ApiError)(_api_error)
    app.exception_handler(LembrarError)(_lembrar_error)
    app.exception_handler(RequestValidationError)(_request_invalid)
    app.exception_handler(HTTPException)(_http_error)
    app.exception_handler(UnicodeError)(_out_of_range)
    app.exception_handler(OverflowError)(_out_of_range)
