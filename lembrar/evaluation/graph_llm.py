"""The language-model extractor as ``lembrar bench graph quality --extractor llm`` measures it.

Its model is the reader ``lembrar bench answers`` uses (``answers_run.reader_config``): a GGUF
file run in this process (``--model-path``, ``--threads``) or an OpenAI-protocol server
(``--llm-base-url``, ``--llm-model``, ``--llm-api-key``). Both are checked before the run: a
missing file or a server that cannot be reached would otherwise turn every message into a
silent fallback to the offline extractor, measured under the model's name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from lembrar.errors import ValidationError
from lembrar.llm.errors import (
    LLMAuthError,
    LLMConnectionError,
    LLMStatusError,
    LLMTimeoutError,
)

if TYPE_CHECKING:
    from lembrar.graph.extract.llm import LLMExtractor
    from lembrar.llm.client import LLMClient
    from lembrar.llm.config import LLMConfig

__all__ = ["ModelOptions", "open_model_extractor"]


@dataclass(frozen=True)
class ModelOptions:
    """The model options of the command line, as given."""

    model_path: str | None = None
    threads: int = 1
    base_url: str | None = None
    model: str | None = None
    api_key: str | None = None


def open_model_extractor(options: ModelOptions, names: str = "rules") -> LLMExtractor:
    """``LLMExtractor`` on the model ``options`` name, falling back to the offline extractor
    with ``names``; close its ``llm`` when done. Raises ValidationError naming the option to fix
    when the model file is missing or the server cannot be reached."""
    from lembrar.graph.extract import offline_extractor
    from lembrar.graph.extract.llm import LLMExtractor
    from lembrar.llm.client import LLMClient

    client = LLMClient(_config(options))
    try:
        if client.config.local is None:
            _reachable(client)
    except BaseException:
        client.close()
        raise
    return LLMExtractor(client, offline_extractor(names))


def _config(options: ModelOptions) -> LLMConfig:
    from lembrar.evaluation.answers_run import reader_config

    return reader_config(
        model_path=options.model_path,
        threads=options.threads,
        base_url=options.base_url,
        model=options.model,
        api_key=options.api_key,
    )


def _reachable(client: LLMClient) -> None:
    """The server answers its model list (a server without one is left to the first call)."""
    try:
        client.models()
    except (LLMConnectionError, LLMTimeoutError) as exc:
        raise ValidationError(
            "--llm-base-url",
            f"{client.shown_url} cannot be reached ({exc}); start the server, or give the URL "
            "it listens on (an OpenAI-protocol base URL usually ends in /v1)",
        ) from None
    except LLMAuthError as exc:
        raise ValidationError(
            "--llm-api-key", f"{client.shown_url} refused the key ({exc}); give its API key"
        ) from None
    except LLMStatusError:
        return
