"""The model as writer of session summaries and user insights, for the memory layers.

    Memory(path, llm=llm, layers=LayerConfig(summarizer=LLMSummarizer(llm), insight_writer=LLMInsightWriter(llm)))

Both raise the ``LLMError`` of a failed call; the layers then use their own extractive summary
or keyphrase statement, and a summary records which one it got in ``SessionSummary.method``.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING

from lembrar.errors import LLMError

if TYPE_CHECKING:
    from lembrar.llm.client import LLMClient
    from lembrar.model.episode import Episode
    from lembrar.model.layers import SummaryDraft, TopicCluster

__all__ = ["LLMInsightWriter", "LLMSummarizer"]

log = logging.getLogger("lembrar.llm")

KEYPHRASES = 8


class LLMSummarizer:
    """A conversation's title and summary from ``prompts.session_summary``; keyphrases are
    extracted from the turns as the extractive summarizer does, for summary search."""

    def __init__(self, llm: LLMClient) -> None:
        self.llm = llm
        self.name = f"llm:{llm.config.model}"

    def summarize(self, turns: Sequence[Episode]) -> SummaryDraft:
        from lembrar.layers.keyphrases import extract
        from lembrar.llm.prompts import session_summary
        from lembrar.model.layers import SummaryDraft

        conversation = [{"role": t.role or "user", "content": t.content} for t in turns]
        try:
            reply = self.llm.structured(
                session_summary.render(conversation), session_summary.RESPONSE
            )
        except LLMError as exc:
            log.warning("session summary: using the extractive summary instead: %s", exc)
            raise
        phrases = tuple(p.text for p in extract([t.content for t in turns], top=KEYPHRASES))
        return SummaryDraft(reply.title.strip(), reply.summary.strip(), phrases)


class LLMInsightWriter:
    """One statement about the user from a cluster of their messages (``prompts.insight``)."""

    def __init__(self, llm: LLMClient) -> None:
        self.llm = llm
        self.name = f"llm:{llm.config.model}"

    def write(self, cluster: TopicCluster) -> str:
        from lembrar.llm.prompts import insight

        try:
            reply = self.llm.structured(insight.render(cluster.texts), insight.RESPONSE)
        except LLMError as exc:
            log.warning("insight: using the keyphrase statement instead: %s", exc)
            raise
        return reply.statement.strip()
