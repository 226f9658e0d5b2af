"""The ``lembrar`` command line: each command parses arguments and calls the library."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from lembrar.cli.failures import EXIT_CODES_HELP, describe
from lembrar.errors import LembrarError
from lembrar.registry import Registry

COMMANDS: Registry[None] = Registry("command")
"""Each entry adds its subcommands to the parser: ``register(subparsers)``."""
for _name in (
    "episodes",
    "io",
    "bench",
    "serve",
    "chat",
    "memories",
    "graph",
    "mcp",
    "maintenance",
):
    COMMANDS.register(_name, f"lembrar.cli.{_name}:register")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="lembrar",
        description="Episodic memory for LLM assistants.",
        epilog=EXIT_CODES_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--db", help="SQLite file or postgresql:// URL (default: $LEMBRAR_DB or the user data dir)"
    )
    parser.add_argument("--embedder", help="embedding model name (default: use-m3)")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS.names():
        COMMANDS.create(name, sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help()
        return 2
    try:
        return args.run(args)
    except LembrarError as exc:
        status, message = describe(exc)
        print(f"error: {message}", file=sys.stderr)
        return status
    except KeyboardInterrupt:
        return 130


def entry() -> None:
    sys.exit(main())
