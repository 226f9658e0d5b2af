"""Who writes an insight's statement from its topic cluster: the protocol and the default."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from lembrar.model.layers import TopicCluster

__all__ = ["InsightWriter", "KeyphraseInsightWriter"]


@runtime_checkable
class InsightWriter(Protocol):
    """Writes one statement about the user from a topic cluster (an LLM writer plugs in here,
    see ``lembrar.llm.prompts.insight``; on a ``LembrarError`` the keyphrase statement is used)."""

    name: str

    def write(self, cluster: TopicCluster) -> str: ...


class KeyphraseInsightWriter:
    """``Often talks about: async Rust, serde, traits``."""

    name = "keyphrases"

    def __init__(self, phrases: int = 4) -> None:
        self.phrases = phrases

    def write(self, cluster: TopicCluster) -> str:
        return "Often talks about: " + ", ".join(cluster.keyphrases[: self.phrases])
