"""The memory tools a model can call (``remember``, ``recall``, ``context``, ``forget``,
``timeline``, ``saved_memories``, and the knowledge graph's ``facts`` and ``entities``): one
catalogue of schemas and one runner over a ``Memory``, shared by the assistant, the HTTP API
and the MCP server."""

from lembrar.tools.catalogue import CATALOGUE, ToolSpec, openai_tool, openai_tools, spec
from lembrar.tools.runner import ToolRunner
from lembrar.tools.saved import SavedFacts

__all__ = [
    "CATALOGUE",
    "SavedFacts",
    "ToolRunner",
    "ToolSpec",
    "openai_tool",
    "openai_tools",
    "spec",
]
