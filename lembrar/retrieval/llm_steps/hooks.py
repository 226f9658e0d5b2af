"""The language-model steps of a search, turned into :class:`SearchHooks` for the pipeline.

The hypothetical memory and the date ranges are asked for at the same time (two requests in
parallel); the relevance filter runs on the final hits. Each step is reported in
``Retrieval.steps``: ``used``, ``fallback`` (with the error) or ``skipped`` (no model).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from lembrar.llm.steps import NO_LLM, StepReport
from lembrar.model.timetags import zone
from lembrar.model.users import UserSettings
from lembrar.retrieval.config import SearchConfig
from lembrar.retrieval.hooks import SearchHooks
from lembrar.retrieval.llm_steps.dates import llm_windows
from lembrar.retrieval.llm_steps.hypothetical import NAME, hypothetical_text
from lembrar.retrieval.llm_steps.relevance import relevance_post_filter

if TYPE_CHECKING:
    from lembrar.llm.client import LLMClient

__all__ = ["prepare_search"]

EmbedFn = Callable[[Sequence[str]], NDArray[np.float32]]


def prepare_search(
    llm: LLMClient | None,
    embed: EmbedFn,
    query: str,
    now: datetime,
    settings: UserSettings,
    config: SearchConfig,
) -> SearchHooks:
    """The hooks for the ``llm_*`` steps that ``config`` enables (empty hooks when none is)."""
    hooks = SearchHooks()
    today = now.astimezone(zone(settings.zone_name)).date()
    with ThreadPoolExecutor(max_workers=2) as pool:  # only the requests run there, not the store
        text = (
            pool.submit(hypothetical_text, llm, query, today)
            if config.llm_hypothetical_query
            else None
        )
        windows = (
            pool.submit(llm_windows, llm, query, now, settings.zone_name)
            if config.llm_time_extraction
            else None
        )
        if text is not None:
            found, step = text.result()
            hooks.steps.append(step)
            if found is not None:
                hooks.extra_vectors[NAME] = embed([found])[0]
        if windows is not None:
            hooks.extra_windows, step = windows.result()
            hooks.steps.append(step)
    if config.llm_relevance_filter:
        if llm is None:
            hooks.steps.append(StepReport("relevance_filter", "skipped", NO_LLM))
        else:
            hooks.post_filter = relevance_post_filter(llm, hooks.steps)
    return hooks
