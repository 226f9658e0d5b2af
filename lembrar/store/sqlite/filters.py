"""Filters -> SQL WHERE fragments over ``episodes e``."""

from __future__ import annotations

import json
from typing import Any

from lembrar.model.query import Filters

# chunks ``c`` joined to their episodes ``e``, which the conditions below read (ids are per tenant)
EPISODE_JOIN = "JOIN episodes e ON e.tenant_id = c.tenant_id AND e.id = c.episode_id"


def _in(column: str, values: tuple[str, ...]) -> tuple[str, list[Any]]:
    return f"{column} IN ({','.join('?' * len(values))})", list(values)


def where(filters: Filters) -> tuple[str, list[Any]]:
    """An SQL condition (always non-empty) and its parameters."""
    parts: list[str] = ["1"]
    params: list[Any] = []

    def add(sql: str, *values: Any) -> None:
        parts.append(sql)
        params.extend(values)

    if filters.session_id is not None:
        add("e.session_id = ?", filters.session_id)
    for column, values in (
        ("e.role", filters.roles),
        ("e.kind", filters.kinds),
        ("e.period", filters.periods),
        ("e.weekday", filters.weekdays),
    ):
        if values:
            sql, vals = _in(column, values)
            add(sql, *vals)
    if filters.since is not None:
        add("e.at_ts >= ?", filters.since.timestamp())
    if filters.until is not None:
        add("e.at_ts < ?", filters.until.timestamp())
    for key, value in sorted(filters.metadata.items()):
        path = "$" + "".join(f'."{part}"' for part in key.split("."))
        add("json_extract(e.metadata, ?) = json_extract(?, '$')", path, json.dumps(value))
    return " AND ".join(parts), params
