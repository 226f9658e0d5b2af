"""A streamed completion: an iterator of text deltas that keeps the whole result at the end."""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from types import TracebackType
from typing import TYPE_CHECKING

from lembrar.llm.errors import LLMConnectionError, LLMError, LLMTimeoutError
from lembrar.llm.protocol import StreamAccumulator
from lembrar.llm.sse import iter_events
from lembrar.llm.types import ChatResult, Usage

if TYPE_CHECKING:
    import httpx

__all__ = ["ChatStream"]


class ChatStream(Iterator[str]):
    """Iterate for the text as it arrives; then ``result`` holds the text, tool calls and usage.

    The HTTP response stays open until the stream is exhausted or closed: iterate it to the end,
    call :meth:`close`, or use it in a ``with`` block.
    """

    def __init__(self, response: httpx.Response, on_usage: Callable[[Usage], None]) -> None:
        self._response = response
        self._on_usage = on_usage
        self._accumulator = StreamAccumulator()
        self._result: ChatResult | None = None
        self._tokens = self._iterate()

    def __iter__(self) -> ChatStream:
        return self

    def __next__(self) -> str:
        return next(self._tokens)

    @property
    def result(self) -> ChatResult:
        """The whole completion; available once the stream has been read to the end."""
        if self._result is None:
            raise LLMError("the stream has not been read to the end; iterate it first")
        return self._result

    def close(self) -> None:
        self._tokens.close()
        self._response.close()

    def __enter__(self) -> ChatStream:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def _iterate(self) -> Generator[str, None, None]:
        import httpx

        try:
            for event in iter_events(self._response.iter_lines()):
                text = self._accumulator.feed(event)
                if text:
                    yield text
        except httpx.TimeoutException as exc:
            raise LLMTimeoutError(f"the stream from {self._response.url} stalled: {exc}") from exc
        except httpx.TransportError as exc:
            raise LLMConnectionError(f"the stream from {self._response.url} broke: {exc}") from exc
        finally:
            self._response.close()
        self._finish(self._accumulator.result())

    def _finish(self, result: ChatResult) -> None:
        self._result = result
        self._on_usage(result.usage)
