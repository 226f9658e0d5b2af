"""Language models behind any OpenAI-compatible chat API (OpenAI, Ollama, vLLM, llama.cpp...).

    >>> config = LLMConfig.from_env()            # or LLMConfig(base_url=..., model=...)
    >>> with LLMClient(config) as llm:
    ...     llm.chat([{"role": "user", "content": "hi"}]).text

Importing this package needs nothing beyond the standard library; the client needs the
``[llm]`` extra (httpx, pydantic) and says so when it is missing. The names below are
imported on first use.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lembrar.llm.client import LLMClient
    from lembrar.llm.config import LLMConfig
    from lembrar.llm.errors import (
        LLMAuthError,
        LLMBadRequestError,
        LLMConnectionError,
        LLMError,
        LLMModelNotFoundError,
        LLMNotConfiguredError,
        LLMRateLimitError,
        LLMResponseError,
        LLMServerError,
        LLMStatusError,
        LLMTimeoutError,
    )
    from lembrar.llm.streaming import ChatStream
    from lembrar.llm.types import ChatResult, Message, ToolCall, Usage

_EXPORTS = {
    "LLMClient": "lembrar.llm.client",
    "LLMConfig": "lembrar.llm.config",
    "ChatStream": "lembrar.llm.streaming",
    "ChatResult": "lembrar.llm.types",
    "Message": "lembrar.llm.types",
    "ToolCall": "lembrar.llm.types",
    "Usage": "lembrar.llm.types",
    "LLMAuthError": "lembrar.llm.errors",
    "LLMBadRequestError": "lembrar.llm.errors",
    "LLMConnectionError": "lembrar.llm.errors",
    "LLMError": "lembrar.llm.errors",
    "LLMModelNotFoundError": "lembrar.llm.errors",
    "LLMNotConfiguredError": "lembrar.llm.errors",
    "LLMRateLimitError": "lembrar.llm.errors",
    "LLMResponseError": "lembrar.llm.errors",
    "LLMServerError": "lembrar.llm.errors",
    "LLMStatusError": "lembrar.llm.errors",
    "LLMTimeoutError": "lembrar.llm.errors",
}


def __getattr__(name: str) -> Any:
    """A public name, imported from its module on first use (then kept): a module that needs
    only ``lembrar.llm.steps`` does not load the client."""
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


__all__ = [
    "ChatResult",
    "ChatStream",
    "LLMAuthError",
    "LLMBadRequestError",
    "LLMClient",
    "LLMConfig",
    "LLMConnectionError",
    "LLMError",
    "LLMModelNotFoundError",
    "LLMNotConfiguredError",
    "LLMRateLimitError",
    "LLMResponseError",
    "LLMServerError",
    "LLMStatusError",
    "LLMTimeoutError",
    "Message",
    "ToolCall",
    "Usage",
]
