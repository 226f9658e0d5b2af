"""The OpenAI-compatible server the proxy forwards to (the ``LLMConfig`` ``lembrar chat`` reads).

The caller's key authenticates it to lembrar; upstream gets the configured key instead. A
request without ``model`` gets the configured one.
"""

from __future__ import annotations

from typing import Any

import httpx

from lembrar.errors import LembrarError
from lembrar.llm.config import LLMConfig
from lembrar.llm.redact import redact_text

__all__ = ["Upstream", "UpstreamUnavailable"]

_PASSED_HEADERS = ("content-type", "retry-after", "x-request-id", "openai-processing-ms")


class UpstreamUnavailable(LembrarError):
    """The upstream server could not be reached or did not answer in time."""


class Upstream:
    def __init__(self, config: LLMConfig) -> None:
        self.config = config
        headers = {"Authorization": f"Bearer {config.api_key}"} if config.api_key else {}
        self._client = httpx.AsyncClient(
            base_url=config.base_url + "/",
            headers=headers,
            timeout=httpx.Timeout(config.timeout, connect=10.0),
        )

    def body(self, forwarded: dict[str, Any], messages: list[dict[str, Any]]) -> dict[str, Any]:
        return {
            **forwarded,
            "model": forwarded.get("model") or self.config.model,
            "messages": messages,
        }

    async def open(self, body: dict[str, Any]) -> httpx.Response:
        """The upstream's response, its body still unread: stream it or read it, then close it."""
        request = self._client.build_request("POST", "chat/completions", json=body)
        try:
            return await self._client.send(request, stream=True)
        except httpx.HTTPError as exc:
            raise UpstreamUnavailable(
                redact_text(
                    f"upstream {self.config.base_url}: {type(exc).__name__}: {exc}",
                    self.config.base_url,
                )
            ) from exc

    @staticmethod
    def passed_headers(response: httpx.Response) -> dict[str, str]:
        return {k: v for k, v in response.headers.items() if k.lower() in _PASSED_HEADERS}

    async def aclose(self) -> None:
        await self._client.aclose()
