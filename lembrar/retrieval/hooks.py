"""Optional extra inputs to a search, computed outside the pipeline (e.g. by a language model).

The retrieval pipeline stays the same with or without them: ``extra_vectors`` each add one dense
ranking to the fusion, ``extra_windows`` join the windows parsed from the query, and
``post_filter`` may drop hits at the end. ``steps`` reports what each outside step did, so a
caller can see that one fell back instead of guessing from the results.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from lembrar.llm.steps import StepReport
from lembrar.model.hits import SearchHit

if TYPE_CHECKING:
    from lembrar.temporal import TimeWindow

__all__ = ["PostFilter", "SearchHooks"]

PostFilter = Callable[[str, list[SearchHit]], list[SearchHit]]
"""``(query, hits) -> the hits to keep``, in the order they should be returned."""


@dataclass
class SearchHooks:
    """Extra signals for one search; ``steps`` collects reports, ``post_filter`` may add one."""

    extra_vectors: dict[str, NDArray[np.float32]] = field(default_factory=dict)
    extra_windows: tuple[TimeWindow, ...] = ()
    post_filter: PostFilter | None = None
    steps: list[StepReport] = field(default_factory=list)
