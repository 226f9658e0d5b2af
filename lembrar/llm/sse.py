"""Server-sent events of a streamed chat completion: pure parsing, no I/O."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from lembrar.llm.errors import LLMResponseError

__all__ = ["iter_events"]

DONE = "[DONE]"


def iter_events(lines: Iterable[str]) -> Iterator[Any]:
    """The JSON payloads of the ``data:`` fields in ``lines``, up to ``data: [DONE]``.

    Comments (``: keep-alive``) and other fields (``event:``, ``id:``) are skipped; the data
    lines of one event are joined with newlines, as the SSE specification says.
    """
    data: list[str] = []
    for line in lines:
        line = line.rstrip("\r\n")
        if line:
            if line.startswith("data:"):
                data.append(line[5:].removeprefix(" "))
            continue
        if data:
            if data == [DONE]:
                return
            yield _decode("\n".join(data))
            data = []
    if data and data != [DONE]:
        yield _decode("\n".join(data))


def _decode(payload: str) -> Any:
    try:
        return json.loads(payload)
    except json.JSONDecodeError as exc:
        raise LLMResponseError(
            f"the stream sent an event that is not JSON: {payload[:200]!r}"
        ) from exc
