"""How the command line fails: one line on standard error naming the input and the fix, and an
exit status per kind of failure (listed in ``lembrar --help``). No traceback reaches the user."""

from __future__ import annotations

import errno
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from lembrar.errors import (
    LembrarError,
    NotFoundError,
    SourceError,
    StoreOpenError,
    ValidationError,
)

EXIT_FAILED = 1  # the store or a backend failed; nothing was written
EXIT_USAGE = 2  # a bad argument or value
EXIT_NOT_FOUND = 3  # no such episode, session or user
EXIT_INPUT = 4  # an input file cannot be read: missing, not UTF-8, not gzip
EXIT_OUTPUT = 5  # an output file cannot be written
EXIT_STORE = 6  # --db is not a lembrar store (a read command: there is none there yet)
EXIT_PIPE = 141  # standard output was closed by its reader (as for SIGPIPE): nothing printed

EXIT_CODES_HELP = """exit status:
  0  done
  1  the store or a backend failed; nothing was written
  2  a bad argument or value (the message names it)
  3  no such user, episode, saved memory or insight: every command that names a
     user the store does not hold says so (see `lembrar users`); a known user with
     nothing matching is not an error (exit 0, "no memories found")
  4  an input file cannot be read (missing, not UTF-8, not gzip)
  5  an output file cannot be written (its folder does not exist, the disk is full)
  6  --db is not a lembrar store and none can be created there; or, for a command
     that only reads, there is no store there yet (reads never create one)
141  standard output was closed early (e.g. piped into `head`); nothing is printed"""


class CliFailure(LembrarError):
    """A failure already worded for the terminal, with its exit status."""

    def __init__(self, status: int, message: str) -> None:
        self.status = status
        super().__init__(message)


def describe(exc: LembrarError) -> tuple[int, str]:
    """The exit status and one-line message for an error."""
    if isinstance(exc, CliFailure):
        return exc.status, str(exc)
    if isinstance(exc, ValidationError):
        return EXIT_USAGE, str(exc)
    if isinstance(exc, NotFoundError):
        return (
            EXIT_NOT_FOUND,
            f"{exc}; `lembrar users` and `lembrar list --user ID` show what exists",
        )
    if isinstance(exc, SourceError):
        return EXIT_INPUT, f"input file {exc}"
    if isinstance(exc, StoreOpenError):
        return (
            EXIT_STORE,
            f"--db {exc}; point --db (or $LEMBRAR_DB) at a lembrar store or a new file path",
        )
    return EXIT_FAILED, str(exc)


@contextmanager
def writing(option: str, path: str) -> Iterator[None]:
    """Turn a failure to create ``path`` into a ``CliFailure`` naming ``option`` and the fix."""
    try:
        yield
    except OSError as exc:
        folder = Path(path).parent
        if exc.errno == errno.ENOENT:
            fix = f"the folder {str(folder)!r} does not exist; create it or choose another path"
        elif exc.errno in (errno.EISDIR, errno.ENOTDIR):
            fix = "not a file path; give a path to a file in an existing folder"
        else:
            fix = f"cannot be written ({exc.strerror}); choose a writable place"
        raise CliFailure(EXIT_OUTPUT, f"{option} {path}: {fix}") from exc
