"""CLI commands that move episodes in and out: import, export."""

from __future__ import annotations

import argparse
import sys

from lembrar.cli.common import emit, open_memory
from lembrar.cli.failures import writing
from lembrar.cli.progress import progress_bar
from lembrar.importers import formats
from lembrar.importers.load import BATCH_SIZE, export_file, import_file

IMPORT_HELP = f"""\
What is atomic: every record is read and checked before anything is written, so a bad record
(named by its line) stores nothing. Records are then written in batches of --batch-size
(default {BATCH_SIZE}), each batch in one transaction. Each record has a stable id (its own, or
one made from the source's ids or its text, time and session), and records already stored are
skipped: running the same import again adds nothing, and an import that was interrupted
continues where it stopped."""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "import",
        help="import episodes from a file",
        description=IMPORT_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("path")
    p.add_argument("--format", default="jsonl", choices=formats())
    p.add_argument(
        "--user", help="owner of every imported episode (required unless each line names one)"
    )
    p.add_argument("--limit", type=int, help="import at most this many records")
    p.add_argument(
        "--skip-invalid",
        action="store_true",
        help="skip malformed records and report them instead of failing",
    )
    p.add_argument("--batch-size", type=int, default=BATCH_SIZE, help="records per transaction")
    p.set_defaults(run=run_import)

    p = sub.add_parser("export", help="write episodes as JSON Lines (re-importable)")
    p.add_argument("--user", help="only this user (default: every user)")
    p.add_argument("--out", help="file to write (default: standard output)")
    p.set_defaults(run=run_export)


def run_import(args: argparse.Namespace) -> int:
    with open_memory(args) as memory, progress_bar(sys.stderr, "importing") as progress:
        report = import_file(
            memory,
            args.path,
            args.format,
            user_id=args.user,
            limit=args.limit,
            skip_invalid=args.skip_invalid,
            batch_size=args.batch_size,
            progress=progress,
        )

    def human() -> str:
        lines = [f"imported {report.imported} episode(s)"]
        if report.already_stored:
            lines[0] += f", {report.already_stored} already stored"
        lines += [f"skipped line {line}: {why}" for line, why in report.skipped]
        return "\n".join(lines)

    return emit(args, report, human)


def run_export(args: argparse.Namespace) -> int:
    if not args.out:
        with open_memory(args) as memory:
            export_file(memory, sys.stdout, args.user)
        return 0
    with writing("--out", args.out):
        out = open(args.out, "w", encoding="utf-8")  # noqa: SIM115 - opened first, to fail before the store
    with out, open_memory(args) as memory:
        count = export_file(memory, out, args.user)
    print(f"exported {count} episode(s) to {args.out}", file=sys.stderr)
    return 0
