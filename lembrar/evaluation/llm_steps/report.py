"""Markdown tables of a step's result: what it scored beside the plain method, what it cost."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["markdown"]


def markdown(result: Mapping[str, Any]) -> str:
    model = result["model"]
    lines = [
        f"## {result['step']}: {result['data']}",
        "",
        f"model {model['model']} ({model['served']}), sha256 {model['sha256'] or 'n/a'}",
        "",
    ]
    lines += _table("system", result["scores"])
    for key in ("exchanges", "records", "kept_share", "questions", "methods"):
        if key in result:
            lines.append(f"- {key}: {result[key]}")
    lines += ["", *_cost(result["cost"])]
    return "\n".join(lines)


def _table(label: str, rows: Mapping[str, Mapping[str, Any]]) -> list[str]:
    columns = list(dict.fromkeys(key for row in rows.values() for key in row))
    out = [f"| {label} | " + " | ".join(columns) + " |", "|---" * (len(columns) + 1) + "|"]
    out += [
        f"| {name} | " + " | ".join(_cell(row.get(c)) for c in columns) + " |"
        for name, row in rows.items()
    ]
    return out


def _cost(cost: Mapping[str, Any]) -> list[str]:
    single = "items" in cost
    rows = {"model calls": cost} if single else dict(cost)
    flat = {
        name: {
            **{k: v for k, v in row.items() if k != "outcomes"},
            "outcomes": ", ".join(f"{k} {v}" for k, v in sorted(row.get("outcomes", {}).items()))
            or "-",
        }
        for name, row in rows.items()
    }
    return _table("cost", flat)


def _cell(value: Any) -> str:
    if value is None:
        return "-"
    return f"{value:.3f}" if isinstance(value, float) else str(value)
