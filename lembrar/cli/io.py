"""CLI commands that move memories in and out: import, export."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from contextlib import suppress
from pathlib import Path
from typing import IO

from lembrar.cli.common import emit, open_memory, require_user, say
from lembrar.cli.failures import writing
from lembrar.cli.options import described, positive
from lembrar.cli.progress import progress_bar
from lembrar.importers import BATCH_SIZE, formats

IMPORT_HELP = f"""\
What is atomic: every record is read and checked before anything is written, so a bad record
(named by its line) stores nothing. Records are then written in batches of --batch-size
(default {BATCH_SIZE}), each batch in one transaction. Each record has a stable id (its own, or
one made from the source's ids or its text, time and session), and records already stored are
skipped: running the same import again adds nothing, and an import that was interrupted
continues where it stopped.

A file written by `lembrar export` also brings back each user's settings (time zone,
hemisphere, language), saved memories with their links, and pending conflicts; the knowledge
graph and the conversations' summaries are rebuilt from the episodes."""

EXPORT_HELP = """\
Writes a versioned JSON Lines file (format version 2, see docs/cli.md): a header line, then for
each user their settings, episodes, saved memories (with the message each came from and what
replaced it) and pending conflicts. `lembrar import` reads it back, and reads version 1 files
(episode lines only) too. Derived data (the knowledge graph, summaries, insights) is not
written: it is rebuilt on import."""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "import",
        help="import episodes from a file",
        description=IMPORT_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("path", help="the file to import (.gz is read compressed)")
    p.add_argument("--format", default="jsonl", choices=formats())
    p.add_argument(
        "--user", help="owner of every imported episode (required unless each line names one)"
    )
    p.add_argument("--limit", type=positive, help="import at most this many episodes")
    p.add_argument(
        "--skip-invalid",
        action="store_true",
        help="skip malformed records and report them instead of failing",
    )
    p.add_argument(
        "--batch-size", type=positive, default=BATCH_SIZE, help="records per transaction"
    )
    p.set_defaults(run=run_import)

    p = sub.add_parser(
        "export",
        help="write users' memories as JSON Lines (re-importable)",
        description=EXPORT_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--user", help="only this user (default: every user)")
    p.add_argument("--out", help="file to write (default: standard output)")
    p.set_defaults(run=run_export)
    # said here, apart from the --format line, which the list of formats changes often
    described(sub.choices["import"], "--format", "the file's format (default: jsonl)")


def run_import(args: argparse.Namespace) -> int:
    from lembrar.importers.load import import_file

    with (
        open_memory(args, create=True) as memory,
        progress_bar(sys.stderr, "importing") as progress,
    ):
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
        if report.saved_memories or report.pending_memories:
            lines[0] += (
                f", {report.saved_memories} saved memor{'y' if report.saved_memories == 1 else 'ies'}"
                f", {report.pending_memories} pending"
            )
        lines += [f"skipped line {line}: {why}" for line, why in report.skipped]
        return "\n".join(lines)

    return emit(args, report, human)


def run_export(args: argparse.Namespace) -> int:
    from lembrar.importers.export import export_file

    if not args.out:
        with open_memory(args) as memory:
            user = require_user(memory, args.user) if args.user else None
            export_file(memory, sys.stdout, user)
            sys.stdout.flush()  # a closed pipe shows here, inside the command
        return 0
    with writing("--out", args.out):
        out, written = _output(args.out)  # opened first, to fail before the store
    try:
        with open_memory(args) as memory:
            user = require_user(memory, args.user) if args.user else None
            with writing("--out", args.out), out:
                report = export_file(memory, out, user)
            with writing("--out", args.out):
                if written != args.out:
                    os.replace(written, args.out)
    except BaseException:
        _discard(out, written, args.out)
        raise
    say(
        f"exported {report.episodes} episode(s), {report.saved_memories} saved memories and "
        f"{report.pending_memories} pending of {report.users} user(s) to {args.out}"
    )
    return 0


def _output(path: str) -> tuple[IO[str], str]:
    """The file to write and its path: for a file, a new one beside it that replaces it when
    the export is complete (so a failed export leaves what was there); a device or a pipe
    (``/dev/stdout``) is written in place."""
    target = Path(path)
    if target.exists() and not target.is_file():
        return open(target, "w", encoding="utf-8"), path  # noqa: SIM115 - closed by the caller
    handle = tempfile.NamedTemporaryFile(  # noqa: SIM115 - closed by the caller
        "w", encoding="utf-8", dir=target.parent, prefix=f".{target.name}.", delete=False
    )
    return handle, handle.name


def _discard(out: IO[str], written: str, path: str) -> None:
    """After a failed export: the unfinished file goes, what ``path`` held stays."""
    with suppress(OSError):
        out.close()
    if written != path:
        with suppress(OSError):
            os.unlink(written)
