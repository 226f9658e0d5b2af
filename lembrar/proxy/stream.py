"""The text of a streamed chat completion, read from its server-sent events as they pass."""

from __future__ import annotations

import json

__all__ = ["StreamText"]


class StreamText:
    """Feed it the raw bytes of an SSE stream, in any pieces; ``text`` is the reply so far,
    ``done`` turns true at a ``finish_reason`` or ``data: [DONE]``, ``ended`` at ``[DONE]``."""

    def __init__(self) -> None:
        self._pending = b""
        self._parts: list[str] = []
        self.done = False
        self.ended = False

    @property
    def text(self) -> str:
        return "".join(self._parts)

    def feed(self, chunk: bytes) -> None:
        self._pending += chunk
        *lines, self._pending = self._pending.split(b"\n")
        for line in lines:
            self._line(line.strip())

    def _line(self, line: bytes) -> None:
        if not line.startswith(b"data:"):
            return
        data = line[5:].strip()
        if data == b"[DONE]":
            self.done = self.ended = True
            return
        try:
            event = json.loads(data)
        except ValueError:
            return
        for choice in event.get("choices") or ():
            if choice.get("index", 0) != 0:
                continue
            content = (choice.get("delta") or {}).get("content")
            if isinstance(content, str):
                self._parts.append(content)
            if choice.get("finish_reason"):
                self.done = True
