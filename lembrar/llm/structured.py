"""Structured output: how to ask for JSON, how to read it back, how to ask again. No I/O.

The client asks with the strongest ``response_format`` the server accepts, in this order:
``json_schema`` (the server enforces the schema), ``json_object`` (valid JSON, schema in the
instructions), then plain instructions. It then parses the reply (repairing broken JSON),
validates it with pydantic and, once, re-asks with the validation error.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from lembrar.llm.jsonrepair import repair_json
from lembrar.llm.types import Message

if TYPE_CHECKING:
    from pydantic import BaseModel

__all__ = ["FORMATS", "InvalidReply", "instructions", "parse_reply", "reask", "request_for"]

M = TypeVar("M", bound="BaseModel")

FORMATS = ("json_schema", "json_object", "text")
"""The ways of asking for JSON, strongest first."""

_THINKING = re.compile(r"^\s*<think>.*?</think>", re.DOTALL)


class InvalidReply(ValueError):
    """A reply that is not JSON or does not match the schema; the message says what is wrong."""


def request_for(
    messages: Sequence[Mapping[str, Any]], schema: type[BaseModel], form: str
) -> tuple[list[Message], dict[str, Any] | None]:
    """The messages and ``response_format`` that ask for ``schema`` in the given ``form``."""
    chat = [dict(m) for m in messages]
    if form == "json_schema":
        return chat, {
            "type": "json_schema",
            "json_schema": {
                "name": _name(schema),
                "schema": schema.model_json_schema(),
                "strict": False,
            },
        }
    chat.append({"role": "system", "content": instructions(schema)})
    return chat, ({"type": "json_object"} if form == "json_object" else None)


def instructions(schema: type[BaseModel]) -> str:
    """Ask for JSON matching ``schema`` (the word "JSON" appears, as json_object requires)."""
    return (
        "Reply with a single JSON object and nothing else, matching this JSON schema:\n"
        + json.dumps(schema.model_json_schema(), separators=(",", ":"))
    )


def parse_reply(text: str, schema: type[M]) -> M:
    """The reply validated as ``schema``, repaired first if it is not valid JSON."""
    from pydantic import ValidationError

    text = _THINKING.sub("", text)
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        try:
            data = repair_json(text)
        except ValueError as exc:
            raise InvalidReply(str(exc)) from exc
    try:
        return schema.model_validate(data)
    except ValidationError as exc:
        raise InvalidReply(_describe(exc)) from exc


def _describe(exc: Any) -> str:
    problems = [
        f"{'.'.join(str(part) for part in error['loc']) or '(root)'}: {error['msg']}"
        for error in exc.errors()
    ]
    return "the JSON does not match the schema: " + "; ".join(problems)


def reask(
    messages: Sequence[Mapping[str, Any]], reply: str, problem: InvalidReply
) -> list[Message]:
    """The conversation again, with the bad reply and what was wrong with it."""
    return [
        *(dict(m) for m in messages),
        {"role": "assistant", "content": reply},
        {
            "role": "user",
            "content": f"That reply could not be used: {problem}. "
            "Reply again with only the corrected JSON object.",
        },
    ]


def _name(schema: type[BaseModel]) -> str:
    """A schema name as OpenAI accepts it: letters, digits, _ and -, at most 64."""
    return re.sub(r"[^A-Za-z0-9_-]", "_", schema.__name__)[:64] or "response"
