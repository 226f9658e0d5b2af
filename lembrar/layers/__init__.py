"""Memory layers on top of the episodes (after ChatGPT's memory): saved memories, recent history,
session summaries and user insights — with provenance, so forgetting a message forgets what was
derived from it.

Reached through ``Memory``: ``memory.saved``, ``memory.summaries``, ``memory.insights``,
``memory.end_session``, ``memory.summarize_idle``, ``memory.refresh_insights``, and the sections
``memory.context`` places before the retrieved memories.
"""

from lembrar.layers.config import LayerConfig
from lembrar.layers.insight_writer import InsightWriter, KeyphraseInsightWriter
from lembrar.layers.insights import UserInsights
from lembrar.layers.requests import RememberRequest, detect_request
from lembrar.layers.saved import SavedMemories
from lembrar.layers.sections import retrieved_sections
from lembrar.layers.service import Layers
from lembrar.layers.summaries import SessionSummaries
from lembrar.layers.summarize import ExtractiveSummarizer, Summarizer
from lembrar.layers.summary_search import RawWindow, is_summary_hit
from lembrar.model.layers import (
    Conflict,
    Duplicate,
    Insight,
    PendingMemory,
    Saved,
    SavedMemory,
    SaveOutcome,
    SessionSummary,
    SummaryDraft,
    TopicCluster,
)

__all__ = [
    "Conflict",
    "Duplicate",
    "ExtractiveSummarizer",
    "Insight",
    "InsightWriter",
    "KeyphraseInsightWriter",
    "LayerConfig",
    "Layers",
    "PendingMemory",
    "RawWindow",
    "RememberRequest",
    "SaveOutcome",
    "Saved",
    "SavedMemories",
    "SavedMemory",
    "SessionSummaries",
    "SessionSummary",
    "Summarizer",
    "SummaryDraft",
    "TopicCluster",
    "UserInsights",
    "detect_request",
    "is_summary_hit",
    "retrieved_sections",
]
