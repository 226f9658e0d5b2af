"""Searching with the language-model steps on, for benchmarks and experiments.

setup = search_config_with_llm("balanced", base_url="http://localhost:11434/v1", model="llama3.2")
memory.llm = setup.llm              # or Memory(..., llm=setup.llm)
memory.search(question, user_id=scope, now=now, preset=setup.config)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lembrar.retrieval.config import SearchConfig, resolve

if TYPE_CHECKING:
    from lembrar.llm.client import LLMClient

__all__ = ["LLMSearch", "search_config_with_llm"]


@dataclass(frozen=True)
class LLMSearch:
    """A search config with ``llm_*`` steps on, and the client that runs them."""

    config: SearchConfig
    llm: LLMClient

    def close(self) -> None:
        self.llm.close()


def search_config_with_llm(
    base: SearchConfig | str = "balanced",
    *,
    base_url: str | None = None,
    model: str | None = None,
    api_key: str | None = None,
    hypothetical_query: bool = True,
    time_extraction: bool = True,
    relevance_filter: bool = True,
    timeout: float = 60.0,
    max_retries: int = 2,
    env: Mapping[str, str] | None = None,
) -> LLMSearch:
    """``base`` (a preset name or config) with the chosen LLM steps on, and a client for the model.

    The model comes from the arguments, else from the environment as :meth:`LLMConfig.from_env`
    reads it (``--llm-base-url/--llm-model/--llm-api-key`` map to the first three arguments).
    Raises :class:`~lembrar.llm.LLMNotConfiguredError`, saying how to configure one, if none is.
    """
    from lembrar.llm.client import LLMClient
    from lembrar.llm.config import LLMConfig

    config = LLMConfig.from_env(
        env,
        base_url=base_url,
        model=model,
        api_key=api_key,
        timeout=timeout,
        max_retries=max_retries,
    )
    search = resolve(base).with_(
        llm_hypothetical_query=hypothetical_query,
        llm_time_extraction=time_extraction,
        llm_relevance_filter=relevance_filter,
    )
    return LLMSearch(search, LLMClient(config))
