"""lembrar: episodic memory for LLM assistants — what happened, and when."""

from lembrar.assistant import Assistant
from lembrar.config import MemoryConfig
from lembrar.context import ContextBlock, ContextBudget
from lembrar.engine import Memory
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
from lembrar.model.episode import Chunk, Episode
from lembrar.model.hits import SearchHit
from lembrar.model.inputs import EpisodeIn
from lembrar.model.query import Filters, HistoryEntry, Page, SessionInfo, StoreStats
from lembrar.model.timetags import DayPeriods, TimeTags
from lembrar.model.users import UserSettings
from lembrar.retrieval.config import PRESETS, SearchConfig

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
