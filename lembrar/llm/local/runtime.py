"""The llama.cpp runtime: one loaded model per file and settings, shared by the whole process."""

from __future__ import annotations

import importlib
import threading
from types import ModuleType
from typing import TYPE_CHECKING

from lembrar.errors import MissingExtraError
from lembrar.llm.local.chat import LocalChat

if TYPE_CHECKING:
    from lembrar.llm.local.settings import LocalModel

__all__ = ["load"]

_loaded: dict[LocalModel, LocalChat] = {}
_lock = threading.Lock()


def load(model: LocalModel) -> LocalChat:
    """The model ready to chat, loaded on first use and kept for the life of the process.

    Raises :class:`LocalModelMissingError` when the file is absent and
    :class:`~lembrar.errors.MissingExtraError` (``local``) when llama.cpp is not installed.
    """
    with _lock:
        if model not in _loaded:
            path = model.check()
            llama_cpp = _runtime()
            llama = llama_cpp.Llama(
                model_path=str(path),
                n_ctx=model.context,
                n_threads=model.threads,
                n_threads_batch=model.threads,
                seed=model.seed,
                verbose=False,
            )
            _loaded[model] = LocalChat(llama, model.name, model.context)
        return _loaded[model]


def _runtime() -> ModuleType:
    try:
        return importlib.import_module("llama_cpp")
    except ImportError as exc:
        raise MissingExtraError("local", "llama-cpp-python") from exc
