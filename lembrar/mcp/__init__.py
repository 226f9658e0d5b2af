"""``lembrar mcp``: the memory tools, resources and a prompt over the Model Context Protocol.

Needs the ``[mcp]`` extra (the official ``mcp`` SDK); importing this package without it
raises ``MissingExtraError``.
"""

from lembrar.errors import MissingExtraError

try:
    import mcp  # noqa: F401
except ImportError as exc:  # pragma: no cover - depends on the installed extras
    raise MissingExtraError("mcp", "mcp") from exc

from lembrar.mcp.server import Backend, Caller, MemoryService, build_server  # noqa: E402

__all__ = ["Backend", "Caller", "MemoryService", "build_server"]
