"""Operator commands: ``lembrar maintenance erase-pending``."""

from __future__ import annotations

import argparse

from lembrar.cli.common import emit, open_memory
from lembrar.cli.failures import EXIT_FAILED, CliFailure
from lembrar.model.erasure import NOTES

ERASE_HELP = """\
Make deleted text leave the disk. On SQLite this already happens at every delete. On PostgreSQL a
delete leaves the text in table pages and the write-ahead log: this rewrites every lembrar table
(VACUUM FULL, an exclusive lock per table while it runs) and recycles the log (needs a superuser
and wal_recycle = off). Exit status 1 when something could not be erased, and why."""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("maintenance", help="operator tasks on the store")
    tasks = p.add_subparsers(dest="task", metavar="TASK", required=True)
    erase = tasks.add_parser(
        "erase-pending",
        help="remove deleted text from the database's files",
        description=ERASE_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    erase.set_defaults(run=run_erase_pending)


def run_erase_pending(args: argparse.Namespace) -> int:
    with open_memory(args) as memory:
        guarantee = memory.store.erasure
        report = memory.store.erase_pending()
    if not report.complete:
        raise CliFailure(EXIT_FAILED, "erase-pending: " + "; ".join(report.notes or ["incomplete"]))

    def human() -> str:
        rewritten = (
            f"rewrote {len(report.tables_rewritten)} table(s), recycled the log"
            if report.tables_rewritten
            else ""
        )
        return rewritten or f"nothing pending: {NOTES[guarantee]}"

    return emit(args, report, human)
