"""Language models behind any OpenAI-compatible chat API (OpenAI, Ollama, vLLM, llama.cpp...).

    >>> config = LLMConfig.from_env()            # or LLMConfig(base_url=..., model=...)
    >>> with LLMClient(config) as llm:
    ...     llm.chat([{"role": "user", "content": "hi"}]).text

Importing this package needs nothing beyond the standard library; the client needs the
``[llm]`` extra (httpx, pydantic) and says so when it is missing.
"""

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
