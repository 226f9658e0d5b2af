"""A tool call's arguments checked against its JSON schema, with errors that name the argument.

Covers what the catalogue's schemas use: object properties, ``required``, no extra keys,
``type`` (string, integer, boolean), ``enum``, ``minLength``/``maxLength``, ``minimum``/
``maximum``, and ``default``; and no text holds a NUL character (no store keeps one). A model
reads the message and corrects its next call.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from lembrar.errors import ValidationError
from lembrar.model.ids import require_no_nul
from lembrar.tools.catalogue import ToolSpec

__all__ = ["checked"]

_TYPES: dict[str, tuple[type, ...]] = {"string": (str,), "integer": (int,), "boolean": (bool,)}


def checked(tool: ToolSpec, arguments: object) -> dict[str, Any]:
    """``arguments`` (a dict or its JSON text) with defaults filled in; ``ValidationError``
    naming the first bad argument."""
    args = _as_dict(arguments)
    schema = tool.input_schema
    properties: dict[str, Any] = schema["properties"]
    unknown = sorted(set(args) - set(properties))
    if unknown:
        raise ValidationError(
            unknown[0], f"{tool.name} takes no argument {unknown[0]!r}; use {sorted(properties)}"
        )
    for name in schema.get("required", ()):
        if args.get(name) is None:
            raise ValidationError(
                name,
                f"{tool.name} needs {name!r}: {properties[name].get('description', '')}".rstrip(
                    ": "
                ),
            )
    out = {name: prop["default"] for name, prop in properties.items() if "default" in prop}
    for name, value in args.items():
        if value is not None:
            out[name] = _value(name, value, properties[name])
    return out


def _as_dict(arguments: object) -> dict[str, Any]:
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments) if arguments.strip() else {}
        except json.JSONDecodeError as exc:
            raise ValidationError("arguments", f"not JSON: {exc.msg}") from exc
    if arguments is None:
        return {}
    if not isinstance(arguments, Mapping):
        raise ValidationError("arguments", "must be a JSON object of named arguments")
    return dict(arguments)


def _value(name: str, value: Any, prop: Mapping[str, Any]) -> Any:
    kind = prop.get("type", "string")
    if not isinstance(value, _TYPES[kind]) or (kind == "integer" and isinstance(value, bool)):
        raise ValidationError(name, f"must be {_with_article(kind)}, not {json.dumps(value)[:40]}")
    if "enum" in prop and value not in prop["enum"]:
        raise ValidationError(name, f"{value!r} is not one of {prop['enum']}")
    if kind == "string" and isinstance(value, str):
        require_no_nul(name, value)
        _length(name, value, prop)
    if kind == "integer" and isinstance(value, int):
        _range(name, value, prop)
    return value


def _with_article(noun: str) -> str:
    """'a string', 'an integer': the indefinite article the noun's first letter asks for."""
    return f"{'an' if noun.startswith(tuple('aeiou')) else 'a'} {noun}"


def _length(name: str, value: str, prop: Mapping[str, Any]) -> None:
    if len(value.strip()) < prop.get("minLength", 0):
        raise ValidationError(name, "must not be empty")
    if len(value) > prop.get("maxLength", len(value)):
        raise ValidationError(name, f"at most {prop['maxLength']} characters")


def _range(name: str, value: int, prop: Mapping[str, Any]) -> None:
    low, high = prop.get("minimum"), prop.get("maximum")
    if (low is not None and value < low) or (high is not None and value > high):
        raise ValidationError(name, f"must be between {low} and {high}, not {value}")
