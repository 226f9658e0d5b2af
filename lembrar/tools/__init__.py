"""The memory tools a model can call (``remember``, ``recall``, ``context``, ``forget``,
``timeline``, ``saved_memories``, and the knowledge graph's ``facts`` and ``entities``): one
catalogue of schemas and one runner, shared by the assistant, the HTTP API and the MCP
server."""

from lembrar.tools.catalogue import CATALOGUE, ToolSpec, openai_tool, openai_tools, spec
from lembrar.tools.runner import ToolRunner
from lembrar.tools.saved import (
    EpisodeSavedFacts,
    LayerSavedFacts,
    SavedFact,
    SavedFacts,
    saved_facts,
)

__all__ = [
    "CATALOGUE",
    "EpisodeSavedFacts",
    "LayerSavedFacts",
    "SavedFact",
    "SavedFacts",
    "ToolRunner",
    "ToolSpec",
    "openai_tool",
    "openai_tools",
    "saved_facts",
    "spec",
]
