"""What one proxied request asks of the memory, from its headers or its OpenAI ``metadata``.

    header                 metadata key         value
    X-Lembrar-User         (the ``user`` field)  whose memory (required, one or the other)
    X-Lembrar-Session      lembrar_session       the conversation (default: derived from its
                                                 first user message, so one chat is one session)
    X-Lembrar-Memory       lembrar_memory        on (default), off, read (inject, store nothing),
                                                 write (store, inject nothing)
    X-Lembrar-Budget       lembrar_budget        tokens of memory context (default 1000)
    X-Lembrar-Preset       lembrar_preset        search preset (default: the server's)

A header wins over ``metadata``; the ``lembrar_*`` keys are removed before forwarding.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from lembrar.errors import ValidationError
from lembrar.model.episode import require_text
from lembrar.retrieval.config import PRESETS

__all__ = ["MEMORY_MODES", "ProxyOptions", "message_text", "read_options"]

MEMORY_MODES = ("on", "off", "read", "write")
DEFAULT_BUDGET = 1000
_KEYS = ("session", "memory", "budget", "preset")


@dataclass(frozen=True)
class ProxyOptions:
    user_id: str
    session_id: str
    memory: str = "on"
    budget_tokens: int = DEFAULT_BUDGET
    preset: str | None = None

    @property
    def reads(self) -> bool:
        return self.memory in ("on", "read")

    @property
    def writes(self) -> bool:
        return self.memory in ("on", "write")


def read_options(
    body: dict[str, Any], headers: Mapping[str, str]
) -> tuple[ProxyOptions, dict[str, Any]]:
    """The options, and the body to forward (without the ``lembrar_*`` metadata)."""
    messages = body.get("messages")
    if (
        not isinstance(messages, list)
        or not messages
        or not all(isinstance(m, dict) for m in messages)
    ):
        raise ValidationError("messages", "send a non-empty list of chat messages")
    sent = body.get("metadata")
    metadata: dict[str, Any] = sent if isinstance(sent, dict) else {}
    given = {k: headers.get(f"x-lembrar-{k}") or metadata.get(f"lembrar_{k}") for k in _KEYS}
    user = headers.get("x-lembrar-user") or body.get("user")
    if not isinstance(user, str) or not user.strip():
        raise ValidationError(
            "user", "name the user: the 'user' field or the X-Lembrar-User header"
        )
    options = ProxyOptions(
        user_id=require_text("user", user.strip()),
        session_id=_text(given["session"], "lembrar_session") or _session_of(user, messages),
        memory=_choice(given["memory"] or "on", "lembrar_memory", MEMORY_MODES),
        budget_tokens=_budget(given["budget"]),
        preset=_choice(given["preset"], "lembrar_preset", tuple(PRESETS))
        if given["preset"]
        else None,
    )
    return options, _forwarded(body, metadata)


def message_text(message: Mapping[str, Any]) -> str:
    """A message's text: its string content, or its text parts joined."""
    content = message.get("content")
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(
            p.get("text", "") for p in content if isinstance(p, dict) and p.get("type") == "text"
        )
    return ""


def _session_of(user: str, messages: list[dict[str, Any]]) -> str:
    first = next((message_text(m) for m in messages if m.get("role") == "user"), "")
    return "chat-" + hashlib.sha256(f"{user}\n{first}".encode()).hexdigest()[:16]


def _text(value: object, field: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip():
        raise ValidationError(field, "must be a non-empty string")
    return value.strip()


def _choice(value: object, field: str, allowed: tuple[str, ...]) -> str:
    text = _text(value, field)
    if text not in allowed:
        raise ValidationError(field, f"use one of {list(allowed)}, not {value!r}")
    return text


def _budget(value: object) -> int:
    if value is None:
        return DEFAULT_BUDGET
    text = str(value).strip()
    if not text.isdigit() or not 16 <= int(text) <= 32000:
        raise ValidationError(
            "lembrar_budget", f"a number of tokens from 16 to 32000, not {value!r}"
        )
    return int(text)


def _forwarded(body: dict[str, Any], metadata: dict[str, Any]) -> dict[str, Any]:
    out = dict(body)
    kept = {k: v for k, v in metadata.items() if not k.startswith("lembrar_")}
    if kept:
        out["metadata"] = kept
    else:
        out.pop("metadata", None)
    return out
