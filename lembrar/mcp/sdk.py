"""The MCP SDK's server side, imported without the SDK's package ``__init__`` files.

Any ``import mcp.server...`` first runs ``mcp/__init__.py``, which imports the SDK's client,
its ``MCPServer`` layer and their dependencies: about 0.06 s of CPU (of some 0.45 s for the
whole SDK) that a stdio server never uses. ``lembrar mcp`` over stdio owns its process, so it
imports the modules it does use (the low-level ``Server``, the stdio transport, the error
type) under placeholder parent packages that carry only their folder. The protocol is the
SDK's own code either way.

If that fails (another layout of the SDK), the placeholders and what was imported under them
are removed and the SDK imports the ordinary way, whole.
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
import sys
import types

__all__ = ["SERVER_SIDE", "import_server_side"]

log = logging.getLogger(__name__)
PACKAGES = ("mcp", "mcp.server")
SERVER_SIDE = (
    "mcp_types",
    "mcp.shared.exceptions",
    "mcp.server.context",
    "mcp.server.lowlevel.server",
    "mcp.server.stdio",
)
"""The SDK modules ``lembrar.mcp.server`` and the stdio command import."""


def import_server_side(modules: tuple[str, ...] = SERVER_SIDE) -> bool:
    """Import ``modules`` without running the ``__init__`` of ``PACKAGES``; True if done so,
    False if the SDK was already imported or had to be imported whole. Call it before
    anything imports ``mcp``, in a process nothing else will import the SDK's client into."""
    if any(name in sys.modules for name in PACKAGES):
        return False
    try:
        for name in PACKAGES:
            sys.modules[name] = _placeholder(name)
        for name in modules:
            importlib.import_module(name)
    except Exception as exc:  # any failure: the ordinary import decides
        log.debug("importing the MCP SDK whole: %s", exc)
        _forget_sdk()
        return False
    return True


def _placeholder(name: str) -> types.ModuleType:
    """A package module with the folder (``__path__``) of ``name`` and nothing else."""
    spec = importlib.util.find_spec(name)
    if spec is None or spec.submodule_search_locations is None:
        raise ImportError(f"no package {name}", name=name)
    package = types.ModuleType(name)
    package.__path__ = list(spec.submodule_search_locations)
    package.__spec__ = spec
    package.__file__ = spec.origin
    return package


def _forget_sdk() -> None:
    for name in [n for n in sys.modules if n == "mcp" or n.startswith("mcp.")]:
        del sys.modules[name]
