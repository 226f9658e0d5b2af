"""The model a run measures, and what each step cost it: calls, tokens, seconds, fallbacks."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lembrar.llm.client import LLMClient
    from lembrar.llm.config import LLMConfig
    from lembrar.llm.steps import StepReport
    from lembrar.testing import FakeOpenAIServer

__all__ = ["Cost", "ModelRun", "open_model"]


@dataclass
class ModelRun:
    """A client for the measured model; a local file is served over HTTP on 127.0.0.1."""

    client: LLMClient
    name: str
    source: str
    sha256: str | None = None
    server: FakeOpenAIServer | None = None
    counter: Any = None

    def describe(self) -> dict[str, Any]:
        via = (
            "OpenAI protocol on 127.0.0.1"
            if self.server is not None
            else self.client.config.base_url
        )
        return {"model": self.name, "file": self.source, "sha256": self.sha256, "served": via}

    def calls(self) -> int:
        """Requests sent so far (retries and structured-output re-asks included)."""
        return self.counter.count if self.counter is not None else 0

    def close(self) -> None:
        self.client.close()
        if self.server is not None:
            self.server.stop()


def open_model(config: LLMConfig, *, timeout: float = 900.0) -> ModelRun:
    """A :class:`ModelRun` for ``config``: its local file behind the endpoint, or its server."""
    from dataclasses import replace

    from lembrar.llm.client import LLMClient

    counter = _counting_transport()
    if config.local is None:
        client = LLMClient(replace(config, timeout=timeout), transport=counter)
        return ModelRun(client, config.model, config.base_url, counter=counter)
    from lembrar.llm.local import file_sha256
    from lembrar.testing.local_server import local_model_server

    server = local_model_server(config.local).start()
    client = LLMClient(server.config(timeout=timeout, max_retries=0), transport=counter)
    digest = file_sha256(config.local.path)
    return ModelRun(client, config.local.name, str(config.local.path), digest, server, counter)


def _counting_transport() -> Any:
    """The network transport, counting the requests it sends; each call's seconds go to stderr,
    so that a long run on a slow local model shows how far it has got."""
    import sys

    import httpx

    class Counting(httpx.HTTPTransport):
        count = 0

        def handle_request(self, request: httpx.Request) -> httpx.Response:
            self.count += 1
            began = time.perf_counter()
            response = super().handle_request(request)
            seconds = time.perf_counter() - began
            print(f"model call {self.count}: {seconds:.1f} s", file=sys.stderr, flush=True)
            return response

    return Counting()


@dataclass
class Cost:
    """What a step spent over ``items``: take :meth:`start` before and :meth:`stop` after."""

    run: ModelRun
    items: int = 0
    seconds: float = 0.0
    outcomes: Counter[str] = field(default_factory=Counter)
    _begin: tuple[float, int, int, int] | None = None
    _spent: dict[str, int] = field(
        default_factory=lambda: {"calls": 0, "tokens_in": 0, "tokens_out": 0}
    )

    def start(self) -> None:
        usage = self.run.client.usage
        self._begin = (
            time.perf_counter(),
            self.run.calls() or 0,
            usage.prompt_tokens,
            usage.completion_tokens,
        )

    def stop(self, items: int = 1, steps: Iterable[StepReport] = ()) -> None:
        assert self._begin is not None, "start() first"
        began, calls, tokens_in, tokens_out = self._begin
        usage = self.run.client.usage
        self.seconds += time.perf_counter() - began
        self._spent["calls"] += self.run.calls() - calls
        self._spent["tokens_in"] += usage.prompt_tokens - tokens_in
        self._spent["tokens_out"] += usage.completion_tokens - tokens_out
        self.items += items
        self.outcomes.update(step.outcome for step in steps)
        self._begin = None

    def note(self, outcome: str, count: int = 1) -> None:
        """Count an outcome that no step report carries (``failed``, ``empty``...)."""
        self.outcomes[outcome] += count

    def summary(self) -> dict[str, Any]:
        per = max(self.items, 1)
        return {
            "items": self.items,
            "seconds_per_item": round(self.seconds / per, 2),
            "calls": self._spent["calls"],
            "tokens_in": self._spent["tokens_in"],
            "tokens_out": self._spent["tokens_out"],
            "tokens_in_per_item": round(self._spent["tokens_in"] / per, 1),
            "tokens_out_per_item": round(self._spent["tokens_out"] / per, 1),
            "outcomes": dict(self.outcomes),
        }
