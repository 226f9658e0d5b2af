"""The memory tools a model can call (``remember``, ``recall``, ``context``, ``forget``,
``timeline``, ``saved_memories``, and the knowledge graph's ``facts`` and ``entities``): one
catalogue of schemas and one runner over a ``Memory``, shared by the assistant, the HTTP API
and the MCP server.

The names below are imported on first use: the catalogue alone (what an MCP server lists at
its start) does not load the runner and the engine behind it."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lembrar.tools.catalogue import CATALOGUE, ToolSpec, openai_tool, openai_tools, spec
    from lembrar.tools.runner import ToolRunner
    from lembrar.tools.saved import SavedFacts

_EXPORTS = {
    "CATALOGUE": "lembrar.tools.catalogue",
    "ToolSpec": "lembrar.tools.catalogue",
    "openai_tool": "lembrar.tools.catalogue",
    "openai_tools": "lembrar.tools.catalogue",
    "spec": "lembrar.tools.catalogue",
    "ToolRunner": "lembrar.tools.runner",
    "SavedFacts": "lembrar.tools.saved",
}


def __getattr__(name: str) -> Any:
    """A public name, imported from its module on first use (then kept)."""
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


__all__ = [
    "CATALOGUE",
    "SavedFacts",
    "ToolRunner",
    "ToolSpec",
    "openai_tool",
    "openai_tools",
    "spec",
]
