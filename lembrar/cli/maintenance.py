"""Operator commands: ``lembrar maintenance erase-pending`` and ``reindex``."""

from __future__ import annotations

import argparse

from lembrar.cli.common import emit, open_memory
from lembrar.cli.failures import EXIT_FAILED, CliFailure
from lembrar.cli.options import positive
from lembrar.model.erasure import NOTES

ERASE_HELP = """\
Make deleted text leave the disk. On SQLite this already happens at every delete. On PostgreSQL a
delete leaves the text in table pages and the write-ahead log: this rewrites every lembrar table
(VACUUM FULL, an exclusive lock per table while it runs) and recycles the log (needs a superuser
and wal_recycle = off). Exit status 1 when something could not be erased, and why."""


REINDEX_HELP = """\
On SQLite, scopes of at least 50,000 chunks (or --approximate-above) are searched through an
HNSW index kept beside the file (FILE.ann/); this rebuilds those indexes from the stored
vectors. On PostgreSQL it rebuilds the HNSW index of the chunk vectors (REINDEX)."""


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
    reindex = tasks.add_parser(
        "reindex",
        help="rebuild the approximate vector indexes of large scopes",
        description=REINDEX_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    reindex.add_argument(
        "--approximate-above",
        type=positive,
        metavar="CHUNKS",
        help="SQLite: index scopes of at least this many chunks from now on (saved in the file)",
    )
    reindex.set_defaults(run=run_reindex)


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


def run_reindex(args: argparse.Namespace) -> int:
    with open_memory(args) as memory:
        built = memory.store.rebuild_indexes(args.approximate_above)
    return emit(args, {"rebuilt": built}, lambda: f"rebuilt the index of {built} scope(s)")
