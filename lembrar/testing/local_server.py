"""The OpenAI-compatible endpoint of a local GGUF model, on 127.0.0.1, for tests and benchmarks.

    with local_model_server(LocalModel(Path("model.gguf"))) as server:
        client = LLMClient(server.config())     # the HTTP path users run against a server

It is the bundled protocol server (:class:`FakeOpenAIServer`, with its checks of the key, the
model and the request shape) answering every request from the model instead of a script.
From a shell, ``python -m lembrar.testing.local_server /path/model.gguf`` serves until Ctrl-C.
"""

from __future__ import annotations

import argparse
import sys
import threading
from collections.abc import Sequence
from pathlib import Path

from lembrar.errors import LembrarError
from lembrar.llm.local.chat import BadChatRequest, LocalChat
from lembrar.llm.local.settings import LocalModel
from lembrar.testing._script import RecordedRequest, Reply, Responder, ScriptedToolCall
from lembrar.testing.openai_server import FakeOpenAIServer

__all__ = ["local_model_server", "model_responder"]


def local_model_server(model: LocalModel, *, api_key: str | None = None) -> FakeOpenAIServer:
    """A server (not started: use it in a ``with`` block) answering from ``model``."""
    from lembrar.llm.local.runtime import load

    chat = load(model)
    return FakeOpenAIServer(api_key=api_key, models=[chat.name], default=model_responder(chat))


def model_responder(chat: LocalChat) -> Responder:
    """A responder that answers each request with the model's completion."""

    def answer(request: RecordedRequest) -> Reply:
        try:
            whole = chat.complete(request.body)
        except BadChatRequest as exc:
            return Reply(status=400, error=str(exc))
        choice = whole["choices"][0]
        message = choice["message"]
        calls = [
            ScriptedToolCall(c["function"]["name"], c["function"]["arguments"], c.get("id"))
            for c in message.get("tool_calls") or ()
        ]
        return Reply(
            text=message.get("content"),
            tool_calls=calls,
            finish_reason=choice["finish_reason"],
            usage=whole["usage"] or None,
        )

    return answer


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("model", type=Path, help="the GGUF file")
    parser.add_argument("--threads", type=int, default=1, help="CPU threads per call (default 1)")
    parser.add_argument("--context", type=int, default=4096, help="context window in tokens")
    args = parser.parse_args(argv)
    try:
        server = local_model_server(LocalModel(args.model, args.threads, args.context))
    except LembrarError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    with server:
        print(
            f"serving {args.model.name} at {server.base_url} (model "
            f"{server.config().model!r}); Ctrl-C to stop",
            flush=True,
        )
        try:
            threading.Event().wait()
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
