"""The ``lembrar`` command line: each command parses arguments and calls the library."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from lembrar.cli.failures import EXIT_CODES_HELP, EXIT_PIPE, EXIT_USAGE, describe
from lembrar.cli.options import tenant_name
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


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on standard error, exit status 2, and
    whose arguments may be added only once it parses or shows its help (``defer``): a
    command whose options need a heavy import costs nothing to the other commands."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deferred: list[Callable[[argparse.ArgumentParser], None]] = []

    def defer(self, add_arguments: Callable[[argparse.ArgumentParser], None]) -> None:
        self._deferred.append(add_arguments)

    def _add_deferred(self) -> None:
        while self._deferred:
            self._deferred.pop(0)(self)

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        self._add_deferred()
        return super().parse_known_args(args, namespace)

    def format_help(self) -> str:
        self._add_deferred()
        return super().format_help()

    def format_usage(self) -> str:
        self._add_deferred()
        return super().format_usage()

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"error: {self.prog}: {message}; see `{self.prog} --help`\n")


def add_when_used(
    parser: argparse.ArgumentParser, add_arguments: Callable[[argparse.ArgumentParser], None]
) -> None:
    """``add_arguments(parser)`` when ``parser`` is used, if it can wait, else now."""
    if isinstance(parser, Parser):
        parser.defer(add_arguments)
    else:
        add_arguments(parser)


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="lembrar",
        description="Episodic memory for LLM assistants.",
        epilog=EXIT_CODES_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--db", help="SQLite file or postgresql:// URL (default: $LEMBRAR_DB or the user data dir)"
    )
    parser.add_argument(
        "--tenant",
        type=tenant_name,
        help="the tenant to act in (default: $LEMBRAR_TENANT, else this machine's memory, "
        "the one `lembrar serve --local` and `lembrar mcp` use too)",
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
        return EXIT_USAGE
    try:
        return int(args.run(args))
    except LembrarError as exc:
        status, message = describe(exc)
        print(f"error: {message}", file=sys.stderr)
        return status
    except BrokenPipeError:
        return _output_closed()
    except KeyboardInterrupt:
        return 130


def _output_closed() -> int:
    """The reader of standard output left (``lembrar export | head -1``): stop quietly, and keep
    the interpreter from complaining when it flushes the closed pipe at exit."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
    return EXIT_PIPE


def entry() -> None:
    sys.exit(main())
