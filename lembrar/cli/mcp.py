"""``lembrar mcp``: the memory as a Model Context Protocol server (the ``[mcp]`` extra).

Over stdio (the default, for Claude Desktop, Claude Code, Cursor...) it acts for one user of
one tenant; over streamable HTTP it serves every tenant with a key, each caller naming its
user in the ``X-Lembrar-User`` header (or, when the server has ``--user``, acting for that
user without it). ``--print-config`` prints the client configuration that starts this same
server: absolute paths, so a client that runs it with no shell and no ``PATH`` finds it.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lembrar.cli.common import chosen_tenant, default_db
from lembrar.cli.options import port_number, tenant_name
from lembrar.errors import ValidationError

if TYPE_CHECKING:
    from lembrar.mcp import Backend
    from lembrar.store import Store

STDIO_USER = "me"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("mcp", help="run the MCP server (needs the [mcp] extra)")
    p.add_argument(
        "--db",
        default=argparse.SUPPRESS,
        help="SQLite file or postgresql:// URL (default: $LEMBRAR_DB or the user data dir)",
    )
    p.add_argument(
        "--transport",
        choices=("stdio", "http"),
        default="stdio",
        help="stdio for a desktop client (default), http for remote agents",
    )
    p.add_argument(
        "--user",
        default=os.environ.get("LEMBRAR_USER") or None,
        help="the user memories belong to (default: $LEMBRAR_USER, else 'me' over stdio); "
        "over HTTP, the user of requests without an X-Lembrar-User header (without "
        "--user or $LEMBRAR_USER such requests are refused)",
    )
    p.add_argument(
        "--tenant",
        type=tenant_name,
        default=argparse.SUPPRESS,
        help="stdio: the tenant to act in (default: as the global --tenant, this machine's "
        "memory, the one the CLI and `lembrar serve --local` use)",
    )
    p.add_argument("--host", default="127.0.0.1", help="http: address to listen on")
    p.add_argument("--port", type=port_number, default=8421, help="http: port (default: 8421)")
    p.add_argument("--path", default="/mcp", help="http: endpoint path (default: /mcp)")
    p.add_argument(
        "--print-config",
        action="store_true",
        help="print the mcpServers entry for Claude Desktop, Cursor... that starts this "
        "server over stdio with these options (absolute paths), and exit",
    )
    p.set_defaults(run=run_mcp)


def print_config(args: argparse.Namespace) -> int:
    if args.transport != "stdio":
        raise ValidationError(
            "print-config", "prints the stdio configuration; for HTTP see docs/mcp.md"
        )
    print(json.dumps({"mcpServers": {"lembrar": launch_config(args)}}, indent=2))
    return 0


def launch_config(args: argparse.Namespace) -> dict[str, Any]:
    """How a client starts this server: this interpreter, ``-m lembrar``, the options given,
    the store as an absolute path, and ``PYTHONPATH`` if this process found lembrar by it."""
    db = args.db or default_db()
    options = ["--embedder", args.embedder] if args.embedder else []
    options += ["mcp", "--db", db if "://" in db else str(Path(db).expanduser().resolve())]
    options += ["--user", args.user or STDIO_USER]
    tenant = chosen_tenant(args)
    if tenant is not None:
        options += ["--tenant", tenant]
    config: dict[str, Any] = {
        "command": os.path.abspath(sys.executable),
        "args": ["-m", "lembrar", *options],
    }
    search_path = os.environ.get("PYTHONPATH")
    if search_path:
        absolute = [os.path.abspath(p) for p in search_path.split(os.pathsep) if p]
        config["env"] = {"PYTHONPATH": os.pathsep.join(absolute)}
    return config


def run_mcp(args: argparse.Namespace) -> int:
    if args.transport == "stdio" and not args.print_config:
        from lembrar.mcp.sdk import import_server_side

        import_server_side()  # first: nothing has imported the SDK yet
    from lembrar.mcp import build_server  # noqa: F401 - MissingExtraError without the extra

    if args.print_config:
        return print_config(args)
    if not args.path.startswith("/"):
        raise ValidationError("path", "start it with '/', e.g. /mcp")
    return _run_stdio(args) if args.transport == "stdio" else _run_http(args)


def _run_stdio(args: argparse.Namespace) -> int:
    """One caller; the store opens on its first tool call (``StdioBackend``)."""
    import anyio

    from lembrar.mcp import MemoryService, build_server

    backend = StdioBackend(args)
    try:
        server = build_server(MemoryService(backend.open, args.user or STDIO_USER))
        anyio.run(_stdio, server)
    finally:
        backend.close()
    return 0


class StdioBackend:
    """The memory of the one stdio caller, opened on its first tool call (``open``), not
    before the client's handshake; ``close`` closes the store if it was opened."""

    def __init__(self, args: argparse.Namespace) -> None:
        self._args = args
        self._store: Store | None = None

    def open(self) -> Backend:
        self._store, backend = _open_backend(self._args)
        return backend

    def close(self) -> None:
        if self._store is not None:
            self._store.close()


def _run_http(args: argparse.Namespace) -> int:
    """Every tenant with a key: the store opens now, its keys are checked on every request."""
    from lembrar.mcp import MemoryService, build_server
    from lembrar.tenancy import open_key_store

    store, backend = _open_backend(args)
    try:
        server = build_server(MemoryService(lambda: backend, args.user or STDIO_USER))
        _serve_http(server, open_key_store(store), args)
    finally:
        store.close()
    return 0


def _open_backend(args: argparse.Namespace) -> tuple[Store, Backend]:
    """The store of ``--db``, its engines, and the tenant of ``--tenant`` or this machine's
    memory; the store's embedder is checked against ``--embedder`` here."""
    from lembrar.config import MemoryConfig
    from lembrar.embed import get_embedder
    from lembrar.engines import EnginePool
    from lembrar.mcp import Backend
    from lembrar.store import open_store
    from lembrar.tenancy import machine_tenant

    store = open_store(args.db or default_db())
    try:
        engines = EnginePool(store, get_embedder(args.embedder), MemoryConfig())
        tenant = chosen_tenant(args) or machine_tenant(store)
        engines.get(tenant)
    except BaseException:
        store.close()
        raise
    return store, Backend(engines, tenant)


def _serve_http(server: Any, keys: Any, args: argparse.Namespace) -> None:
    from lembrar.api.server import run_asgi  # uvicorn, from the [server] extra
    from lembrar.mcp.http import http_app

    app = http_app(server, keys, host=args.host, path=args.path, default_user=args.user)
    print(f"lembrar MCP on http://{args.host}:{args.port}{args.path}", file=sys.stderr)
    run_asgi(app, host=args.host, port=args.port)


async def _stdio(server: object) -> None:
    from mcp.server.stdio import stdio_server

    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())  # type: ignore[attr-defined]
