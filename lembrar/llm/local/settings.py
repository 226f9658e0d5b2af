"""Which GGUF file to run in-process, and how: plain settings, checked before anything loads.

``LEMBRAR_LLM=local:/path/to/model.gguf`` names the file; ``LEMBRAR_LLM_THREADS`` (default 1:
on a small shared machine a second thread made generation slower, not faster) and
``LEMBRAR_LLM_CONTEXT`` (default 4096 tokens) tune it.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from lembrar.errors import ValidationError
from lembrar.llm.errors import LLMNotConfiguredError

__all__ = ["LOCAL_PREFIX", "LocalModel", "LocalModelMissingError", "file_sha256", "is_local"]

LOCAL_PREFIX = "local:"

HOW_TO_GET_A_MODEL = (
    "point LEMBRAR_LLM=local:/path/to/model.gguf at a GGUF chat model you have on disk (any "
    "llama.cpp model: e.g. a Qwen2.5-Instruct or Llama-3.2-Instruct Q4_K_M file from the model's "
    "publisher); lembrar never downloads one"
)


class LocalModelMissingError(LLMNotConfiguredError):
    """The configured GGUF file is not there; the message says how to get one."""


@dataclass(frozen=True)
class LocalModel:
    """A GGUF chat model run by llama.cpp inside this process.

    ``threads``: CPU threads per call; ``context``: the context window in tokens (prompt and
    reply together); ``seed``: the sampling seed, so that runs repeat.
    """

    path: Path
    threads: int = 1
    context: int = 4096
    seed: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "path", Path(self.path).expanduser())
        if not str(self.path) or self.path == Path("."):
            raise ValidationError(
                "LEMBRAR_LLM", f"name the model file: {LOCAL_PREFIX}/path/model.gguf"
            )
        if self.threads < 1:
            raise ValidationError("LEMBRAR_LLM_THREADS", "use a whole number of threads, 1 or more")
        if self.context < 256:
            raise ValidationError("LEMBRAR_LLM_CONTEXT", "use a context of at least 256 tokens")

    @property
    def name(self) -> str:
        """The model's name as requests and results show it: the file name without .gguf."""
        return self.path.name.removesuffix(".gguf")

    @property
    def spec(self) -> str:
        """``local:/path/model.gguf``, as ``LEMBRAR_LLM`` spells it."""
        return f"{LOCAL_PREFIX}{self.path}"

    @classmethod
    def parse(cls, spec: str, env: Mapping[str, str] | None = None) -> LocalModel:
        """``local:PATH`` with the thread and context settings from ``env`` (default os.environ)."""
        env = os.environ if env is None else env
        if not is_local(spec):
            raise ValidationError(
                "LEMBRAR_LLM", f"a local model is spelled {LOCAL_PREFIX}/path/model.gguf"
            )
        return cls(
            Path(spec[len(LOCAL_PREFIX) :].strip()),
            threads=_whole(env, "LEMBRAR_LLM_THREADS", 1),
            context=_whole(env, "LEMBRAR_LLM_CONTEXT", 4096),
        )

    def check(self) -> Path:
        """The file's path; LocalModelMissingError, saying how to get one, if it is not a file."""
        if not self.path.is_file():
            raise LocalModelMissingError(f"no model file at {self.path}: {HOW_TO_GET_A_MODEL}")
        return self.path


def is_local(spec: str | None) -> bool:
    """Whether a model setting names an in-process GGUF file (``local:PATH``)."""
    return bool(spec) and str(spec).startswith(LOCAL_PREFIX)


def _whole(env: Mapping[str, str], name: str, default: int) -> int:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError:
        raise ValidationError(name, f"use a whole number, not {raw!r}") from None


def file_sha256(path: Path, chunk: int = 1 << 20) -> str:
    """The sha256 of a file, read in chunks (a GGUF file is about a gigabyte)."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while block := handle.read(chunk):
            digest.update(block)
    return digest.hexdigest()
