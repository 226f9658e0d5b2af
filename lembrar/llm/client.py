"""One client for every OpenAI-compatible chat server, over plain HTTP."""

from __future__ import annotations

import functools
import logging
import ssl
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import TracebackType
from typing import TYPE_CHECKING, Any, TypeVar

from lembrar.llm._deps import require
from lembrar.llm.config import LLMConfig
from lembrar.llm.errors import (
    LLMBadRequestError,
    LLMConnectionError,
    LLMError,
    LLMResponseError,
    LLMTimeoutError,
)
from lembrar.llm.protocol import chat_body, parse_completion, retryable, status_error
from lembrar.llm.redact import redact_text, redact_url
from lembrar.llm.retry import MAX_RETRY_AFTER, backoff_delay, retry_after
from lembrar.llm.streaming import ChatStream
from lembrar.llm.structured import FORMATS, InvalidReply, parse_reply, reask, request_for
from lembrar.llm.types import ChatResult, Usage

if TYPE_CHECKING:
    import httpx
    from pydantic import BaseModel

__all__ = ["LLMClient"]

M = TypeVar("M", bound="BaseModel")
T = TypeVar("T")

log = logging.getLogger("lembrar.llm")

Messages = Sequence[Mapping[str, Any]]


@dataclass(frozen=True)
class _Failure:
    """A failed attempt: the error to raise if no retry is left, and whether to retry."""

    error: LLMError
    retry: bool
    retry_after: float | None = None


class LLMClient:
    """Chat, stream and structured output against one model on one server.

    ``transport`` is an ``httpx.BaseTransport`` (``httpx.MockTransport`` in tests); by default
    the real network. The client is thread-safe; ``usage`` sums the tokens of every call.
    """

    def __init__(self, config: LLMConfig, transport: httpx.BaseTransport | None = None) -> None:
        http = require("httpx")
        self.config = config
        self.shown_url = redact_url(config.base_url)
        """The server's URL as logs and errors show it: no credentials (``llm.redact``)."""
        base_url = config.base_url
        if config.local is not None:  # a model in this process: no socket, same protocol
            from lembrar.llm.local.runtime import load
            from lembrar.llm.local.transport import LOCAL_BASE_URL, local_transport

            base_url, transport = LOCAL_BASE_URL, transport or local_transport(load(config.local))
        headers = {"Authorization": f"Bearer {config.api_key}"} if config.api_key else {}
        self._http: httpx.Client = http.Client(
            base_url=base_url + "/",
            headers={**headers, "User-Agent": "lembrar"},
            timeout=http.Timeout(config.timeout),
            transport=transport,
            verify=_ssl_context(),
        )
        self._httpx = http
        self._usage = Usage()
        self._lock = threading.Lock()
        self._form = 0  # the strongest structured-output form the server has accepted
        self._stream_usage = True  # whether the server accepts stream_options
        self.requests = 0  # chat requests sent (each retry counts), for cost accounting

    def __repr__(self) -> str:
        return f"LLMClient(base_url={self.shown_url!r}, model={self.config.model!r})"

    @property
    def usage(self) -> Usage:
        """Tokens used by this client so far, as the server reported them."""
        with self._lock:
            return self._usage

    def chat(
        self,
        messages: Messages,
        *,
        tools: Sequence[Mapping[str, Any]] | None = None,
        tool_choice: str | Mapping[str, Any] | None = None,
        response_format: Mapping[str, Any] | None = None,
        temperature: float | None = None,
        max_tokens: int | None = None,
    ) -> ChatResult:
        """One completion; raises an :class:`~lembrar.errors.LLMError` once retries are spent."""
        body = chat_body(
            self.config.model,
            messages,
            tools=tools,
            tool_choice=tool_choice,
            response_format=response_format,
            temperature=temperature,
            max_tokens=max_tokens,
        )
        response = self._send("POST", "chat/completions", body)
        result = parse_completion(self._decode(response))
        self._count(result.usage)
        return result

    def stream(
        self,
        messages: Messages,
        *,
        tools: Sequence[Mapping[str, Any]] | None = None,
        tool_choice: str | Mapping[str, Any] | None = None,
        temperature: float | None = None,
        max_tokens: int | None = None,
    ) -> ChatStream:
        """The completion as it is generated: iterate for text, then read ``.result``.

        The request is sent (and retried) before this returns, so errors raise here.
        """
        body = chat_body(
            self.config.model,
            messages,
            tools=tools,
            tool_choice=tool_choice,
            temperature=temperature,
            max_tokens=max_tokens,
            stream=True,
        )
        return ChatStream(self._open_stream(body), self._count)

    def structured(
        self,
        messages: Messages,
        schema: type[M],
        *,
        temperature: float | None = None,
        max_tokens: int | None = None,
    ) -> M:
        """The reply as a validated ``schema`` instance; LLMResponseError if it never validates.

        Broken JSON is repaired where possible; otherwise the model is asked once more, with the
        problem spelled out.
        """
        options = {"temperature": temperature, "max_tokens": max_tokens}
        reply = self._ask_json(messages, schema, options)
        try:
            return parse_reply(reply, schema)
        except InvalidReply as problem:
            log.info("re-asking for %s: %s", schema.__name__, problem)
            retry = reask(messages, reply, problem)
        return _last_chance(self._ask_json(retry, schema, options), schema)

    def structured_or(
        self,
        messages: Messages,
        schema: type[M],
        fallback: Callable[[], T],
        *,
        temperature: float | None = None,
        max_tokens: int | None = None,
    ) -> M | T:
        """Like :meth:`structured`, but ``fallback()`` instead of raising an LLMError."""
        try:
            return self.structured(messages, schema, temperature=temperature, max_tokens=max_tokens)
        except LLMError as exc:
            log.warning("using the fallback for %s: %s", schema.__name__, exc)
            return fallback()

    def models(self) -> list[str]:
        """The ids of the models the server offers (``GET /models``)."""
        data = self._decode(self._send("GET", "models", None))
        entries = data.get("data") if isinstance(data, dict) else None
        return [str(m["id"]) for m in entries or () if isinstance(m, dict) and "id" in m]

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> LLMClient:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def _ask_json(
        self, messages: Messages, schema: type[BaseModel], options: dict[str, Any]
    ) -> str:
        """The raw reply, asked in the strongest form the server accepts (remembered)."""
        form = self._form
        while True:
            request, response_format = request_for(messages, schema, FORMATS[form])
            try:
                result = self.chat(request, response_format=response_format, **options)
            except LLMBadRequestError as exc:
                if form + 1 == len(FORMATS):
                    raise
                log.info("%s refused response_format %s: %s", self.shown_url, FORMATS[form], exc)
                form += 1
                continue
            self._form = form
            return result.text

    def _open_stream(self, body: dict[str, Any]) -> httpx.Response:
        if self._stream_usage:
            try:
                return self._send(
                    "POST",
                    "chat/completions",
                    {**body, "stream_options": {"include_usage": True}},
                    stream=True,
                )
            except LLMBadRequestError as exc:
                if "stream_options" not in str(exc):
                    raise
                self._stream_usage = False
        return self._send("POST", "chat/completions", body, stream=True)

    def _send(self, method: str, path: str, body: Any, *, stream: bool = False) -> httpx.Response:
        """The successful response, after up to ``max_retries`` retries of transient failures."""
        attempt = 0
        while True:
            if path == "chat/completions":
                with self._lock:
                    self.requests += 1
            outcome = self._attempt(method, path, body, stream)
            if not isinstance(outcome, _Failure):
                return outcome
            delay = self._delay(outcome, attempt)
            if delay is None:
                raise outcome.error
            log.info("retrying in %.2fs after: %s", delay, outcome.error)
            time.sleep(delay)
            attempt += 1

    def _delay(self, failure: _Failure, attempt: int) -> float | None:
        """Seconds to wait before the next attempt, or None to give up."""
        if not failure.retry or attempt >= self.config.max_retries:
            return None
        if failure.retry_after is None:
            return backoff_delay(attempt, self.config.backoff)
        return failure.retry_after if failure.retry_after <= MAX_RETRY_AFTER else None

    def _attempt(
        self, method: str, path: str, body: Any, stream: bool
    ) -> httpx.Response | _Failure:
        request = self._http.build_request(method, path, json=body)
        try:
            response = self._http.send(request, stream=stream)
        except self._httpx.TimeoutException as exc:
            return _Failure(_caused(self._timeout_error(exc), exc), retry=True)
        except self._httpx.TransportError as exc:
            return _Failure(_caused(self._connection_error(exc), exc), retry=True)
        if response.is_success:
            return response
        return self._status_failure(response)

    def _status_failure(self, response: httpx.Response) -> _Failure:
        text = response.read().decode("utf-8", errors="replace")
        response.close()
        wait = retry_after(response.headers)
        error = status_error(
            response.status_code,
            text,
            base_url=self.shown_url,
            model=self.config.model,
            retry_after=wait,
        )
        return _Failure(error, retry=retryable(response.status_code, text), retry_after=wait)

    def _timeout_error(self, exc: Exception) -> LLMError:
        return LLMTimeoutError(
            f"{self.shown_url} did not answer within {self.config.timeout}s "
            f"({type(exc).__name__}); a slow local model may need a longer LLMConfig.timeout"
        )

    def _connection_error(self, exc: Exception) -> LLMError:
        return LLMConnectionError(
            f"could not reach {self.shown_url} ({self._redacted(exc)}); is the server "
            "running? For Ollama, run `ollama serve`"
        )

    def _redacted(self, exc: Exception) -> str:
        """The transport's own words, with the URL (should they name it) as ``shown_url``."""
        return redact_text(str(exc) or type(exc).__name__, self.config.base_url)

    def _decode(self, response: httpx.Response) -> Any:
        try:
            return response.json()
        except ValueError as exc:
            raise LLMResponseError(
                f"{self.shown_url} answered with something that is not JSON: "
                f"{response.text[:200]!r}"
            ) from exc

    def _count(self, usage: Usage) -> None:
        with self._lock:
            self._usage = self._usage + usage


def _last_chance(reply: str, schema: type[M]) -> M:
    try:
        return parse_reply(reply, schema)
    except InvalidReply as exc:
        raise LLMResponseError(
            f"the model gave no valid {schema.__name__}, even when asked again: {exc}"
        ) from exc


@functools.cache
def _ssl_context() -> ssl.SSLContext:
    """The default TLS context, built once (loading the CA bundle takes tens of milliseconds)."""
    context: ssl.SSLContext = require("httpx").create_ssl_context()
    return context


def _caused(error: LLMError, cause: BaseException) -> LLMError:
    """``error`` as if raised ``from cause``."""
    error.__cause__ = cause
    error.__suppress_context__ = True
    return error
