"""Writing a benchmark's result with the plots of its own kind (latency against scope size)."""

from __future__ import annotations

from pathlib import Path

from lembrar.evaluation.report import BenchResult, write_report
from lembrar.evaluation.speed import plot_speed


def publish(result: BenchResult, out_dir: str | Path, *, plots: bool = True) -> list[Path]:
    """``write_report`` plus the benchmark's own extra plots (latency vs scope size)."""
    written = write_report(result, out_dir, plots=plots)
    if plots and "scaling" in result.extras:
        png = plot_speed(result, Path(out_dir))
        written += [png] if png else []
    return written
