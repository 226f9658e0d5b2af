"""``lembrar mcp``: the memory tools, resources and a prompt over the Model Context Protocol.

Needs the ``[mcp]`` extra (the official ``mcp`` SDK); using the names below without it raises
``MissingExtraError``. They are imported on first use, so that ``lembrar.mcp.sdk`` can choose
how the SDK is imported before anything imports it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from lembrar.errors import MissingExtraError

if TYPE_CHECKING:
    from lembrar.mcp.server import Backend, Caller, MemoryService, build_server

SDK_PACKAGES = ("mcp", "mcp_types", "anyio", "pydantic")


def __getattr__(name: str) -> Any:
    """A public name of ``lembrar.mcp.server``, imported on first use (then kept)."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    try:
        server = importlib.import_module("lembrar.mcp.server")
    except ImportError as exc:
        if (exc.name or "").split(".")[0] not in SDK_PACKAGES:
            raise
        raise MissingExtraError("mcp", "mcp") from exc
    value = getattr(server, name)
    globals()[name] = value
    return value


__all__ = ["Backend", "Caller", "MemoryService", "build_server"]
