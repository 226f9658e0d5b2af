"""Errors of the language-model client, all under :class:`lembrar.errors.LLMError`.

LLMError                                   (lembrar.errors)
├── LLMStatusError                         the server answered with an error status
│   ├── LLMAuthError                       401/403: missing or wrong API key
│   ├── LLMModelNotFoundError              404 or "model not found": wrong model or base URL
│   ├── LLMRateLimitError                  429 after the retries (or an exhausted quota)
│   ├── LLMBadRequestError                 another 4xx: the server rejected the request
│   └── LLMServerError                     5xx after the retries
├── LLMConnectionError(LLMError, ConnectionError)
│                                          the server could not be reached after the retries
├── LLMTimeoutError(LLMError, TimeoutError)
│                                          no answer within the timeout after the retries
└── LLMResponseError                       an answer that cannot be used (bad JSON, bad shape)

ConfigurationError                         (lembrar.errors)
└── LLMNotConfiguredError                  no model configured; the message says how to set one
"""

from __future__ import annotations

from lembrar.errors import ConfigurationError, LLMError

__all__ = [
    "LLMAuthError",
    "LLMBadRequestError",
    "LLMConnectionError",
    "LLMError",
    "LLMModelNotFoundError",
    "LLMNotConfiguredError",
    "LLMRateLimitError",
    "LLMResponseError",
    "LLMServerError",
    "LLMStatusError",
    "LLMTimeoutError",
]


class LLMStatusError(LLMError):
    """The server answered with an error status; ``status_code`` and ``body`` keep what it said."""

    def __init__(self, message: str, *, status_code: int, body: str = "") -> None:
        self.status_code = status_code
        self.body = body
        super().__init__(message)


class LLMAuthError(LLMStatusError):
    """The server refused the API key (401/403)."""


class LLMModelNotFoundError(LLMStatusError):
    """The server does not know the model, or the base URL points at the wrong place."""


class LLMRateLimitError(LLMStatusError):
    """Too many requests; ``retry_after`` is the wait the server asked for, if it said."""

    def __init__(
        self,
        message: str,
        *,
        status_code: int = 429,
        body: str = "",
        retry_after: float | None = None,
    ) -> None:
        self.retry_after = retry_after
        super().__init__(message, status_code=status_code, body=body)


class LLMBadRequestError(LLMStatusError):
    """The server rejected the request itself (400, 422, ...)."""


class LLMServerError(LLMStatusError):
    """The server failed (5xx) on every attempt."""


class LLMConnectionError(LLMError, ConnectionError):
    """The server could not be reached."""


class LLMTimeoutError(LLMError, TimeoutError):
    """The server did not answer within the configured timeout."""


class LLMResponseError(LLMError):
    """The server answered, but the answer cannot be used."""


class LLMNotConfiguredError(ConfigurationError):
    """No language model is configured; the message says how to configure one."""
