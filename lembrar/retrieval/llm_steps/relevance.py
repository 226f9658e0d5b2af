"""``llm_relevance_filter``: the model keeps only the retrieved memories that help answer.

Kept hits stay in their retrieval order and gain the signal ``llm_relevant``. When the call
fails, or the reply names only memories that were not shown, every hit is kept; an empty list
(nothing relevant) keeps none.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from lembrar.llm.steps import StepReport, attempt
from lembrar.model.hits import SearchHit
from lembrar.retrieval.hooks import PostFilter

if TYPE_CHECKING:
    from lembrar.llm.client import LLMClient

__all__ = ["memory_line", "relevance_post_filter"]


def memory_line(hit: SearchHit) -> str:
    """``Sunday 2024-05-19, afternoon — user: text``, the way the model sees a memory."""
    episode, tags = hit.episode, hit.episode.tags
    who = episode.role or episode.kind
    day = f"{tags.weekday.capitalize()} {tags.local_date.isoformat()}"
    return f"{day}, {tags.period} — {who}: {' '.join(hit.text.split())}"


def relevance_post_filter(llm: LLMClient, steps: list[StepReport]) -> PostFilter:
    """A post-filter for :class:`~lembrar.retrieval.hooks.SearchHooks` that reports into ``steps``."""

    def keep(question: str, hits: list[SearchHit]) -> list[SearchHit]:
        from lembrar.llm.prompts import relevance_filter

        messages = relevance_filter.render(question, [memory_line(h) for h in hits])
        reply, step = attempt(
            "relevance_filter", llm, lambda c: c.structured(messages, relevance_filter.RESPONSE)
        )
        if reply is None:
            steps.append(step)
            return hits
        chosen = {id(h) for h in relevance_filter.pick(reply, hits)}
        if reply.ids and not chosen:
            steps.append(
                replace(
                    step, outcome="fallback", detail=f"the model named no shown memory: {reply.ids}"
                )
            )
            return hits
        kept = [
            replace(h, signals={**h.signals, "llm_relevant": 1.0}) for h in hits if id(h) in chosen
        ]
        steps.append(replace(step, detail=f"kept {len(kept)} of {len(hits)}"))
        return kept

    return keep
