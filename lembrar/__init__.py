"""lembrar: episodic memory for LLM assistants — what happened, and when.

The public names below are imported on first use, so that ``import lembrar`` (and every
``lembrar`` command) loads only what it needs.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lembrar.assistant import Assistant
    from lembrar.config import MemoryConfig
    from lembrar.context import ContextBlock, ContextBudget
    from lembrar.errors import (
        ConfigurationError,
        ConflictError,
        ImportFormatError,
        LembrarError,
        LLMError,
        MissingExtraError,
        NotFoundError,
        StoreBusyError,
        StoreError,
        ValidationError,
    )
    from lembrar.layers import Conflict, Duplicate, LayerConfig, Saved
    from lembrar.memory import Memory
    from lembrar.model.episode import Chunk, Episode
    from lembrar.model.hits import SearchHit
    from lembrar.model.inputs import EpisodeIn
    from lembrar.model.query import Filters, HistoryEntry, Page, SessionInfo, StoreStats
    from lembrar.model.timetags import DayPeriods, TimeTags
    from lembrar.model.users import UserSettings
    from lembrar.retrieval.config import PRESETS, SearchConfig

_EXPORTS = {
    "Assistant": "lembrar.assistant",
    "MemoryConfig": "lembrar.config",
    "ContextBlock": "lembrar.context",
    "ContextBudget": "lembrar.context",
    "Memory": "lembrar.memory",
    "ConfigurationError": "lembrar.errors",
    "ConflictError": "lembrar.errors",
    "ImportFormatError": "lembrar.errors",
    "LembrarError": "lembrar.errors",
    "LLMError": "lembrar.errors",
    "MissingExtraError": "lembrar.errors",
    "NotFoundError": "lembrar.errors",
    "StoreBusyError": "lembrar.errors",
    "StoreError": "lembrar.errors",
    "ValidationError": "lembrar.errors",
    "Conflict": "lembrar.layers",
    "Duplicate": "lembrar.layers",
    "LayerConfig": "lembrar.layers",
    "Saved": "lembrar.layers",
    "Chunk": "lembrar.model.episode",
    "Episode": "lembrar.model.episode",
    "SearchHit": "lembrar.model.hits",
    "EpisodeIn": "lembrar.model.inputs",
    "Filters": "lembrar.model.query",
    "HistoryEntry": "lembrar.model.query",
    "Page": "lembrar.model.query",
    "SessionInfo": "lembrar.model.query",
    "StoreStats": "lembrar.model.query",
    "DayPeriods": "lembrar.model.timetags",
    "TimeTags": "lembrar.model.timetags",
    "UserSettings": "lembrar.model.users",
    "PRESETS": "lembrar.retrieval.config",
    "SearchConfig": "lembrar.retrieval.config",
}


def __getattr__(name: str) -> Any:
    """A public name, imported from its module on first use (then kept); or a submodule."""
    module = _EXPORTS.get(name)
    if module is None:
        try:
            return importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{name}":
                raise
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)


__version__ = "0.1.0"

__all__ = [
    "PRESETS",
    "Assistant",
    "Chunk",
    "ConfigurationError",
    "Conflict",
    "ConflictError",
    "ContextBlock",
    "ContextBudget",
    "DayPeriods",
    "Duplicate",
    "Episode",
    "EpisodeIn",
    "Filters",
    "HistoryEntry",
    "ImportFormatError",
    "LLMError",
    "LayerConfig",
    "LembrarError",
    "Memory",
    "MemoryConfig",
    "MissingExtraError",
    "NotFoundError",
    "Page",
    "Saved",
    "SearchConfig",
    "SearchHit",
    "SessionInfo",
    "StoreBusyError",
    "StoreError",
    "StoreStats",
    "TimeTags",
    "UserSettings",
    "ValidationError",
    "__version__",
]
