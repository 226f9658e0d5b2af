"""A real HTTP server speaking OpenAI's chat-completions protocol, answering from a script.

    with FakeOpenAIServer(api_key="sk-test", models=["fake-model"]) as server:
        server.script(Reply(text="Hello!"), Reply(status=429, retry_after=1))
        client = LLMClient(server.config())
        ...
        assert server.requests[0].messages[-1]["content"] == "hi"

It checks what OpenAI checks (the bearer key, the model, the request shape, ``json_object``
requests mentioning JSON) before taking the next scripted reply, and it answers in OpenAI's
shapes: completions, SSE streams with ``[DONE]`` and optional usage, errors, ``/v1/models``.
Standard library only; it binds 127.0.0.1 on a free port and serves from a background thread.
"""

from __future__ import annotations

import json
import socket
import threading
from collections import deque
from collections.abc import Iterable, Sequence
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import TYPE_CHECKING, Any

from lembrar.testing import _payloads
from lembrar.testing._script import RecordedRequest, Reply, Responder

if TYPE_CHECKING:
    from lembrar.llm.config import LLMConfig

__all__ = ["FakeOpenAIServer"]

JSON_FORMATS = ("text", "json_object", "json_schema")


class FakeOpenAIServer:
    """An OpenAI-compatible server for tests; replies come from :meth:`script` (or ``default``).

    ``api_key=None`` accepts any key; ``models=None`` accepts any model. ``response_formats``
    lists the ``response_format`` types it accepts (others get a 400, like servers that lack
    them). With no scripted reply left and no ``default``, it answers 500 and says so.
    """

    def __init__(
        self,
        *,
        api_key: str | None = None,
        models: Sequence[str] | None = ("fake-model",),
        default: Responder | None = None,
        response_formats: Sequence[str] = JSON_FORMATS,
    ) -> None:
        self.api_key = api_key
        self.models = list(models) if models is not None else None
        self.default = default
        self.response_formats = tuple(response_formats)
        self._replies: deque[Responder] = deque()
        self._requests: list[RecordedRequest] = []
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- lifecycle -------------------------------------------------------------------------

    def start(self) -> FakeOpenAIServer:
        httpd = _Server(self)
        self._httpd = httpd
        self._thread = threading.Thread(
            target=httpd.serve_forever,
            kwargs={"poll_interval": 0.02},
            name="fake-openai",
            daemon=True,
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None

    def __enter__(self) -> FakeOpenAIServer:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:PORT/v1``, the base URL to give a client."""
        if self._httpd is None:
            raise RuntimeError("the server is not running; use it in a with block or call start()")
        return f"http://127.0.0.1:{self._httpd.server_port}/v1"

    def config(self, model: str | None = None, **settings: Any) -> LLMConfig:
        """An :class:`~lembrar.llm.LLMConfig` for this server (its key, its first model)."""
        from lembrar.llm.config import LLMConfig

        name = model or (self.models[0] if self.models else "fake-model")
        return LLMConfig(base_url=self.base_url, model=name, api_key=self.api_key, **settings)

    # -- script and record -----------------------------------------------------------------

    def script(self, *replies: Responder) -> None:
        """Queue replies, answered in order to the chat requests that pass the checks."""
        with self._lock:
            self._replies.extend(replies)

    @property
    def requests(self) -> list[RecordedRequest]:
        """Every request received so far, in order (refused ones included)."""
        with self._lock:
            return list(self._requests)

    @property
    def pending(self) -> int:
        """How many scripted replies are still queued."""
        with self._lock:
            return len(self._replies)

    def _record(self, request: RecordedRequest) -> int:
        with self._lock:
            self._requests.append(request)
            return len(self._requests)

    def _next_reply(self, request: RecordedRequest) -> Reply:
        with self._lock:
            responder = self._replies.popleft() if self._replies else self.default
        if responder is None:
            return Reply(
                status=500, error="FakeOpenAIServer: no scripted reply left for this request"
            )
        return responder(request) if callable(responder) else responder

    def _wait(self, seconds: float) -> None:
        if seconds > 0:
            self._stopping.wait(seconds)

    def _authorized(self, request: RecordedRequest) -> bool:
        return (
            self.api_key is None or request.headers.get("authorization") == f"Bearer {self.api_key}"
        )


class _Server(ThreadingHTTPServer):
    """The fake's HTTP server on a free loopback port; its handlers read ``fake``."""

    daemon_threads = True

    def __init__(self, fake: FakeOpenAIServer) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.fake = fake


class _Handler(BaseHTTPRequestHandler):
    """Routes one HTTP request of the fake server; the protocol lives in ``_payloads``."""

    protocol_version = "HTTP/1.1"
    server_version = "FakeOpenAI/1"

    @property
    def fake(self) -> FakeOpenAIServer:
        assert isinstance(self.server, _Server)  # the only server this handler is given to
        return self.server.fake

    def setup(self) -> None:
        super().setup()
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # no Nagle delays

    def log_message(self, format: str, *args: Any) -> None:  # quiet in tests
        pass

    def do_GET(self) -> None:
        self._guarded(self._get)

    def do_POST(self) -> None:
        self._guarded(self._post)

    def _guarded(self, route: Any) -> None:
        try:
            route(self._read())
        except (BrokenPipeError, ConnectionResetError):  # the client gave up (a timeout)
            self.close_connection = True

    def _read(self) -> RecordedRequest:
        raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        try:
            body = json.loads(raw) if raw else None
        except ValueError:
            body = None
        headers = {name.lower(): value for name, value in self.headers.items()}
        request = RecordedRequest(self.command, self.path.split("?")[0], headers, body, raw)
        self._number = self.fake._record(request)
        return request

    def _get(self, request: RecordedRequest) -> None:
        if not self.fake._authorized(request):
            return self._error(401, code="invalid_api_key")
        if request.path.rstrip("/") != "/v1/models":
            return self._error(404, f"Invalid URL (GET {request.path})")
        self._json(200, _payloads.model_list(self.fake.models or []))

    def _post(self, request: RecordedRequest) -> None:
        if request.path.rstrip("/") != "/v1/chat/completions":
            return self._error(404, f"Invalid URL (POST {request.path})")
        if not self.fake._authorized(request):
            return self._error(401, code="invalid_api_key")
        problem = _payloads.request_problem(request.body, self.fake.response_formats)
        if problem:
            return self._error(400, problem)
        if self.fake.models is not None and request.model not in self.fake.models:
            message = f"The model `{request.model}` does not exist or you do not have access to it."
            return self._error(404, message, code="model_not_found")
        self._answer(request, self.fake._next_reply(request))

    def _answer(self, request: RecordedRequest, reply: Reply) -> None:
        self.fake._wait(reply.delay)
        extra = dict(reply.headers)
        if reply.retry_after is not None:
            extra["Retry-After"] = f"{reply.retry_after:g}"
        if reply.body is not None:
            kind = (
                "text/event-stream"
                if request.stream and reply.status == 200
                else "application/json"
            )
            raw = reply.body.encode() if isinstance(reply.body, str) else reply.body
            return self._send(reply.status, raw, kind, extra)
        if reply.status >= 400:
            return self._error(reply.status, reply.error, reply.code, extra)
        if request.stream:
            return self._stream(_payloads.chunks(request, reply, self._number), extra)
        self._json(200, _payloads.completion(request, reply, self._number), extra)

    def _error(
        self,
        status: int,
        message: str | None = None,
        code: str | None = None,
        extra: dict[str, str] | None = None,
    ) -> None:
        self._json(status, _payloads.error_body(status, message, code), extra)

    def _json(self, status: int, data: Any, extra: dict[str, str] | None = None) -> None:
        self._send(status, json.dumps(data).encode(), "application/json", extra or {})

    def _send(self, status: int, raw: bytes, kind: str, extra: dict[str, str]) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(raw)))
        for name, value in extra.items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(raw)

    def _stream(self, events: Iterable[dict[str, Any]], extra: dict[str, str]) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Transfer-Encoding", "chunked")
        for name, value in extra.items():
            self.send_header(name, value)
        self.end_headers()
        for event in events:
            self._chunk(f"data: {json.dumps(event)}\n\n".encode())
        self._chunk(b"data: [DONE]\n\n")
        self.wfile.write(b"0\r\n\r\n")

    def _chunk(self, data: bytes) -> None:
        self.wfile.write(f"{len(data):X}\r\n".encode() + data + b"\r\n")
        self.wfile.flush()
