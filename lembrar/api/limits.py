"""A cap on request bodies: larger ones get 413 before any handler sees them."""

from __future__ import annotations

import asyncio
import contextlib

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from lembrar.api.errors import error_response

DEFAULT_MAX_BODY_BYTES = 1_048_576


class BodyLimit:
    """ASGI middleware: reads the body (at most ``max_bytes``) before passing the request on.

    A declared ``Content-Length`` over the cap is refused without passing it on; a chunked body
    is counted as it arrives. What is left of a refused body is read and dropped (within bounds)
    before the 413 goes out, so that the client reads the answer rather than a reset
    connection. Bodies within the cap are replayed to the application unchanged.
    """

    def __init__(self, app: ASGIApp, max_bytes: int = DEFAULT_MAX_BODY_BYTES) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if _declared_length(scope) > self.max_bytes:
            await self._refuse(scope, receive, send)
            return
        parts, size, more = [], 0, True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                await self.app(scope, _replay([message], receive), send)
                return
            parts.append(message.get("body", b""))
            size += len(parts[-1])
            if size > self.max_bytes:
                await self._refuse(scope, receive, send)
                return
            more = message.get("more_body", False)
        body: Message = {"type": "http.request", "body": b"".join(parts), "more_body": False}
        await self.app(scope, _replay([body], receive), send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        await _drain(receive, DRAIN_FACTOR * self.max_bytes)
        response = error_response(
            413, "payload_too_large", f"the request body is larger than {self.max_bytes} bytes"
        )
        response.headers["Connection"] = "close"
        await response(scope, receive, send)


DRAIN_FACTOR = 16
DRAIN_SECONDS = 2.0


async def _drain(receive: Receive, limit: int) -> None:
    """Read and drop what is left of a refused body, up to ``limit`` bytes and
    ``DRAIN_SECONDS``: a connection closed with unread bytes is reset, and a client still
    sending would get the reset instead of the 413."""
    drained = 0
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(DRAIN_SECONDS):
            while drained <= limit:
                message = await receive()
                if message["type"] != "http.request":
                    return
                drained += len(message.get("body", b""))
                if not message.get("more_body", False):
                    return


def _declared_length(scope: Scope) -> int:
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return 0
    return 0


def _replay(messages: list[Message], receive: Receive) -> Receive:
    async def replayed() -> Message:
        return messages.pop(0) if messages else await receive()

    return replayed
