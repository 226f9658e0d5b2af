"""Lazy imports of the ``[llm]`` extra, so that ``import lembrar`` never needs it."""

from __future__ import annotations

import importlib
from types import ModuleType

from lembrar.errors import MissingExtraError


def require(package: str) -> ModuleType:
    """Import ``package`` or raise a MissingExtraError that names the ``llm`` extra."""
    try:
        return importlib.import_module(package)
    except ImportError as exc:
        raise MissingExtraError("llm", package) from exc
