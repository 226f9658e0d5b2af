"""An httpx transport that answers the OpenAI protocol from a model in this process.

:class:`~lembrar.llm.client.LLMClient` talks to it exactly as it talks to a server (retries,
structured-output fallbacks, streaming and usage included), only without a socket.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from lembrar.llm._deps import require
from lembrar.llm.local.chat import BadChatRequest

if TYPE_CHECKING:
    import httpx

    from lembrar.llm.local.chat import LocalChat

__all__ = ["LOCAL_BASE_URL", "local_transport"]

LOCAL_BASE_URL = "http://local-model/v1"
"""The URL the client's requests carry; they never leave the process."""


def local_transport(chat: LocalChat) -> httpx.BaseTransport:
    """A transport routing ``POST /v1/chat/completions`` and ``GET /v1/models`` to ``chat``."""
    require("httpx")  # the [llm] extra, or an error that names it
    import httpx

    class LocalTransport(httpx.BaseTransport):
        def handle_request(self, request: httpx.Request) -> httpx.Response:
            return respond(httpx, chat, request)

    return LocalTransport()


def respond(http: Any, chat: LocalChat, request: httpx.Request) -> httpx.Response:
    path = request.url.path.rstrip("/")
    if request.method == "GET" and path.endswith("/models"):
        return _response(http, 200, json=chat.model_list())
    if request.method != "POST" or not path.endswith("/chat/completions"):
        return _error(http, 404, f"Invalid URL ({request.method} {request.url.path})")
    try:
        body = json.loads(request.read() or b"null")
        if body.get("stream") if isinstance(body, dict) else False:
            events = _sse(chat.chunks(body))
            headers = {"Content-Type": "text/event-stream"}
            return _response(http, 200, headers=headers, content=events)
        return _response(http, 200, json=chat.complete(body))
    except (BadChatRequest, json.JSONDecodeError) as exc:
        return _error(http, 400, str(exc))


def _sse(chunks: Iterator[dict[str, Any]]) -> Iterator[bytes]:
    for chunk in chunks:
        yield f"data: {json.dumps(chunk)}\n\n".encode()
    yield b"data: [DONE]\n\n"


def _error(http: Any, status: int, message: str) -> httpx.Response:
    error = {"message": message, "type": "invalid_request_error", "param": None, "code": None}
    return _response(http, status, json={"error": error})


def _response(http: Any, status: int, **parts: Any) -> httpx.Response:
    """``httpx.Response(status, **parts)``, ``http`` being httpx imported on demand."""
    response: httpx.Response = http.Response(status, **parts)
    return response
