"""Where the language model lives: one frozen config, read from the environment only on request.

Lookup order of :meth:`LLMConfig.from_env` (the first that gives a value wins, per setting):

1. explicit arguments (``base_url=``, ``model=``, ``api_key=``);
2. ``LEMBRAR_LLM=local:/path/model.gguf``: a GGUF model run in this process (see
   :mod:`lembrar.llm.local`; ``LEMBRAR_LLM_THREADS`` and ``LEMBRAR_LLM_CONTEXT`` tune it);
3. ``LEMBRAR_LLM_BASE_URL``, ``LEMBRAR_LLM_MODEL``, ``LEMBRAR_LLM_API_KEY``;
4. ``OPENAI_BASE_URL`` and ``OPENAI_API_KEY`` (the model from ``OPENAI_MODEL``); an API key
   with no base URL means ``https://api.openai.com/v1``;
5. ``OLLAMA_HOST``, used as ``{host}/v1`` with no key.

``OPENAI_API_KEY`` is sent only to the URL from ``OPENAI_BASE_URL`` or to api.openai.com,
never to a server configured another way.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TypedDict, Unpack
from urllib.parse import urlsplit

from lembrar.errors import ValidationError
from lembrar.llm.errors import LLMNotConfiguredError
from lembrar.llm.local.settings import LocalModel, is_local

__all__ = ["OPENAI_BASE_URL", "LLMConfig"]

OPENAI_BASE_URL = "https://api.openai.com/v1"

HOW_TO_CONFIGURE = (
    "set LEMBRAR_LLM_BASE_URL and LEMBRAR_LLM_MODEL (and LEMBRAR_LLM_API_KEY if the server needs "
    "a key). For a local model, start Ollama and set "
    "LEMBRAR_LLM_BASE_URL=http://localhost:11434/v1 LEMBRAR_LLM_MODEL=llama3.2; for OpenAI, set "
    "OPENAI_API_KEY and LEMBRAR_LLM_MODEL=gpt-4o-mini"
)


class ClientSettings(TypedDict, total=False):
    """``LLMConfig``'s request settings, as ``from_env`` passes them on."""

    timeout: float
    max_retries: int
    backoff: float


@dataclass(frozen=True)
class LLMConfig:
    """An OpenAI-compatible chat server: OpenAI, Ollama, vLLM, llama.cpp, LM Studio, DeepSeek...

    ``timeout`` is in seconds per request; ``max_retries`` counts the attempts after the first;
    ``backoff`` is the first retry delay in seconds, doubled on each retry (with jitter).
    A ``base_url`` of ``local:/path/model.gguf`` (or a ``local`` model) runs a GGUF file in this
    process instead; ``model`` then defaults to the file name.
    """

    base_url: str
    model: str
    api_key: str | None = field(default=None, repr=False)
    timeout: float = 60.0
    max_retries: int = 2
    backoff: float = 0.5
    local: LocalModel | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "base_url", self.base_url.rstrip("/"))
        if self.local is None and is_local(self.base_url):
            object.__setattr__(self, "local", LocalModel.parse(self.base_url, env={}))
        if self.local is not None:
            object.__setattr__(self, "base_url", self.local.spec)
            object.__setattr__(self, "model", self.model or self.local.name)
        elif urlsplit(self.base_url).scheme not in ("http", "https"):
            raise ValidationError("base_url", f"use an http(s) URL such as {OPENAI_BASE_URL}")
        if not self.model:
            raise ValidationError("model", "name the model, e.g. 'llama3.2' or 'gpt-4o-mini'")
        if self.timeout <= 0:
            raise ValidationError("timeout", "must be a positive number of seconds")
        if self.max_retries < 0 or self.backoff < 0:
            raise ValidationError("max_retries", "retries and backoff cannot be negative")

    @classmethod
    def from_env(
        cls,
        env: Mapping[str, str] | None = None,
        *,
        base_url: str | None = None,
        model: str | None = None,
        api_key: str | None = None,
        **settings: Unpack[ClientSettings],
    ) -> LLMConfig:
        """The config from explicit arguments and ``env`` (default ``os.environ``), see the module.

        ``settings`` are passed on (``timeout``, ``max_retries``, ``backoff``). Raises
        :class:`LLMNotConfiguredError`, saying how to configure a model, when none is.
        """
        env = os.environ if env is None else env
        local = _local(env, base_url)
        if local is not None:
            named = model or env.get("LEMBRAR_LLM_MODEL") or local.name
            return cls(base_url=local.spec, model=named, local=local, **settings)
        url, source = _base_url(env, base_url, api_key)
        if url is None:
            raise LLMNotConfiguredError(f"no language model is configured: {HOW_TO_CONFIGURE}")
        name = model or env.get("LEMBRAR_LLM_MODEL") or _openai_only(env, source, "OPENAI_MODEL")
        if not name:
            raise LLMNotConfiguredError(
                f"the LLM server {url} is configured but no model is: set LEMBRAR_LLM_MODEL "
                "(e.g. LEMBRAR_LLM_MODEL=llama3.2)"
            )
        key = api_key or env.get("LEMBRAR_LLM_API_KEY") or _openai_key(env, source, url)
        return cls(base_url=url, model=name, api_key=key, **settings)

    @classmethod
    def from_env_or_none(
        cls,
        env: Mapping[str, str] | None = None,
        *,
        base_url: str | None = None,
        model: str | None = None,
        api_key: str | None = None,
        **settings: Unpack[ClientSettings],
    ) -> LLMConfig | None:
        """Like :meth:`from_env`, but None when no model is fully configured."""
        try:
            return cls.from_env(env, base_url=base_url, model=model, api_key=api_key, **settings)
        except LLMNotConfiguredError:
            return None


def _local(env: Mapping[str, str], explicit: str | None) -> LocalModel | None:
    """The in-process model named by the ``base_url`` argument or ``LEMBRAR_LLM``, if any."""
    spec = explicit if explicit else env.get("LEMBRAR_LLM", "").strip()
    if is_local(spec):
        return LocalModel.parse(spec, env)
    if spec and not explicit:
        raise ValidationError(
            "LEMBRAR_LLM",
            "use local:/path/to/model.gguf (for a server, set LEMBRAR_LLM_BASE_URL instead)",
        )
    return None


def _base_url(
    env: Mapping[str, str], explicit: str | None, key: str | None
) -> tuple[str | None, str]:
    """The base URL and where it came from: explicit, lembrar, openai or ollama."""
    if explicit:
        return explicit, "explicit"
    if env.get("LEMBRAR_LLM_BASE_URL"):
        return env["LEMBRAR_LLM_BASE_URL"], "lembrar"
    if env.get("OPENAI_BASE_URL"):
        return env["OPENAI_BASE_URL"], "openai"
    if key or env.get("LEMBRAR_LLM_API_KEY") or env.get("OPENAI_API_KEY"):
        return OPENAI_BASE_URL, "openai"
    if env.get("OLLAMA_HOST"):
        return ollama_url(env["OLLAMA_HOST"]), "ollama"
    return None, ""


def _openai_only(env: Mapping[str, str], source: str, name: str) -> str | None:
    return env.get(name) if source == "openai" else None


def _openai_key(env: Mapping[str, str], source: str, url: str) -> str | None:
    if source == "openai" or urlsplit(url).hostname == "api.openai.com":
        return env.get("OPENAI_API_KEY")
    return None


def ollama_url(host: str) -> str:
    """``OLLAMA_HOST`` (``host``, ``host:port`` or a URL) as the base URL of Ollama's OpenAI API."""
    if "://" not in host:
        host = f"http://{host}"
    parts = urlsplit(host)
    netloc = parts.netloc if parts.port else f"{parts.netloc}:11434"
    return f"{parts.scheme}://{netloc}{parts.path.rstrip('/')}/v1"
