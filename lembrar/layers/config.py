"""Settings of the memory layers: a constructor argument of ``Memory``, no globals."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING

from lembrar.errors import ValidationError

if TYPE_CHECKING:
    from lembrar.layers.insight_writer import InsightWriter
    from lembrar.layers.summarize import Summarizer


@dataclass(frozen=True)
class LayerConfig:
    """Settings of the memory layers (constructor arguments of ``Memory``, no globals).

    recent_messages / recent_window   how much of the user's other conversations to show
    raw_window_days                   raw turns of a summarised session stay searchable this long;
                                      older ones are reached through the summary (None, the
                                      default: forever; hiding them cost a small reader answers)
    idle_timeout                      a session idle this long is summarised by ``summarize_idle``
    capture_on_add                    save the fact of a "remember that …" user message when it
                                      is added (imports too); False leaves it to ``saved.capture``
    duplicate_threshold               cosine at which two saved facts are the same fact
                                      (None: the value calibrated for the embedder)
    summary_min_similarity            a summary needs this cosine (or a shared word, or a time
                                      match) to be returned by search
    insight_*                         clustering of the user's messages into insights (a topic
                                      must recur in ``insight_min_conversations`` sessions)
    summarizer / insight_writer       replace the extractive summary / keyphrase statement
                                      (e.g. with LLM-backed ones); failures fall back to them
    """

    recent_messages: int = 10
    recent_window: timedelta = timedelta(hours=24)
    raw_window_days: float | None = None
    idle_timeout: timedelta = timedelta(hours=1)
    capture_on_add: bool = True
    duplicate_threshold: float | None = None
    summary_sentences: int = 3
    summary_min_similarity: float = 0.3
    summary_weight: float = 0.9
    insight_min_messages: int = 12
    insight_min_cluster: int = 4
    insight_min_conversations: int = 3
    insight_max_clusters: int = 30
    insight_sample: int = 2000
    insight_seed: int = 0
    summarizer: Summarizer | None = None
    insight_writer: InsightWriter | None = None

    def __post_init__(self) -> None:
        if self.recent_messages < 0:
            raise ValidationError("recent_messages", "must be 0 or more")
        if self.raw_window_days is not None and self.raw_window_days <= 0:
            raise ValidationError(
                "raw_window_days", "must be positive, or None to keep raw turns searchable forever"
            )
        if self.duplicate_threshold is not None and not 0 < self.duplicate_threshold <= 1:
            raise ValidationError("duplicate_threshold", "must be in (0, 1]")
        if self.insight_min_cluster < 2 or self.insight_max_clusters < 2:
            raise ValidationError(
                "insight_min_cluster", "clusters need at least 2 messages, and at least 2 clusters"
            )
