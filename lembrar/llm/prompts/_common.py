"""Small helpers shared by the prompt modules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date, datetime
from string import Template
from typing import Any

from lembrar.llm.types import Message


def messages(system: str, user: str) -> list[Message]:
    return [
        {"role": "system", "content": system.strip()},
        {"role": "user", "content": user.strip()},
    ]


def fill(template: Template, **values: object) -> str:
    """``template`` with every placeholder filled (KeyError names a missing one)."""
    return template.substitute({key: str(value) for key, value in values.items()})


def day(value: date) -> str:
    """``Tuesday 2024-05-14``."""
    return f"{value.strftime('%A')} {value.isoformat()}"


def moment(value: datetime) -> str:
    """``Tuesday 2024-05-14 13:05 (UTC+01:00)``; naive datetimes are shown without a zone."""
    zone = value.strftime(" (%Z)") if value.tzinfo else ""
    return f"{day(value.date())} {value.strftime('%H:%M')}{zone}"


def numbered(items: Sequence[str]) -> str:
    """``[1] first`` lines, numbered from 1."""
    return "\n".join(f"[{number}] {item.strip()}" for number, item in enumerate(items, start=1))


def transcript(conversation: Sequence[Mapping[str, Any]]) -> str:
    """``user: ...`` lines of the messages that have text."""
    return "\n".join(
        f"{m.get('role', 'user')}: {str(m['content']).strip()}"
        for m in conversation
        if isinstance(m.get("content"), str) and m["content"].strip()
    )
