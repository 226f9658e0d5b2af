"""CLI commands that move episodes in and out: import, export."""

from __future__ import annotations

import argparse
import sys

from lembrar.cli.common import emit, open_memory
from lembrar.importers import formats
from lembrar.importers.load import export_file, import_file


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("import", help="import episodes from a file")
    p.add_argument("path")
    p.add_argument("--format", default="jsonl", choices=formats())
    p.add_argument("--user", help="owner of every imported episode (required unless each line names one)")
    p.add_argument("--limit", type=int, help="import at most this many records")
    p.add_argument("--skip-invalid", action="store_true", help="skip malformed records and report them instead of failing")
    p.set_defaults(run=run_import)

    p = sub.add_parser("export", help="write episodes as JSON Lines (re-importable)")
    p.add_argument("--user", help="only this user (default: every user)")
    p.add_argument("--out", help="file to write (default: standard output)")
    p.set_defaults(run=run_export)


def run_import(args: argparse.Namespace) -> int:
    with open_memory(args) as memory:
        report = import_file(memory, args.path, args.format, user_id=args.user, limit=args.limit, skip_invalid=args.skip_invalid)

    def human() -> str:
        lines = [f"imported {report.imported} episode(s)"]
        lines += [f"skipped line {line}: {why}" for line, why in report.skipped]
        return "\n".join(lines)

    return emit(args, report, human)


def run_export(args: argparse.Namespace) -> int:
    with open_memory(args) as memory:
        if args.out:
            with open(args.out, "w", encoding="utf-8") as out:
                count = export_file(memory, out, args.user)
        else:
            count = export_file(memory, sys.stdout, args.user)
    if args.out:
        print(f"exported {count} episode(s) to {args.out}", file=sys.stderr)
    return 0
