"""Benchmarks: retrieval quality on public data sets and speed, against baselines in-process.

Each benchmark is a settings dataclass and a ``run_*`` function returning a ``BenchResult``;
``publish`` writes it as JSON, Markdown and PNG. The ``lembrar bench`` command wraps these.
The data sets are not shipped; see ``lembrar.bench.data``.
"""

from lembrar.bench.dailydialog import DailyDialogSettings, run_dailydialog
from lembrar.bench.embedders import EmbeddersSettings, run_embedders
from lembrar.bench.locomo import LocomoSettings, run_locomo
from lembrar.bench.longmemeval import LongMemEvalSettings, run_longmemeval
from lembrar.bench.publish import publish
from lembrar.bench.report import BenchResult, markdown
from lembrar.bench.speed import SpeedSettings, run_speed

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
