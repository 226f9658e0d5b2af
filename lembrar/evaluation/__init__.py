"""Evaluation: what ``lembrar bench …`` runs — retrieval quality on public data sets and
generated ones, answer quality, graph quality and speed, against baselines in-process.

Each benchmark is a settings dataclass and a ``run_*`` function returning a ``BenchResult``;
``publish`` writes it as JSON, Markdown and PNG. The ``lembrar bench`` command wraps these; the
scripts that measure one question each and the results they wrote are in ``benchmarks/`` at
the repository root, outside the package. The data sets are not shipped; see
``lembrar.evaluation.data``. The names below are imported on
first use, so that ``lembrar --help`` does not load the benchmarks.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lembrar.evaluation.dailydialog import DailyDialogSettings, run_dailydialog
    from lembrar.evaluation.embedders import EmbeddersSettings, run_embedders
    from lembrar.evaluation.locomo import LocomoSettings, run_locomo
    from lembrar.evaluation.longmemeval import LongMemEvalSettings, run_longmemeval
    from lembrar.evaluation.publish import publish
    from lembrar.evaluation.report import BenchResult, markdown
    from lembrar.evaluation.speed import SpeedSettings, run_speed

_EXPORTS = {
    "DailyDialogSettings": "dailydialog",
    "run_dailydialog": "dailydialog",
    "EmbeddersSettings": "embedders",
    "run_embedders": "embedders",
    "LocomoSettings": "locomo",
    "run_locomo": "locomo",
    "LongMemEvalSettings": "longmemeval",
    "run_longmemeval": "longmemeval",
    "publish": "publish",
    "BenchResult": "report",
    "markdown": "report",
    "SpeedSettings": "speed",
    "run_speed": "speed",
}


def __getattr__(name: str) -> Any:
    """A public name, imported from its module on first use."""
    if name not in _EXPORTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_EXPORTS[name]}"), name)
    globals()[name] = value
    return value


__all__ = [
    "BenchResult",
    "DailyDialogSettings",
    "EmbeddersSettings",
    "LocomoSettings",
    "LongMemEvalSettings",
    "SpeedSettings",
    "markdown",
    "publish",
    "run_dailydialog",
    "run_embedders",
    "run_locomo",
    "run_longmemeval",
    "run_speed",
]
